import ContactKit
import CpickSupport
import Foundation

/// RFC 5322 mailboxes for mail headers: `Ada Lovelace <ada@example.org>`.
public enum Mailbox {
  /// The specials of RFC 5322 §3.2.3 (`( ) < > [ ] : ; @ \ , . "`): a display name
  /// that holds one (as a character of its own) is quoted.
  static let specials: Set<Character> = ["(", ")", "<", ">", "[", "]", ":", ";", "@", "\\", ",", ".", "\""]

  /// `Name <address>`; the name becomes a quoted-string (RFC 5322 §3.2.4) when it
  /// holds specials (§3.2.3: `( ) < > [ ] : ; @ \ , . "`) or `=?`, which would begin
  /// an encoded-word a mail reader decodes (RFC 2047 §5: not inside a quoted-string;
  /// `=?utf-8?q?x?=` would show as `x`), with `\` and `"` escaped;
  /// non-ASCII is left as UTF-8 (RFC 6532). Controls become spaces; invisible
  /// characters are removed (`InvisibleCharacters`: from the address all, from the
  /// name those that do no job there). Just the address when the name is empty; just
  /// the name when the address is.
  public static func string(name rawName: String, address rawAddress: String) -> String {
    // Invisible characters first: the bidi controls among them (U+202E, U+2066…) are
    // removed as the warning says, not made spaces with the other unsafe characters.
    let name = PlainText.line(InvisibleCharacters.removingHidden(rawName)).trimmingSpaces
    var address = PlainText.line(InvisibleCharacters.removingAll(rawAddress))
    if address.utf8.contains(0x20) { address = withoutBlanksOutsideQuotes(address) }
    guard !address.isEmpty else { return name }
    guard !name.isEmpty else { return address }
    let display =
      (name.utf8.contains(where: isSpecialByte) && name.contains(where: { specials.contains($0) }))
        || Self.opensEncodedWord(name)
      ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
      : name
    return "\(display) <\(address)>"
  }
}

extension Mailbox {
  /// `address` without its spaces (a card's `ada @ example.org`), but those inside a
  /// quoted local part (`"john smith"@x.example`, RFC 5322 §3.4.1: another address
  /// than `"johnsmith"@…`).
  static func withoutBlanksOutsideQuotes(_ address: String) -> String {
    var out = ""
    var quoted = false
    var escaped = false
    for character in address {
      if character == "\"" && !escaped { quoted.toggle() }
      escaped = quoted && !escaped && character == "\\"
      if character == " " && !quoted { continue }
      out.append(character)
    }
    return out
  }

  /// Whether `name` holds `=?`, which begins an RFC 2047 encoded-word (looked for in
  /// its bytes: on every mailbox written).
  static func opensEncodedWord(_ name: String) -> Bool {
    var previous: UInt8 = 0
    for byte in name.utf8 {
      if previous == UInt8(ascii: "="), byte == UInt8(ascii: "?") { return true }
      previous = byte
    }
    return false
  }

  /// The mailbox of `contact` at `address` (an `EMAIL` value): its name (in `order`),
  /// left out when the name is only the fallback to an address or a number (a card
  /// with no name). A value that holds a whole mailbox or several addresses
  /// (`addresses(inEmailValue:)`) gives one mailbox per address, joined by `, `.
  public static func string(
    for contact: Contact, address: String, order: ContactFormatter.NameOrder = .auto
  ) -> String {
    let name = realName(of: contact, address: address, order: order)
    return addresses(inEmailValue: address)
      .map { string(name: name == $0 ? "" : name, address: $0) }
      .joined(separator: ", ")
  }

  /// The email value a contact's mailbox is written with: the first, in preference
  /// order, that holds an address (`addresses(inEmailValue:)`), on one line; nil when
  /// none does.
  public static func mailboxEmail(of contact: Contact) -> String? {
    contact.properties(for: .emailAddresses).lazy.map(\.value.singleLine).first { !addresses(inEmailValue: $0).isEmpty }
  }

