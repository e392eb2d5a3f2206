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
    var out = ""
    out.reserveCapacity(1024)  // a contact's usual size: no regrowth while writing
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .string(let text): JSONValue.writeString(text, to: &out)
    case .number(let number): out += String(number)
    case .bool(let flag): out += flag ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        JSONValue.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func writeString(_ text: String, to out: inout String) {
    out += "\""
    // Most values are printable ASCII without quotes or backslashes: appended whole.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      out += text
      out += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
          || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x2028 || v == 0x2029
          || v == 0x061C || v == 0xFEFF
        {
          let hex = String(v, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
