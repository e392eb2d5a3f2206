import ContactKit
import Dispatch
import Matching
import TerminalKit
import AddressBook

/// The people picker (CNContactPickerViewController, ABPeoplePickerNavigationController):
/// a searchable list of contacts; the user types to filter, moves, and chooses a
/// contact, or one of its properties, or several of either.
///
/// Keys in the list: type to filter (case- and diacritic-insensitive, pinyin, phone
/// digits); ↑/↓ or Ctrl-P/Ctrl-N move, PgUp/PgDn page; Enter chooses; → (at the end
/// of the query) or Ctrl-O shows the card; Tab/Shift-Tab mark in multi-select;
/// Ctrl-T shows the groups; Ctrl-X jumps to the next section, Ctrl-X and a letter to
/// that letter's; Esc, Ctrl-C, Ctrl-G cancel. On the card: ↑/↓ move between values,
/// Enter chooses the value, Esc or ← goes back.
///
/// ```swift
/// let picker = PeoplePickerController(contacts: load.contacts)
/// picker.selectionMode = .property(.emailAddresses)
/// picker.delegate = self
/// picker.run(on: try CursesScreen(colorEnabled: true))
/// ```
///
/// A large book need not be read before the picker shows: `init(loading:)` takes a
/// `ContactListLoading`, and the first frame (the query line and a `reading… 12,345
/// contacts` counter) comes at once. Until the book is read, keys edit the query and
/// Esc, Ctrl-C, Ctrl-G cancel (the load is not waited for); other keys are ignored.
/// When it is read, the list appears with the query applied and the cursor on the
/// first match. A book of `backgroundSearchThreshold` contacts or more is searched on
/// a worker thread: the previous rows stay on screen until the new query's arrive,
/// and a newer query cancels the search running.
@MainActor
public final class PeoplePickerController {
  /// Told how the interaction ended. Held weakly.
  public weak var delegate: (any PeoplePickerDelegate)?
  /// The contacts shown, sorted and indexed (rebuilt after an add or an edit); empty
  /// while a `loading` book is read.
  public private(set) var list: ContactList
  /// The book being read, when the picker was made with `init(loading:)`.
  public let loading: ContactListLoading?
  /// Why the book could not be read, when its load failed: the picker then ended at
  /// once, `run` returned `.cancelled` and the delegate heard `peoplePickerDidCancel`.
  public private(set) var loadError: (any Error)?
  /// Books with at least this many contacts are searched on a worker thread, so that
  /// keys and drawing never wait for a scan; smaller ones as each key is handled
  /// (their scan takes well under a millisecond, and the frames follow the keys one
  /// for one, as tests expect).
  public var backgroundSearchThreshold = PeoplePickerController.defaultBackgroundSearchThreshold
  /// The default of `backgroundSearchThreshold`: 20,000 contacts.
  public static let defaultBackgroundSearchThreshold = 20_000
  /// Adding (Ctrl-N in the list opens the new-person form) and editing (`e` on the
  /// card); `nil` for a read-only picker, where Ctrl-N moves down.
  public var editing: ContactEditing?
  /// Start with this query (`--query`).
  public var initialQuery = ""
  /// Start narrowed to this group (`--group`).
  public var initialGroup: String?
  /// Shown where the count would be when the list turns out empty (`no contacts in
  /// …`), so an empty book says why in the picker.
  public var emptyListNote: String?
  /// Start on this contact's card instead of the list, its values to choose from
  /// (fzf's `--select-1` when `initialMatch()` is `.card`); Esc or ← go back to the
  /// list, which shows the initial query's rows with this contact highlighted.
  public var initialCard: Contact?
  /// Search options (`--exact`).
  public var searchOptions = SearchOptions()
  /// Whether a person or a property is chosen (`-p`).
  public var selectionMode = PeoplePickerSelectionMode.person
  /// Several may be chosen (`-m`; CNContactPicker's plural callbacks).
  public var allowsMultipleSelection = false
  /// The keys the card shows (displayedPropertyKeys).
  public var displayedPropertyKeys = PersonCardState.defaultKeys
  /// Which contacts can be chosen (predicateForEnablingContact); others are dimmed.
  public var predicateForEnablingContact: @Sendable (Contact) -> Bool = { _ in true }
  /// Whether choosing a contact returns it (predicateForSelectionOfContact); when
  /// false the card opens instead, and a value on it can be chosen.
  public var predicateForSelectionOfContact: @Sendable (Contact) -> Bool = { _ in true }
  /// Whether a property can be chosen (predicateForSelectionOfProperty); others are dimmed.
  public var predicateForSelectionOfProperty: @Sendable (ContactProperty) -> Bool = { _ in true }
  /// Keys that choose like Enter and are reported in `endingKey` (fzf's `--expect`).
  public var expectedKeys: Set<KeyEvent> = []
  /// The expected key that ended the interaction, or `nil` when Enter (or nothing) did.
  public private(set) var endingKey: KeyEvent?
  /// The query when the interaction ended (fzf's `--print-query`).
  public var finalQuery: String { state?.query.text ?? initialQuery }
  /// The list's state after the last key, for inspection in tests.
  public private(set) var state: PeoplePickerState?

