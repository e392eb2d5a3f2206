import ContactKit
import Foundation

/// Writes xCard, the XML form of vCard (RFC 6351): a `<vcards>` document in the
/// `urn:ietf:params:xml:ns:vcard-4.0` namespace with one `<vcard>` per card, each
/// property an element named after it in lower case (`<fn>`, `<x-foo>`), its
/// parameters in `<parameters>` (each value in its own element: `<type><text>work</text>
/// <text>voice</text></type>`), its value in an element named after its value type
/// (`<text>`, `<uri>`, `<date>`, `<timestamp>`, …), structured values (`N`, `ADR`,
/// `GENDER`, `CLIENTPIDMAP`) as their named components (`<surname>`, `<street>`, …;
/// a comma list as repeated elements), `ORG` and list values as several `<text>`, a
/// group as `<group name="…">` around its properties (§3.3), unknown and `X-`
/// properties as their name with `<unknown>` (§5), and an `XML` property (RFC 6350
/// §6.1.6) as the element it holds.
///
/// It writes from the same source as `JCardWriter`: the card `VCardWriter` writes
/// for a contact, read back by `VCardReader`. Values are decoded (quoted-printable,
/// charsets), so `CHARSET` and a quoted-printable `ENCODING` are left out; a base64
/// value (2.1/3.0 `PHOTO;ENCODING=b`) becomes a `data:` URI, as 4.0 writes it; dates
/// are written in the basic ISO 8601 form of vCard 4.0 (RFC 6350 §4.3), which xCard
/// uses; `VERSION` is left out (the namespace says 4.0). Deterministic: the
/// properties and parameters in the order of the card.
public enum XCardWriter {
  /// The xCard namespace (RFC 6351 §3).
  public static let namespace = "urn:ietf:params:xml:ns:vcard-4.0"

  /// The xCard document of one contact: `<vcards>` with its one `<vcard>`.
  public static func write(
    _ contact: Contact, original: Contact? = nil, options: VCardWriter.Options = VCardWriter.Options()
  ) -> String {
    document([VCardWriter.card(contact, original: original, options: options)].compactMap { $0 })
  }

  /// The xCard document of several contacts, one `<vcard>` each, in order.
  public static func write(_ contacts: [Contact], options: VCardWriter.Options = VCardWriter.Options()) -> String {
    document(contacts.compactMap { VCardWriter.card($0, options: options) })
  }

  /// The xCard document of raw cards: the XML declaration, `<vcards>`, one `<vcard>`
  /// each, with a line end after each element.
  ///
  /// - Complexity: O(n) in the size of the cards.
  public static func document(_ cards: [RawCard]) -> String {
    var out = documentStart
    for card in cards { out += vcard(card) }
    return out + documentEnd
  }

  /// What a document begins with: the XML declaration and `<vcards>`, each on a line.
  public static let documentStart = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<vcards xmlns=\"\(namespace)\">\n"

  /// What a document ends with: `</vcards>` and a line end.
  public static let documentEnd = "</vcards>\n"

  /// The `<vcard>` element of a raw card, indented two spaces, one property a line.
  ///
  /// - Complexity: O(n) in the size of the card.
  public static func vcard(_ card: RawCard) -> String {
    let version = VCardSerializer.Version(card.version)
    var out = "  <vcard>\n"
    var openGroup: String? = nil
    for line in card.lines where !["BEGIN", "END", "VERSION"].contains(line.name) {
      guard let element = property(line, version: version) else { continue }
      let group = line.group.flatMap { $0.isEmpty ? nil : $0 }
      if group?.lowercased() != openGroup?.lowercased() {
        if openGroup != nil { out += "    </group>\n" }
        if let group { out += "    <group name=\"\(XMLText.escape(group, attribute: true))\">\n" }
        openGroup = group
      }
      out += (openGroup == nil ? "    " : "      ") + element + "\n"
    }
    if openGroup != nil { out += "    </group>\n" }
    return out + "  </vcard>\n"
  }

