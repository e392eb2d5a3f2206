import Localization
import ContactKit
import ContactStores
import Matching
import TerminalKit
import AddressBook

/// The people picker's interaction as a value: what it shows and where the user is
/// (the list, a card or the groups; the marks of multi-select; the book being read),
/// changed only by `handle(_:)`, which takes one input — a key, progress of the
/// load, a search's matches, a form's end — and says what to do (`Effect`): draw,
/// start a search, open a form, end. `PeoplePickerController` runs the loop that
/// feeds it and does what it says; `frame(color:)` draws it.
struct PeoplePickerInteraction {
  /// What the picker shows.
  enum Mode {
    case list
    case card(PersonCardState)
    case groups(GroupListState)
  }

  /// Where the book is (`PeoplePickerController.init(loading:)`).
  enum Loading: Equatable {
    /// Being read: the counter so far; `indexing` once the index is being built.
    case reading(count: Int, indexing: Bool)
    /// The list stored in the index is shown while its files are checked: keys act
    /// on it as on a loaded list, but a choice waits for the check.
    case previewing
    /// Read (or never loaded).
    case done
  }

  /// What goes in.
  enum Input {
    /// A key (or paste, mouse event, resize).
    case key(KeyEvent)
    /// Characters typed in a burst, each a key that `takesAsTyping(_:)`: inserted in
    /// the query as those keys would be, then searched and drawn once.
    case typed(String)
    /// A wait for a key timed out (time to look at the background work).
    case tick
    /// Input ended (the terminal closed, a test's script is done).
    case inputEnded
    /// The counter of the book being read.
    case loadProgress(count: Int, indexing: Bool)
    /// The list stored in the index, to show while its files are checked.
    case loadPreview(ContactList)
    /// The book was read (or failed).
    case loadFinished(Result<ContactListLoading.Loaded, any Error>)
    /// The background refresh (`PeoplePickerController.refresh`) is done.
    case refreshed(ContactListRefresh.Outcome)
    /// `key` waited for the check of a preview (`Effect.awaitLoad`); this is its outcome.
    case loadWaited(Result<ContactListLoading.Loaded, any Error>, then: KeyEvent)
    /// A search on the worker finished.
    case searchFinished(search: PeoplePickerState.Search, matches: [ContactMatch])
    /// `key` waited for the running search (`Effect.awaitSearch`); these are its matches.
    case searchWaited((search: PeoplePickerState.Search, matches: [ContactMatch])?, then: KeyEvent)
    /// The new-person form opened by Ctrl-N ended.
    case formEnded(NewPersonResult)
    /// The picker over the directory's matches (Ctrl-D) ended.
    case directoryEnded(PeoplePickerResult)
    /// The form editing `contact` (`e` on the card) ended; what to say on the card
    /// about its save (`ContactEditing.saveNotice`'s longest form), if anything.
    case editEnded(Contact, ContactEditing.EditOutcome, notice: String?)
    /// An action on a card's value (`o`, `m`) was done or refused: what to say.
    case acted(String)
    /// A group change of the groups view was saved (`Effect.changeGroup`): its members
    /// as read again, or why it was not saved.
    case groupChanged(GroupChange, members: [Contact], Result<[Contact], any Error>, written: Bool = true)
  }

  /// What comes out: what the loop must do, in order.
  enum Effect {
    /// Present `frame(color:)`.
    case draw
    /// Search on a worker from now on (`nil`: as keys are handled): a new `BackgroundSearch`.
    case searchIn(ContactIndex?)
    /// Start this search on the worker (cancelling the one running).
    case startSearch(PeoplePickerState.Search)
    /// Cancel the search running.
    case cancelSearch
    /// Wait until the running search is done, then hand back `.searchWaited`.
    case awaitSearch(KeyEvent)
    /// Wait until the book is checked, then hand back `.loadWaited`.
    case awaitLoad(KeyEvent)
    /// Load ICU's transliteration data in the background (a preview indexed nothing).
    case prepareSearchFolding
    /// Handle this key again (after the wait it needed).
    case replay(KeyEvent)
    /// Open the new-person form (Ctrl-N), its duplicates looked for in `list`.
    case addContact(ContactList)
    /// Open the form on this contact (`e` on the card).
    case edit(Contact)
    /// Save a group created, renamed or deleted in the groups view, whose members are
    /// `members` (`ContactEditing.changeGroup`), then hand back `.groupChanged`.
    case changeGroup(GroupChange, members: [Contact])
    /// Perform the action of this card's value (`ContactActions`), then hand back `.acted`.
    case act(ContactProperty, message: Bool)
    /// Search the server's directory for this query, and show what it finds (Ctrl-D).
    case searchDirectory(String)
    /// The interaction ended.
    case end(PeoplePickerResult)
  }

