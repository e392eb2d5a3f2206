import AddressBook
import ContactKit
import ContactStores
import Foundation
import Localization
import TerminalKit

/// The new-person form's delegate (ABNewPersonViewControllerDelegate /
/// CNContactViewControllerDelegate's `didCompleteWith`). Exactly one method is
/// called, once, when the form ends; each has a default that does nothing.
@MainActor
public protocol NewPersonViewDelegate: AnyObject {
  /// The form ended: `contact` is the saved contact (as the save seam returned it),
  /// or `nil` when the user cancelled (`newPersonViewController(_:didCompleteWithNewPerson:)`).
  func newPersonViewController(_ controller: NewPersonViewController, didCompleteWith contact: Contact?)
  /// Shown possible duplicates, the user chose to open an existing contact instead of
  /// saving; nothing was saved.
  func newPersonViewController(_ controller: NewPersonViewController, didChooseExisting contact: Contact)
  /// Editing, the user deleted the contact ("Delete Contact", confirmed; `delete`
  /// succeeded): `contact` as it was before.
  func newPersonViewController(_ controller: NewPersonViewController, didDelete contact: Contact)
}

extension NewPersonViewDelegate {
  /// Default: does nothing.
  public func newPersonViewController(_ controller: NewPersonViewController, didCompleteWith contact: Contact?) {}
  /// Default: does nothing.
  public func newPersonViewController(_ controller: NewPersonViewController, didChooseExisting contact: Contact) {}
  /// Default: does nothing.
  public func newPersonViewController(_ controller: NewPersonViewController, didDelete contact: Contact) {}
}

/// How a new-person form ended.
public enum NewPersonResult: Sendable, Equatable {
  /// Saved (the contact the save seam returned), or, editing, nothing changed (the
  /// original contact, nothing saved).
  case completed(Contact)
  /// The user opened this existing contact from the duplicate prompt; nothing saved.
  case choseExisting(Contact)
  /// Editing: the contact was deleted ("Delete Contact", confirmed): as it was before.
  case deleted(Contact)
  /// Esc (confirmed), Ctrl-C, Ctrl-G, or input ended; nothing saved.
  case cancelled
}

