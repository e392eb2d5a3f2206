import ContactKit
import Foundation

/// RFC 5322 mailboxes for mail headers: `Ada Lovelace <ada@example.org>`.
public enum Mailbox {
  /// `Name <address>`; the name becomes a quoted-string (RFC 5322 §3.2.4) when it
  /// holds specials (§3.2.3: `( ) < > [ ] : ; @ \ , . "`), with `\` and `"` escaped;
  /// non-ASCII is left as UTF-8 (RFC 6532). Controls become spaces. Just the address
  /// when the name is empty; just the name when the address is.
  public static func string(name rawName: String, address rawAddress: String) -> String {
    let name = PlainText.line(rawName).trimmingCharacters(in: .whitespaces)
    let address = PlainText.line(rawAddress).filter { $0 != " " }
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

extension Mailbox {
  /// The mailbox of `contact` at `address`: its name (in `order`), left out when the
  /// name is only the fallback to an address or a number (a card with no name).
  public static func string(
    for contact: Contact, address: String, order: ContactFormatter.NameOrder = .auto
  ) -> String {
    string(name: realName(of: contact, address: address, order: order), address: address)
  }

  /// The contact's name, or empty when its display name is only a fallback to an
  /// address or a number.
  public static func realName(
    of contact: Contact, address: String, order: ContactFormatter.NameOrder = .auto
  ) -> String {
    let name = contact.displayNameInOrder(order)
    if name == address { return "" }
    if contact.emailAddresses.contains(where: { $0.value == name }) { return "" }
    if contact.phoneNumbers.contains(where: { $0.value == name }) { return "" }
    return name
  }
}

/// Text for line-based output (`value`, `mailbox`, `tsv`, templates): every control
/// character, bidi control and line separator becomes a space, so a value can
/// neither split a line nor reach a terminal as an escape sequence.
public enum PlainText {
  /// `text` with unsafe characters replaced by spaces.
  public static func line(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          let v = scalar.value
          let unsafe =
            v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x2028 || v == 0x2029 || v == 0x200E || v == 0x200F || v == 0x061C
          return unsafe ? " " : scalar
        }))
  }
}