  /// The settings the interaction was made with.
  struct Settings {
    var rules = PeoplePickerRules()
    var searchOptions = SearchOptions()
    var expectedKeys: Set<KeyEvent> = []
    var initialGroup: String?
    var emptyListNote: String?
    var backgroundSearchThreshold = PeoplePickerController.defaultBackgroundSearchThreshold
    /// Contacts can be added and edited.
    var editing = false
    /// Whether a contact can be edited (when `editing`).
    var canEdit: (@Sendable (Contact) -> Bool)?
    /// Why a contact cannot be edited, said on its card when `e` is pressed.
    var whyNotEditable: (@Sendable (Contact) -> String?)?
    /// The name of a contact's book, shown at the right of its row.
    var bookName: (@Sendable (Contact) -> String?)?
    /// A directory can be searched on the server (Ctrl-D).
    var searchesDirectory = false
    /// The card's values can be acted on (`o`, `m`).
    var acting = false
    /// Groups can be created, renamed and deleted in the groups view.
    var changesGroups = false
    /// Enter with nothing to choose ends the interaction (fzf's exit status 1).
    var endsWhenNothingMatches = false
  }

  let settings: Settings
  /// The list's key table (built from the settings).
  let keymap: Keymap<PeoplePickerCommand>
  /// The contacts shown (replaced after a load, an add, an edit).
  private(set) var list: ContactList
  /// The list's rows, query and highlight.
  var state: PeoplePickerState
  var mode = Mode.list
  var loading: Loading
  var choices = PeoplePickerChoices()
  /// Whether the help screen (F1) is shown over the list, the card or the groups.
  var help = KeyHelpToggle()
  /// The screen's size, set by the loop before each input.
  var size: (rows: Int, columns: Int) = (24, 80)
  /// Why the book could not be read, when its load failed.
  private(set) var loadError: (any Error)?
  /// The expected key (`--expect`) that chose, if one did.
  var endingKey: KeyEvent?
  /// Whether Enter ended the interaction with nothing to choose.
  var nothingMatched = false
  /// While a background refresh runs, what the query line says ("syncing…").
  var refreshing: String?
  /// What the refresh left to say on the query line ("offline since 14:02").
  private var refreshNote: String?
  /// What the card's help line says before the keys until the next key: what an
  /// action started, or why not.
  var cardNotice: String?
  /// Groups created in the groups view that have no member yet (a `CATEGORIES` group
  /// exists once someone is in it; an empty group card is not in the list's groups).
  var createdGroups: [String] = []
  /// The status drawn last (to redraw when the counter changes).
  private var drawnStatus: String?
  /// The search was configured anew (`Effect.searchIn` to send).
  private var searchConfigured = false
  /// The id of the search last started on the worker, and whether one runs.
  private var startedSearch = 0
  private var searchRunning = false

  /// An interaction over `list` (empty while `loading`), starting with `query`, on
  /// `initialCard`'s card when one is given.
  init(settings: Settings, list: ContactList, loading: Bool, query: String, initialCard: Contact?) {
    self.settings = settings
    self.keymap = PeoplePickerKeymap.list(
      multiple: settings.rules.allowsMultipleSelection, adding: settings.editing, directory: settings.searchesDirectory)
    self.list = list
    self.loading = loading ? .reading(count: 0, indexing: false) : .done
    state = PeoplePickerState(
      list: list, query: query, options: settings.searchOptions, isEnabled: settings.rules.isEnabled)
    if let group = settings.initialGroup, !loading { state.narrow(toGroup: group) }
    if !loading { configureSearch() }
    if let initialCard {
      mode = .card(settings.rules.card(for: initialCard, marked: [], query: valueQuery))
      // Back from the card, the list is on that contact.
      if let position = list.position(of: initialCard) { state.highlight(position: position) }
    }
  }

  var isLoading: Bool { loading != .done }

  /// The query as it points at a value in `.property` mode (`PeoplePickerRules.valueChosen`);
  /// nil when it is empty.
  var valueQuery: SearchHighlighter.Query? {
    state.query.text.isEmpty ? nil : SearchHighlighter.Query(state.query.text, options: state.options)
  }

  /// Whether `contact`'s card may be edited.
  func canEdit(_ contact: Contact) -> Bool { settings.canEdit?(contact) ?? true }
  var isPreviewing: Bool { loading == .previewing }