  /// The addresses (RFC 5322 §3.4.1 addr-specs) that an `EMAIL` value holds, for a
  /// mail header or a mail client's address book.
  ///
  /// RFC 6350 §6.4.2 makes the value one address, and it nearly always is: then the
  /// result is that value, trimmed. Exporters also write a whole mailbox
  /// (`"Ada L" <ada@example.org>` → `ada@example.org`), a `mailto:` URI
  /// (`mailto:ada@example.org`), or several addresses separated by commas or
  /// semicolons (`a@example.org, b@example.org`, from an escaped `\,` in the card):
  /// each address is taken from its part; a comma inside quotes or angle brackets
  /// separates nothing. A value whose parts do not all hold an `@` is one address, as
  /// written (with its `<…>` or `mailto:` taken off).
  ///
  /// Invisible characters (default-ignorable code points: U+200B, U+FEFF, …) are
  /// removed, as from any address (`InvisibleCharacters.removingAll`); what is then
  /// nothing but `@` (`⟨U+200B⟩@⟨U+200B⟩`) is no address.
  ///
  /// - Returns: at least one element when `value` holds anything but blanks,
  ///   invisible characters and `@`, and no control character; none otherwise.
  public static func addresses(inEmailValue rawValue: String) -> [String] {
    plainAddresses(rawValue) ?? addressesRead(inEmailValue: rawValue)
  }

  /// The address an `EMAIL` value holds as a line of text (`{email}`, `-f value`, a TSV
  /// column): its addresses (`addresses(inEmailValue:)`, `"Real Person" <a@x.example>`
  /// → `a@x.example`), comma-separated when several; the value without invisible
  /// characters when it holds none.
  public static func address(inEmailValue value: String) -> String {
    let found = addresses(inEmailValue: value)
    return found.isEmpty ? InvisibleCharacters.removingAll(value) : found.joined(separator: ", ")
  }

  /// A property's value as one line of text (`-f value`, a TSV column, a template's
  /// `{value}`): an `EMAIL`'s address (`address(inEmailValue:)`), any other value's
  /// single line.
  public static func lineValue(of property: ContactProperty) -> String {
    lineValue(property.value.singleLine, key: property.key)
  }

  /// A value of `key` as one line of text (`lineValue(of:)`), from the value's line.
  public static func lineValue(_ value: String, key: ContactKey?) -> String {
    key == .emailAddresses ? address(inEmailValue: value) : value
  }

  /// `addresses(inEmailValue:)` of any value, read character by character.
  static func addressesRead(inEmailValue rawValue: String) -> [String] {
    let value = InvisibleCharacters.removingAll(rawValue)
    let parts = splitAddressList(value).map(addrSpec).filter { !$0.isEmpty }
    if parts.count > 1 && parts.allSatisfy({ $0.contains("@") }) { return parts.filter(isAddress) }
    let whole = addrSpec(value)
    return isAddress(whole) ? [whole] : []
  }