  /// A picker over `contacts`, sorted by `sortOrder`; composed names use `nameOrder`.
  public init(
    contacts: [Contact], sortOrder: ContactFormatter.SortOrder = .family,
    nameOrder: ContactFormatter.NameOrder = .auto
  ) {
    self.list = ContactList(contacts, sortOrder: sortOrder, nameOrder: nameOrder)
    self.loading = nil
  }

  /// A picker over an already sorted and indexed list.
  public init(list: ContactList) {
    self.list = list
    self.loading = nil
  }

  /// A picker that shows at once and gets its list from `loading` (started by `run`
  /// if it has not been yet). When `editing.existingContacts`, which the new-person
  /// form looks for duplicates in, is empty, the list's index finds the candidates
  /// when the form is saved (`ContactList.duplicateCandidates(of:region:)`; with
  /// either initializer).
  public init(loading: ContactListLoading) {
    self.list = ContactList([])
    self.loading = loading
  }

  /// The values of `contact` that can be chosen in `.property` mode.
  public func selectableProperties(of contact: Contact) -> [ContactProperty] {
    guard case .property(let key) = selectionMode else { return [] }
    return contact.properties(for: key).filter { predicateForSelectionOfProperty($0) }
  }

  /// Whether `contact` can be chosen: enabled, and in `.property` mode has a value.
  public func isEnabled(_ contact: Contact) -> Bool {
    enablingRule(contact)
  }

  /// `isEnabled(_:)` as a closure for the list's state, taken with the settings of now.
  var enablingRule: @Sendable (Contact) -> Bool {
    { [selectionMode, predicateForEnablingContact, predicateForSelectionOfProperty] contact in
      guard predicateForEnablingContact(contact) else { return false }
      if case .property(let key) = selectionMode {
        return contact.properties(for: key).contains(where: predicateForSelectionOfProperty)
      }
      return true
    }
  }

  private enum Mode {
    case list
    case card(PersonCardState)
    case groups(GroupListState)
  }

  /// What the user has chosen so far in multi-select, in order.
  private enum Chosen: Equatable {
    case person(Int)
    case property(ContactProperty)
  }

