import ContactKit
import ContactStores
import TerminalKit
import AddressBook

/// What the card and the picker need to add and edit contacts: the save seam
/// (CNSaveRequest through a `ContactStore`) and the duplicate check's inputs. Set
/// it to allow adding (Ctrl-N in the picker) and editing (`e` on the card); leave it
/// `nil` for a read-only interaction.
public struct ContactEditing {
  /// Saves a new (`original == nil`) or edited contact and returns it as saved (new
  /// UID, source, record).
  ///
  /// - Throws: any error; its description is shown on the form, which stays open.
  public var save: @MainActor (_ contact: Contact, _ original: Contact?) throws -> Contact
  /// What to say once a save went through but not yet to where the book lives (a
  /// server book's edit queued because the server could not be reached), in forms
  /// from the longest to the shortest; asked after each save (`save`), nil when there
  /// is nothing to say. The card shows it on its help line.
  public var saveNotice: (@MainActor () -> [String]?)?
  /// Reads a contact again from its address book, as it is on disk now
  /// (`ContactReload.reload(_:)`). When set, an edit whose save is refused because
  /// the card changed on disk is reloaded in the form, the unsaved changes
  /// re-applied to the new version (`NewPersonViewController.reload`); `nil`: the
  /// refusal is only shown.
  public var reload: (@MainActor (_ contact: Contact) throws -> Contact)?
  /// Deletes a contact from its address book (CNSaveRequest `delete(_:)`;
  /// `SaveRequest.delete(_:)`). When set, the edit form ends with a "Delete Contact"
  /// row that asks first, naming the person; `nil`: no such row.
  ///
  /// - Throws: any error (a card changed on disk since it was read is refused); its
  ///   description is shown on the form, which stays open.
  public var delete: (@MainActor (_ contact: Contact) throws -> Void)?
  /// Creates, renames or deletes a group of the book (`SaveRequest.addGroup(named:)`,
  /// `renameGroup(_:to:)`, `deleteGroup(_:)`), whose members are `members`, and returns
  /// the members as they are now (read again, `ContactReload.reload(_:)`). When set, the
  /// picker's groups view (Ctrl-T) offers Ctrl-N, Ctrl-R and Ctrl-X; `nil`: it does not.
  ///
  /// - Throws: any error; its description is shown in the groups view.
  public var changeGroup: (@MainActor (_ change: GroupChange, _ members: [Contact]) throws -> [Contact])?
  /// How the book that new groups go to stores groups (`ContactStore.groupStorage()`).
  /// A group created in a `CATEGORIES` book is not written (`nil`: not known): the
  /// groups view keeps it for the session and says that it is saved with its first
  /// member (filed from the edit form's groups row).
  public var groupStorage: (@MainActor () -> GroupStorage)?
  /// The groups the edit form's groups row offers to add the person to (by name);
  /// the picker sets them from its list.
  public var groupNames: [String] = []
  /// The contacts the duplicate check of a new contact looks in.
  public var existingContacts: [Contact]
  /// When set, the duplicate check of a new contact looks in what it returns for the
  /// contact about to be saved instead of in `existingContacts`: the candidates a
  /// large book's index finds (`ContactList.duplicateCandidates(of:region:)`), so the
  /// form opens without reading every contact.
  public var duplicateCandidates: (@Sendable (_ contact: Contact, _ region: String) -> [Contact])?
  /// The default region for phone numbers (ISO 3166 alpha-2).
  public var region: String
  /// The order of the form's name rows and of a name it composes (`--name-order`;
  /// `NewPersonViewController.nameOrder`).
  public var nameOrder: ContactFormatter.NameOrder = .auto
  /// The group new contacts are put in (parentGroup).
  public var parentGroup: String?
  /// The address book new contacts are saved to, shown in the new-person form's
  /// title (`NewPersonViewController.destination`); `nil`: not shown.
  public var destination: String?
  /// The address books a new contact can go to, `destination` among them (the form
  /// offers them: `NewPersonViewController.destinations`); empty: no choice.
  public var destinations: [String] = []
  /// Told which of `destinations` the user chose, before `save` is called.
  public var destinationChosen: (@MainActor (String) -> Void)?
  /// Whether a contact can be edited where it is kept (nil: every contact): a
  /// directory's entries are read-only, so their card offers no `e edit`.
  public var isEditable: (@Sendable (Contact) -> Bool)?

  /// Why a contact cannot be edited where it is kept, said when `e` is pressed on its
  /// card (nil: no reason given, or it can be).
  public var whyNotEditable: (@Sendable (Contact) -> String?)?

  /// Whether `contact` can be edited (`isEditable`).
  public func canEdit(_ contact: Contact) -> Bool { isEditable?(contact) ?? true }

  /// Why `contact` cannot be edited (`whyNotEditable`), when it cannot; nil when it can.
  public func refusal(_ contact: Contact) -> String? { canEdit(contact) ? nil : whyNotEditable?(contact) }

