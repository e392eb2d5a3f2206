import ContactKit
import TerminalKit

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
  /// The contacts the duplicate check of a new contact looks in.
  public var existingContacts: [Contact]
  /// When set, the duplicate check of a new contact looks in what it returns for the
  /// contact about to be saved instead of in `existingContacts`: the candidates a
  /// large book's index finds (`ContactList.duplicateCandidates(of:region:)`), so the
  /// form opens without reading every contact.
  public var duplicateCandidates: (@Sendable (_ contact: Contact, _ region: String) -> [Contact])?
  /// The default region for phone numbers (ISO 3166 alpha-2).
  public var region: String
  /// The group new contacts are put in (parentGroup).
  public var parentGroup: String?

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
  @MainActor
  public func runForm(on screen: any Screen, editing original: Contact?, prefill: Contact? = nil) -> NewPersonResult {
    let form = NewPersonViewController(displayedPerson: original ?? prefill, isEditing: original != nil)
    form.existingContacts = original == nil ? existingContacts : []
    form.duplicateCandidates = original == nil ? duplicateCandidates : nil
    form.region = region
    form.parentGroup = original == nil ? parentGroup : nil
    let save = self.save
    form.save = { contact in try save(contact, original) }
    return form.run(on: screen)
  }
}
