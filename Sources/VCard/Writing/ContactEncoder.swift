import ContactKit
import Foundation

/// Maps the model to content lines: a `Contact`, or one of its values, as the
/// vCard lines that `ContactDecoder` reads back to the same values (the writing half
/// of the mapping layer).
///
/// Labels become `TYPE` words where a `TYPE` reads back as the same label (`work`,
/// `mobile` → `TYPE=cell`, `homeFax` → `TYPE=home,fax`); a label no `TYPE` can carry
/// (custom text, `homePage`) goes into an Apple `X-ABLabel` line sharing a new
/// `itemN` group with its value. Preferred values get `PREF=1` (4.0) or `TYPE=pref`.
public enum ContactEncoder {
  /// How new lines are written.
  public struct Style: Sendable, Hashable {
    /// The card's version.
    public var version: VCardSerializer.Version
    /// Whether `TYPE` words are written in upper case (to match a card that does).
    public var upperCaseTypes: Bool
    /// Whether a 2.1 card writes its types as `TYPE=CELL` rather than as the bare
    /// words of vCard 2.1 §2.1.2 (`TEL;CELL:`), one `TYPE=` per word (2.1 has no
    /// comma lists). Not used by 3.0 and 4.0.
    public var namedTypes: Bool

    /// Creates a style.
    public init(version: VCardSerializer.Version, upperCaseTypes: Bool = false, namedTypes: Bool = false) {
      self.version = version
      self.upperCaseTypes = upperCaseTypes
      self.namedTypes = namedTypes
    }

    /// The style of new lines in `card`: its version; `TYPE` words in upper case
    /// when its first one is; for 2.1, `TYPE=` when the card writes its types so
    /// and no bare ones.
    public init(of card: RawCard) {
      let version = VCardSerializer.Version(card.version)
      var upper = false
      var bare = false
      var named = false
      var seenType = false
      for line in card.lines {
        if !seenType, let first = line.parameterValues("TYPE").first(where: { $0.contains(where: \.isLetter) }) {
          upper = first == first.uppercased() && first != first.lowercased()
          seenType = true
        }
        for parameter in line.parameters {
          if parameter.name == nil {
            bare = bare || !VCardParameter.bareEncodings.contains(parameter.values.first?.lowercased() ?? "")
          } else if parameter.name == "TYPE" {
            named = true
          }
        }
      }
      self.init(version: version, upperCaseTypes: upper, namedTypes: version == .v21 && named && !bare)
    }
  }

  /// One line to write: its group, name, parameters and value (escaped, as
  /// `ContentLine.value`).
  public struct Line: Sendable, Hashable {
    /// The property group (`item1` in `item1.EMAIL`), or `nil` (RFC 6350 §3.3).
    public var group: String?
    /// The property name, upper case (`EMAIL`).
    public var name: String
    /// The parameters, in order.
    public var parameters: [VCardParameter]
    /// The value, escaped as in `ContentLine.value`.
    public var value: String

    /// Creates a line.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String) {
      self.group = group
      self.name = name
      self.parameters = parameters
      self.value = value
    }