  /// Whether `byte` is the byte of one of the `specials` (which are ASCII): a name
  /// without such a byte holds no special, told without reading its characters.
  private static func isSpecialByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x3A, 0x3B, 0x40, 0x5C, 0x2C, 0x2E, 0x22: return true
    default: return false
    }
  }

  /// What `addresses(inEmailValue:)` gives for a value that is one plain address, as
  /// nearly every `EMAIL` value is — printable ASCII (no invisible character) without
  /// `<`, `>`, `,`, `;`, `"`, `\` or `(`, without a blank at either end and without a
  /// `mailto:` prefix: the value itself, or nothing when it is all `@`. Told by its
  /// bytes, without the general reading's passes over its characters (`list -f
  /// mailbox` of 100,000 contacts spent most of its time there). Nil for any other
  /// value.
  static func plainAddresses(_ value: String) -> [String]? {
    var value = value
    let plain: Bool? = value.withUTF8 { bytes in
      guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return nil }
      if bytes.count >= 7, bytes[0] | 0x20 == UInt8(ascii: "m"),
        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<7]), as: UTF8.self).lowercased() == "mailto:"
      {
        return nil
      }
      var onlyAt = true
      for byte in bytes {
        switch byte {
        case 0x20...0x7E
        where byte != 0x3C && byte != 0x3E && byte != 0x2C && byte != 0x3B && byte != 0x22 && byte != 0x5C
          && byte != 0x28:
          if byte != 0x40 { onlyAt = false }
        default:
          return nil
        }
      }
      return !onlyAt
    }
    guard let plain else { return nil }
    return plain ? [value] : []
  }

  /// Whether `addrSpec` has anything but `@` (an empty one, or `@` alone once its
  /// invisible characters are removed, is no address) and no control character (one
  /// with an ESC or a C1 control is no address a mail client could send to: not
  /// completed with a blank in its place).
  private static func isAddress(_ addrSpec: String) -> Bool {
    addrSpec.contains { $0 != "@" }
      && !addrSpec.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// `value` cut at each `,` or `;` outside a quoted string and outside `<…>`.
  static func splitAddressList(_ value: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var quoted = false
    var angle = false
    var escaped = false
    for character in value {
      defer { escaped = quoted && !escaped && character == "\\" }
      if escaped {
        current.append(character)
        continue
      }
      switch character {
      case "\"": quoted.toggle()
      case "<" where !quoted: angle = true
      case ">" where !quoted: angle = false
      case ",", ";":
        if !quoted && !angle {
          parts.append(current)
          current = ""
          continue
        }
      default: break
      }
      current.append(character)
    }
    parts.append(current)
    return parts
  }

  /// One address as written: the text inside its last `<…>` when it has one, without
  /// a `mailto:` prefix and RFC 5322 comments (`a@x.example (Work)`), trimmed.
  static func addrSpec(_ part: String) -> String {
    var text = Substring(part)
    if let open = text.lastIndex(of: "<"), let close = text[open...].firstIndex(of: ">") {
      text = text[text.index(after: open)..<close]
    } else if text.contains("("), !text.contains("\""), let stripped = withoutComments(text) {
      text = Substring(stripped)
    }
    text = text.drop { $0.isWhitespace }
    while text.last?.isWhitespace == true { text = text.dropLast() }
    if text.lowercased().hasPrefix("mailto:") { text = text.dropFirst(7) }
    return String(text)
  }

  /// `text` without its parenthesized comments (nested ones too), or nil when a
  /// parenthesis is left open or closes none.
  private static func withoutComments(_ text: Substring) -> String? {
    var out = ""
    var depth = 0
    for character in text {
      if character == "(" {
        depth += 1
      } else if character == ")" {
        guard depth > 0 else { return nil }
        depth -= 1
      } else if depth == 0 {
        out.append(character)
      }
    }
    return depth == 0 ? out : nil
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
/// character, bidi control and line separator (`UnsafeCharacters`) becomes a space, so
/// a value can neither split a line nor reach a terminal as an escape sequence.
public enum PlainText {
  /// `text` with each unsafe character (`UnsafeCharacters`) replaced by a space.
  ///
  /// Read as UTF-8 bytes: text with none of them is given back as it is, without a copy.
  ///
  /// - Complexity: O(n) in the text's UTF-8 length.
  public static func line(_ text: String) -> String {
    var text = text
    let replaced: String? = text.withUTF8 { bytes in
      guard let first = unsafeCharacter(in: bytes, from: 0) else { return nil }
      var next: (start: Int, length: Int)? = first
      return String(unsafeUninitializedCapacity: bytes.count) { out in
        var written = 0
        var position = 0
        while true {
          let end = next?.start ?? bytes.count
          for index in position..<end { out[written + index - position] = bytes[index] }
          written += end - position
          guard let found = next else { break }
          out[written] = 0x20
          written += 1
          position = found.start + found.length
          next = unsafeCharacter(in: bytes, from: position)
        }
        return written
      }
    }
    return replaced ?? text
  }

  /// Where the first unsafe character at or after `start` is in `bytes` (valid UTF-8),
  /// and its length in bytes.
  private static func unsafeCharacter(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (start: Int, length: Int)? {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
        let length = UnsafeCharacters.length(in: bytes, at: index)
        if length > 0 { return (index, length) }
      }
      index += 1
    }
    return nil
  }
}