  /// How long the loop may wait for a key before looking at the background work
  /// again (ms): the counter every 100 ms, a search's rows within 2 ms; `nil`: no limit.
  var inputTimeout: Int? {
    switch loading {
    case .reading: 100
    case .previewing: 20
    case .done: state.pendingSearch != nil ? 2 : awaitingPhoto ? 20 : refreshing != nil ? 100 : nil
    }
  }

  /// A card is shown whose photo is being decoded, or was since it was drawn.
  var awaitingPhoto: Bool {
    if case .card(let card) = mode { return CardPhoto.isPending(card.contact) }
    return false
  }

  /// The frame for what is shown (pure: nothing changes).
  func frame(color: Bool) -> Frame {
    let (rows, columns) = size
    if help.isShown { return KeyHelpView.render(screenHelp, rows: rows, columns: columns, color: color) }
    switch mode {
    case .list:
      return PeoplePickerView.render(
        state, rows: rows, columns: columns, color: color, hint: keymap.hint, status: status,
        bookName: settings.bookName)
    case .card(let card):
      let hint = cardKeymap(card).hint
      let help = cardNotice.map { TerminalText.width("\($0) · \(hint)") <= columns ? "\($0) · \(hint)" : $0 } ?? hint
      return PersonCardView.render(card, rows: rows, columns: columns, color: color, hint: help)
    case .groups(let groups):
      return GroupListView.render(
        groups, total: list.contacts.count, rows: rows, columns: columns, color: color,
        multi: settings.rules.allowsMultipleSelection)
    }
  }

  /// The card's key table, worded for what the picker lets its card do.
  func cardKeymap(_ card: PersonCardState) -> Keymap<PersonCardCommand> {
    let context = PersonCardKeymap.Context(
      multiple: settings.rules.allowsMultipleSelection, editing: settings.editing && canEdit(card.contact),
      acting: settings.acting, messaging: card.properties.contains { ContactActions.kind(for: $0, message: true) != nil },
      leaving: L10n.text("back"))
    return PersonCardKeymap.card(context)
  }

  /// The groups view's key table, worded for the picker's settings.
  func groupsKeymap(_ groups: GroupListState) -> Keymap<GroupListCommand> {
    GroupListKeymap.groups(multiple: settings.rules.allowsMultipleSelection, editable: groups.isEditable)
  }

  /// The help of the screen shown (F1), from its key table.
  var screenHelp: KeyHelp {
    switch mode {
    case .list: keymap.help(title: L10n.text("the list"), typing: L10n.text("edit the query (← → ^A ^E ^U ^W ^K)"))
    case .card(let card): cardKeymap(card).help(title: L10n.text("the card"))
    case .groups(let groups):
      groupsKeymap(groups).help(
        title: L10n.text("the groups"), typing: L10n.text("go to the first group whose name begins with the letters typed"))
    }
  }

  /// The effects of the first frame.
  mutating func start() -> [Effect] {
    finish([.draw])
  }

  /// Takes one input; returns what to do, in order.
  mutating func handle(_ input: Input) -> [Effect] {
    finish(react(to: input))
  }

  /// After an input: the layout for the screen's size, the search to start or
  /// cancel, the status drawn.
  private mutating func finish(_ effects: [Effect]) -> [Effect] {
    if effects.contains(where: { if case .end = $0 { true } else { false } }) { return effects }
    layout()
    var all = effects
    if searchConfigured {
      searchConfigured = false
      searchRunning = false
      all.append(.searchIn(state.defersSearch ? list.index : nil))
    }
    if let search = state.pendingSearch {
      if search.id != startedSearch {
        startedSearch = search.id
        searchRunning = true
        all.append(.startSearch(search))
      }
    } else if searchRunning {
      // A key that needed no search (an erased query shown before, a blank one)
      // leaves the running search of an earlier query nothing to do: stop it.
      searchRunning = false
      all.append(.cancelSearch)
    }
    if all.contains(where: { if case .draw = $0 { true } else { false } }) { drawnStatus = status }
    return all
  }

  /// Keeps what is shown in step with the screen's size: the list's page, the
  /// card's scroll position.
  private mutating func layout() {
    switch mode {
    case .list:
      state.fit(pageSize: PeoplePickerView.listHeight(screenRows: size.rows))
    case .card(var card):
      PersonCardView.scrollToCursor(&card, rows: size.rows, columns: size.columns)
      mode = .card(card)
    case .groups:
      break
    }
  }

  /// After the list changed: whether its searches go to a worker.
  private mutating func configureSearch() {
    state.defersSearch = list.contacts.count >= settings.backgroundSearchThreshold
    searchConfigured = true
  }

