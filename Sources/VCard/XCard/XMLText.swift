/// Text in XML 1.0 as xCard writes it: escaped character data and attribute
/// values, and the check that a property or parameter name is an XML name.
enum XMLText {
  /// `text` as XML character data (or, with `attribute`, a double-quoted attribute
  /// value): `&` `<` `>` (and `"`) as entities, CR as `&#13;` (a parser would turn
  /// a raw one into LF), and the C0 controls XML 1.0 cannot hold (all but tab, LF
  /// and CR; XML 1.0 §2.2) left out.
  ///
  /// - Complexity: O(n) in the length of `text`.
  static func escape(_ text: String, attribute: Bool) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "\r": out += "&#13;"
      case "\n" where attribute: out += "&#10;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      case "\u{FFFE}", "\u{FFFF}": continue
      default:
        if scalar.value < 0x20 { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `name` (a lower-case vCard name: letters, digits, `-`) is an XML name
  /// an xCard element can have: it starts with a letter and does not start with
  /// `xml` (reserved, XML 1.0 §2.3).
  static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return !name.hasPrefix("xml")
      && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
  }
}
