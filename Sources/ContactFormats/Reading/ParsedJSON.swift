import Foundation

/// A JSON value (RFC 8259) as the jCard reader and the JSON-lines reader read it
/// (`JSONValue` is the one cpick writes): parsed straight from bytes into Swift values,
/// without `JSONSerialization`'s Foundation objects (a 100 MB jCard took 44 s and 1.6 GB
/// with them, most of it making and bridging `NSArray`s and `NSString`s; a JSON line of
/// 99,000 emails and phones, 4.5 MB, took 360 MB: a dictionary of about 3 KB for each
/// two-member object).
///
/// Valid is what `JSONSerialization` takes (a comma before a closing bracket too), and
/// more: a lone surrogate escape (`"\ud800"`) is U+FFFD and a number past `Double`'s
/// range (`1e400`) is its text, where `JSONSerialization` refuses the whole document; a
/// U+FEFF that begins a string is kept (`NSString` dropped it).
/// Numbers keep their text as written; an object keeps its members in order (a key
/// written twice is there twice: `members` gives the last one, as `JSONSerialization`).
package enum ParsedJSON {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([ParsedJSON])
  case object([(key: String, value: ParsedJSON)])

  /// The deepest nesting of arrays and objects read (a deeper document is invalid, as
  /// `JSONSerialization` refuses one: the parser recurses once per level).
  package static let depthLimit = 512

  /// The value `bytes[range]` holds, white space around it allowed, or `nil` when it is
  /// not valid JSON (or nests deeper than `depthLimit`).
  ///
  /// - Complexity: O(n) in the size of the range.
  package static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> ParsedJSON? {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer, index: range.lowerBound, end: range.upperBound)
      parser.skipSpace()
      guard let value = parser.value(depth: 0) else { return nil }
      parser.skipSpace()
      return parser.index == range.upperBound ? value : nil
    }
  }

  /// The string, or `nil` for another kind of value.
  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The elements of an array, or `nil` for another kind of value.
  package var array: [ParsedJSON]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The members of an object by key (the last of a key written twice), or `nil` for
  /// another kind of value.
  package var members: [String: ParsedJSON]? {
    guard case .object(let pairs) = self else { return nil }
    return Dictionary(pairs, uniquingKeysWith: { _, last in last })
  }

  /// The elements of an array whose every element is an object, or `nil` (another
  /// kind of value, or an array holding something else too).
  package var objects: [ParsedJSON]? {
    guard case .array(let elements) = self else { return nil }
    for element in elements {
      guard case .object = element else { return nil }
    }
    return elements
  }

  /// The member of an object named `key` (the last of a key written twice), found
  /// without a dictionary, or `nil` (no such member, or not an object). Linear in the
  /// members: for small objects, read many at a time.
  package func member(_ key: String) -> ParsedJSON? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.last { $0.key == key }?.value
  }

  /// The value as a whole number, as `NSNumber.intValue` gives it within `Int`'s
  /// range: a number's whole part (towards zero), `true` 1 and `false` 0; `nil` past
  /// that range (where `intValue` gave what the overflow left) and for another kind of
  /// value.
  package var integer: Int? {
    switch self {
    case .number(let literal):
      if let integer = Int(literal) { return integer }
      guard let number = Double(literal) else { return nil }
      return Int(exactly: number.rounded(.towardZero))
    case .bool(let flag): return flag ? 1 : 0
    default: return nil
    }
  }

  /// The value as text, as `JSONSerialization`'s objects describe themselves: a
  /// string as it is, `true`/`false`, a number as `NSNumber` writes it (`1e3` →
  /// `1000`), `null` as `NSNull` (`<null>`); arrays and objects as compact JSON.
  package var text: String {
    switch self {
    case .string(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let literal):
      if !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(literal) {
        return String(integer)
      }
      return Double(literal).map { NSNumber(value: $0).stringValue } ?? literal
    case .null: return String(describing: NSNull())
    case .array(let elements): return "[" + elements.map(\.json).joined(separator: ",") + "]"
    case .object(let pairs): return "{" + pairs.map { ParsedJSON.string($0.key).json + ":" + $0.value.json }.joined(separator: ",") + "}"
    }
  }

  /// Compact JSON of the value (for `text` of arrays and objects).
  private var json: String {
    switch self {
    case .string(let text):
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    case .number(let literal): return literal
    case .null: return "null"
    default: return text
    }
  }
}

/// The recursive-descent parser of `ParsedJSON.parse`, over a buffer.
private struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  let end: Int

  mutating func skipSpace() {
    while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
      index += 1
    }
  }

  mutating func value(depth: Int) -> ParsedJSON? {
    guard index < end else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""): return string().map(ParsedJSON.string)
    case UInt8(ascii: "["):
      guard depth < ParsedJSON.depthLimit else { return nil }
      index += 1
      var elements: [ParsedJSON] = []
      skipSpace()
      if index < end, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipSpace()
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
        skipSpace()
        guard index < end else { return nil }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "]") { return .array(elements) }
        guard byte == UInt8(ascii: ",") else { return nil }
        if closes(UInt8(ascii: "]")) { return .array(elements) }
      }
    case UInt8(ascii: "{"):
      guard depth < ParsedJSON.depthLimit else { return nil }
      index += 1
      var pairs: [(key: String, value: ParsedJSON)] = []
      skipSpace()
      if index < end, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(pairs)
      }
      while true {
        skipSpace()
        guard index < end, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
        skipSpace()
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard let member = value(depth: depth + 1) else { return nil }
        pairs.append((key, member))
        skipSpace()
        guard index < end else { return nil }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "}") { return .object(pairs) }
        guard byte == UInt8(ascii: ",") else { return nil }
        if closes(UInt8(ascii: "}")) { return .object(pairs) }
      }
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default: return number()
    }
  }

  /// After a comma: whether `bracket` follows (white space before it allowed), which
  /// it then passes. `JSONSerialization` takes such a trailing comma, and so does this.
  private mutating func closes(_ bracket: UInt8) -> Bool {
    skipSpace()
    guard index < end, bytes[index] == bracket else { return false }
    index += 1
    return true
  }

  private mutating func literal(_ word: StaticString, _ value: ParsedJSON) -> ParsedJSON? {
    let count = word.utf8CodeUnitCount
    guard end - index >= count else { return nil }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
    index += count
    return value
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (RFC 8259 §6), kept as written.
  private mutating func number() -> ParsedJSON? {
    let start = index
    func digits() -> Int {
      let first = index
      while index < end, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return index - first
    }
    if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < end else { return nil }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      guard digits() > 0 else { return nil }
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return nil }
    }
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { return nil }
    }
    return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
  }

  /// A string at `index` (its opening quote); escapes decoded, a lone surrogate
  /// escape as U+FFFD; `nil` when it does not end or holds a control character.
  private mutating func string() -> String? {
    index += 1
    let start = index
    // Most strings have no escape: their bytes are the text.
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { return nil }
      index += 1
    }
    var out = Array(bytes[start..<index])
    while index < end {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < end else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          guard let unit = hex4() else { return nil }
          var scalar = UInt32(unit)
          if (0xD800...0xDBFF).contains(unit) {
            let mark = index
            if end - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
              index += 2
              if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
              } else {
                index = mark
              }
            }
          }
          out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
        default:
          return nil
        }
      default:
        if byte < 0x20 { return nil }
        out.append(byte)
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt16? {
    guard end - index >= 4 else { return nil }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }
}