  /// Runs the picker on `screen` until the user chooses or cancels, then calls the
  /// delegate. Returns how it ended.
  @discardableResult
  public func run(on screen: any Screen) -> PeoplePickerResult {
    let isEnabled = enablingRule
    loading?.start()
    loadError = nil
    var isLoading = loading != nil
    // True while a preview of the list (`ContactListLoading.preview`) is shown: keys
    // act on it as on a loaded list.
    var previewing = false
    var state = PeoplePickerState(list: list, query: initialQuery, options: searchOptions, isEnabled: isEnabled)
    if let initialGroup, !isLoading { state.narrow(toGroup: initialGroup) }
    var mode = Mode.list
    var chosen: [Chosen] = []
    var result: PeoplePickerResult? = nil

    // Where each contact is in the list, built once, when a chosen property first
    // needs its owner marked (and again after the list changed).
    var positions: [String: Int] = [:]
    func key(_ contact: Contact) -> String { contact.identifier + "\u{0}" + contact.source }
    /// The marks drawn in the list follow from what is chosen: chosen people, and the
    /// owners of chosen properties.
    func updateMarks() {
      state.chosenCount = chosen.count
      var marked = Set<Int>()
      for item in chosen {
        switch item {
        case .person(let position):
          marked.insert(position)
        case .property(let property):
          if positions.isEmpty {
            for (position, listed) in list.contacts.enumerated() { positions[key(listed)] = position }
          }
          if let position = positions[key(property.contact)] { marked.insert(position) }
        }
      }
      state.marked = marked
    }
    func toggle(_ item: Chosen) {
      if let index = chosen.firstIndex(of: item) { chosen.remove(at: index) } else { chosen.append(item) }
      updateMarks()
    }
    func card(for contact: Contact) -> PersonCardState {
      var keys = displayedPropertyKeys
      var focus: ContactKey? = nil
      if case .property(let key) = selectionMode {
        focus = key
        if !keys.contains(key) { keys.insert(key, at: 0) }
      }
      var card = PersonCardState(contact: contact, keys: keys, focusKey: focus) { [selectionMode, predicateForSelectionOfProperty] property in
        if case .property(let key) = selectionMode, property.key != key { return false }
        return predicateForSelectionOfProperty(property)
      }
      card.marked = Set(chosen.compactMap {
        if case .property(let property) = $0 { return property.identifier }
        return nil
      })
      return card
    }
    let makeCard: (Contact) -> PersonCardState = { card(for: $0) }

    // Searching a large book on a worker (see `backgroundSearchThreshold`).
    var searcher: BackgroundSearch?
    var startedSearch = 0
    /// After the list changed: whether its searches are deferred to a worker.
    func configureSearch() {
      searcher?.cancel()
      searcher = nil
      state.defersSearch = list.contacts.count >= backgroundSearchThreshold
      if state.defersSearch { searcher = BackgroundSearch(index: list.index) }
    }
    if !isLoading { configureSearch() }
    /// Starts the state's deferred search, once.
    func startPendingSearch() {
      guard let search = state.pendingSearch, search.id != startedSearch, let searcher else { return }
      startedSearch = search.id
      searcher.start(search)
    }
    /// Applies the deferred search's matches if they have come (or, with `wait`, once
    /// they come); returns whether the rows changed.
    func takeSearchResult(wait: Bool) -> Bool {
      guard state.pendingSearch != nil, let searcher else { return false }
      startPendingSearch()
      guard let found = wait ? searcher.waitForLatest() : searcher.take() else { return false }
      return state.apply(found.matches, for: found.search)
    }
    /// Puts the loaded list in place, keeping what was typed; false when the load failed.
    func finishLoading(_ outcome: Result<ContactListLoading.Loaded, any Error>) -> Bool {
      switch outcome {
      case .failure(let error):
        loadError = error
        return false
      case .success(let loaded):
        list = loaded.list
        let typed = state.query
        state = PeoplePickerState(list: list, query: typed.text, options: searchOptions, isEnabled: isEnabled)
        state.query = typed
        if let initialGroup { state.narrow(toGroup: initialGroup) }
        configureSearch()
        return true
      }
    }
    /// The counter shown while the book is read.
    func loadingStatus() -> String? {
      guard isLoading, !previewing, let loading else { return nil }
      let count = loading.contactsRead
      if loading.phase == .indexing { return "indexing… \(Self.grouped(count)) contacts" }
      return count == 0 ? "reading…" : "reading… \(Self.grouped(count)) contacts"
    }
    var shownStatus: String?
    func finish(single: Chosen) -> PeoplePickerResult {
      if allowsMultipleSelection {
        let items = chosen.isEmpty ? [single] : chosen
        if case .property = selectionMode {
          return .selectedProperties(items.compactMap {
            if case .property(let property) = $0 { return property }
            return nil
          })
        }
        if items.contains(where: { if case .property = $0 { return true } else { return false } }) {
          return .selectedProperties(items.compactMap {
            if case .property(let property) = $0 { return property }
            return nil
          })
        }
        return .selectedPeople(items.compactMap {
          if case .person(let position) = $0 { return list.contacts[position] }
          return nil
        })
      }
      switch single {
      case .person(let position): return .selectedPerson(list.contacts[position])
      case .property(let property): return .selectedProperty(property)
      }
    }
    func draw() {
      let size = screen.size
      switch mode {
      case .list:
        state.pageSize = PeoplePickerView.listHeight(screenRows: size.rows)
        _ = state.handle(.resize)
        shownStatus = loadingStatus() ?? (list.contacts.isEmpty && !isLoading ? emptyListNote : nil)
        screen.present(PeoplePickerView.render(state, rows: size.rows, columns: size.columns, color: screen.colorEnabled,
                                               hint: listHint, status: shownStatus))
      case .card(var card):
        PersonCardView.scrollToCursor(&card, rows: size.rows, columns: size.columns)
        mode = .card(card)
        screen.present(PersonCardView.render(card, rows: size.rows, columns: size.columns, color: screen.colorEnabled,
                                             hint: cardHint))
      case .groups(let groups):
        screen.present(GroupListView.render(groups, total: list.contacts.count, rows: size.rows, columns: size.columns,
                                            color: screen.colorEnabled, multi: allowsMultipleSelection))
      }
    }

    if let initialCard {
      mode = .card(card(for: initialCard))
      // Back from the card, the list is on that contact.
      if let position = list.position(of: initialCard) { state.highlight(position: position) }
    }
    draw()
    endingKey = nil
    keys: while true {
      // The work in the background first: the book being read, the search running.
      if isLoading, let outcome = loading?.result {
        isLoading = false
        // A preview that proved current stays as it is (cursor and all).
        if case .success(let loaded) = outcome, previewing, loaded.list === list {
        } else {
          guard finishLoading(outcome) else { break keys }
        }
        previewing = false
        draw()
      } else if isLoading, !previewing, let preview = loading?.preview {
        // The list last stored in the index, shown while its files are checked. Nothing
        // was indexed, so ICU would first be needed by a keystroke: load its data now.
        DispatchQueue.global(qos: .utility).async { SearchFolding.prepare() }
        previewing = true
        _ = finishLoading(.success(.init(list: preview, warnings: [])))
        draw()
      }
      // A key that needed no search (an erased query shown before, a blank one) leaves
      // the running search of an earlier query nothing to do: stop it.
      if state.pendingSearch == nil { searcher?.cancel() }
      startPendingSearch()
      if takeSearchResult(wait: false) { draw() }
      // Wait for a key or, while work goes on, for a moment to look at it again: the
      // counter every 100 ms; a search's rows within 2 ms of it finishing.
      let timeout: Int? = isLoading ? (previewing ? 20 : 100) : (state.pendingSearch != nil ? 2 : nil)
      var key: KeyEvent
      switch screen.nextInput(timeout: timeout) {
      case .ended:
        break keys
      case .timedOut:
        if isLoading, loadingStatus() != shownStatus { draw() }
        continue keys
      case .key(let next):
        key = next
      }
      if isLoading && !previewing {
        // Until the list is there, keys edit the query or cancel (Ctrl-X would wait
        // for a section letter that the query should get).
        if key != .control("x"), state.handle(key) == .cancel {
          result = .cancelled
          break keys
        }
        draw()
        continue keys
      }
      if isLoading && previewing && Self.needsCheckedList(key), let loading {
        // A choice is never made from the stored list before its files are checked:
        // wait for the check. When a file changed, the checked list replaces the
        // preview and the key is dropped — the user sees the rows as they are now and
        // chooses again.
        let outcome = loading.wait()
        isLoading = false
        previewing = false
        if case .success(let loaded) = outcome, loaded.list === list {
          // Nothing changed: the key acts on the rows shown.
        } else {
          guard finishLoading(outcome) else { break keys }
          draw()
          // Adding a contact or opening the groups is about no row: it goes on.
          if key != .control("n") && key != .control("t") { continue keys }
        }
      }
      // Typing goes on while a search runs; other keys act on the current query's rows.
      if Self.needsCurrentRows(key) { _ = takeSearchResult(wait: true) }
      if expectedKeys.contains(key), case .list = mode {
        endingKey = key
        key = .enter
      }
      if allowsMultipleSelection && key == .enter && !chosen.isEmpty, case .list = mode {
        result = finish(single: chosen[0])
        break keys
      }
      if key == .control("n"), var editing, case .list = mode {
        if editing.existingContacts.isEmpty {
          // The list's index finds the candidates when the form is saved: a list from
          // the on-disk index is not decoded whole (a second for 100,000 contacts).
          let list = self.list
          editing.duplicateCandidates = { contact, region in list.duplicateCandidates(of: contact, region: region) }
        }
        switch editing.runForm(on: screen, editing: nil) {
        case .completed(let saved):
          list = list.replacing(saved, original: nil)
          positions = [:]
          state = PeoplePickerState(list: list, options: searchOptions, isEnabled: isEnabled)
          if let position = list.position(of: saved) { state.highlight(position: position) }
          configureSearch()
          chosen = []
          updateMarks()
        case .choseExisting(let existing):
          state = PeoplePickerState(list: list, options: searchOptions, isEnabled: isEnabled)
          if let position = list.position(of: existing) { state.highlight(position: position) }
          configureSearch()
        case .cancelled:
          break
        }
        draw()
        continue
      }
      switch mode {
      case .list:
        switch state.handle(key) {
        case .select(let position):
          switch choosing(list.contacts[position]) {
          case .person:
            result = finish(single: .person(position))
            break keys
          case .property(let property):
            result = finish(single: .property(property))
            break keys
          case .card(let contact):
            mode = .card(card(for: contact))
          }
        case .openCard(let position):
          mode = .card(card(for: list.contacts[position]))
        case .toggle(let position):
          guard allowsMultipleSelection else { break }
          if case .property = selectionMode {
            if let first = selectableProperties(of: list.contacts[position]).first {
              toggle(.property(first))
            }
          } else {
            toggle(.person(position))
          }
        case .openGroups:
          mode = .groups(GroupListState(groups: list.groups, current: state.group))
        case .cancel:
          result = .cancelled
          break keys
        case .none:
          break
        }
      case .card(var card):
        let action = card.handle(key)
        mode = .card(card)
        switch action {
        case .select(let property):
          result = finish(single: .property(property))
          break keys
        case .toggle(let property):
          if allowsMultipleSelection {
            toggle(.property(property))
            }
        case .back:
          mode = .list
        case .cancel:
          result = .cancelled
          break keys
        case .edit:
          guard let editing else { break }
          // A save refused because the card changed on disk reloads it: the list and the
          // card show that version from then on, saved over or not.
          let shown: Contact? =
            switch editing.runEditForm(on: screen, editing: card.contact) {
            case .saved(let edited), .reloaded(let edited): edited
            case .unchanged: nil
            }
          if let edited = shown {
            list = list.replacing(edited, original: card.contact)
            positions = [:]
            let query = state.query.text
            state = PeoplePickerState(list: list, query: query, options: searchOptions, isEnabled: isEnabled)
            if let position = list.position(of: edited) { state.highlight(position: position) }
            configureSearch()
            chosen = []
            updateMarks()
            mode = .card(makeCard(edited))
          }
        case .none:
          break
        }
      case .groups(var groups):
        let action = groups.handle(key)
        mode = .groups(groups)
        switch action {
        case .narrow(let name):
          state.narrow(toGroup: name)
          mode = .list
        case .chooseMembers(let name):
          guard allowsMultipleSelection else { break }
          for position in list.members(of: name).sorted() where isEnabled(list.contacts[position]) {
            if case .property = selectionMode {
              if let first = selectableProperties(of: list.contacts[position]).first,
                !chosen.contains(.property(first))
              {
                chosen.append(.property(first))
              }
            } else if !chosen.contains(.person(position)) {
              chosen.append(.person(position))
            }
          }
          updateMarks()
          mode = .list
        case .back:
          mode = .list
        case .cancel:
          result = .cancelled
          break keys
        case .none:
          break
        }
      }
      startPendingSearch()
      draw()
    }
    searcher?.cancel()
    self.state = state
    let outcome = result ?? .cancelled
    switch outcome {
    case .selectedPerson(let contact): delegate?.peoplePicker(self, didSelect: contact)
    case .selectedProperty(let property): delegate?.peoplePicker(self, didSelect: property)
    case .selectedPeople(let contacts): delegate?.peoplePicker(self, didSelect: contacts)
    case .selectedProperties(let properties): delegate?.peoplePicker(self, didSelect: properties)
    case .cancelled: delegate?.peoplePickerDidCancel(self)
    }
    return outcome
  }

