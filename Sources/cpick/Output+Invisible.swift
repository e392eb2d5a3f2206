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
  /// them shown (`CPick.printError`). An address that is nothing but invisible
  /// characters around an `@` is said to be left out where a mailbox or an email's
  /// value is written (no line is). A template is warned of for the addresses its
  /// `{mailbox}`, `{email}`, `{value}` (of an email) and `{emailAddresses}` write.
  ///
  /// - Complexity: O(n) in the length of the values written.
  func warnOfInvisibles(_ items: [Item], as format: Options.Format) {
    if let template {
      warnOfInvisibles(items, template: template)
      return
    }
    for item in items {
      switch (format, item) {
      case (.mailbox, .person(let contact)):
        // The emails passed over for holding no address, then the one written.
        let emails = contact.properties(for: .emailAddresses).map(\.value.singleLine)
        let written = emails.firstIndex { !Mailbox.addresses(inEmailValue: $0).isEmpty }
        for (offset, email) in emails.enumerated() where offset <= written ?? emails.count {
          warnOfInvisibles(address: email, name: offset == written, leftOut: true, of: contact)
        }
      case (.mailbox, .property(let property)), (.mutt, .property(let property)), (.aerc, .property(let property)):
        guard property.key == .emailAddresses else { continue }
        warnOfInvisibles(address: property.value.singleLine, name: true, leftOut: true, of: property.contact)
      case (.value, .property(let property)) where property.key == .emailAddresses:
        let address = property.value.singleLine
        warnOfInvisibles(address: address, name: false, leftOut: Self.isInvisibleOnly(address: address), of: property.contact)
      case (.mutt, .person(let contact)), (.aerc, .person(let contact)):
        let emails = contact.properties(for: .emailAddresses)
        for (offset, email) in emails.enumerated() {
          warnOfInvisibles(address: email.value.singleLine, name: offset == 0, leftOut: true, of: contact)
        }
      default:
        continue
      }
    }
  }

  /// The warnings for `template`: of the address its `{mailbox}` writes (a person's
  /// first email that holds an address, `Mailbox.mailboxEmail(of:)`, else the first;
  /// a property's own when it is an email; with the name) and of the first email its
  /// `{email}` writes, of an email property's own that `{value}` writes, and of each
  /// address `{emailAddresses}` (`{emailAddresses.value}`) writes; each address once.
  private func warnOfInvisibles(_ items: [Item], template: String) {
    let mailbox = template.contains("{mailbox}")
    let email = template.contains("{email}")
    let value = template.contains("{value}")
    let list = template.contains("{emailAddresses}") || template.contains("{emailAddresses.value}")
    guard mailbox || email || value || list else { return }
    for item in items {
      let contact: Contact
      var mailboxAddress: String?
      switch item {
      case .person(let person):
        contact = person
        mailboxAddress = Mailbox.mailboxEmail(of: person) ?? person.properties(for: .emailAddresses).first?.value.singleLine
      case .property(let property):
        contact = property.contact
        if property.key == .emailAddresses { mailboxAddress = property.value.singleLine }
      }
      let emails = contact.properties(for: .emailAddresses).map(\.value.singleLine)
      var warned: Set<String> = []
      if mailbox, let mailboxAddress {
        warnOfInvisibles(address: mailboxAddress, name: true, leftOut: true, of: contact)
        warned.insert(mailboxAddress)
      }
      var written: [String] = []
      if email, let first = emails.first { written.append(first) }
      if value, case .property(let property) = item, property.key == .emailAddresses {
        written.append(property.value.singleLine)
      }
      if list { written += emails }
      for address in written where warned.insert(address).inserted {
        warnOfInvisibles(address: address, name: false, leftOut: false, of: contact)
      }
    }
  }

  /// Warns of the invisible characters of `address` (and of the display name when
  /// `name`); `leftOut`: the address is not written when nothing of it is left, and a
  /// value that holds no address at all (`@`) is said to be left out too.
  private func warnOfInvisibles(address: String, name: Bool, leftOut: Bool, of contact: Contact) {
    // Made only for a warning (nearly every address and name needs none).
    var shownName: String { ContactFormatter.shown(contact.displayNameInOrder(nameOrder)) }
    let invisible =
      !InvisibleCharacters.isASCII(address)
      && address.unicodeScalars.contains(where: InvisibleCharacters.isDefaultIgnorable)
    // Nothing of the address is written.
    let dropped = leftOut && Mailbox.addresses(inEmailValue: address).isEmpty
    if dropped, !invisible, !address.allSatisfy(\.isWhitespace) {
      CPick.printError(
        "cpick: " + L10n.format("warning: %s: the address \"%s\" holds no address; left out", shownName, address))
    }
    if invisible {
      let points = InvisibleCharacters.codePoints(in: address, all: true)
      let warning =
        dropped
        ? L10n.format(
          "warning: %s: the address \"%s\" is nothing but invisible characters (%s); left out", shownName, address, points)
        : L10n.format(
          "warning: %s: the address \"%s\" holds invisible characters (%s); written without them", shownName, address,
          points)
      CPick.printError("cpick: " + warning)
    }
    guard name else { return }
    let displayName = contact.displayNameInOrder(nameOrder)
    if InvisibleCharacters.containsHidden(displayName) {
      let points = InvisibleCharacters.codePoints(in: displayName, all: false)
      CPick.printError(
        "cpick: "
          + L10n.format("warning: the name \"%s\" holds invisible characters (%s); written without them", displayName, points))
    }
  }
}
