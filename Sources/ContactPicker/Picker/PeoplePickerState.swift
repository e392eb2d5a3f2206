import ContactKit
import Matching
import Synchronization
import TerminalKit
import AddressBook

/// Numbers the searches of every picker state, so that the matches of one never pass
/// for another's.
private let searchCounter = Atomic<Int>(0)

/// What the people picker shows and where the user is in it: the query, the rows
/// the query leaves, the highlighted row, the scroll position, the marked rows of
/// multi-select and the group the list is narrowed to. A value type: keys go in
/// through `handle(_:)`, a view draws it, tests inspect it.
public struct PeoplePickerState: Sendable {
  /// A row of the list: a section header (only without a query) or a contact
  /// (a position in `ContactList.contacts`).
  public enum Row: Sendable, Hashable {
    /// A section header: its section title, e.g. `A` or `#`.
    case header(String)
    /// A contact: its position in `ContactList.contacts`.
    case contact(Int)
  }

  /// What a key asked the controller to do.
  public enum Action: Sendable, Equatable {
    /// Nothing for the controller: the key edited the query, moved, or was ignored.
    case none
    /// Enter on an enabled contact.
    case select(Int)
    /// Esc, Ctrl-C, Ctrl-G.
    case cancel
    /// → at the end of the query, or Ctrl-O: show the contact's card.
    case openCard(Int)
    /// Tab / Shift-Tab: mark or unmark the contact (multi-select).
    case toggle(Int)
    /// Ctrl-T: the groups view.
    case openGroups
  }

  /// The contacts to pick from, sorted, with their search index.
  public let list: ContactList
  /// How the query matches (`--exact`, `--literal`, …).
  public var options: SearchOptions
  /// The search query being typed.
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
  /// Contact positions marked in multi-select (drawn with a ✓).
  public var marked: Set<Int> = []
  /// How many items are chosen in multi-select (shown next to the count).
  public var chosenCount = 0
  /// Only members of this group are listed (`--group`, the groups view).
  public private(set) var group: String?
  /// After Ctrl-X, the next letter jumps to its section.
  public private(set) var awaitingSectionLetter = false
  /// When true, a changed query is not searched by `refresh()`: the search is left in
  /// `pendingSearch` for the controller to run elsewhere (on a worker thread, for a
  /// large book) and hand back to `apply(_:for:)`. Until then the rows of the previous
  /// query stay. A blank query is never deferred (it lists everyone, no search).
  public var defersSearch = false
  /// The search of the current query, while it is deferred and its matches have not
  /// been applied; `nil` when the rows are the current query's.
  public private(set) var pendingSearch: Search?

  /// A search of the query, to run here or elsewhere: `run(on:cancellation:)`, then
  /// `apply(_:for:)` with its matches.
  public struct Search: Sendable {
    /// Unique among all searches of all states; a state applies only its latest.
    public let id: Int
    /// The query text.
    public let query: String
    /// The search options.
    public let options: SearchOptions
    /// The query shown before, whose matches are `within`, or `nil`.
    let previousQuery: String?
    /// The previous query's matches: the index refines them when this query can only
    /// match fewer (faster, and the same answer), else searches every contact.
    let within: [ContactMatch]?

    /// Searches `index` (the state's list's), best first. Stops early, with an
    /// incomplete result, once `cancellation` says so.
    public func run(on index: ContactIndex, cancellation: SearchCancellation? = nil) -> [ContactMatch] {
      if let within, let previousQuery {
        return index.search(
          query, options: options, refining: previousQuery, within: within, cancellation: cancellation)
      }
      return index.search(query, options: options, cancellation: cancellation)
    }
  }

  private var lastQuery = ""
  private var lastMatches: [ContactMatch] = []
  /// The matches of the queries shown on the way to the current (or, once it is erased,
  /// the last) query, each a prefix of the next (`m`, `ma`, `mar`), with the options
  /// they were searched with: erasing back to one of them, or typing it again, shows
  /// its matches at once, without a search.
  private var shownQueries: [(query: String, options: SearchOptions, matches: [ContactMatch])] = []
  /// At most this many matches are kept in `shownQueries` (16 bytes each); the oldest
  /// (shortest) queries go first.
  static let shownMatchesLimit = 8_000_000
  /// The id of the latest search made by `refresh()`; only its matches are applied.
  private var latestSearch = 0

  /// A state over `list` starting with `query`.
  public init(
    list: ContactList, query: String = "", options: SearchOptions = .init(),
    isEnabled: @escaping @Sendable (Contact) -> Bool = { _ in true }
  ) {
    self.list = list
    self.options = options
    self.query = LineEditor(String(query.prefix(SearchOptions.longestQuery)))
    self.query.limit = SearchOptions.longestQuery
    self.isEnabled = isEnabled
    refresh()
  }