/// The new-person form (ABNewPersonViewController; with `isEditing`, the edit mode of
/// ABPersonViewController): fields for a person's names, work, phones, emails,
/// addresses, URLs, instant messages, birthday and note, validated while typing,
/// checked against `existingContacts` for duplicates, saved through `save`.
///
/// Keys: Tab / Shift-Tab, ↑ / ↓ (Ctrl-N / Ctrl-P) move between fields, PgDn / PgUp
/// five at a time; text fields edit with readline keys (`LineEditor`: ←/→, Ctrl-A/E,
/// Ctrl-B/F, Ctrl-U/K/W, Backspace, Ctrl-D, paste); Enter goes to the next field, adds
/// a value on an "add" row, switches person/organization on "kind" (also Space, ←, →);
/// typing on an "add" row adds a value; Ctrl-L cycles a value's label (the standard
/// labels, then a custom label typed in: Enter keeps it, Esc undoes it); Ctrl-X
/// removes a value, Ctrl-D removes an empty one; Ctrl-R shows the phonetic names
/// (shown by themselves for a Han, Kana or Hangul name); Ctrl-O types a line break
/// in the note or a street; Ctrl-S saves; Esc, Ctrl-C, Ctrl-G cancel, asking
/// "Discard this contact? y/n" when something was changed. In the duplicate prompt:
/// `s` saves anyway, `o` opens the highlighted existing contact, `b` or Esc goes
/// back to the form, ↑/↓ choose among several (Enter does nothing there, so a
/// reflex cannot throw the typed form away). Editing with `groupNames` set, the
/// person's groups follow the note, then "+ add to group": Enter or typing there opens
/// a search over `groupNames` (`GroupChooser`: Enter adds the highlighted group, or a
/// new one named as typed; Esc goes back), and Ctrl-X on a group takes the person out.
/// Editing with `delete` set, the last row
/// is "Delete Contact": Enter asks "Delete <name> from <book>? y/n", `y` deletes and
/// ends the form with `.deleted`, `n` or Esc go back.
///
/// Saving: Ctrl-S validates every field (`ContactValidator`); with an error, nothing
/// is saved and the errors are shown next to their fields. An edit that changed
/// nothing ends at once with the original contact. Otherwise the contact is built
/// (`NewPersonForm.contact(identifier:parentGroup:nameOrder:)`), checked for
/// duplicates (`DuplicateDetector`), and passed to `save`, which writes it and
/// returns it as saved; if `save` throws, the error is shown and the form stays open.
///
/// ```swift
/// let form = NewPersonViewController(displayedPerson: prefilled)
/// form.existingContacts = book.contacts
/// form.save = { contact in
///   var request = SaveRequest()
///   request.add(contact)
///   return try store.execute(request)[0]  // as written: its source and record
/// }
/// switch await form.present(on: screen) { … }
/// ```
@MainActor
public final class NewPersonViewController {
  /// Told how the form ended. Held weakly.
  public weak var delegate: (any NewPersonViewDelegate)?
  /// The contact the form starts with (displayedPerson): pre-filled values for a new
  /// contact, or the contact being edited when `isEditing`. Properties the form does
  /// not show are carried over untouched.
  public var displayedPerson: Contact?
  /// Whether the form edits `displayedPerson` (else it makes a new contact).
  public var isEditing = false
  /// A group the new contact is put in (parentGroup): added to `groups`.
  public var parentGroup: String?
  /// The address book a new contact is saved to, shown in the form's title (a path;
  /// `NewPersonView` abbreviates the home folder to `~`); `nil`: not shown. Ignored
  /// when editing.
  public var destination: String?
  /// The address books a new contact can be saved to (a vdir's collections:
  /// `personal/`, `work/`), `destination` among them: Ctrl-T chooses the next, shown
  /// in the title; `destinationChosen` hears the one chosen before `save` is called.
  /// Empty (the default): no choice.
  public var destinations: [String] = []
  /// Told, before `save`, which of `destinations` the user chose.
  public var destinationChosen: (@MainActor (String) -> Void)?
  /// The address book the duplicate check looks in.
  public var existingContacts: [Contact] = []
  /// When set, the duplicate check looks in what it returns for the contact about to
  /// be saved (and its region), instead of in `existingContacts`: the candidates a
  /// large book's index finds (`ContactList.duplicateCandidates(of:region:)`).
  public var duplicateCandidates: (@Sendable (_ contact: Contact, _ region: String) -> [Contact])?
  /// The default region for phone numbers without a country code (ISO 3166 alpha-2,
  /// `DE`), from `--region`; by default from `LC_ALL`/`LC_TELEPHONE`/`LANG` or the locale.
  public var region: String = PhoneNumberKey.defaultRegion()
  /// The order of the name rows (`NewPersonState.familyNameFirst`) and of name parts in
  /// the composed `formattedName` (`--name-order`).
  public var nameOrder: ContactFormatter.NameOrder = .auto
  /// Makes the identifier of a new contact whose `displayedPerson` has none; by
  /// default `urn:uuid:` and a random UUID (RFC 6350 §6.7.6, RFC 4122).
  public var makeIdentifier: @MainActor () -> String = { ContactIdentifier.makeNew() }
  /// Saves the contact (CNSaveRequest): called on Ctrl-S after validation and the
  /// duplicate check, on the main actor, with the contact the form built. Returns the
  /// contact as saved (its new identifier and source); the form then ends with it.
  /// Throws to refuse: the error's description (`LocalizedError.errorDescription`
  /// when it has one) is shown at the bottom and the form stays open. `nil`: nothing
  /// is saved and the form ends with the built contact.
  public var save: (@MainActor (Contact) throws -> Contact)?
  /// Deletes the edited contact from its address book (CNSaveRequest `delete(_:)`).
  /// When set and `isEditing`, the form ends with a "Delete Contact" row; Enter there
  /// asks "Delete <name>? y/n", and `y` calls this and ends the form with `.deleted`.
  /// Throws to refuse (a card changed on disk since it was read): the error is shown
  /// and the form stays open. `nil`: no such row.
  public var delete: (@MainActor (Contact) throws -> Void)?
  /// The book's groups, offered by the edit form's groups row ("+ add to group": a
  /// list with search, or a new group's name typed; Ctrl-X on a group takes the
  /// person out). `nil`: no groups rows. The changed `groups` are saved with the
  /// edit, as the book stores them (`GroupStorage`).
  public var groupNames: [String]?
  /// Reads the edited contact again from its address book, as it is on disk now
  /// (`ContactReload.reload(_:)`). When set, a save of an edit refused because the
  /// card changed on disk (`ContactStoreError.Kind.conflict`) reloads it: the form
  /// then shows the card as it is now with the unsaved edit re-applied
  /// (`ContactReload.reapply(_:madeTo:onto:)`) and says so — what changed both ways
  /// too — and the next Ctrl-S saves on top of that version. `nil`: the refusal is
  /// only shown.
  public var reload: (@MainActor (Contact) throws -> Contact)?
  /// The edited contact as last reloaded from disk after a refused save (`reload`),
  /// or `nil` when it was not reloaded: what a later save updates, and what a card
  /// should show when the form is left without saving.
  public private(set) var reloadedPerson: Contact?
  /// The form after the last key, for inspection in tests.
  public private(set) var state: NewPersonState?