  /// Creates the editing settings.
  public init(
    existingContacts: [Contact] = [], region: String = PhoneNumberKey.defaultRegion(), parentGroup: String? = nil,
    save: @escaping @MainActor (_ contact: Contact, _ original: Contact?) throws -> Contact
  ) {
    self.save = save
    self.existingContacts = existingContacts
    self.region = region
    self.parentGroup = parentGroup
  }

  /// Runs the form on `screen` for a new contact (`original == nil`, pre-filled from
  /// `prefill`) or to edit `original`.
  ///
  /// - Parameters:
  ///   - screen: where the form is drawn and reads its keys.
  ///   - original: the contact to edit; `nil` for a new one.
  ///   - prefill: for a new contact, the values the form starts with.
  ///   - reloaded: told the contact as reloaded from disk when a save of the edit was
  ///     refused because the card changed there (`reload`): what the card shows from
  ///     then on, even when the form is then left without saving. A later save in the
  ///     form updates that version.
  /// - Returns: how the form ended: the contact saved, an existing contact chosen
  ///   instead (the duplicate check), or cancelled.
  @MainActor
  public func runForm(
    on screen: any Screen, editing original: Contact?, prefill: Contact? = nil,
    reloaded: (@MainActor (_ contact: Contact) -> Void)? = nil
  ) -> NewPersonResult {
    form(editing: original, prefill: prefill, reloaded: reloaded).run(on: screen)
  }

  /// The form for a new contact (`original == nil`, pre-filled from `prefill`) or to
  /// edit `original`, set up from these settings (`runForm(on:editing:prefill:reloaded:)`
  /// runs it).
  @MainActor
  func form(
    editing original: Contact?, prefill: Contact? = nil, reloaded: (@MainActor (_ contact: Contact) -> Void)? = nil
  ) -> NewPersonViewController {
    let form = NewPersonViewController(displayedPerson: original ?? prefill, isEditing: original != nil)
    form.existingContacts = original == nil ? existingContacts : []
    form.duplicateCandidates = original == nil ? duplicateCandidates : nil
    form.region = region
    form.nameOrder = nameOrder
    form.parentGroup = original == nil ? parentGroup : nil
    form.destination = original == nil ? destination : nil
    if original == nil {
      form.destinations = destinations
      form.destinationChosen = destinationChosen
    }
    let save = self.save
    // After a reload, an edit is saved on top of the reloaded version.
    form.save = { [weak form] contact in try save(contact, form?.reloadedPerson ?? original) }
    if original != nil, let delete { form.delete = delete }
    if original != nil { form.groupNames = groupNames }
    if original != nil, let reload {
      form.reload = { stale in
        let fresh = try reload(stale)
        if fresh != stale { reloaded?(fresh) }
        return fresh
      }
    }
    return form
  }

  /// How an edit of a contact ended, for what shows the contact: the version to show
  /// from then on.
  public enum EditOutcome: Sendable, Equatable {
    /// Nothing changed: the contact as it was.
    case unchanged
    /// The edit was saved: the contact as the store returned it.
    case saved(Contact)
    /// A save was refused because the card changed on disk; the card was reloaded (and
    /// not saved over): the version on disk.
    case reloaded(Contact)
    /// The contact was deleted (the "Delete Contact" row): as it was before.
    case deleted(Contact)

    /// Whether the edit was saved.
    public var isSaved: Bool {
      if case .saved = self { true } else { false }
    }
  }

  /// Runs the form to edit `original` (`runForm(on:editing:prefill:reloaded:)`) and
  /// says which version of the contact to show after it.
  ///
  /// - Parameters:
  ///   - screen: where the form is drawn and reads its keys.
  ///   - original: the contact to edit.
  /// - Returns: `.saved` when the edit was saved, `.deleted` when the contact was
  ///   deleted, `.reloaded` when the card was reloaded from disk and the form then left
  ///   (or completed without a change), else `.unchanged`.
  @MainActor
  public func runEditForm(on screen: any Screen, editing original: Contact) -> EditOutcome {
    let edit = EditForm(self, editing: original)
    return edit.outcome(edit.form.run(on: screen))
  }

  /// The form editing a contact, and which version to show once it ends.
  @MainActor
  final class EditForm {
    /// The form (run or present it).
    private(set) var form: NewPersonViewController!
    private let original: Contact
    private var reloaded: Contact?

    init(_ editing: ContactEditing, editing original: Contact) {
      self.original = original
      form = editing.form(editing: original) { [weak self] in self?.reloaded = $0 }
    }

    /// The version to show after the form ended with `result`.
    func outcome(_ result: NewPersonResult) -> EditOutcome {
      if case .deleted(let deleted) = result { return .deleted(deleted) }
      if case .completed(let edited) = result, edited != original, edited != reloaded { return .saved(edited) }
      return reloaded.map(EditOutcome.reloaded) ?? .unchanged
    }
  }
}
