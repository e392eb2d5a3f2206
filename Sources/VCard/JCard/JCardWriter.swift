import ContactKit
import ContactFormats

/// Writes jCard, the JSON form of vCard (RFC 7095): every property of the card with
/// its parameters, its group as the `group` parameter (§3.3.1.2), structured values
/// (`N`, `ADR`, `ORG`, `GENDER`, `CLIENTPIDMAP`) as arrays with the comma lists of
/// `N` and `ADR` as inner arrays (§3.3.1.3), list values (`CATEGORIES`, `NICKNAME`) as several
/// values, dates in the extended ISO 8601 form (§3.5.3–§3.5.6), and unknown and
/// `X-` properties as `unknown` with their value as written (§5).
///
/// Values are decoded (quoted-printable, charsets), so `CHARSET` and a
/// quoted-printable `ENCODING` are left out; everything else is kept (see
/// `parameters(_:)`); `integer`, `float` and `boolean` values are JSON numbers and
/// booleans (§3.5.8–§3.5.10).
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

  /// Parameters whose value is a comma list (RFC 6350 §5.6 `TYPE`, §5.9 `SORT-AS`,
  /// §5.5 `PID`): written as a JSON array whether the commas were quoted or not
  /// (`TYPE=work,voice` and `TYPE="work,voice"` both give `["work","voice"]`).
  static let multiValued: Set<String> = ["type", "sort-as", "pid"]

  /// The jCard parameters of `line` (RFC 7095 §3.4): names lower-cased, in the order
  /// of the line; the group as `group`; values unquoted and unescaped (RFC 6868, and
  /// the `\"` of Apple's exports, by the syntax layer); a vCard 2.1 bare word as a
  /// `type` value, or as the `encoding` when it names one; `CHARSET` and a
  /// quoted-printable encoding left out (the value is decoded); and the `VALUE`
  /// parameter, which is the value type, returned apart.
  static func parameters(_ line: ContentLine) -> (names: [String], values: [String: [String]], valueType: String?) {
    var order: [String] = []
    var values: [String: [String]] = [:]
    var valueType: String? = nil
    func add(_ name: String, _ items: [String]) {
      if values[name] == nil { order.append(name) }
      values[name, default: []].append(contentsOf: items)
    }
    if let group = line.group, !group.isEmpty { add("group", [group]) }
    // Text written in base64 (`FN;ENCODING=BASE64:…`): its value is the decoded text.
    let decodedText = line.transferEncoding == "BASE64" && !line.isBase64Data
    for parameter in line.parameters {
      guard let written = parameter.name else {
        for word in parameter.values {
          let lower = word.lowercased()
          if VCardParameter.bareEncodings.contains(lower) {
            // Quoted-printable and text in base64 are written decoded: no encoding.
            if lower != "quoted-printable" && !decodedText { add("encoding", [word]) }
          } else {
            add("type", [word])
          }
        }
        continue
      }
      let name = written.lowercased()
      if name == "charset" { continue }
      if name == "encoding", parameter.values.first?.uppercased() == "QUOTED-PRINTABLE" || decodedText { continue }
      if name == "value", valueType == nil, let first = parameter.values.first {
        valueType = first.lowercased()
        continue
      }
      if multiValued.contains(name) {
        add(name, parameter.values.flatMap { $0.split(separator: ",").map { String($0).trimmingBlanks() } })
      } else {
        add(name, parameter.values)
      }
    }
    return (order, values, valueType)
  }

  static func property(_ line: ContentLine, version: VCardSerializer.Version) -> String {
    let (order, values, type) = parameters(line)
    let encoded = line.isBase64Data
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
      // Only `N` and `ADR` components are comma lists (RFC 6350 §6.2.2, §6.3.1); a
      // comma in `ORG` (`ORG:Ximian, Inc.`) is text. 2.1 has no lists.
      let lists = version != .v21 && (line.name == "N" || line.name == "ADR")
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
    case "integer" where isJSONNumber(text), "float" where isJSONNumber(text): return [text]  // §3.5.9, §3.5.10
    case "boolean" where ["true", "false"].contains(text.lowercased()): return [text.lowercased()]  // §3.5.8
    default: return [quoted(text)]
    }
  }

  /// Whether `text` is a JSON number as written (RFC 8259 §6): `-12`, `0.5`, `1e5`;
  /// not `+1`, `.5` or `01`.
  static func isJSONNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let leadingZero = bytes.first == UInt8(ascii: "0")
    let whole = digits()
    guard whole > 0, !(leadingZero && whole > 1) else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if let e = bytes.first, e | 0x20 == UInt8(ascii: "e") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
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
