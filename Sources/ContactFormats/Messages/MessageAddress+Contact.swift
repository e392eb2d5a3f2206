import ContactKit
import CpickSupport

extension MessageAddress {
  /// The display name as a person's name: `""` when there is none, or when it is
  /// only the address again (`"ada@example.org" <ada@example.org>`, `'ada@example.org'`).
  public var personName: String {
    var name = displayName.trimmingSpaces
    name = NameSplitter.stripEnclosingQuotes(name)
    // A name without the address's `@` is not the address (most names: no lower-casing).
    if address.utf8.contains(UInt8(ascii: "@")) && !name.utf8.contains(UInt8(ascii: "@")) { return name }
    if name.lowercased() == address.lowercased() { return "" }
    if name.hasPrefix("<") && name.hasSuffix(">") && name.dropFirst().dropLast().lowercased() == address.lowercased() {
      return ""
    }
    return name
  }

  /// The name parts of the display name (`NameSplitter`); empty when there is no name.
  public var nameParts: NameParts {
    NameSplitter.split(personName)
  }

  /// A partial contact for the unknown-person card or the new-person form: the name
  /// parts of the display name, the display name as its `FN` (`formattedName`) as the
  /// message wrote it, and the address as an email labelled `emailLabel` (`nil`: no
  /// label, shown as `email`; `"other"`, `"work"`, … as wanted).
  ///
  /// The name is kept as written (`AWS Notifications`, `Nguyễn Văn An`), not composed
  /// again from the parts the splitter guessed (which read `AWS` as a family name in
  /// capitals); but a name in the sorting form `Family, Given` and one with a nickname
  /// in quotes are composed from their parts (`Ada Lovelace`), as a card shows them.
  /// A name in capitals stays so (`LOVELACE Ada`). The new-person form composes the
  /// name again once it is corrected there (`NewPersonForm`).
  ///
  /// The contact and its email have empty identifiers and source, as a pre-filled
  /// form expects (the form gives fresh ones when it saves).
  public func contact(emailLabel: String? = nil) -> Contact {
    var contact = Contact(identifier: "", source: "")
    let parts = nameParts
    parts.fill(&contact)
    let name = personName.collapsingWhitespace
    if !parts.isEmpty && parts.nickname.isEmpty && !name.contains(",") { contact.formattedName = name }
    contact.emailAddresses = [LabeledValue(identifier: "", label: emailLabel, value: address)]
    return contact
  }
}

extension MessageAddress {
  /// One partial contact from several mailboxes of the same person (`--all`, e.g.
  /// `From` and `Reply-To`): the name (`contact(emailLabel:)`: its parts and `FN`) of
  /// the first mailbox with a name, every address once (compared without regard to
  /// case), in order.
  public static func contact(for addresses: [MessageAddress], emailLabel: String? = nil) -> Contact {
    let named = addresses.first { !$0.personName.isEmpty } ?? addresses.first
    var contact = named?.contact(emailLabel: emailLabel) ?? Contact(identifier: "", source: "")
    var seen = Set<String>()
    contact.emailAddresses = addresses.compactMap { address in
      guard seen.insert(address.address.lowercased()).inserted else { return nil }
      return LabeledValue(identifier: "", label: emailLabel, value: address.address)
    }
    return contact
  }
}