  /// Whether `key` may act on a contact (choose, mark, open its card, add one), so
  /// that a preview of the list must be checked first; typing, moving and cancelling
  /// need not wait.
  static func needsCheckedList(_ key: KeyEvent) -> Bool {
    switch key {
    case .character, .paste, .backspace, .delete, .escape, .resize, .up, .down, .pageUp, .pageDown,
      .control("p"), .control("c"), .control("g"), .control("q"):
      return false
    case .mouse(let event):
      return event.action == .doubleClick
    default:
      return true
    }
  }

  /// Whether `key` acts on the rows (moves, chooses, marks…), so that the rows of a
  /// search still running must be waited for; typing and cancelling need not wait.
  static func needsCurrentRows(_ key: KeyEvent) -> Bool {
    switch key {
    case .character, .paste, .backspace, .delete, .escape, .resize,
      .control("c"), .control("g"), .control("q"):
      return false
    default:
      return true
    }
  }

  /// `12345` as `12,345`.
  static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }

  private var listHint: String {
    (allowsMultipleSelection
      ? "tab mark · enter done · → card · ^T groups · ^X section · esc cancel"
      : PeoplePickerView.defaultHint) + (editing == nil ? "" : " · ^N new")
  }

  private var cardHint: String {
    (allowsMultipleSelection ? "↑↓ move · tab mark · enter done · esc back" : "↑↓ move · enter choose · esc back")
      + (editing == nil ? "" : " · e edit")
  }

  /// Presents the picker on `screen` and returns how it ended (for callers who want
  /// a value rather than a delegate). The delegate is called too.
  public func present(on screen: any Screen) async -> PeoplePickerResult {
    run(on: screen)
  }
}