  /// The component elements of the structured properties (RFC 6351 §3.4, the
  /// schema's `value-n`, `value-adr`, `value-gender`, `value-clientpidmap`).
  package static let components: [String: [String]] = [
    "N": ["surname", "given", "additional", "prefix", "suffix"],
    "ADR": ["pobox", "ext", "street", "locality", "region", "code", "country"],
    "GENDER": ["sex", "identity"],
    "CLIENTPIDMAP": ["sourceid", "uri"],
  ]

  /// The default value type of a vCard 4.0 property (RFC 6350 §6), as jCard and
  /// xCard name it.
  package static func defaultType(_ name: String) -> String {
    JCardWriter.defaultType(name, version: .v40)
  }

  /// One property as an element, or `nil` when its name cannot be an XML name.
  static func property(_ line: ContentLine, version: VCardSerializer.Version) -> String? {
    if line.name == "XML", let element = embeddedElement(line.value) { return element }
    let name = line.name.lowercased()
    guard XMLText.isName(name) else { return nil }
    let encoded = line.isBase64Data
    var type: String? = nil
    var parameters: [(name: String, values: [String])] = []
    for parameter in line.parameters {
      let key = (parameter.name ?? "TYPE").lowercased()
      if key == "charset" || key == "encoding" { continue }
      if parameter.name == nil, VCardParameter.bareEncodings.contains(parameter.values.first?.lowercased() ?? "") {
        continue
      }
      if key == "value", type == nil, let first = parameter.values.first {
        type = first.lowercased()
        continue
      }
      // 2.1/3.0 give a base64 value's media type as TYPE (`PHOTO;TYPE=JPEG`).
      if encoded && key == "type" { continue }
      let values = parameter.values.flatMap { key == "type" ? $0.split(separator: ",").map(String.init) : [$0] }
      if let index = parameters.firstIndex(where: { $0.name == key }) {
        parameters[index].values += values
      } else if XMLText.isName(key) {
        parameters.append((key, values))
      }
    }
    var out = "<\(name)>"
    if !parameters.isEmpty {
      out += "<parameters>"
      for (key, values) in parameters {
        let valueType = parameterType(key)
        out += "<\(key)>" + values.map { element(valueType, $0) }.joined() + "</\(key)>"
      }
      out += "</parameters>"
    }
    if encoded {
      out += element("uri", dataURI(line))
    } else {
      out += value(line, type: type ?? JCardWriter.defaultType(line.name, version: version), version: version)
    }
    return out + "</\(name)>"
  }

  /// The value type of a parameter's values (RFC 6351 §3.4, the schema's `param-*`).
  static func parameterType(_ name: String) -> String {
    switch name {
    case "pref": return "integer"
    case "language": return "language-tag"
    case "geo": return "uri"
    default: return "text"
    }
  }

  /// The value elements of a line.
  static func value(_ line: ContentLine, type: String, version: VCardSerializer.Version) -> String {
    let type = type == "url" ? "uri" : type
    if type == "unknown" { return element("unknown", line.value) }
    if let names = components[line.name] {
      let lists = version != .v21
      let parts = ValueDecoder.split(line.value, separator: ";")
      // `N` and `ADR` always have all their components; `GENDER` and
      // `CLIENTPIDMAP` those written (`GENDER:M` has no identity).
      let count = ["N", "ADR"].contains(line.name) ? names.count : min(parts.count, names.count)
      return names.indices.prefix(count).map { index -> String in
        let part = index < parts.count ? String(parts[index]) : ""
        let items = lists ? ValueDecoder.split(part, separator: ",").map(String.init) : [part]
        return items.map { element(names[index], ValueDecoder.unescape($0)) }.joined()
      }.joined()
    }
    if line.name == "ORG" {
      return ValueDecoder.split(line.value, separator: ";").map { element("text", ValueDecoder.unescape($0)) }.joined()
    }
    if JCardWriter.lists.contains(line.name) && version != .v21 {
      return ValueDecoder.split(line.value, separator: ",").map { element(type, ValueDecoder.unescape($0)) }.joined()
    }
    let text = ValueDecoder.unescape(line.value)
    if line.name == "GEO", version != .v40, let uri = geoURI(text) { return element("uri", uri) }
    switch type {
    case "date", "time", "date-time", "timestamp":
      return element(type, basicDate(text))
    case "date-and-or-time":
      let basic = basicDate(text)
      // Free text in a 3.0 `BDAY` is text, not a date.
      guard basic.unicodeScalars.allSatisfy({ "0123456789-+TZ".unicodeScalars.contains($0) }) else {
        return element("text", text)
      }
      if basic.hasPrefix("T") { return element("time", basic) }
      return element(basic.contains("T") ? "date-time" : "date", basic)
    default:
      return element(XMLText.isName(type) ? type : "text", text)
    }
  }

