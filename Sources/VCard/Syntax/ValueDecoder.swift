import ContactKit
import CpickSupport
import Foundation

/// Transfer and charset decoding of values, and the text escapes of vCard values.
public enum ValueDecoder {
  /// The value of a content line as text: quoted-printable decoded (vCard 2.1 §2.1.3,
  /// RFC 2045 §6.7, leniently: `=` not followed by two hex digits stays as written),
  /// then decoded with `CHARSET` or, without one, as UTF-8 with a fallback to
  /// `fallbackCharset` (the legacy charset the file declares elsewhere) or
  /// Windows-1252. Base64 values stay as written. vCard escapes are kept.
  static func decode(
    _ raw: UnsafeBufferPointer<UInt8>, parameters: [VCardParameter], fallbackCharset: String? = nil,
    told: (() -> String?)? = nil
  ) -> String {
    let encoding = parameters.isEmpty ? nil : VCardParameter.transferEncoding(in: parameters)
    let charset = parameters.last { $0.name == "CHARSET" }?.values.first
    return decode(raw, encoding: encoding, charset: charset, fallbackCharset: fallbackCharset, told: told)
  }

  /// `decode` with the transfer encoding and charset already looked up; `told`
  /// as `CharsetDecoder.decodeUndeclared` takes it.
  static func decode(
    _ raw: UnsafeBufferPointer<UInt8>, encoding: String?, charset: String?, fallbackCharset: String?,
    told: (() -> String?)? = nil
  ) -> String {
    if encoding == nil && charset == nil {
      // ASCII (most values) needs neither validation nor normalization.
      var high: UInt8 = 0
      for byte in raw { high |= byte }
      if high < 0x80 {
        // ISO-2022-JP is 7-bit: its escape shifts into JIS X 0208 (`CharsetDecoder.iso2022JP`).
        if let base = raw.baseAddress, memchr(base, 0x1B, raw.count) != nil,
          let japanese = CharsetDecoder.iso2022JP(String(decoding: raw, as: UTF8.self))
        {
          return composed(japanese)
        }
        return String(decoding: raw, as: UTF8.self)
      }
      if UTF8Check.isValid(raw) {
        if let told, let legacy = CharsetDecoder.eastAsianReadingOfUTF8(raw, told: told) {
          return composed(legacy)
        }
        return composed(String(decoding: raw, as: UTF8.self), raw)
      }
    }
    var bytes = Array(raw)
    if encoding == "QUOTED-PRINTABLE" { bytes = decodeQuotedPrintable(bytes) }
    let text: String
    if let charset, let decoded = CharsetDecoder.decodeDeclared(bytes, label: charset) {
      text = decoded
    } else if let charset, charset.uppercased().hasPrefix("UTF"), !charset.uppercased().hasPrefix("UTF-8"),
      !charset.uppercased().hasPrefix("UTF8")
    {
      text = String(decoding: bytes, as: UTF8.self)
    } else {
      // No charset, one not known, or bytes not valid in it (`CHARSET=UTF-8` over an
      // export's Windows-1252): read as undeclared bytes are.
      text = CharsetDecoder.decodeUndeclared(bytes, fallback: fallbackCharset, told: told)
    }
    return composed(text)
  }

  /// The text of a value written in base64 (`ENCODING=BASE64`, `ENCODING=b`, a bare
  /// `BASE64`): its bytes in the `CHARSET` named, else as undeclared text (UTF-8 when
  /// valid); nil when the parameters name no base64 or the value is not base64 (it is
  /// then read as written).
  static func base64Text(
    _ raw: UnsafeBufferPointer<UInt8>, parameters: [VCardParameter], fallbackCharset: String?
  ) -> String? {
    guard VCardParameter.transferEncoding(in: parameters) == "BASE64",
      let bytes = Base64Text.decode(String(decoding: raw, as: UTF8.self))
    else { return nil }
    let charset = parameters.last { $0.name == "CHARSET" }?.values.first
    return bytes.withUnsafeBufferPointer { decode($0, encoding: nil, charset: charset, fallbackCharset: fallbackCharset) }
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
    var text = text
    return text.withUTF8 { UTF8Check.isSurelyNFC($0) } ? text : text.precomposedInPieces
  }

  /// `composed` for `text` made from the valid UTF-8 `bytes`: only text with a
  /// scalar the NFC quick check cannot pass goes to the normalizer.
  static func composed(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    UTF8Check.isSurelyNFC(bytes) ? text : text.precomposedInPieces
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
    index < bytes.count ? hexDigit(bytes[index]) : nil
  }

