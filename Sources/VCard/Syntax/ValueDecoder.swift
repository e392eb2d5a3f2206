import Foundation

/// Transfer and charset decoding of values, and the text escapes of vCard values.
public enum ValueDecoder {
  /// The value of a content line as text: quoted-printable decoded (vCard 2.1 §2.1.3,
  /// RFC 2045 §6.7, leniently: `=` not followed by two hex digits stays as written),
  /// then decoded with `CHARSET` or, without one, as UTF-8 with a fallback to
  /// `fallbackCharset` (the legacy charset the file declares elsewhere) or
  /// Windows-1252. Base64 values stay as written. vCard escapes are kept.
  static func decode(
    _ raw: UnsafeBufferPointer<UInt8>, parameters: [VCardParameter], fallbackCharset: String? = nil
  ) -> String {
    let encoding = parameters.isEmpty ? nil : VCardParameter.transferEncoding(in: parameters)
    let charset = parameters.last { $0.name == "CHARSET" }?.values.first
    return decode(raw, encoding: encoding, charset: charset, fallbackCharset: fallbackCharset)
  }

  /// `decode` with the transfer encoding and charset already looked up.
  static func decode(
    _ raw: UnsafeBufferPointer<UInt8>, encoding: String?, charset: String?, fallbackCharset: String?
  ) -> String {
    if encoding == nil && charset == nil, let text = String(validating: raw, as: UTF8.self) {
      return composed(text, raw)
    }
    var bytes = Array(raw)
    if encoding == "QUOTED-PRINTABLE" { bytes = decodeQuotedPrintable(bytes) }
    let text: String
    if let charset, let decoded = CharsetDecoder.decode(bytes, charset: charset) {
      text = decoded
    } else if let charset, charset.uppercased().hasPrefix("UTF") {
      text = String(decoding: bytes, as: UTF8.self)
    } else {
      text = CharsetDecoder.decodeUndeclared(bytes, fallback: fallbackCharset)
    }
    return composed(text)
  }

  /// `decode` for bytes in an array slice.
  static func decode(
    _ raw: ArraySlice<UInt8>, parameters: [VCardParameter], fallbackCharset: String? = nil
  ) -> String {
    raw.withUnsafeBufferPointer { decode($0, parameters: parameters, fallbackCharset: fallbackCharset) }
  }

  /// `text` in Unicode Normalization Form C (macOS exports decomposed "u\u{308}"),
  /// so names compare and print the same whatever wrote them.
  static func composed(_ text: String) -> String {
    // A string whose scalars are all below U+0300 (ASCII, Latin-1, Latin Extended-A
    // and -B: no combining marks) is already in NFC; only others go to the normalizer.
    // In UTF-8 those are the strings without a byte from 0xCC.
    guard text.utf8.contains(where: { $0 >= 0xCC }) else { return text }
    return text.precomposedStringWithCanonicalMapping
  }

  /// `composed` for `text` made from the UTF-8 `bytes`.
  static func composed(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    for byte in bytes where byte >= 0xCC { return text.precomposedStringWithCanonicalMapping }
    return text
  }