  /// `<name>text</name>`, or `<name/>` for empty text.
  static func element(_ name: String, _ text: String) -> String {
    text.isEmpty ? "<\(name)/>" : "<\(name)>" + XMLText.escape(text, attribute: false) + "</\(name)>"
  }

  /// The value of an `XML` property when it is one element (`<a …>…</a>`): written
  /// into the card as it is (RFC 6351 §6: what xCard holds in another namespace).
  static func embeddedElement(_ value: String) -> String? {
    let text = ValueDecoder.unescape(value).trimmingBlanks()
    guard text.hasPrefix("<"), text.hasSuffix(">"), !text.hasPrefix("<?"), !text.hasPrefix("<!") else { return nil }
    return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
  }

  /// A base64 value as a `data:` URI (RFC 2397), its media type from the 2.1/3.0
  /// `TYPE` (`JPEG` → `image/jpeg`), as vCard 4.0 writes `PHOTO` (RFC 6350 §6.2.4).
  static func dataURI(_ line: ContentLine) -> String {
    let base64 = String(line.value.unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "\r" && $0 != "\n" })
    let declared = line.parameterValues("TYPE").first { !VCardParameter.bareEncodings.contains($0.lowercased()) }
    var mediaType = "application/octet-stream"
    if let declared = declared?.lowercased(), !declared.isEmpty {
      if declared.contains("/") {
        mediaType = declared
      } else {
        let top = ["SOUND": "audio", "KEY": "application"][line.name] ?? "image"
        mediaType = top + "/" + (declared == "pgp" ? "pgp-keys" : declared)
      }
    }
    return "data:" + mediaType + ";base64," + base64
  }

  /// A 3.0 `GEO` (`37.38;-122.08`, RFC 2426 §3.4.2) as the 4.0 `geo:` URI (RFC 5870).
  static func geoURI(_ text: String) -> String? {
    let parts = text.split(separator: ";").map { $0.trimmingBlanks() }
    guard parts.count == 2, parts.allSatisfy({ Double($0) != nil }) else { return nil }
    return "geo:" + parts[0] + "," + parts[1]
  }

  /// A date, time or date-time in the basic ISO 8601 form of vCard 4.0: the
  /// extended form's `-` in the date and `:` in the time and zone taken out
  /// (`1985-04-15` → `19850415`, `--04-15` → `--0415`,
  /// `2009-08-08T14:30:00-05:00` → `20090808T143000-0500`); a basic form unchanged.
  static func basicDate(_ text: String) -> String {
    let trimmed = text.trimmingBlanks()
    let split = trimmed.firstIndex(of: "T") ?? trimmed.endIndex
    var date = String(trimmed[..<split])
    let time = String(trimmed[split...])
    let lead = date.hasPrefix("--") ? "--" : ""
    date = lead + date.dropFirst(lead.count).replacingOccurrences(of: "-", with: "")
    return date + time.replacingOccurrences(of: ":", with: "")
  }
}