  /// The value of a hex digit (either case), as a quoted-printable escape writes them.
  static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }

  /// Removes the text escapes of RFC 6350 §3.4: `\n` `\N` newline, `\\`, `\,`, `\;`,
  /// and Apple's `\:` and Google's and Apple's `\"` (`\"AS IS\"` in their exports,
  /// which python-vobject and ez-vcard read as a quote). A backslash before any other
  /// character is kept.
  public static func unescape<S: StringProtocol>(_ text: S) -> String {
    let hasBackslash =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.baseAddress.map { memchr($0, 0x5C, bytes.count) != nil } ?? false
      } ?? text.utf8.contains(0x5C)
    guard hasBackslash else { return String(text) }
    let contiguous = text.utf8.withContiguousStorageIfAvailable { unescapeUTF8($0) }
    if let fast = contiguous ?? unescapeUTF8(text.utf8) { return fast }
    // Scalar by scalar, as the grammar is (RFC 6350 §3.3): `\n` before a combining
    // mark or an emoji modifier is still a line break.
    var out = String.UnicodeScalarView()
    var iterator = text.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      guard scalar == "\\" else {
        out.append(scalar)
        continue
      }
      switch iterator.next() {
      case "n"?, "N"?: out.append("\n")
      case "\\"?: out.append("\\")
      case ","?: out.append(",")
      case ";"?: out.append(";")
      case ":"?: out.append(":")
      case "\""?: out.append("\"")
      case let other?:
        out.append("\\")
        out.append(other)
      case nil: out.append("\\")
      }
    }
    return String(out)
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
      case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\""): out.append(next)
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
    // Scalar by scalar, as the grammar is: a separator before a combining mark still
    // separates (`;́City` is an empty part, then `́City`).
    let scalars = text.unicodeScalars
    let separatorScalars = separator.unicodeScalars
    guard separatorScalars.count == 1, let separatorScalar = separatorScalars.first else {
      return text.split(separator: separator, omittingEmptySubsequences: false)
    }
    var parts: [Substring] = []
    var start = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\\" {
        index = scalars.index(after: index)
        if index < scalars.endIndex { index = scalars.index(after: index) }
        continue
      }
      if scalar == separatorScalar {
        parts.append(text[start..<index])
        start = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    parts.append(text[start..<scalars.endIndex])
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
    components(text, trimmed: false)
  }

  /// `components`, each trimmed of spaces and tabs when `trimmed`.
  static func components(_ text: String, trimmed: Bool) -> [String] {
    var text = text
    if let fast = text.withUTF8({ bytes in
      ByteParts.split(bytes, 0..<bytes.count, separator: UInt8(ascii: ";")).flatMap { ranges in
        ByteParts.strings(bytes, ranges, trimmed: trimmed)
      }
    }) {
      return fast
    }
    let parts = split(text, separator: ";").map { unescape($0) }
    return trimmed ? parts.map { $0.trimmingBlanks() } : parts
  }

  /// A list value, each item unescaped and trimmed, empties dropped: `CATEGORIES`, `NICKNAME`.
  public static func list(_ text: String) -> [String] {
    var text = text
    if let fast = text.withUTF8({ bytes in
      ByteParts.split(bytes, 0..<bytes.count, separator: UInt8(ascii: ",")).flatMap { ranges in
        ByteParts.strings(bytes, ranges, trimmed: true)
      }
    }) {
      return fast.filter { !$0.isEmpty }
    }
    return split(text, separator: ",").map { unescape($0).trimmingBlanks() }.filter { !$0.isEmpty }
  }
}

