/// A small JSON string writer for jCard: quotes and escapes a string (RFC 8259 §7).
///
/// Beyond what JSON requires, C1 controls, U+2028/U+2029 and the bidirectional
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069) are written as `\uXXXX`,
/// so a jCard printed on a terminal or pasted in a script shows no hidden text.
enum JSONText {
  /// `text` as a JSON string literal, quotes included.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v)
          || (0x2066...0x2069).contains(v)
        {
          let hex = String(v, radix: 16, uppercase: false)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
