import ContactKit
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
/// Enter chooses the value, Esc or ← goes back. F1 shows every key; the help lines
/// are made from the same key tables.
///
/// The terminal is the picker's until the screen is ended (`CursesScreen.end()`):
/// keep the screen, and end it before printing.
///
/// ```swift
/// let picker = PeoplePickerController(contacts: load.contacts)
/// picker.selectionMode = .property(.emailAddresses)
/// picker.delegate = self
/// let screen = try CursesScreen(colorEnabled: true)
/// picker.run(on: screen)
/// screen.end()
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

  /// The name of a contact's book, shown at the right end of its row — for a picker
  /// over several books (local files and server accounts) — or nil for none.
  public var bookName: (@Sendable (Contact) -> String?)?

  /// A search of a directory on the server (LDAP `mode = query`) for the query typed:
  /// Ctrl-D runs it and shows its matches in a picker of their own, whose choice is this
  /// picker's. Nil: no such key.
  public var directorySearch: (@Sendable (_ query: String) -> DirectoryMatches)?

  /// Work that may replace the list once it shows (a server book synced in the
  /// background), started with the picker; its state is shown on the query line.
  public var refresh: ContactListRefresh?
  /// Why the book could not be read, when its load failed: the picker then ended at
  /// once, `run` returned `.cancelled` and the delegate heard `peoplePickerDidCancel`.
  public private(set) var loadError: (any Error)?
  /// Books with at least this many contacts are searched on a worker thread, so that
  /// keys and drawing never wait for a scan; smaller ones as each key is handled
  /// (their scan takes well under a millisecond, and the frames follow the keys one
  /// for one, as tests expect).
  public var backgroundSearchThreshold = PeoplePickerController.defaultBackgroundSearchThreshold
  /// The default of `backgroundSearchThreshold`: 20,000 contacts.
  nonisolated public static let defaultBackgroundSearchThreshold = 20_000
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
  /// What `o` and `m` do with the highlighted value of the card (`ContactActions`:
  /// mail, call, message, browse, map); `nil`: nothing (the keys are not shown).
  public var actions: ContactActions?
  /// Which contacts can be chosen (predicateForEnablingContact); others are dimmed.
  public var predicateForEnablingContact: @Sendable (Contact) -> Bool = { _ in true }
  /// Whether choosing a contact returns it (predicateForSelectionOfContact); when
  /// false the card opens instead, and a value on it can be chosen.
  public var predicateForSelectionOfContact: @Sendable (Contact) -> Bool = { _ in true }
  /// Whether a property can be chosen (predicateForSelectionOfProperty); others are dimmed.
  public var predicateForSelectionOfProperty: @Sendable (ContactProperty) -> Bool = { _ in true }
  /// Keys that choose like Enter and are reported in `endingKey` (fzf's `--expect`).
  public var expectedKeys: Set<KeyEvent> = []
  /// Whether Enter (or an expected key) with no contact to choose — the query matches
  /// nothing — ends the interaction, as fzf's accept does (its exit status 1), with
  /// `.cancelled` (the delegate hears `peoplePickerDidCancel(_:)`) and `nothingMatched`
  /// set. False (the default): the picker stays open, as Apple's do, and the query can
  /// be corrected. The `cpick` tool sets it.
  public var endsWhenNothingMatches = false
  /// Whether the interaction ended because Enter found nothing to choose
  /// (`endsWhenNothingMatches`).
  public private(set) var nothingMatched = false
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
    rules.selectableProperties(of: contact)
  }

  /// Whether `contact` can be chosen: enabled, and in `.property` mode has a value.
  public func isEnabled(_ contact: Contact) -> Bool {
    rules.isEnabled(contact)
  }

  /// The settings that decide what can be chosen, as they are now.
  var rules: PeoplePickerRules {
    PeoplePickerRules(
      selectionMode: selectionMode, allowsMultipleSelection: allowsMultipleSelection,
      displayedPropertyKeys: displayedPropertyKeys, predicateForEnablingContact: predicateForEnablingContact,
      predicateForSelectionOfContact: predicateForSelectionOfContact,
      predicateForSelectionOfProperty: predicateForSelectionOfProperty)
  }

  /// Runs the picker on `screen` until the user chooses or cancels, then calls the
  /// delegate. Returns how it ended. Blocks the main actor until then.
  @discardableResult
  public func run(on screen: any Screen) -> PeoplePickerResult {
    let session = begin(on: screen)
    return end(session, with: InteractionLoop.run(from: session.start()))
  }

  /// Presents the picker on `screen` and returns how it ended (for callers who want
  /// a value rather than a delegate). The delegate is called too.
  ///
  /// Suspends while it waits, the main actor free for other tasks: for a key (the
  /// terminal is watched off the main actor, `Screen.input(timeout:)`; a key is read
  /// on the main actor once it is there), for a search or the check of a stored list
  /// (on a thread of their own), for the new-person form (presented in turn).
  public func present(on screen: any Screen) async -> PeoplePickerResult {
    let session = begin(on: screen)
    return end(session, with: await InteractionLoop.present(from: session.start()))
  }

  /// Starts the load, if any, and makes the session of one interaction on `screen`.
  private func begin(on screen: any Screen) -> PeoplePickerSession {
    loading?.start()
    refresh?.start()
    loadError = nil
    endingKey = nil
    nothingMatched = false
    let settings = PeoplePickerInteraction.Settings(
      rules: rules, searchOptions: searchOptions, expectedKeys: expectedKeys, initialGroup: initialGroup,
      emptyListNote: emptyListNote, backgroundSearchThreshold: backgroundSearchThreshold, editing: editing != nil,
      canEdit: editing?.isEditable, whyNotEditable: editing?.whyNotEditable, bookName: bookName, searchesDirectory: directorySearch != nil,
      acting: actions != nil, changesGroups: editing?.changeGroup != nil, endsWhenNothingMatches: endsWhenNothingMatches)
    var interaction = PeoplePickerInteraction(
      settings: settings, list: list, loading: loading != nil, query: initialQuery, initialCard: initialCard)
    if let refresh { interaction.refreshing = refresh.running }
    return PeoplePickerSession(controller: self, interaction: interaction, screen: screen)
  }

  /// Keeps what the interaction ended with and tells the delegate.
  private func end(_ session: PeoplePickerSession, with outcome: PeoplePickerResult) -> PeoplePickerResult {
    session.stop()
    let interaction = session.interaction
    list = interaction.list
    state = interaction.state
    loadError = interaction.loadError
    endingKey = interaction.endingKey
    nothingMatched = interaction.nothingMatched
    switch outcome {
    case .selectedPerson(let contact): delegate?.peoplePicker(self, didSelect: contact)
    case .selectedProperty(let property): delegate?.peoplePicker(self, didSelect: property)
    case .selectedPeople(let contacts): delegate?.peoplePicker(self, didSelect: contacts)
    case .selectedProperties(let properties): delegate?.peoplePicker(self, didSelect: properties)
    case .cancelled: delegate?.peoplePickerDidCancel(self)
    }
    return outcome
  }

  /// Keeps the list the interaction shows now (a delegate or a form may read it).
  func update(list: ContactList) { self.list = list }

  /// `12345` as `12,345`.
  nonisolated static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }
}

/// What a directory search on the server gave (`PeoplePickerController.directorySearch`).
public struct DirectoryMatches: Sendable {
  /// The entries found.
  public var contacts: [Contact]
  /// Why the search failed (one line), if it did.
  public var problem: String?

  /// Matches.
  public init(contacts: [Contact], problem: String? = nil) {
    self.contacts = contacts
    self.problem = problem
  }
}