/// Checks on UTF-8 bytes, without making a String.
enum UTF8Check {
  /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or
  /// scalars above U+10FFFF), as `String(validating:)` decides.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      @inline(__always) func continuation(_ offset: Int) -> UInt8? {
        guard index + offset < count else { return nil }
        let byte = bytes[index + offset]
        return byte & 0xC0 == 0x80 ? byte : nil
      }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) != nil else { return false }
        index += 2
      case 0xE0...0xEF:
        guard let second = continuation(1), continuation(2) != nil else { return false }
        if lead == 0xE0 && second < 0xA0 { return false }
        if lead == 0xED && second > 0x9F { return false }
        index += 3
      case 0xF0...0xF4:
        guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else { return false }
        if lead == 0xF0 && second < 0x90 { return false }
        if lead == 0xF4 && second > 0x8F { return false }
        index += 4
      default:
        return false
      }
    }
    return true
  }

  /// Whether the scalar whose UTF-8 starts at `index` (valid UTF-8) certainly
  /// begins a new character — it is no combining mark, joiner, spacing mark or
  /// emoji modifier that would join what comes before it: ASCII, U+0080…U+02FF,
  /// and the letters of the ranges `isSurelyNFC` knows.
  @inline(__always)
  static func isSurelyBase(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    let lead = bytes[index]
    if lead < 0xCC { return true }
    let scalar: UInt32
    if lead < 0xE0 {
      guard index + 1 < bytes.count else { return false }
      scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
    } else if lead < 0xF0 {
      guard index + 2 < bytes.count else { return false }
      scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
    } else {
      guard index + 3 < bytes.count else { return false }
      scalar =
        UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
        | UInt32(bytes[index + 3] & 0x3F)
    }
    switch scalar {
    case 0x0370...0x03FF, 0x0400...0x0482, 0x048A...0x052F, 0x05D0...0x05EA, 0x0620...0x064A,
      0x0904...0x0939, 0x0E01...0x0E30, 0x0E32...0x0E33, 0x0E40...0x0E46, 0x1E00...0x1EFF,
      0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x3000...0x3029, 0x3041...0x3096,
      0x30A0...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D,
      0x1F300...0x1F3FA, 0x1F400...0x1FAFF:
      return true
    default:
      return false
    }
  }

  /// Whether the valid UTF-8 `bytes` are certainly in NFC: every scalar is below
  /// U+0300, or in a range whose characters all pass the NFC quick check with
  /// combining class 0 (letters of Greek, Cyrillic, Hebrew, Arabic, Thai,
  /// Devanagari, Latin Extended Additional, punctuation, kana, CJK ideographs,
  /// Hangul syllables, full-width forms, emoji). `false` means "ask the normalizer".
  static func isSurelyNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    var index = 0
    var lastClass: UInt8 = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0xCC {
        index += lead < 0x80 ? 1 : 2
        lastClass = 0
        continue
      }
      var scalar: UInt32
      if lead < 0xE0 {
        scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0 {
        scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        index += 3
      } else {
        scalar =
          UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
          | UInt32(bytes[index + 3] & 0x3F)
        index += 4
      }
      // Marks that never compose and only need their combining classes in order.
      let markClass: UInt8
      switch scalar {
      case 0x064B...0x0652: markClass = UInt8(scalar - 0x064B + 27)  // Arabic harakat, classes 27…34
      case 0x094D: markClass = 9  // Devanagari virama
      case 0x0E38...0x0E39: markClass = 103  // Thai vowels below
      case 0x0E3A: markClass = 9
      case 0x0E48...0x0E4B: markClass = 107  // Thai tone marks
      default: markClass = 0
      }
      if markClass != 0 {
        if lastClass > markClass { return false }
        lastClass = markClass
        continue
      }
      lastClass = 0
      switch scalar {
      case 0x093E...0x094C, 0x0E31, 0x0E34...0x0E37, 0x0E47, 0x0E4C...0x0E4E:  // vowel signs of class 0
        continue
      case 0x0386, 0x0388...0x03FF,  // Greek (not U+0374, U+037E, U+0387)
        0x0400...0x0482, 0x048A...0x052F,  // Cyrillic (not the combining U+0483…U+0489)
        0x05D0...0x05EA,  // Hebrew letters
        0x0620...0x064A, 0x0660...0x0669,  // Arabic letters and digits
        0x0905...0x0939,  // Devanagari letters (not the nukta forms U+0958…)
        0x0E01...0x0E30, 0x0E32...0x0E33, 0x0E40...0x0E46,  // Thai letters
        0x1E00...0x1EFF,  // Latin Extended Additional
        0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0,  // punctuation, currency
        0x3000...0x3029, 0x3041...0x3096, 0x30A0...0x30FF,  // CJK punctuation, kana
        0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
        0xAC00...0xD7A3,  // Hangul syllables
        0xFF01...0xFFEE,  // full-width forms
        0x1F300...0x1FAFF:  // emoji
        continue
      default:
        return false
      }
    }
    return true
  }
}