  /// Quoted-printable to bytes; soft line breaks (`=` CRLF) removed.
  static func decodeQuotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "=") {
        if let high = hexValue(bytes, index + 1), let low = hexValue(bytes, index + 2)
        {
          out.append(high << 4 | low)
          index += 3
          continue
        }
        if index + 1 < bytes.count, bytes[index + 1] == 0x0D || bytes[index + 1] == 0x0A {
          index += 1
          while index < bytes.count, bytes[index] == 0x0D || bytes[index] == 0x0A { index += 1 }
          continue
        }
        if index + 1 == bytes.count { break }  // trailing soft break
      }
      out.append(byte)
      index += 1
    }
    return out
  }

  private static func hexValue(_ bytes: [UInt8], _ index: Int) -> UInt8? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case 0x30...0x39: return bytes[index] - 0x30
    case 0x41...0x46: return bytes[index] - 0x41 + 10
    case 0x61...0x66: return bytes[index] - 0x61 + 10
    default: return nil
    }
  }

  /// Removes the text escapes of RFC 6350 §3.4: `\n` `\N` newline, `\\`, `\,`, `\;`,
  /// and Apple's `\:`. A backslash before any other character is kept.
  public static func unescape<S: StringProtocol>(_ text: S) -> String {
    guard text.utf8.contains(0x5C) else { return String(text) }
    if let fast = unescapeUTF8(text.utf8) { return fast }
    var out = ""
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      guard character == "\\" else {
        out.append(character)
        continue
      }
      switch iterator.next() {
      case "n"?, "N"?: out.append("\n")
      case "\\"?: out.append("\\")
      case ","?: out.append(",")
      case ";"?: out.append(";")
      case ":"?: out.append(":")
      case let other?: out.append("\\"); out.append(other)
      case nil: out.append("\\")
      }
    }
    return out
  }

  /// `unescape` on bytes, or `nil` when a backslash or the character after it could
  /// join a combining mark (a byte from 0xCC follows), where characters decide.
  private static func unescapeUTF8(_ utf8: some Collection<UInt8>) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count)
    var iterator = utf8.makeIterator()
    var pending = iterator.next()
    var previousLead: UInt8 = 0
    while let byte = pending {
      pending = iterator.next()
      guard byte == 0x5C else {
        if byte & 0xC0 != 0x80 { previousLead = byte }
        out.append(byte)
        continue
      }
      // A prepended mark (U+0600…, U+110BD …) joins the backslash into one character.
      if isPrependLead(previousLead) { return nil }
      previousLead = 0x5C
      if let next = pending, next >= 0xCC { return nil }
      guard let next = pending else {
        out.append(0x5C)
        break
      }
      pending = iterator.next()
      previousLead = next
      if next >= 0x80 { return nil }  // a character of several bytes after the backslash
      if let after = pending, after >= 0xCC { return nil }
      switch next {
      case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(0x0A)
      case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): out.append(next)
      case 0x0D:
        return nil  // "\r\n" is one character
      default:
        out.append(0x5C)
        out.append(next)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Splits a value on unescaped `separator` (`;` for structured values such as `N`
  /// and `ADR`, `,` for lists such as `CATEGORIES`; RFC 6350 §3.4), each part still
  /// escaped.
  public static func split(_ text: String, separator: Character) -> [Substring] {
    if let ascii = separator.asciiValue, let fast = splitUTF8(text, separator: ascii) { return fast }
    var parts: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\\" {
        index = text.index(after: index)
        if index < text.endIndex { index = text.index(after: index) }
        continue
      }
      if character == separator {
        parts.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    parts.append(text[start..<text.endIndex])
    return parts
  }

  /// `split` on bytes, or `nil` when characters could differ from bytes there (a
  /// byte from 0xCC — a possible combining mark — after a separator or backslash, or
  /// a CR LF pair).
  private static func splitUTF8(_ text: String, separator: UInt8) -> [Substring]? {
    let utf8 = text.utf8
    var parts: [Substring] = []
    var start = utf8.startIndex
    var index = utf8.startIndex
    let end = utf8.endIndex
    var previousLead: UInt8 = 0
    while index < end {
      let byte = utf8[index]
      if byte == 0x5C || byte == separator {
        if isPrependLead(previousLead) { return nil }
        previousLead = byte
        let next = utf8.index(after: index)
        if next < end {
          let following = utf8[next]
          if following >= 0xCC { return nil }
          if byte == 0x5C {
            if following >= 0x80 || following == 0x0D { return nil }
            previousLead = following
            let after = utf8.index(after: next)
            if after < end && utf8[after] >= 0xCC { return nil }
            index = after
            continue
          }
        }
        parts.append(text[start..<index])
        start = next
        index = next
        continue
      }
      if byte & 0xC0 != 0x80 { previousLead = byte }
      index = utf8.index(after: index)
    }
    parts.append(text[start..<end])
    return parts
  }

  /// Whether a scalar with this UTF-8 lead byte may be a grapheme "prepend"
  /// (U+0600–U+0605, U+06DD, U+070F, U+0890…, U+0D4E, U+110BD …), which forms one
  /// character with what follows.
  @inline(__always)
  private static func isPrependLead(_ lead: UInt8) -> Bool {
    lead == 0xD8 || lead == 0xDB || lead == 0xDC || lead == 0xE0 || lead >= 0xF0
  }

  /// Structured components, each unescaped: `N`, `ADR`, `ORG` (RFC 6350 §6.2.2, §6.3.1, §6.6.4).
  public static func components(_ text: String) -> [String] {
    split(text, separator: ";").map { unescape($0) }
  }

  /// A list value, each item unescaped and trimmed, empties dropped: `CATEGORIES`, `NICKNAME`.
  public static func list(_ text: String) -> [String] {
    split(text, separator: ",").map { unescape($0).trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
  }
}