  /// The contact position of the highlighted row, if any.
  public var selectedContact: Int? {
    guard cursor < rows.count, case .contact(let position) = rows[cursor] else { return nil }
    return position
  }

  /// The section of the highlighted contact (`A`–`Z`, `#`).
  public var currentSection: String? {
    selectedContact.map { list.sections[$0] }
  }

  /// The sections present in the current list, in order.
  /// Kept with `rows` by `refresh()`, so drawing the index strip does not walk every row.
  public private(set) var sectionsPresent: [String] = []

  /// Applies one key, as the list's key table (`PeoplePickerKeymap.standard`) says;
  /// keys it does not bind edit the query.
  public mutating func handle(_ key: KeyEvent) -> Action {
    if case .mouse(let event) = key {
      awaitingSectionLetter = false
      return handle(mouse: event)
    }
    return handle(key, as: PeoplePickerKeymap.standard.command(for: key))
  }

  /// Applies `key`, which the controller's key table binds to `command` (`nil`: not
  /// bound, it edits the query). After Ctrl-X, a letter jumps to its section first.
  mutating func handle(_ key: KeyEvent, as command: PeoplePickerCommand?) -> Action {
    if awaitingSectionLetter {
      awaitingSectionLetter = false
      if case .character(let letter) = key, letter.isLetter || letter == "#" {
        jump(toSection: SectionIndex.index(of: sectionsPresent).section(ofTyped: letter))
        return .none
      }
    }
    switch command {
    case .choose:
      guard let position = selectedContact else { return .none }
      return isEnabled(list.contacts[position]) ? .select(position) : .none
    case .cancel: return .cancel
    case .up: move(by: -1)
    case .down: move(by: 1)
    case .pageUp: move(by: -max(1, pageSize - 1))
    case .pageDown: move(by: max(1, pageSize - 1))
    case .markDown, .markUp:
      guard let position = selectedContact else { return .none }
      move(by: command == .markDown ? 1 : -1)
      return isEnabled(list.contacts[position]) ? .toggle(position) : .none
    case .openCard:
      return selectedContact.map { .openCard($0) } ?? .none
    case .openCardAtEndOfQuery where query.cursor == query.characters.count:
      return selectedContact.map { .openCard($0) } ?? .none
    case .groups: return .openGroups
    case .nextSection:
      awaitingSectionLetter = true
      jumpToNextSection()
    case .newContact, .searchDirectory: return .none  // the controller acts before the list sees the key
    case .openCardAtEndOfQuery, nil:
      let before = query.text
      if query.handle(key), query.text != before { refresh() }
    }
    return .none
  }

  /// Inserts `text` at the query's cursor as the keys typing it would, one after
  /// another, but searches once, for the query they leave.
  public mutating func type(_ text: String) {
    awaitingSectionLetter = false
    let before = query.text
    query.insert(text)
    if query.text != before { refresh() }
  }

  /// Sets the rows the list area shows (from the screen's size) and keeps the
  /// highlighted row in view.
  public mutating func fit(pageSize: Int) {
    self.pageSize = pageSize
    clampScroll()
  }

  /// A click moves to the contact under the pointer, a double click chooses it, the
  /// wheel moves three rows. The list starts on screen row 1 (row 0 is the query).
  private mutating func handle(mouse event: MouseEvent) -> Action {
    switch event.action {
    case .wheelUp:
      move(by: -3)
    case .wheelDown:
      move(by: 3)
    case .click, .doubleClick:
      let index = scrollTop + event.row - 1
      guard event.row >= 1, event.row <= pageSize, index >= 0, index < rows.count,
        case .contact(let position) = rows[index]
      else { return .none }
      cursor = index
      if event.action == .doubleClick, isEnabled(list.contacts[position]) { return .select(position) }
    }
    return .none
  }

  /// Lists only the members of `group` (`nil`: everyone).
  public mutating func narrow(toGroup group: String?) {
    self.group = group
    lastQuery = ""
    lastMatches = []
    shownQueries = []
    refresh()
  }