    /// The line's bytes, folded, with its line end.
    public func bytes(_ version: VCardSerializer.Version, lineEnd: [UInt8] = VCardSerializer.crlf) -> [UInt8] {
      VCardSerializer.line(
        group: group, name: name, parameters: parameters, value: value, version: version, lineEnd: lineEnd)
    }
  }

  /// Hands out group names (`item1`, `item2`, …) not used in the card yet.
  public struct GroupNames: Sendable {
    var used: Set<String>
    var next = 1

    /// Names in `used` (compared case-insensitively) are not handed out.
    public init(used: some Sequence<String>) {
      self.used = Set(used.map { $0.lowercased() })
    }

    /// A fresh group name.
    public mutating func make() -> String {
      while used.contains("item\(next)") { next += 1 }
      used.insert("item\(next)")
      return "item\(next)"
    }
  }

  // MARK: Whole cards

  /// The content lines of a new card for `contact`, `BEGIN`/`END` excluded:
  /// `VERSION`, `PRODID`, `UID`, `FN`, `N`, then every value of the model, `REV`.
  ///
  /// - Parameters:
  ///   - uid: the card's `UID` value (for 4.0 new cards, `urn:uuid:…`).
  ///   - revision: the `REV` time, or `nil` for no `REV` line.
  public static func lines(
    for contact: Contact, style: Style, uid: String, productID: String = VCardWriter.productID,
    revision: Date? = nil
  ) -> [Line] {
    var names = GroupNames(used: [])
    var out: [Line] = [
      Line(name: "VERSION", value: style.version.rawValue),
      Line(name: "PRODID", value: escapeURI(productID)),
    ]
    if !uid.isEmpty { out.append(Line(name: "UID", value: escapeURI(uid))) }
    out.append(Line(name: "FN", value: VCardSerializer.escape(formattedName(contact), version: style.version)))
    out.append(Line(name: "N", value: VCardSerializer.structured(nameComponents(contact), version: style.version)))
    if contact.contactType == .organization { out.append(kindLine(style)) }
    for (name, value) in phoneticFields(contact) where !value.isEmpty {
      out.append(Line(name: name, value: VCardSerializer.escape(value, version: style.version)))
    }
    if !contact.nickname.isEmpty {
      out.append(
        Line(name: "NICKNAME", value: VCardSerializer.list([contact.nickname] + contact.otherNicknames, version: style.version)))
    }
    if !contact.organizationName.isEmpty || !contact.departmentName.isEmpty {
      out.append(Line(name: "ORG", value: organizationValue(contact, original: nil, version: style.version)))
    }
    if !contact.jobTitle.isEmpty { out.append(Line(name: "TITLE", value: VCardSerializer.escape(contact.jobTitle, version: style.version))) }
    if !contact.role.isEmpty { out.append(Line(name: "ROLE", value: VCardSerializer.escape(contact.role, version: style.version))) }
    if let birthday = contact.birthday { out.append(dateLine("BDAY", birthday, style)) }
    for value in contact.phoneNumbers { out += phone(value, style: style, groups: &names) }
    for value in contact.emailAddresses { out += email(value, style: style, groups: &names) }
    for value in contact.postalAddresses { out += address(value, style: style, groups: &names) }
    for value in contact.urlAddresses { out += url(value, style: style, groups: &names) }
    for value in contact.instantMessageAddresses { out += instantMessage(value, style: style, groups: &names) }
    for value in contact.socialProfiles { out += socialProfile(value, style: style, groups: &names) }
    for value in contact.contactRelations { out += relation(value, style: style, groups: &names) }
    for value in contact.dates { out += date(value, style: style, groups: &names) }
    if !contact.note.isEmpty { out.append(Line(name: "NOTE", value: VCardSerializer.escape(contact.note, version: style.version))) }
    if !contact.groups.isEmpty { out.append(Line(name: "CATEGORIES", value: VCardSerializer.list(contact.groups, version: style.version))) }
    if let image = contact.imageData, !image.isEmpty { out.append(photo(jpeg: image, version: style.version)) }
    if let revision { out.append(Line(name: "REV", value: revisionValue(revision, style.version))) }
    return out
  }

  // MARK: Single values

  /// `PHOTO` with a JPEG inline, as each version writes it: 4.0 a `data:` URI
  /// (RFC 6350 §6.2.4, RFC 2397), 3.0 `ENCODING=b;TYPE=JPEG` (RFC 2426 §3.1.4), 2.1
  /// `ENCODING=BASE64;TYPE=JPEG` (vCard 2.1 §2.4.2; `VCardSerializer` folds it and
  /// ends it with an empty line).
  public static func photo(jpeg: [UInt8], version: VCardSerializer.Version) -> Line {
    let base64 = Data(jpeg).base64EncodedString()
    switch version {
    case .v40:
      return Line(name: "PHOTO", value: "data:image/jpeg;base64," + base64)
    case .v30:
      return Line(
        name: "PHOTO",
        parameters: [VCardParameter(name: "ENCODING", values: ["b"]), VCardParameter(name: "TYPE", values: ["JPEG"])],
        value: base64)
    case .v21:
      return Line(
        name: "PHOTO",
        parameters: [VCardParameter(name: "ENCODING", values: ["BASE64"]), VCardParameter(name: "TYPE", values: ["JPEG"])],
        value: base64)
    }
  }

  /// `FN`: the formatted name, or the name composed from the card's name parts,
  /// organization or nickname when there is none (empty when it has none of them).
  static func formattedName(_ contact: Contact) -> String {
    guard contact.formattedNameIsBlank else { return contact.formattedName }
    // A name the card has (its parts, organization, nickname); never the email or
    // number shown in its place, which would stay behind as the name once it changed.
    var named = contact
    named.emailAddresses = []
    named.phoneNumbers = []
    return named.displayName
  }

  /// `N` components: family, given, additional, prefixes, suffixes (RFC 6350 §6.2.2).
  static func nameComponents(_ contact: Contact) -> [String] {
    [contact.familyName, contact.givenName, contact.middleName, contact.namePrefix, contact.nameSuffix]
  }

  static func phoneticFields(_ contact: Contact) -> [(String, String)] {
    [
      ("X-PHONETIC-FIRST-NAME", contact.phoneticGivenName),
      ("X-PHONETIC-MIDDLE-NAME", contact.phoneticMiddleName),
      ("X-PHONETIC-LAST-NAME", contact.phoneticFamilyName),
    ]
  }

  /// `department` cut back into units as `units` were joined into it (with ", "):
  /// when it has as many ", " as their joined text, each unit takes as many pieces as it
  /// had (a unit's own comma, `R\, D`, stays in it); else, when no unit had a comma,
  /// one unit a piece; else nil (written as one unit).
  static func regrouped(_ department: String, like units: [String]) -> [String]? {
    let pieces = department.components(separatedBy: ", ")
    let counts = units.map { $0.components(separatedBy: ", ").count }
    if pieces.count == counts.reduce(0, +) {
      var start = 0
      return counts.map { count in
        defer { start += count }
        return pieces[start..<(start + count)].joined(separator: ", ")
      }
    }
    return counts.allSatisfy { $0 == 1 } ? pieces : nil
  }

  /// `ORG`: organization and department; components after the first are kept from
  /// `original` (an escaped `ORG` value) when the department did not change. When it
  /// did, and `original` had several units after the organization (`Copying;Night
  /// Shift`, shown joined with ", "), the new department is cut into units again
  /// (`regrouped`), not written as one unit holding them all.
  static func organizationValue(_ contact: Contact, original: String?, version: VCardSerializer.Version) -> String {
    let written = original.map { ValueDecoder.split($0, separator: ";").map(String.init) } ?? []
    /// `texts` as components, each as `written` spells it at the same place when its text
    /// is the same there (`Smith\: Sons\, Ltd\N` stays so when the department changes).
    func components(_ texts: [String]) -> String {
      texts.enumerated().map { index, text in
        if index < written.count, ValueDecoder.unescape(written[index]).trimmingBlanks() == text { return written[index] }
        return VCardSerializer.component(text, version: version)
      }.joined(separator: ";")
    }
    if original != nil {
      let units = written.dropFirst().map { ValueDecoder.unescape($0).trimmingBlanks() }.filter { !$0.isEmpty }
      let departments = units.joined(separator: ", ")
      if departments == contact.departmentName {
        return ([components([contact.organizationName])] + written.dropFirst()).joined(separator: ";")
      }
      if units.count > 1, let newUnits = regrouped(contact.departmentName, like: units) {
        return components([contact.organizationName] + newUnits)
      }
    }
    if contact.departmentName.isEmpty { return components([contact.organizationName]) }
    return components([contact.organizationName, contact.departmentName])
  }

  static func kindLine(_ style: Style) -> Line {
    style.version == .v40 ? Line(name: "KIND", value: "org") : Line(name: "X-ABSHOWAS", value: "COMPANY")
  }

  /// A date line: 4.0 `19850415` / `--0415`; 3.0 and 2.1 `1985-04-15`, and Apple's
  /// year 1604 with `X-APPLE-OMIT-YEAR` for a date without a year; free text as
  /// `VALUE=text` (4.0).
  static func dateLine(_ name: String, _ date: ContactDate, _ style: Style, group: String? = nil) -> Line {
    let (value, parameters) = dateValue(date, style.version)
    return Line(group: group, name: name, parameters: parameters, value: value)
  }

  static func dateValue(
    _ date: ContactDate, _ version: VCardSerializer.Version, form: DateForm? = nil
  ) -> (String, [VCardParameter]) {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    func four(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }
    let dash = DateForm.written(form, version) == .extended ? "-" : ""
    switch (date.year, date.month, date.day) {
    case let (year?, month?, day?):
      return (four(year) + dash + two(month) + dash + two(day), [])
    case let (nil, month?, day?):
      if version == .v40 { return ("--" + two(month) + two(day), []) }
      return ("1604" + dash + two(month) + dash + two(day), [VCardParameter(name: "X-APPLE-OMIT-YEAR", values: ["1604"])])
    case let (year?, month?, nil):
      return ("\(four(year))-\(two(month))", [])
    case let (year?, nil, nil):
      return (four(year), [])
    case let (nil, month?, nil) where version == .v40:
      return ("--" + two(month), [])
    case let (nil, nil, day?) where version == .v40:
      return ("---" + two(day), [])
    default:
      let text = VCardSerializer.escape(date.text ?? date.description, version: version)
      return (text, version == .v40 ? [VCardParameter(name: "VALUE", values: ["text"])] : [])
    }
  }

  /// How a date is spelled in ISO 8601: basic (`19850415`, `20080424T195243Z`) or
  /// extended (`1985-04-15`, `2008-04-24T19:52:43Z`). vCard 4.0 has only the basic
  /// form (RFC 6350 §4.3); 2.1 and 3.0 read both, and an edit keeps the one the
  /// card's line had.
  enum DateForm: Sendable, Hashable {
    case basic, extended

    /// The form of a written date or date-time (`19850415`, `1985-04-15`,
    /// `--0415`, `--04-15`, `20080424T195243Z`), or `nil` for anything else.
    init?(of value: String) {
      let bytes = Array(value.utf8.drop { $0 == 0x20 || $0 == 0x09 })
      func digits(_ range: Range<Int>) -> Bool {
        range.upperBound <= bytes.count && bytes[range].allSatisfy { (0x30...0x39).contains($0) }
      }
      if digits(0..<4) && bytes.count > 4 && bytes[4] == UInt8(ascii: "-") {
        self = .extended
      } else if digits(0..<8) {
        self = .basic
      } else if bytes.starts(with: Array("--".utf8)) && digits(2..<4) {
        self = bytes.count > 4 && bytes[4] == UInt8(ascii: "-") ? .extended : .basic
      } else {
        return nil
      }
    }

    /// The form to write in `version`: always basic in 4.0; else `form`, or the
    /// extended form without one.
    static func written(_ form: DateForm?, _ version: VCardSerializer.Version) -> DateForm {
      version == .v40 ? .basic : form ?? .extended
    }
  }

  /// `REV`: 4.0 `20240302T091205Z`, 3.0 and 2.1 `2024-03-02T09:12:05Z` (UTC), or
  /// in the basic form when `form` says a card wrote it so.
  static func revisionValue(_ date: Date, _ version: VCardSerializer.Version, form: DateForm? = nil) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ n: Int?) -> String { let n = n ?? 0; return n < 10 ? "0\(n)" : "\(n)" }
    let year = String(c.year ?? 1970)
    if DateForm.written(form, version) == .basic {
      return "\(year)\(two(c.month))\(two(c.day))T\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
    }
    return "\(year)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
  }

  /// A URI value: only a backslash and line breaks are escaped (the reader unescapes
  /// every value; RFC 6350 does not escape URIs otherwise).
  package static func escapeURI(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x0D || $0 == 0x0A }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\r", "\n": out += "\\n"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  // MARK: Labeled values

  /// The lines of a phone number: `TEL` with its label as `TYPE` or `X-ABLabel`.
  public static func phone(_ value: LabeledValue<String>, style: Style, groups: inout GroupNames) -> [Line] {
    labeled(
      Line(name: "TEL", value: VCardSerializer.escape(value.value, version: style.version)), value, kind: .phone, style: style,
      groups: &groups)
  }

  /// A changed phone number as the value of `line`: a `tel:` URI (RFC 3966, blanks
  /// as `-`) when the line wrote one (4.0 `TEL;VALUE=uri:tel:…`), text otherwise.
  static func phoneValue(_ number: String, as line: ContentLine, version: VCardSerializer.Version) -> String {
    let isURI =
      line.parameterValues("VALUE").contains { $0.lowercased() == "uri" }
      || line.value.trimmingBlanks().lowercased().hasPrefix("tel:")
    guard isURI else { return VCardSerializer.escape(number, version: version) }
    let digits = number.trimmingBlanks().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: "-")
    return escapeURI(digits.lowercased().hasPrefix("tel:") ? digits : "tel:" + digits)
  }

  /// The lines of an email address (`EMAIL`).
  public static func email(_ value: LabeledValue<String>, style: Style, groups: inout GroupNames) -> [Line] {
    labeled(
      Line(name: "EMAIL", value: VCardSerializer.escape(value.value, version: style.version)), value, kind: .common, style: style,
      groups: &groups)
  }

  /// The lines of a postal address (`ADR`, with `CC` for the ISO country code).
  public static func address(_ value: LabeledValue<PostalAddress>, style: Style, groups: inout GroupNames) -> [Line]
  {
    var line = Line(name: "ADR", value: addressValue(value.value, original: nil, version: style.version))
    if !value.value.isoCountryCode.isEmpty {
      line.parameters.append(VCardParameter(name: "CC", values: [value.value.isoCountryCode.uppercased()]))
    }
    return labeled(line, value, kind: .common, style: style, groups: &groups)
  }

  /// `ADR` components. The post-office box, extended and street components joined
  /// make the street (`ContactDecoder.postalAddress`: the non-empty ones, one after
  /// another on lines of their own); from `original` (an escaped `ADR` value) they are
  /// given back as they were:
  /// - the street unchanged: the three components byte for byte;
  /// - as many lines as they had: line by line into the components the lines came
  ///   from (an edit of one line changes its component; the others stay byte for byte);
  /// - otherwise the leading lines still equal to the post-office box and extended
  ///   components stay there, and the other lines are the street component.
  /// Without `original` every line is the street component's.
  static func addressValue(_ address: PostalAddress, original: String?, version: VCardSerializer.Version) -> String {
    var first = ["", "", VCardSerializer.component(address.street, version: version)]
    // RFC 9554's components after the seventh (room, floor, street number and name,
    // building, district…), which cpick does not show: kept as written while the street
    // is, since they say its parts; with a new street they would describe the old one.
    var extra: [String] = []
    if let original {
      let parts = ValueDecoder.split(original, separator: ";").map(String.init)
      let escaped = Array(parts.prefix(3)) + Array(repeating: "", count: max(0, 3 - parts.count))
      let old = escaped.map { ValueDecoder.unescape($0).trimmingBlanks() }
      if old.filter({ !$0.isEmpty }).joined(separator: "\n") == address.street {
        first = escaped
        extra = Array(parts.dropFirst(7))
      } else {
        first = splitStreet(address.street, old: old).enumerated().map { index, text in
          text == old[index] ? escaped[index] : VCardSerializer.component(text, version: version)
        }
      }
    }
    let rest = [address.city, address.state, address.postalCode, address.country].map {
      VCardSerializer.component($0, version: version)
    }
    return (first + rest + extra).joined(separator: ";")
  }

  /// An edited street cut into the post-office box, extended and street components,
  /// as `addressValue(_:original:version:)` says, from the components it was made of
  /// (`old`, unescaped).
  private static func splitStreet(_ street: String, old: [String]) -> [String] {
    func lines(_ text: String) -> [String] {
      text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    // Each old line with the component it was in.
    let oldLines = old.indices.flatMap { index in lines(old[index]).map { (component: index, line: $0) } }
    let edited = lines(street)
    var components = ["", "", ""]
    func add(_ line: String, to index: Int) {
      components[index] = components[index].isEmpty ? line : components[index] + "\n" + line
    }
    if edited.count == oldLines.count {
      for (line, was) in zip(edited, oldLines) { add(line, to: was.component) }
      return components
    }
    var rest = edited[...]
    for index in 0..<2 where !old[index].isEmpty {
      let kept = lines(old[index])
      guard rest.count > kept.count, Array(rest.prefix(kept.count)) == kept else { break }
      components[index] = old[index]
      rest = rest.dropFirst(kept.count)
    }
    components[2] = rest.joined(separator: "\n")
    return components
  }

  /// The lines of a URL (`URL`).
  public static func url(_ value: LabeledValue<String>, style: Style, groups: inout GroupNames) -> [Line] {
    labeled(Line(name: "URL", value: escapeURI(value.value)), value, kind: .common, style: style, groups: &groups)
  }

  /// The lines of an instant-message address: `IMPP:scheme:user`, with
  /// `X-SERVICE-TYPE` when the service is not the URI scheme (RFC 6350 §6.4.3).
  public static func instantMessage(
    _ value: LabeledValue<InstantMessageAddress>, style: Style, groups: inout GroupNames
  ) -> [Line] {
    labeled(instantMessageLine(value.value), value, kind: .common, style: style, groups: &groups)
  }

  static func instantMessageLine(_ address: InstantMessageAddress) -> Line {
    let schemes: [String: String] = [
      "jabber": "xmpp", "xmpp": "xmpp", "aim": "aim", "skype": "skype", "msn": "msnim", "yahoo": "ymsgr",
      "icq": "icq", "sip": "sip", "irc": "irc", "gadugadu": "gg", "qq": "qq", "matrix": "matrix",
    ]
    let service = address.service
    let scheme =
      schemes[service.lowercased()]
      ?? String(service.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        .map(Character.init))
    var line = Line(name: "IMPP", value: escapeURI((scheme.isEmpty ? "x-im" : scheme) + ":" + address.username))
    if service != scheme { line.parameters.append(VCardParameter(name: "X-SERVICE-TYPE", values: [service])) }
    return line
  }

  /// The lines of a social profile: Apple's `X-SOCIALPROFILE;TYPE=service;X-USER=name:url`.
  public static func socialProfile(
    _ value: LabeledValue<SocialProfile>, style: Style, groups: inout GroupNames
  ) -> [Line] {
    var line = Line(name: "X-SOCIALPROFILE", value: escapeURI(value.value.urlString))
    if !value.value.service.isEmpty {
      line.parameters.append(VCardParameter(name: "TYPE", values: [value.value.service.lowercased()]))
    }
    if !value.value.username.isEmpty {
      line.parameters.append(VCardParameter(name: "X-USER", values: [value.value.username]))
    }
    return labeled(line, value, kind: .labelOnly, style: style, groups: &groups)
  }

  /// The lines of a related name: 4.0 `RELATED;VALUE=text`, else Apple's `X-ABRELATEDNAMES`.
  public static func relation(_ value: LabeledValue<String>, style: Style, groups: inout GroupNames) -> [Line] {
    var line = Line(name: "X-ABRELATEDNAMES", value: VCardSerializer.escape(value.value, version: style.version))
    if style.version == .v40 {
      line = Line(name: "RELATED", parameters: [VCardParameter(name: "VALUE", values: ["text"])], value: line.value)
    }
    return labeled(line, value, kind: .common, style: style, groups: &groups)
  }

  /// The lines of a date: `ANNIVERSARY` (4.0) / `X-ANNIVERSARY` for the label
  /// `anniversary`, otherwise Apple's `X-ABDATE` with its label.
  public static func date(_ value: LabeledValue<ContactDate>, style: Style, groups: inout GroupNames) -> [Line] {
    if value.label == "anniversary" {
      return [dateLine(style.version == .v40 ? "ANNIVERSARY" : "X-ANNIVERSARY", value.value, style)]
    }
    return labeled(dateLine("X-ABDATE", value.value, style), value, kind: .common, style: style, groups: &groups)
  }

  // MARK: Labels

  /// How a property's `TYPE` words read as a label.
  enum LabelKind {
    case phone, common
    /// The label is only ever read from `X-ABLabel` (`X-SOCIALPROFILE`).
    case labelOnly

    func label(_ types: [String]) -> String? {
      switch self {
      case .phone: return Labels.phone(types: types)
      case .common: return Labels.common(types)
      case .labelOnly: return nil
      }
    }
  }

  /// `TYPE` words that read back as `label`, or `nil` when none do: only for the
  /// standard labels and Android's `work mobile` and `work pager` (a custom label,
  /// read back from `TYPE` in the case written, goes into an `X-ABLabel`, where no
  /// writer's upper-cased types change it).
  static func types(for label: String, kind: LabelKind) -> [String]? {
    let table: [String: [String]] = [
      "mobile": ["cell"], "iPhone": ["iphone"], "homeFax": ["home", "fax"], "workFax": ["work", "fax"],
      "otherFax": ["fax"], Labels.workMobile: ["work", "cell"], Labels.workPager: ["work", "pager"],
    ]
    guard kind != .labelOnly, Labels.standard.contains(label) || table[label] != nil else { return nil }
    let candidate = table[label] ?? [label.lowercased()]
    guard candidate.allSatisfy({ isToken($0) }), kind.label(candidate) == label else { return nil }
    return candidate
  }

  static func isToken(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }
  }

  /// An `X-ABLabel` value that reads back as `label`: Apple's `_$!<HomePage>!$_`
  /// token for a standard label, the text itself otherwise.
  static func appleLabel(_ label: String) -> String {
    // Apple's own spellings, compared exactly by its readers (`kABPersonPhoneWorkFAXLabel`
    // is `_$!<WorkFAX>!$_`; `kABPersonPhoneIPhoneLabel` is the plain `iPhone`).
    switch label {
    case "homeFax": return "_$!<HomeFAX>!$_"
    case "workFax": return "_$!<WorkFAX>!$_"
    case "otherFax": return "_$!<OtherFAX>!$_"
    case "iPhone": return "iPhone"
    default: break
    }
    let token = "_$!<" + label.prefix(1).uppercased() + label.dropFirst() + ">!$_"
    if Labels.custom(token) == label && !isCustomText(label) { return token }
    return label
  }

  private static func isCustomText(_ label: String) -> Bool {
    !["mobile", "home", "work", "other", "main", "homeFax", "workFax", "otherFax", "pager", "iPhone", "homePage",
      "school", "anniversary"].contains(label)
  }

  /// The `TYPE` parameter for `types` in `style` (2.1: bare words).
  static func typeParameters(_ types: [String], style: Style) -> [VCardParameter] {
    guard !types.isEmpty else { return [] }
    let words = types.map { style.upperCaseTypes || style.version == .v21 ? $0.uppercased() : $0 }
    if style.version == .v21 { return words.map { VCardParameter(name: style.namedTypes ? "TYPE" : nil, values: [$0]) } }
    return [VCardParameter(name: "TYPE", values: words)]
  }

  /// The parameters that say `preference` in `style`: 4.0 `PREF=n` (RFC 6350 §5.3),
  /// 3.0 `TYPE=pref`, 2.1 a bare `PREF` (these two know no rank).
  static func preferenceParameters(_ preference: Int, _ style: Style) -> [VCardParameter] {
    switch style.version {
    case .v40: return [VCardParameter(name: "PREF", values: [String(preference)])]
    case .v30: return [VCardParameter(name: "TYPE", values: [style.upperCaseTypes ? "PREF" : "pref"])]
    case .v21: return [VCardParameter(name: style.namedTypes ? "TYPE" : nil, values: ["PREF"])]
    }
  }

  /// `line` with the label and preference of `value`: `TYPE` words, or an
  /// `X-ABLabel` line in a new group.
  static func labeled<V>(
    _ line: Line, _ value: LabeledValue<V>, kind: LabelKind, style: Style, groups: inout GroupNames
  ) -> [Line] {
    var line = line
    var extra: [Line] = []
    if let label = value.label {
      if let types = types(for: label, kind: kind) {
        line.parameters = typeParameters(types, style: style) + line.parameters
      } else {
        let group = groups.make()
        line.group = group
        extra.append(Line(group: group, name: "X-ABLabel", value: VCardSerializer.escape(appleLabel(label), version: style.version)))
      }
    }
    if let preference = value.preference { line.parameters += preferenceParameters(preference, style) }
    return [line] + extra
  }
}
