import ContactKit
import Matching
import TerminalKit

/// What the people picker shows and where the user is in it: the query, the rows
/// the query leaves, the highlighted row and the scroll position. A value type:
/// keys go in through `handle(_:)`, a view draws it, tests inspect it.
public struct PeoplePickerState: Sendable {
  /// A row of the list: a section header (only without a query) or a contact
  /// (a position in `ContactList.contacts`).
  public enum Row: Sendable, Hashable {
    case header(String)
    case contact(Int)
  }

  /// What a key asked the controller to do.
  public enum Action: Sendable, Equatable {
    case none
    case select(Int)
    case cancel
  }

  public let list: ContactList
  public var options: SearchOptions
  public var query: LineEditor
  /// The rows for the current query.
  public private(set) var rows: [Row] = []
  /// How many contacts match the current query.
  public private(set) var matchCount = 0
  /// The highlighted row (always a `.contact` row when there is one), an index into `rows`.
  public private(set) var cursor = 0
  /// The first row shown.
  public private(set) var scrollTop = 0
  /// Rows of the list area, set by the view from the screen size.
  public var pageSize = 10
  /// Whether a contact may be chosen (predicateForEnablingContact); disabled ones are dimmed.
  public let isEnabled: @Sendable (Contact) -> Bool

  private var lastQuery = ""
  private var lastMatches: [ContactMatch] = []

  /// A state over `list` starting with `query`.
  public init(
    list: ContactList, query: String = "", options: SearchOptions = .init(),
    isEnabled: @escaping @Sendable (Contact) -> Bool = { _ in true }
  ) {
    self.list = list
    self.options = options
    self.query = LineEditor(query)
    self.isEnabled = isEnabled
    refresh()
  }

  /// The contact position of the highlighted row, if any.
  public var selectedContact: Int? {
    guard cursor < rows.count, case .contact(let position) = rows[cursor] else { return nil }
    return position
  }

  /// Applies one key.
  public mutating func handle(_ key: KeyEvent) -> Action {
    switch key {
    case .enter:
      guard let position = selectedContact else { return .none }
      return isEnabled(list.contacts[position]) ? .select(position) : .none
    case .escape, .control("c"), .control("g"), .control("q"):
      return .cancel
    case .up, .control("p"):
      move(by: -1)
    case .down, .control("n"):
      move(by: 1)
    case .pageUp:
      move(by: -max(1, pageSize - 1))
    case .pageDown:
      move(by: max(1, pageSize - 1))
    case .resize:
      clampScroll()
    default:
      let before = query.text
      if query.handle(key), query.text != before { refresh() }
    }
    return .none
  }

  /// Recomputes the rows for the current query; refines the previous matches when
  /// the query only grew, so a keystroke does not rescan every contact.
  public mutating func refresh() {
    let text = query.text
    let blank = text.allSatisfy(\.isWhitespace)
    if blank {
      rows = []
      rows.reserveCapacity(list.contacts.count + 27)
      var section = ""
      for position in list.contacts.indices {
        if list.sections[position] != section {
          section = list.sections[position]
          rows.append(.header(section))
        }
        rows.append(.contact(position))
      }
      matchCount = list.contacts.count
      lastMatches = []
    } else {
      let refine = !lastQuery.allSatisfy(\.isWhitespace) && text.hasPrefix(lastQuery)
      let matches =
        refine
        ? list.index.search(text, options: options, within: lastMatches)
        : list.index.search(text, options: options)
      rows = matches.map { .contact($0.index) }
      matchCount = matches.count
      lastMatches = matches
    }
    lastQuery = text
    cursor = firstContactRow(from: 0, step: 1) ?? 0
    scrollTop = 0
  }

  private mutating func move(by delta: Int) {
    guard !rows.isEmpty else { return }
    let step = delta < 0 ? -1 : 1
    var target = min(max(0, cursor + delta), rows.count - 1)
    if case .header = rows[target] {
      target = firstContactRow(from: target, step: step) ?? firstContactRow(from: target, step: -step) ?? cursor
    }
    cursor = target
    clampScroll()
  }

  private func firstContactRow(from start: Int, step: Int) -> Int? {
    var index = start
    while index >= 0 && index < rows.count {
      if case .contact = rows[index] { return index }
      index += step
    }
    return nil
  }

  /// Keeps the cursor on screen; moving up onto the first contact of a section also
  /// shows that section's header.
  private mutating func clampScroll() {
    let page = max(1, pageSize)
    if cursor < scrollTop {
      scrollTop = cursor
      if cursor > 0, case .header = rows[cursor - 1], page > 1 { scrollTop = cursor - 1 }
    }
    if cursor >= scrollTop + page { scrollTop = cursor - page + 1 }
    scrollTop = max(0, min(scrollTop, max(0, rows.count - page)))
  }
}