  /// A form, pre-filled with `displayedPerson` when given.
  public init(displayedPerson: Contact? = nil, isEditing: Bool = false) {
    self.displayedPerson = displayedPerson
    self.isEditing = isEditing
  }

  /// Runs the form on `screen` until it is saved, cancelled, or an existing contact is
  /// chosen; then calls the delegate. Returns how it ended. Blocks the main actor
  /// until then.
  @discardableResult
  public func run(on screen: any Screen) -> NewPersonResult {
    let session = FormSession(controller: self, state: initialState(), screen: screen)
    return end(session, with: InteractionLoop.run(from: session.start()))
  }

  /// Presents the form on `screen` and returns how it ended (for callers who want a
  /// value rather than a delegate). The delegate is called too. Suspends while it
  /// waits for a key, the main actor free for other tasks (see
  /// `PeoplePickerController.present(on:)`); `save` and `reload` run on the main actor.
  public func present(on screen: any Screen) async -> NewPersonResult {
    let session = FormSession(controller: self, state: initialState(), screen: screen)
    return end(session, with: await InteractionLoop.present(from: session.start()))
  }

  private func initialState() -> NewPersonState {
    var state = NewPersonState(
      contact: displayedPerson, isEditing: isEditing, existingContacts: existingContacts, region: region,
      duplicateCandidates: duplicateCandidates, parentGroup: parentGroup, nameOrder: nameOrder,
      newIdentifier: isEditing ? "" : makeIdentifier())
    state.allowsDeleting = isEditing && delete != nil
    state.groupNames = isEditing ? groupNames : nil
    // The home folder written `~`, once for the form (not in every frame).
    let home = ProcessInfo.processInfo.environment["HOME"]
    state.home = home
    if !isEditing {
      state.destination = destination.map { NewPersonView.abbreviatingHome($0, home: home) }
      state.destinations = destinations.map { NewPersonView.abbreviatingHome($0, home: home) }
    } else if let source = displayedPerson?.source, !source.isEmpty {
      state.deletedFrom = NewPersonView.abbreviatingHome(source, home: home)
    }
    return state
  }

  private func end(_ session: FormSession, with result: NewPersonResult) -> NewPersonResult {
    state = session.state
    switch result {
    case .completed(let contact): delegate?.newPersonViewController(self, didCompleteWith: contact)
    case .choseExisting(let contact): delegate?.newPersonViewController(self, didChooseExisting: contact)
    case .deleted(let contact): delegate?.newPersonViewController(self, didDelete: contact)
    case .cancelled: delegate?.newPersonViewController(self, didCompleteWith: nil)
    }
    return result
  }

  /// One run of the form: feeds `NewPersonState` (the form as a value: a key in, an
  /// action out) and does what it says — saves, ends — and draws it.
  @MainActor
  private final class FormSession {
    private unowned let controller: NewPersonViewController
    private let screen: any Screen
    private(set) var state: NewPersonState

    init(controller: NewPersonViewController, state: NewPersonState, screen: any Screen) {
      self.controller = controller
      self.state = state
      self.screen = screen
    }

    func start() -> InteractionStep<NewPersonResult> {
      layout()
      draw()
      return next()
    }

    /// Scrolls the focused field into view for the screen's size.
    private func layout() {
      NewPersonView.scrollToFocus(&state, rows: screen.size.rows, columns: screen.size.columns)
    }

    /// Presents the form (pure: nothing changes).
    private func draw() { present(state) }

    /// Presents `shown` (the form's state, or a frame of it only shown).
    private func present(_ shown: NewPersonState) {
      let size = screen.size
      screen.present(NewPersonView.render(shown, rows: size.rows, columns: size.columns, color: screen.colorEnabled))
    }

    /// Presents the form with "saving…" on its message line while the save seam runs:
    /// a server book's save waits for its server (at most the account's `timeout`).
    /// The state keeps its own message: a refused save replaces it, a done one ends.
    private func showSaving() {
      var shown = state
      shown.message = L10n.text("saving…")
      shown.messageIsError = false
      present(shown)
    }