  /// Recomputes the rows for the current query; refines the previous matches when
  /// the query only grew, so a keystroke does not rescan every contact. With
  /// `defersSearch`, a search is left in `pendingSearch` instead.
  public mutating func refresh() {
    let text = query.text
    let blank = text.allSatisfy(\.isWhitespace)
    latestSearch = searchCounter.add(1, ordering: .relaxed).newValue
    pendingSearch = nil
    if !blank {
      let length = text.utf8.count
      if let shown = shownQueries.last(where: { $0.query.utf8.count == length && $0.query == text && $0.options == options }) {
        // Erased back to a query shown before: its matches, at once.
        let search = Search(id: latestSearch, query: text, options: options, previousQuery: nil, within: nil)
        apply(shown.matches, for: search)
        return
      }
      let refine = !lastQuery.allSatisfy(\.isWhitespace)
      let search = Search(
        id: latestSearch, query: text, options: options, previousQuery: refine ? lastQuery : nil,
        within: refine ? lastMatches : nil)
      if defersSearch {
        pendingSearch = search
      } else {
        apply(search.run(on: list.index), for: search)
      }
      return
    }
    let members = group.map { list.members(of: $0) }
    // The rows' storage is kept (a large list's is written again at every erased query).
    rows.removeAll(keepingCapacity: true)
    rows.reserveCapacity(list.contacts.count + 27)
    var section = ""
    var count = 0
    for position in list.contacts.indices {
      if let members, !members.contains(position) { continue }
      if list.sections[position] != section {
        section = list.sections[position]
        rows.append(.header(section))
      }
      rows.append(.contact(position))
      count += 1
    }
    matchCount = count
    lastMatches = []
    // `shownQueries` stay: typing the same first letters again after erasing the
    // query shows their matches at once.
    sectionsPresent = rows.compactMap { row in
      if case .header(let title) = row { return title }
      return nil
    }
    lastQuery = text
    cursor = firstContactRow(from: 0, step: 1) ?? 0
    scrollTop = 0
  }

  /// Shows `matches`, the result of `search`, if it is the latest search of this state
  /// (`pendingSearch`, or the one `refresh()` just ran); the cursor goes to the first
  /// match. The matches of an older query, or of another state, are dropped.
  ///
  /// - Returns: whether the matches were applied.
  @discardableResult
  public mutating func apply(_ matches: [ContactMatch], for search: Search) -> Bool {
    guard search.id == latestSearch else { return false }
    var matches = matches
    if let members = group.map({ list.members(of: $0) }) { matches = matches.filter { members.contains($0.index) } }
    setContactRows(matches)
    sectionsPresent = []
    matchCount = matches.count
    lastMatches = matches
    lastQuery = search.query
    remember(matches, of: search)
    pendingSearch = nil
    cursor = firstContactRow(from: 0, step: 1) ?? 0
    scrollTop = 0
    return true
  }

  /// Sets `rows` to one contact row per match. When the rows' storage can hold them
  /// (a key narrows the list, or erasing brings back matches no more numerous than
  /// those shown before), the rows are overwritten in that storage: no new buffer of a
  /// million rows, and no fresh pages to fault in.
  private mutating func setContactRows(_ matches: [ContactMatch]) {
    guard matches.count <= rows.capacity else {
      rows = matches.map { .contact($0.index) }
      return
    }
    if matches.count < rows.count {
      rows.removeLast(rows.count - matches.count)
    } else if matches.count > rows.count {
      rows.append(contentsOf: repeatElement(.contact(0), count: matches.count - rows.count))
    }
    matches.withUnsafeBufferPointer { matches in
      rows.withUnsafeMutableBufferPointer { rows in
        for i in matches.indices { rows[i] = .contact(matches[i].index) }
      }
    }
  }

  /// Keeps `matches` for when the query is erased back to `search.query`; forgets the
  /// queries that are not a prefix of it (the user went another way).
  private mutating func remember(_ matches: [ContactMatch], of search: Search) {
    shownQueries.removeAll { !search.query.hasPrefix($0.query) || $0.options != search.options }
    if shownQueries.last?.query != search.query {
      shownQueries.append((search.query, search.options, matches))
    }
    var kept = shownQueries.reduce(0) { $0 + $1.matches.count }
    while kept > Self.shownMatchesLimit, shownQueries.count > 1 {
      kept -= shownQueries.removeFirst().matches.count
    }
  }

  /// Highlights the row of the contact at `position`, if it is listed.
  public mutating func highlight(position: Int) {
    guard let row = rows.firstIndex(of: .contact(position)) else { return }
    cursor = row
    clampScroll()
  }

  /// Highlights the first contact of the section after the current one (wrapping).
  public mutating func jumpToNextSection() {
    let sections = sectionsPresent
    guard !sections.isEmpty else { return }
    let current = currentSection.flatMap { sections.firstIndex(of: $0) } ?? -1
    jump(toSection: sections[(current + 1) % sections.count])
  }

  /// Highlights the first contact of `section`, or of the next section after it.
  /// Sections of another script (a Japanese index's kana rows before `A`) are passed
  /// over: `S` goes to `S` or the next letter, `か` to `か` or the next row.
  public mutating func jump(toSection section: String) {
    func script(_ label: String) -> UInt32 { (label.unicodeScalars.first?.value ?? 0) >> 7 }
    let target =
      sectionsPresent.first { script($0) == script(section) && $0 >= section }
      ?? sectionsPresent.last
    guard let target,
      let header = rows.firstIndex(of: .header(target)),
      let row = firstContactRow(from: header, step: 1)
    else { return }
    cursor = row
    scrollTop = header
    clampScroll()
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
