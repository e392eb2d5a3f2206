import Foundation

/// Transfer and charset decoding of values, and the text escapes of vCard values.
public enum ValueDecoder {
  /// The value of a content line as text: quoted-printable decoded (vCard 2.1 §2.1.3,
  /// RFC 2045 §6.7, leniently: `=` not followed by two hex digits stays as written),
  /// then decoded with `CHARSET` or, without one, as UTF-8 with a fallback to
  /// `fallbackCharset` (the legacy charset the file declares elsewhere) or
  /// Windows-1252. Base64 values stay as written. vCard escapes are kept.
  static func decode(
    _ raw: ArraySlice<UInt8>, parameters: [VCardParameter], fallbackCharset: String? = nil
  ) -> String {
    let encoding = parameters.isEmpty ? nil : VCardParameter.transferEncoding(in: parameters)
    let charset = parameters.last { $0.name == "CHARSET" }?.values.first
    if encoding == nil && charset == nil, let text = String(validating: raw, as: UTF8.self) {
      return composed(text)
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

  /// `text` in Unicode Normalization Form C (macOS exports decomposed "u\u{308}"),
  /// so names compare and print the same whatever wrote them.
  static func composed(_ text: String) -> String {
    // A string whose scalars are all below U+0300 (ASCII, Latin-1, Latin Extended-A
    // and -B: no combining marks) is already in NFC; only others go to the normalizer.
    guard text.unicodeScalars.contains(where: { $0.value >= 0x300 }) else { return text }
    return text.precomposedStringWithCanonicalMapping
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

  /// Splits a value on unescaped `separator` (`;` for structured values such as `N`
  /// and `ADR`, `,` for lists such as `CATEGORIES`; RFC 6350 §3.4), each part still
  /// escaped.
  public static func split(_ text: String, separator: Character) -> [Substring] {
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

  /// Structured components, each unescaped: `N`, `ADR`, `ORG` (RFC 6350 §6.2.2, §6.3.1, §6.6.4).
  public static func components(_ text: String) -> [String] {
    split(text, separator: ";").map { unescape($0) }
  }

  /// A list value, each item unescaped and trimmed, empties dropped: `CATEGORIES`, `NICKNAME`.
  public static func list(_ text: String) -> [String] {
    split(text, separator: ",").map { unescape($0).trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
  }
}
