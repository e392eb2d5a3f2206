import Foundation
import ContactKit
import ContactPicker

/// Formats what cpick prints on stdout (PRODUCT.md "The JSON on stdout", `--format`).
enum Output {
  /// The document for a chosen person: `{"event":"didSelectPerson","person":{…}}` in
  /// `json`; the person alone in `jsonl`; a mailbox line; the display name for `value`.
  static func selectedPerson(_ contact: Contact, format: Options.Format) -> String {
    switch format {
    case .json:
      return JSONValue.object([("event", .string("didSelectPerson")), ("person", PersonJSON.person(contact))])
        .serialized
    default:
      return line(contact, format: format)
    }
  }

  /// One contact as a line of a list (`query`, `list`).
  static func line(_ contact: Contact, format: Options.Format) -> String {
    switch format {
    case .json, .jsonl:
      return PersonJSON.person(contact).serialized
    case .mailbox:
      return Mailbox.format(name: contact.displayName, address: contact.emailAddresses.first?.value ?? "")
    case .value:
      return plain(contact.displayName)
    case .tsv:
      return [
        contact.displayName, contact.emailAddresses.first?.value ?? "", contact.phoneNumbers.first?.value ?? "",
        contact.organizationName, contact.identifier,
      ].map(plain).joined(separator: "\t")
    }
  }

  /// Text for line-based formats: controls and tabs become spaces so a value can
  /// neither split a line nor reach the terminal as an escape sequence.
  static func plain(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          let v = scalar.value
          let unsafe =
            v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x2028 || v == 0x2029
          return unsafe ? " " : scalar
        }))
  }
}

/// RFC 5322 mailboxes: `"Display Name" <addr>`, the name quoted only where needed.
enum Mailbox {
  /// `Name <address>`; the name is quoted when it holds specials (RFC 5322 §3.2.3),
  /// just the address when there is no name, just the name when there is no address.
  static func format(name rawName: String, address: String) -> String {
    let name = Output.plain(rawName).trimmingCharacters(in: [" "])
    guard !address.isEmpty else { return name }
    guard !name.isEmpty else { return address }
    let specials: Set<Character> = ["(", ")", "<", ">", "[", "]", ":", ";", "@", "\\", ",", ".", "\""]
    let display =
      name.contains(where: { specials.contains($0) })
      ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
      : name
    return "\(display) <\(address)>"
  }
}