/// Splitting and unescaping structured values on their UTF-8 bytes. Each function
/// gives `nil` where characters could differ from bytes — a grapheme "prepend"
/// anywhere, or a byte from 0xCC (a possible combining mark) right after a
/// separator, an escape or a trimmed blank — and the caller takes the path on
/// characters.
enum ByteParts {
  /// Whether `bytes` hold a scalar that may be a grapheme prepend: U+0600–U+0605
  /// (D8 80–85), U+06DD (DB 9D), U+070F (DC 8F), U+0890–U+0891 and U+08E2
  /// (E0 A2 90–91, E0 A3 A2), U+0D4E (E0 B5 8E), and anything in U+11000–U+11FFF
  /// (F0 91 …: U+110BD, U+111C2, …).
  static func hasPrependLead(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      let byte = bytes[index]
      index += 1
      guard byte >= 0xD8 else { continue }
      let next: UInt8 = index < end ? bytes[index] : 0
      let third: UInt8 = index + 1 < end ? bytes[index + 1] : 0
      switch byte {
      case 0xD8: if next >= 0x80 && next <= 0x85 { return true }
      case 0xDB: if next == 0x9D { return true }
      case 0xDC: if next == 0x8F { return true }
      case 0xE0:
        if next == 0xA2 && (third == 0x90 || third == 0x91) { return true }
        if next == 0xA3 && third == 0xA2 { return true }
        if next == 0xB5 && third == 0x8E { return true }
      case 0xF0: if next == 0x91 { return true }
      default: break
      }
    }
    return false
  }

  /// The ranges of `range` between unescaped `separator` bytes (a backslash escapes
  /// the next byte), as `ValueDecoder.split` gives them.
  static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8, prependChecked: Bool = false
  ) -> [Range<Int>]? {
    if !prependChecked && hasPrependLead(bytes, range) { return nil }
    var parts: [Range<Int>] = []
    parts.reserveCapacity(8)
    var start = range.lowerBound
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      let byte = bytes[index]
      if byte == 0x5C {
        if index + 1 < end {
          let next = bytes[index + 1]
          if next >= 0x80 || next == 0x0D { return nil }
          if index + 2 < end && !UTF8Check.isSurelyBase(bytes, index + 2) { return nil }
          index += 2
        } else {
          index += 1
        }
        continue
      }
      if byte == separator {
        if index + 1 < end && !UTF8Check.isSurelyBase(bytes, index + 1) { return nil }
        parts.append(start..<index)
        start = index + 1
      }
      index += 1
    }
    parts.append(start..<end)
    return parts
  }

  /// The unescaped text of each range (RFC 6350 §3.4, as `ValueDecoder.unescape`),
  /// trimmed of spaces and tabs when `trimmed`.
  static func strings(_ bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>], trimmed: Bool) -> [String]? {
    var out: [String] = []
    out.reserveCapacity(ranges.count)
    var scratch: [UInt8] = []
    for range in ranges {
      guard let text = string(bytes, range, trimmed: trimmed, scratch: &scratch) else { return nil }
      out.append(text)
    }
    return out
  }

  /// The unescaped text of `range`, trimmed of spaces and tabs when `trimmed`.
  static func string(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trimmed: Bool, scratch: inout [UInt8]
  ) -> String? {
    var start = range.lowerBound
    var end = range.upperBound
    var hasBackslash = false
    for index in start..<end where bytes[index] == 0x5C {
      hasBackslash = true
      break
    }
    if !hasBackslash {
      if trimmed {
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        if start > range.lowerBound && start < end && !UTF8Check.isSurelyBase(bytes, start) { return nil }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
    scratch.removeAll(keepingCapacity: true)
    var index = start
    while index < end {
      let byte = bytes[index]
      index += 1
      guard byte == 0x5C else {
        scratch.append(byte)
        continue
      }
      guard index < end else {
        scratch.append(0x5C)
        break
      }
      let next = bytes[index]
      index += 1
      if next >= 0x80 || next == 0x0D { return nil }
      if index < end && !UTF8Check.isSurelyBase(bytes, index) { return nil }
      switch next {
      case UInt8(ascii: "n"), UInt8(ascii: "N"): scratch.append(0x0A)
      case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): scratch.append(next)
      default:
        scratch.append(0x5C)
        scratch.append(next)
      }
    }
    return scratch.withUnsafeBufferPointer { unescaped in
      var start = 0
      var end = unescaped.count
      if trimmed {
        while start < end && (unescaped[start] == 0x20 || unescaped[start] == 0x09) { start += 1 }
        if start > 0 && start < end && !UTF8Check.isSurelyBase(unescaped, start) { return nil }
        while end > start && (unescaped[end - 1] == 0x20 || unescaped[end - 1] == 0x09) { end -= 1 }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: unescaped[start..<end]), as: UTF8.self)
    }
  }
}
