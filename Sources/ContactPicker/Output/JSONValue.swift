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
  static func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most values are printable ASCII without quotes or backslashes: copied whole.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      out.append(contentsOf: text.utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
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