    private func next() -> InteractionStep<NewPersonResult> {
      .next(
        .input(on: screen, timeout: nil) { [self] input in
          switch input {
          case .ended: return .finished(.cancelled)
          case .timedOut: return next()
          case .key(let key): return handle(key)
          }
        })
    }

    /// Takes `key`, and after a typed character every key already waiting (typed
    /// ahead, or text a terminal sent without bracketed paste): the form is drawn once
    /// for the burst, not once per key, which would cost with the square of its length.
    private func handle(_ key: KeyEvent) -> InteractionStep<NewPersonResult> {
      var key = key
      while true {
        if let step = take(key) { return step }
        guard case .character = key, let waiting = screen.waitingKey() else { break }
        key = waiting
      }
      layout()
      draw()
      return next()
    }

    /// Does what `key` does; the step that ends the form, or `nil` to go on.
    private func take(_ key: KeyEvent) -> InteractionStep<NewPersonResult>? {
      switch state.handle(key) {
      case .none: break
      case .cancel: return .finished(.cancelled)
      case .complete(let contact): return .finished(.completed(contact))
      case .chooseExisting(let contact): return .finished(.choseExisting(contact))
      case .delete(let contact):
        guard let delete = controller.delete else { break }
        do {
          try delete(contact)
          return .finished(.deleted(contact))
        } catch {
          state.showSaveError(NewPersonViewController.describe(error), refused: L10n.text("not deleted: "))
        }
      case .save(let contact):
        if let chosen = state.destinations.firstIndex(where: { $0 == state.destination }) {
          controller.destinationChosen?(controller.destinations[chosen])
        }
        guard let save = controller.save else { return .finished(.completed(contact)) }
        showSaving()
        do {
          return .finished(.completed(try save(contact)))
        } catch {
          if !controller.reloadAfterConflict(error, edited: contact, state: &state) {
            state.showSaveError(NewPersonViewController.describe(error))
          }
        }
      }
      return nil
    }
  }

  /// What the form says after a save refused because another program changed the
  /// card (on disk, or `onServer`: another client, on a CardDAV server), which was
  /// reloaded with the edit on top: `name` (empty: "the contact"), and the fields
  /// `conflicts` both changed (the edit kept), in the language in use.
  static func conflictMessage(name: String, conflicts: [String], onServer: Bool = false) -> String {
    let shown = name.isEmpty ? L10n.text("the contact") : name
    var message =
      onServer
      ? L10n.format(
        "not saved: %s was changed on the server by another client. Reloaded: the form shows the card as it is now "
          + "with your changes on top of it", shown)
      : L10n.format(
        "not saved: %s was changed on disk by another program. Reloaded: the form shows the card as it is now "
          + "with your changes on top of it", shown)
    if !conflicts.isEmpty {
      message += L10n.format(", yours kept where both changed it (%s)", conflicts.joined(separator: "; "))
    }
    return message + L10n.text(". Check it and press ^S to save, or Esc to leave it as it is on disk.")
  }

  /// After a save refused because the card changed on disk: reloads it, puts the
  /// edit re-applied to it in the form and tells the user. `false` when the error is
  /// not such a refusal, nothing can be reloaded, or the card on disk is the one
  /// the form started from (the error is then shown as it is).
  private func reloadAfterConflict(_ error: any Error, edited: Contact, state: inout NewPersonState) -> Bool {
    guard isEditing, let reload, let refusal = error as? ContactStoreError, refusal.kind == .conflict else {
      return false
    }
    let original = state.form.original
    let current: Contact
    do {
      current = try reload(original)
    } catch {
      state.showSaveError(L10n.format("%s — reloading it failed: %s", Self.describe(refusal), Self.describe(error)))
      return true
    }
    guard current != original else { return false }
    reloadedPerson = current
    let again = ContactReload.reapply(edited, madeTo: original, onto: current)
    // A server book's refusal names the card's URL; a file's, the file.
    let onServer = refusal.source.hasPrefix("https://") || refusal.source.hasPrefix("http://")
    let message = Self.conflictMessage(name: current.displayName, conflicts: again.conflicts, onServer: onServer)
    state.reload(NewPersonForm(editing: current, showing: again.contact), message: message)
    return true
  }

  /// The text shown for a failed save: `LocalizedError.errorDescription`, else the
  /// error's description, on one line.
  nonisolated static func describe(_ error: any Error) -> String {
    let text = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
