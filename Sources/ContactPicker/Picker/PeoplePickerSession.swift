import AddressBook
import ContactKit
import Dispatch
import Localization
import Matching
import TerminalKit

/// One run of a people picker: feeds its `PeoplePickerInteraction` the keys, the
/// load's progress and the searches' matches, and does what it says — draws, runs
/// searches on a worker, opens the forms — until it ends (`InteractionLoop`).
@MainActor
final class PeoplePickerSession {
  private unowned let controller: PeoplePickerController
  private let screen: any Screen
  /// The interaction, changed only by its `handle(_:)`.
  private(set) var interaction: PeoplePickerInteraction
  /// Searches a large book on a worker (`PeoplePickerController.backgroundSearchThreshold`).
  private var searcher: BackgroundSearch?
  /// The key that ended a burst of typing (`typing(from:)`), handled next.
  private var heldKey: KeyEvent?
  /// The most characters one `.typed` input takes: a longer burst is drawn on the way.
  static let burstLimit = 4096

  init(controller: PeoplePickerController, interaction: PeoplePickerInteraction, screen: any Screen) {
    self.controller = controller
    self.interaction = interaction
    self.screen = screen
  }

  /// The first frame, and what follows.
  func start() -> InteractionStep<PeoplePickerResult> {
    interaction.size = screen.size
    return perform(interaction.start())
  }

  /// Stops the search running, if any.
  func stop() {
    searcher?.cancel()
  }

  private func feed(_ input: PeoplePickerInteraction.Input) -> InteractionStep<PeoplePickerResult> {
    interaction.size = screen.size
    let effects = interaction.handle(input)
    controller.update(list: interaction.list)
    return perform(effects)
  }

  /// Does `effects` in order; then the background work is looked at, and the next
  /// key waited for.
  private func perform(_ effects: [PeoplePickerInteraction.Effect]) -> InteractionStep<PeoplePickerResult> {
    for effect in effects {
      switch effect {
      case .draw:
        screen.present(interaction.frame(color: screen.colorEnabled))
      case .searchIn(let index):
        searcher?.cancel()
        searcher = index.map { BackgroundSearch(index: $0) }
      case .startSearch(let search):
        searcher?.start(search)
      case .cancelSearch:
        searcher?.cancel()
      case .prepareSearchFolding:
        // Nothing was indexed, so ICU would first be needed by a keystroke: load its data now.
        DispatchQueue.global(qos: .utility).async { SearchFolding.prepare() }
      case .replay(let key):
        return feed(.key(key))
      case .end(let outcome):
        return .finished(outcome)
      case .awaitSearch(let key):
        let searcher = searcher
        return .next(.work({ searcher?.waitForLatest() }, then: { [self] in feed(.searchWaited($0, then: key)) }))
      case .awaitLoad(let key):
        guard let loading = controller.loading else { return feed(.loadWaited(.failure(CancellationError()), then: key)) }
        return .next(.work({ loading.wait() }, then: { [self] in feed(.loadWaited($0, then: key)) }))
      case .addContact(let list):
        guard let step = addContact(duplicatesIn: list) else { continue }
        return step
      case .searchDirectory(let query):
        guard let search = controller.directorySearch else { continue }
        return .next(.work({ search(query) }, then: { [self] found in directory(found, query: query) }))
      case .act(let property, let message):
        guard let actions = controller.actions else { continue }
        return feed(.acted(actions.perform(on: property, message: message)))
      case .changeGroup(let change, let members):
        guard let save = controller.editing?.changeGroup else { continue }
        let outcome = Result<[Contact], any Error> { try save(change, members) }
        var written = true
        if case .create = change, let storage = controller.editing?.groupStorage { written = storage() != .categories }
        return feed(.groupChanged(change, members: members, outcome, written: written))
      case .edit(let contact):
        guard var editing = controller.editing else { continue }
        editing.groupNames = interaction.groupList().groups.map(\.name)  // the form's groups row offers them
        let edit = ContactEditing.EditForm(editing, editing: contact)
        let screen = screen
        return .next(
          .nested(
            run: { edit.form.run(on: screen) }, present: { await edit.form.present(on: screen) },
            then: { [self] in
              let outcome = edit.outcome($0)
              let notice = outcome.isSaved ? editing.saveNotice?()?.first : nil
              return feed(.editEnded(contact, outcome, notice: notice))
            }))
      }
    }
    return poll()
  }

