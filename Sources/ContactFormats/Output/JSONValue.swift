/// A JSON value with ordered object keys, written deterministically (RFC 8259).
///
/// Strings are escaped so the output is safe to print on any terminal: every C0 and
/// C1 control, DEL, the bidi controls and the line/paragraph separators are written
/// as `\uXXXX`; nothing is dropped.
public indirect enum JSONValue: Sendable, Hashable {
  /// A string, escaped on output (RFC 8259 §7).
  case string(String)
  /// An integer, written in decimal.
  case number(Int)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// An array, in the order given.
  case array([JSONValue])
  /// Keys in the order given.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }
  public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

  /// The value as compact JSON text on one line.
  public var serialized: String {
    var out: [UInt8] = []
    out.reserveCapacity(1024)  // a contact's usual size: no regrowth while writing
    write(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Writes the value's UTF-8 to `out` (bytes, not a `String`: appending is cheaper).
  private func write(to out: inout [UInt8]) {
    switch self {
    case .string(let text): JSONValue.writeString(text, to: &out)
    case .number(let number): out.append(contentsOf: String(number).utf8)
    case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
    case .null: out.append(contentsOf: "null".utf8)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        item.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        value.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a JSON string (quotes included), escaped as `serialized` does.
  ///
  /// Works on the UTF-8 bytes: runs of bytes that need no escape are copied whole;
  /// the characters escaped are all found from their first byte or two (see
  /// `escapedLength(_:at:)`), the rest of the text is valid UTF-8 already.
  ///
  /// - Complexity: O(*n*) in the length of `text` in UTF-8.
  package static func writeString(_ text: String, to out: inout [UInt8]) {
    var sink = JSONByteSink(capacity: text.utf8.count + 8)
    writeString(text, to: &sink)
    sink.write(to: &out)
  }

  /// `writeString(_:to:)` into a sink.
  static func writeString(_ text: String, to sink: inout JSONByteSink) {
    if text.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &sink) }) == nil {
      var copy = text
      copy.withUTF8 { writeEscaped($0, to: &sink) }
    }
  }

  /// Appends the escaped form of the UTF-8 `bytes` between quotes.
  private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to sink: inout JSONByteSink) {
    sink.reserve(bytes.count + 2)
    sink.append(UInt8(ascii: "\""))
    guard let base = bytes.baseAddress else {
      sink.append(UInt8(ascii: "\""))
      return
    }
    let raw = UnsafeRawPointer(base)
    var runStart = 0
    var index = 0
    let count = bytes.count
    while index < count {
      // Eight bytes at a time while they are printable ASCII without `"` and `\`.
      if index + 8 <= count, isPlain(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
        index += 8
        continue
      }
      let byte = base[index]
      // Printable ASCII other than `"` and `\`, and lead or continuation bytes that
      // start no escaped character: copied with their run.
      if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
        index += 1
        continue
      }
      let length = escapedLength(bytes, at: index)
      if length == 0 {
        index += 1
        continue
      }
      if runStart < index { sink.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
      switch byte {
      case 0x22: sink.append("\\\"")
      case 0x5C: sink.append("\\\\")
      case 0x0A: sink.append("\\n")
      case 0x0D: sink.append("\\r")
      case 0x09: sink.append("\\t")
      default: appendUnicodeEscape(scalarValue(bytes, at: index, length: length), to: &sink)
      }
      index += length
      runStart = index
    }
    if runStart < count { sink.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
    sink.append(UInt8(ascii: "\""))
  }

  /// Whether the eight bytes of `word` are all printable ASCII other than `"` and
  /// `\` (0x20–0x7E but 0x22, 0x5C): no byte from 0x80, none below 0x20, none equal to
  /// 0x22, 0x5C or 0x7F (each test exact for "some byte is", as `memchr`'s).
  @inline(__always)
  static func isPlain(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    guard word & high == 0 else { return false }
    @inline(__always) func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
    let control = (word &- 0x20 &* ones) & ~word & high != 0  // some byte below 0x20
    return !control && !hasZero(word ^ (0x22 &* ones)) && !hasZero(word ^ (0x5C &* ones))
      && !hasZero(word ^ (0x7F &* ones))
  }

  /// The length in bytes of the character at `index` when it is written escaped, 0
  /// when it is copied as it is: `"`, `\\` and the unsafe characters
  /// (`UnsafeCharacters`: controls, bidi controls, separators), and U+FEFF (3 bytes).
  @inline(__always)
  private static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return 1 }  // control, quote, backslash or DEL: the caller sent only these
    if byte == 0xEF {
      return bytes.count - index >= 3 && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF ? 3 : 0
    }
    return UnsafeCharacters.length(in: bytes, at: index)
  }

  /// The scalar value of the UTF-8 sequence of `length` (1–3) bytes at `index`.
  @inline(__always)
  private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
    switch length {
    case 1: return UInt32(bytes[index])
    case 2: return UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
    default:
      return UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
    }
  }

  /// `\u` and four lower-case hex digits of `value` (at most 0xFFFF).
  private static func appendUnicodeEscape(_ value: UInt32, to sink: inout JSONByteSink) {
    let digits: StaticString = "0123456789abcdef"
    sink.append(UInt8(ascii: "\\"))
    sink.append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      sink.append(digits.utf8Start[Int((value >> UInt32(shift)) & 0xF)])
    }
  }

  /// `writeString` as it was first written, on Unicode scalars: the reference the
  /// byte-level one is tested against.
  static func writeStringByScalars(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: "\\\"".utf8)
      case "\\": out.append(contentsOf: "\\\\".utf8)
      case "\n": out.append(contentsOf: "\\n".utf8)
      case "\r": out.append(contentsOf: "\\r".utf8)
      case "\t": out.append(contentsOf: "\\t".utf8)
      default:
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
          || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x2028 || v == 0x2029
          || v == 0x061C || v == 0xFEFF
        {
          let hex = String(v, radix: 16)
          out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        } else {
          UTF8.encode(scalar) { out.append($0) }
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