  /// Shows `list` (after an add or an edit) with `query`, `contact` highlighted.
  mutating func replaceList(_ list: ContactList, query: String, highlighting contact: Contact) {
    // A list narrowed to a group stays narrowed (a contact added into it, Ctrl-N).
    let group = state.group
    self.list = list
    resetState(query: query, narrow: false)
    if let group { state.narrow(toGroup: group) }
    if let position = list.position(of: contact) { state.highlight(position: position) }
    configureSearch()
  }

  /// A fresh state over `list` with `query`, narrowed to the initial group when asked.
  private mutating func resetState(query: String, narrow: Bool) {
    state = PeoplePickerState(
      list: list, query: query, options: settings.searchOptions, isEnabled: settings.rules.isEnabled)
    if narrow, let group = settings.initialGroup { state.narrow(toGroup: group) }
  }

  /// What the query line shows instead of the count: the load's counter, or the
  /// note of an empty book.
  var status: String? {
    switch loading {
    case .reading(let count, let indexing):
      if indexing { return L10n.format("indexing… %s contacts", PeoplePickerController.grouped(count)) }
      return count == 0 ? L10n.text("reading…") : L10n.format("reading… %s contacts", PeoplePickerController.grouped(count))
    case .previewing: return nil
    case .done: return refreshing ?? refreshNote ?? (list.contacts.isEmpty ? settings.emptyListNote : nil)
    }
  }

  private mutating func react(to input: Input) -> [Effect] {
    switch input {
    case .key(let key): return react(to: key)
    case .typed(let text):
      state.type(text)
      return [.draw]
    case .tick: return (isLoading && status != drawnStatus) || awaitingPhoto ? [.draw] : []
    case .inputEnded: return [.end(.cancelled)]
    case .loadProgress(let count, let indexing):
      if case .reading = loading { loading = .reading(count: count, indexing: indexing) }
      return []
    case .loadPreview(let preview):
      loading = .previewing
      takeList(preview)
      return [.prepareSearchFolding, .draw]
    case .loadFinished(let outcome):
      // A preview that proved current stays as it is (cursor and all).
      let current = if case .success(let loaded) = outcome, isPreviewing, loaded.list === list { true } else { false }
      loading = .done
      if !current {
        guard take(outcome) else { return [.end(.cancelled)] }
      }
      return [.draw]
    case .loadWaited(let outcome, let key):
      return loadWaited(outcome, then: key)
    case .refreshed(let outcome):
      refreshing = nil
      refreshNote = outcome.status
      if let list = outcome.list { takeList(list) }
      return [.draw]
    case .searchFinished(let search, let matches):
      return state.apply(matches, for: search) ? [.draw] : []
    case .searchWaited(let found, let key):
      if let found { state.apply(found.matches, for: found.search) }
      return act(on: key)
    case .formEnded(let result):
      return formEnded(result)
    case .directoryEnded(let result):
      // A choice there is the picker's choice; back from it, the list as it was.
      return result == .cancelled ? [.draw] : [.end(result)]
    case .editEnded(let original, let outcome, let notice):
      let effects = editEnded(original, outcome)
      if outcome.isSaved { cardNotice = notice }
      return effects
    case .acted(let said):
      cardNotice = said
      return [.draw]
    case .groupChanged(let change, let members, let outcome, let written):
      return groupChanged(change, members: members, outcome, written: written)
    }
  }

  /// Puts the loaded list in place; false when the load failed.
  private mutating func take(_ outcome: Result<ContactListLoading.Loaded, any Error>) -> Bool {
    switch outcome {
    case .failure(let error):
      loadError = error
      return false
    case .success(let loaded):
      takeList(loaded.list)
      return true
    }
  }

  /// Shows `list`, keeping what was typed.
  private mutating func takeList(_ list: ContactList) {
    self.list = list
    let typed = state.query
    resetState(query: typed.text, narrow: true)
    state.query = typed
    configureSearch()
  }

  /// A key waited for the check of the preview. When a file changed, the checked
  /// list replaces the preview and the key is dropped — the user sees the rows as
  /// they are now and chooses again — unless it is about no row (Ctrl-N, Ctrl-T).
  private mutating func loadWaited(_ outcome: Result<ContactListLoading.Loaded, any Error>, then key: KeyEvent)
    -> [Effect]
  {
    loading = .done
    if case .success(let loaded) = outcome, loaded.list === list { return [.replay(key)] }
    guard take(outcome) else { return [.end(.cancelled)] }
    if key != .control("n") && key != .control("t") { return [.draw] }
    return [.draw, .replay(key)]
  }
}