  /// A picker over the directory's matches for `query` (Ctrl-D), choosing as this one
  /// does; its choice ends this one.
  private func directory(_ found: DirectoryMatches, query: String) -> InteractionStep<PeoplePickerResult> {
    let nested = PeoplePickerController(list: ContactList(found.contacts))
    nested.selectionMode = controller.selectionMode
    nested.displayedPropertyKeys = controller.displayedPropertyKeys
    nested.predicateForEnablingContact = controller.predicateForEnablingContact
    nested.predicateForSelectionOfProperty = controller.predicateForSelectionOfProperty
    nested.emptyListNote = found.problem ?? L10n.format("no one in the directory matches “%s”", query)
    nested.bookName = { _ in "directory" }
    let screen = screen
    return .next(
      .nested(
        run: { nested.run(on: screen) }, present: { await nested.present(on: screen) },
        then: { [self] in feed(.directoryEnded($0)) }))
  }

  /// The new-person form (Ctrl-N), its duplicates looked for by `list`'s index when
  /// `editing` has no contacts of its own (a list from the on-disk index is not
  /// decoded whole: a second for 100,000 contacts); in a list narrowed to a group, the
  /// new contact goes into that group (Apple's parentGroup).
  private func addContact(duplicatesIn list: ContactList) -> InteractionStep<PeoplePickerResult>? {
    guard var editing = controller.editing else { return nil }
    if let group = interaction.state.group { editing.parentGroup = group }
    if editing.existingContacts.isEmpty {
      editing.duplicateCandidates = { contact, region in list.duplicateCandidates(of: contact, region: region) }
    }
    let form = editing.form(editing: nil)
    let screen = screen
    return .next(
      .nested(
        run: { form.run(on: screen) }, present: { await form.present(on: screen) },
        then: { [self] in feed(.formEnded($0)) }))
  }

  /// The work in the background first — the book being read, the search running —
  /// then a key, or a moment to look at that work again.
  private func poll() -> InteractionStep<PeoplePickerResult> {
    if interaction.isLoading, let loading = controller.loading {
      if let outcome = loading.result { return feed(.loadFinished(outcome)) }
      if !interaction.isPreviewing, let preview = loading.preview { return feed(.loadPreview(preview)) }
    }
    if !interaction.isLoading, interaction.refreshing != nil, let outcome = controller.refresh?.outcome {
      return feed(.refreshed(outcome))
    }
    if interaction.state.pendingSearch != nil, let found = searcher?.take() {
      return feed(.searchFinished(search: found.search, matches: found.matches))
    }
    if let key = heldKey {
      heldKey = nil
      return feed(typing(from: key))
    }
    return .next(
      .input(on: screen, timeout: interaction.inputTimeout) { [self] input in
        if case .reading = interaction.loading, let loading = controller.loading {
          _ = interaction.handle(.loadProgress(count: loading.contactsRead, indexing: loading.phase == .indexing))
        }
        switch input {
        case .ended: return feed(.inputEnded)
        case .timedOut: return feed(.tick)
        case .key(let key): return feed(typing(from: key))
        }
      })
  }

  /// `key`, or, when it types a character into the query and more such keys are
  /// already waiting (typed ahead, or text a terminal sent without bracketed paste),
  /// all of them as one `.typed` input: one search and one frame for the burst, not
  /// one per key, whose cost would grow with the square of its length. The key that
  /// ends the burst is held for the next turn.
  private func typing(from key: KeyEvent) -> PeoplePickerInteraction.Input {
    guard case .character(let first) = key, interaction.takesAsTyping(key) else { return .key(key) }
    var text = String(first)
    var count = 1
    while count < Self.burstLimit, let next = screen.waitingKey() {
      guard case .character(let character) = next, interaction.takesAsTyping(next) else {
        heldKey = next
        break
      }
      text.append(character)
      count += 1
    }
    return count == 1 ? .key(key) : .typed(text)
  }
}
