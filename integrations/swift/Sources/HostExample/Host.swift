import ContactKit
import ContactPicker
import TerminalKit

/// A mail client in miniature: "choose a recipient", then "here is a sender we don't
/// know". Everything it learns arrives through the delegates, as in an iOS app.
@MainActor
public final class Host: PeoplePickerDelegate, UnknownPersonViewDelegate {
  /// What the host was told, in order, as text.
  public private(set) var log: [String] = []
  private let contacts: [Contact]

  /// A host over an address book.
  public init(contacts: [Contact]) {
    self.contacts = contacts
  }

  /// Presents the people picker for an email address, then the unknown-person card
  /// for `sender`, both on `screen`.
  public func run(on screen: any Screen, sender: Contact) {
    let picker = PeoplePickerController(contacts: contacts)
    picker.selectionMode = .property(.emailAddresses)
    picker.delegate = self
    picker.run(on: screen)

    let card = UnknownPersonViewController(displayedPerson: sender)
    card.existingContacts = contacts
    card.message = "Wrote to you today"
    card.allowsAddingToAddressBook = false  // this host only looks
    card.delegate = self
    card.run(on: screen)
  }

  // MARK: PeoplePickerDelegate

  public func peoplePicker(_ picker: PeoplePickerController, didSelect property: ContactProperty) {
    log.append("picked \(property.contact.displayName) <\(property.value.singleLine)> (\(property.label ?? "no label"))")
  }

  public func peoplePickerDidCancel(_ picker: PeoplePickerController) {
    log.append("picker cancelled")
  }

  // MARK: UnknownPersonViewDelegate

  public func unknownPersonViewController(_ controller: UnknownPersonViewController, didResolveTo contact: Contact?) {
    log.append(contact.map { "resolved to \($0.displayName)" } ?? "unknown person dismissed")
  }

  public func unknownPersonViewController(
    _ controller: UnknownPersonViewController, shouldPerformDefaultActionFor property: ContactProperty
  ) -> Bool {
    log.append("chose \(property.value.singleLine) on the card")
    return true
  }
}
