import ContactKit
import Matching
import TerminalKit

/// The people picker (CNContactPickerViewController, ABPeoplePickerNavigationController):
/// a searchable list of contacts; the user types to filter, moves, and chooses one.
///
/// Keys: type to filter (case- and diacritic-insensitive, pinyin, phone digits);
/// ↑/↓ or Ctrl-P/Ctrl-N move, PgUp/PgDn page; Enter chooses; Esc, Ctrl-C, Ctrl-G
/// cancel; the query line edits like readline (see `LineEditor`).
///
/// ```swift
/// let picker = PeoplePickerController(contacts: load.contacts)
/// picker.delegate = self
/// picker.run(on: try CursesScreen(colorEnabled: true))
/// ```
@MainActor
public final class PeoplePickerController {
  /// Told how the interaction ended. Held weakly.
  public weak var delegate: (any PeoplePickerDelegate)?
  /// The contacts shown, sorted and indexed.
  public let list: ContactList
  /// Start with this query (`--query`).
  public var initialQuery = ""
  /// Search options (`--exact`).
  public var searchOptions = SearchOptions()
  /// Which contacts can be chosen (predicateForEnablingContact); others are dimmed.
  public var predicateForEnablingContact: @Sendable (Contact) -> Bool = { _ in true }
  /// The state after the last key, for inspection in tests.
  public private(set) var state: PeoplePickerState?

  /// A picker over `contacts`, sorted by `sortOrder`; composed names use `nameOrder`.
  public init(
    contacts: [Contact], sortOrder: ContactFormatter.SortOrder = .family,
    nameOrder: ContactFormatter.NameOrder = .auto
  ) {
    self.list = ContactList(contacts, sortOrder: sortOrder, nameOrder: nameOrder)
  }

  /// A picker over an already sorted and indexed list.
  public init(list: ContactList) {
    self.list = list
  }

  /// Runs the picker on `screen` until the user chooses or cancels, then calls the
  /// delegate. Returns how it ended.
  @discardableResult
  public func run(on screen: any Screen) -> PeoplePickerResult {
    var state = PeoplePickerState(
      list: list, query: initialQuery, options: searchOptions, isEnabled: predicateForEnablingContact)
    func draw() {
      let size = screen.size
      state.pageSize = PeoplePickerView.listHeight(screenRows: size.rows)
      _ = state.handle(.resize)
      screen.present(PeoplePickerView.render(state, rows: size.rows, columns: size.columns, color: screen.colorEnabled))
    }
    draw()
    var result = PeoplePickerResult.cancelled
    while let key = screen.nextKey() {
      let action = state.handle(key)
      if case .select(let position) = action {
        result = .selectedPerson(list.contacts[position])
        break
      }
      if action == .cancel { break }
      draw()
    }
    self.state = state
    switch result {
    case .selectedPerson(let contact): delegate?.peoplePicker(self, didSelect: contact)
    case .cancelled: delegate?.peoplePickerDidCancel(self)
    }
    return result
  }

  /// Presents the picker on `screen` and returns how it ended (for callers who want
  /// a value rather than a delegate). The delegate is called too.
  public func present(on screen: any Screen) async -> PeoplePickerResult {
    run(on: screen)
  }
}
