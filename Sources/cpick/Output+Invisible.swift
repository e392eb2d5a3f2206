import ContactFormats
import ContactKit
import CpickSupport
import Localization

extension Output {
  /// Warns on stderr of the invisible characters (`InvisibleCharacters`) that `format`
  /// removes from what it writes of `items`: every default-ignorable code point of an
  /// address (`-f mailbox`, `value` of an email, `--format mutt`, `aerc`), and from the
  /// name of a mailbox or a mail client's line those that do no job there. One line a
  /// value, naming the contact and the code points; the value itself is quoted with
  /// them shown (`CPick.printError`). Nothing is said for a template (its `{mailbox}`
  /// removes them all the same; its `{value}` writes a value as it is).
  ///
  /// - Complexity: O(n) in the length of the values written.
  func warnOfInvisibles(_ items: [Item], as format: Options.Format) {
    guard template == nil else { return }
    for item in items {
      switch (format, item) {
      case (.mailbox, .person(let contact)):
        guard let email = contact.properties(for: .emailAddresses).first else { continue }
        warnOfInvisibles(address: email.value.singleLine, name: true, of: contact)
      case (.mailbox, .property(let property)), (.mutt, .property(let property)), (.aerc, .property(let property)):
        guard property.key == .emailAddresses else { continue }
        warnOfInvisibles(address: property.value.singleLine, name: true, of: property.contact)
      case (.value, .property(let property)) where property.key == .emailAddresses:
        warnOfInvisibles(address: property.value.singleLine, name: false, of: property.contact)
      case (.mutt, .person(let contact)), (.aerc, .person(let contact)):
        let emails = contact.properties(for: .emailAddresses)
        for (offset, email) in emails.enumerated() {
          warnOfInvisibles(address: email.value.singleLine, name: offset == 0, of: contact)
        }
      default:
        continue
      }
    }
  }

  private func warnOfInvisibles(address: String, name: Bool, of contact: Contact) {
    let shownName = ContactFormatter.shown(contact.displayNameInOrder(nameOrder))
    if address.unicodeScalars.contains(where: InvisibleCharacters.isDefaultIgnorable) {
      let points = InvisibleCharacters.codePoints(in: address, all: true)
      CPick.printError(
        "cpick: "
          + L10n.format(
            "warning: %s: the address \"%s\" holds invisible characters (%s); written without them", shownName, address,
            points))
    }
    let displayName = contact.displayNameInOrder(nameOrder)
    if name, InvisibleCharacters.containsHidden(displayName) {
      let points = InvisibleCharacters.codePoints(in: displayName, all: false)
      CPick.printError(
        "cpick: "
          + L10n.format("warning: the name \"%s\" holds invisible characters (%s); written without them", displayName, points))
    }
  }
}
