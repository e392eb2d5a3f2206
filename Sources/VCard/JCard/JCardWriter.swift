import ContactKit
import ContactFormats

/// Writes jCard, the JSON form of vCard (RFC 7095): every property of the card with
/// its parameters, its group as the `group` parameter (§3.3.1.2), structured values
/// (`N`, `ADR`, `ORG`, `GENDER`, `CLIENTPIDMAP`) as arrays with comma lists as
/// inner arrays (§3.3.1.3), list values (`CATEGORIES`, `NICKNAME`) as several
/// values, dates in the extended ISO 8601 form (§3.5.3–§3.5.6), and unknown and
/// `X-` properties as `unknown` with their value as written (§5).
///
/// Values are decoded (quoted-printable, charsets), so `CHARSET` and a
/// quoted-printable `ENCODING` are left out; everything else is kept.
/// Output is deterministic: parameters in the order of the card.
public enum JCardWriter {
  /// The jCard of `contact`: `["vcard",[…]]` of the card `VCardWriter` writes for it.
  public static func write(
    _ contact: Contact, original: Contact? = nil, options: VCardWriter.Options = VCardWriter.Options()
  ) -> String {
    let bytes = VCardWriter.writeBytes(contact, original: original, options: options)
    guard let card = VCardReader.read(bytes).cards.first else { return "[\"vcard\",[]]" }
    return write(card)
  }

  /// The jCards of several contacts: a JSON array of `["vcard",[…]]` (RFC 7095 §3.2).
  public static func write(_ contacts: [Contact], options: VCardWriter.Options = VCardWriter.Options()) -> String {
    "[" + contacts.map { write($0, options: options) }.joined(separator: ",") + "]"
  }

  /// The jCard of a raw card.
  ///
  /// - Complexity: O(n) in the size of the card.
  public static func write(_ card: RawCard) -> String {
    let version = VCardSerializer.Version(card.version)
    return "[\"vcard\",[" + card.lines.map { property($0, version: version) }.joined(separator: ",") + "]]"
  }

  static let structured: Set<String> = ["N", "ADR", "ORG", "GENDER", "CLIENTPIDMAP"]
  static let lists: Set<String> = ["CATEGORIES", "NICKNAME"]

  /// The default value type of a property in jCard (RFC 6350 §6, RFC 7095 §3.4).
  static func defaultType(_ name: String, version: VCardSerializer.Version) -> String {
    switch name {
    case "BDAY", "ANNIVERSARY", "DEATHDATE": return "date-and-or-time"
    case "REV": return "timestamp"
    case "LANG": return "language-tag"
    case "URL", "IMPP", "MEMBER", "SOURCE", "FBURL", "CALURI", "CALADRURI", "CLIENTPIDMAP": return "uri"
    case "PHOTO", "LOGO", "SOUND", "KEY", "GEO", "RELATED": return version == .v40 ? "uri" : "text"
    default: return name.hasPrefix("X-") ? "unknown" : "text"
    }
  }

  static func property(_ line: ContentLine, version: VCardSerializer.Version) -> String {
    var order: [String] = []
    var values: [String: [String]] = [:]
    if let group = line.group, !group.isEmpty {
      order.append("group")
      values["group"] = [group]
    }
    var type: String? = nil
    for parameter in line.parameters {
      let name = (parameter.name ?? "TYPE").lowercased()
      if name == "charset" { continue }
      if name == "encoding", parameter.values.first?.uppercased() == "QUOTED-PRINTABLE" { continue }
      if parameter.name == nil, VCardParameter.bareEncodings.contains(parameter.values.first?.lowercased() ?? "") {
        if parameter.values.first?.uppercased() == "QUOTED-PRINTABLE" { continue }
      }
      if name == "value", type == nil, let first = parameter.values.first {
        type = first.lowercased()
        continue
      }
      if values[name] == nil { order.append(name) }
      values[name, default: []].append(contentsOf: parameter.values)
    }
    let encoded = line.transferEncoding == "BASE64"
    let valueType = encoded ? "unknown" : type ?? defaultType(line.name, version: version)
    var out = "[" + quoted(line.name.lowercased()) + ",{"
    out += order.map { name -> String in
      let list = values[name] ?? []
      let value = list.count == 1 ? quoted(list[0]) : "[" + list.map(quoted).joined(separator: ",") + "]"
      return quoted(name) + ":" + value
    }.joined(separator: ",")
    out += "}," + quoted(valueType)
    for value in jsonValues(line, type: valueType, version: version) { out += "," + value }
    return out + "]"
  }

  /// `text` as a JSON string literal, quotes included, escaped as all of cpick's JSON
  /// is (`JSONValue.writeString`): safe on a terminal, no hidden text.
  static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONValue.writeString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func jsonValues(_ line: ContentLine, type: String, version: VCardSerializer.Version) -> [String] {
    if type == "unknown" { return [quoted(line.value)] }
    if structured.contains(line.name) {
      let lists = version != .v21
      let components = ValueDecoder.split(line.value, separator: ";").map { component -> String in
        let items = lists ? ValueDecoder.split(String(component), separator: ",") : [component]
        if items.count > 1 { return "[" + items.map { quoted(ValueDecoder.unescape($0)) }.joined(separator: ",") + "]" }
        return quoted(ValueDecoder.unescape(component))
      }
      if components.count == 1 && line.name != "N" && line.name != "ADR" { return components }
      return ["[" + components.joined(separator: ",") + "]"]
    }
    if lists.contains(line.name) && version != .v21 {
      return ValueDecoder.split(line.value, separator: ",").map { quoted(ValueDecoder.unescape($0)) }
    }
    let text = ValueDecoder.unescape(line.value)
    switch type {
    case "date", "date-time", "date-and-or-time", "timestamp": return [quoted(extendedDate(text))]
    default: return [quoted(text)]
    }
  }

  /// A date or date-time in basic ISO 8601 form written in the extended form
  /// (`19850415` → `1985-04-15`, `--0415` → `--04-15`,
  /// `20090808T143000-0500` → `2009-08-08T14:30:00-05:00`); anything else unchanged.
  static func extendedDate(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    func digits(_ range: Range<Int>) -> Bool {
      range.upperBound <= scalars.count && scalars[range].allSatisfy { ("0"..."9").contains($0) }
    }
    func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
    var date = ""
    var rest = 0
    if digits(0..<8) && (scalars.count == 8 || scalars[8] == "T") {
      date = string(0..<4) + "-" + string(4..<6) + "-" + string(6..<8)
      rest = 8
    } else if scalars.count >= 6, scalars[0] == "-", scalars[1] == "-", digits(2..<6), scalars.count == 6 {
      return "--" + string(2..<4) + "-" + string(4..<6)
    } else {
      return text
    }
    guard rest < scalars.count else { return date }
    guard scalars[rest] == "T", digits((rest + 1)..<(rest + 7)) else { return text }
    let t = rest + 1
    var out = date + "T" + string(t..<(t + 2)) + ":" + string((t + 2)..<(t + 4)) + ":" + string((t + 4)..<(t + 6))
    let zone = t + 6
    if zone == scalars.count { return out }
    if scalars[zone] == "Z" && zone + 1 == scalars.count { return out + "Z" }
    if (scalars[zone] == "+" || scalars[zone] == "-") && digits((zone + 1)..<(zone + 5)) && zone + 5 == scalars.count {
      out += String(scalars[zone]) + string((zone + 1)..<(zone + 3)) + ":" + string((zone + 3)..<(zone + 5))
      return out
    }
    return text
  }
}
