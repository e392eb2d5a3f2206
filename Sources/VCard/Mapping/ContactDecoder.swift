import ContactKit
import CpickSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Maps a raw card to a `Contact` (the meaning layer over the lossless syntax layer).
///
/// Properties read (RFC 6350 names; CNContact keys in brackets): `UID` (identifier),
/// `FN` (formattedName), `N` (name parts, §6.2.2), `NICKNAME`, `ORG` (organization,
/// department), `TITLE` (jobTitle), `BDAY`, `NOTE`, `TEL`, `EMAIL`, `ADR`, `URL`,
/// `IMPP` and `X-AIM`/`X-JABBER`/… , `X-SOCIALPROFILE`, `RELATED`/`X-ABRELATEDNAMES`,
/// `ANNIVERSARY`/`X-ABDATE`, `X-PHONETIC-*`, `SOUND;X-IRMC-N`, `CATEGORIES` (groups),
/// `PHOTO` (hasImage), `KIND`/`X-ABShowAs` (contactType). A label in `X-ABLabel` of
/// the same group (`item1.EMAIL` + `item1.X-ABLabel`) overrides the `TYPE` label.
/// Of lines with the same name and `ALTID` (alternative representations in other
/// languages or scripts) the first gives the value; all stay in the card.
public enum ContactDecoder {
  /// The contact of `card`, read from `source` (a path or `-`).
  public static func contact(from card: RawCard, source: String) -> Contact {
    var provenance: Provenance? = nil
    return contact(from: card, source: source, provenance: &provenance)
  }

  /// Which content line gave which part of a contact: the writer's map from the
  /// model back to the lines (indices into `RawCard.lines`).
  struct Provenance {
    /// A labeled value's identifier → its line.
    var values: [String: Int] = [:]
    /// A single-value field → the lines it was read from, in order.
    var fields: [Field: [Int]] = [:]

    enum Field: Hashable {
      case formattedName, name, nickname, organization, title, birthday, note
      case phoneticGiven, phoneticMiddle, phoneticFamily, uid, categories, kind
    }
  }

  /// The contact of `card`; when `provenance` is non-nil, also where each part came from.
  static func contact(from card: RawCard, source: String, provenance: inout Provenance?) -> Contact {
    let uid = card.first(.uid).map { ValueDecoder.unescape($0.value).trimmingBlanks() } ?? ""
    let identifier = uid.isEmpty ? derivedIdentifier(card, source: source) : uid
    var contact = Contact(identifier: identifier, source: source)
    var labels: [String: String] = [:]
    for index in card.lines.indices where card.lines[index].kind == .label {
      let line = card.lines[index]
      if let group = line.group?.lowercased() { labels[group] = Labels.custom(ValueDecoder.unescape(line.value)) }
    }
    // Lines that gave labeled values so far, with a hash of their text: an
    // identical line counts on.
    var valueLines: [(index: Int, textHash: UInt64, length: Int)] = []
    valueLines.reserveCapacity(card.lines.count)
    var lineIndex = 0
    var identifierHash = StableHash()
    identifierHash.add(identifier)
    identifierHash.add(0x0A)
    func nextIdentifier(_ line: borrowing ContentLine) -> String {
      // StableHash of "\(identifier)\n\(line.text)\n\(count)", on the bytes.
      var count = 0
      var hash = identifierHash
      var textHash = StableHash()
      let length = line.withTextBytes { text in
        textHash.add(text)
        hash.add(text)
        for other in valueLines where other.textHash == textHash.value && other.length == text.count {
          let same = card.lines[other.index].withTextBytes { otherText in
            text.count == 0 || memcmp(otherText.baseAddress!, text.baseAddress!, text.count) == 0
          }
          if same { count += 1 }
        }
        return text.count
      }
      valueLines.append((lineIndex, textHash.value, length))
      hash.add(0x0A)
      hash.add(decimal: count)
      let id = hash.hex
      provenance?.values[id] = lineIndex
      return id
    }
    func field(_ field: Provenance.Field) {
      provenance?.fields[field, default: []].append(lineIndex)
    }
    func label(_ line: borrowing ContentLine, _ typeLabel: String?) -> String? {
      if let group = line.group?.lowercased(), let custom = labels[group] { return custom }
      return typeLabel
    }
    /// `value` as a labeled value of `line`: its stable identifier, its label (the
    /// group's X-ABLabel, else from the TYPE words) and whether it is preferred.
    func labeled<V: Sendable & Hashable>(
      _ line: borrowing ContentLine, _ value: V, typeLabel: ([String]) -> String? = { Labels.common($0) }
    ) -> LabeledValue<V> {
      let types = line.types
      return LabeledValue(
        identifier: nextIdentifier(line), label: label(line, typeLabel(types)), value: value,
        isPreferred: line.isPreferred(types: types))
    }
    var isOrganizationCard = false
    let version = card.version
    var alternatives: Set<String> = []

    for index in card.lines.indices {
      lineIndex = index
      switch card.lines[index].kind {
      case .other, .begin, .end, .version, .label:
        continue
      default:
        break
      }
      let line = card.lines[index]
      // Of alternative representations (the same ALTID, RFC 6350 §5.4) the first is
      // shown; the others stay in the card as they are.
      if let altID = line.altID, !alternatives.insert(line.name + "\u{0}" + altID).inserted { continue }
      switch line.kind {
      case .uid:
        field(.uid)
      case .formattedName:
        field(.formattedName)
        if contact.formattedName.isEmpty { contact.formattedName = ValueDecoder.unescape(line.value) }
      case .name:
        field(.name)
        // Components may be comma lists (3.0, 4.0: "Philip,Paul"); an escaped comma,
        // and any comma in 2.1, is text.
        let lists = !(version ?? "2.1").hasPrefix("2")
        let value = line.value
        let parts =
          nameParts(value, lists: lists)
          ?? ValueDecoder.split(value, separator: ";").map { component in
            let items = lists ? ValueDecoder.split(String(component), separator: ",") : [component]
            return items.map { ValueDecoder.unescape($0).trimmingBlanks() }
              .filter { !$0.isEmpty }.joined(separator: " ")
          }
        func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
        contact.familyName = part(0)
        contact.givenName = part(1)
        contact.middleName = part(2)
        contact.namePrefix = part(3)
        contact.nameSuffix = part(4)
      case .nickname:
        field(.nickname)
        if contact.nickname.isEmpty { contact.nickname = ValueDecoder.list(line.value).first ?? "" }
      case .organization:
        field(.organization)
        let parts = ValueDecoder.components(line.value, trimmed: true)
        contact.organizationName = parts.first ?? ""
        contact.departmentName = parts.dropFirst().filter { !$0.isEmpty }.joined(separator: ", ")
      case .title:
        field(.title)
        contact.jobTitle = ValueDecoder.unescape(line.value)
      case .birthday:
        field(.birthday)
        contact.birthday = DateParsing.parse(ValueDecoder.unescape(line.value))
      case .note:
        field(.note)
        let note = ValueDecoder.unescape(line.value)
        contact.note = contact.note.isEmpty ? note : contact.note + "\n\n" + note
      case .phone:
        var value = ValueDecoder.unescape(line.value).trimmingBlanks()
        if value.hasASCIIPrefixIgnoringCase("tel:") { value = String(value.dropFirst(4)) }
        guard !value.isEmpty else { continue }
        contact.phoneNumbers.append(labeled(line, value, typeLabel: { Labels.phone(types: $0) }))
      case .email:
        var value = ValueDecoder.unescape(line.value).trimmingBlanks()
        if value.hasASCIIPrefixIgnoringCase("mailto:") { value = String(value.dropFirst(7)) }
        guard !value.isEmpty else { continue }
        contact.emailAddresses.append(labeled(line, value))
      case .address:
        let address = postalAddress(line)
        guard !address.isEmpty else { continue }
        contact.postalAddresses.append(labeled(line, address))
      case .url:
        let value = ValueDecoder.unescape(line.value).trimmingBlanks()
        guard !value.isEmpty else { continue }
        contact.urlAddresses.append(labeled(line, value))
      case .instantMessage:
        let value = ValueDecoder.unescape(line.value).trimmingBlanks()
        guard !value.isEmpty else { continue }
        contact.instantMessageAddresses.append(labeled(line, instantMessage(line, value)))
      case .socialProfile:
        let value = ValueDecoder.unescape(line.value).trimmingBlanks()
        let service = line.types.first ?? ""
        let user = line.parameterValues("X-USER").first ?? ""
        guard !value.isEmpty || !user.isEmpty else { continue }
        contact.socialProfiles.append(
          LabeledValue(
            identifier: nextIdentifier(line), label: label(line, nil),
            value: SocialProfile(service: service, username: user, urlString: value)))
      case .related:
        let value = ValueDecoder.unescape(line.value).trimmingBlanks()
        guard !value.isEmpty else { continue }
        contact.contactRelations.append(
          LabeledValue(
            identifier: nextIdentifier(line), label: label(line, Labels.common(line.types)), value: value))
      case .date:
        guard let date = DateParsing.parse(ValueDecoder.unescape(line.value)) else { continue }
        let typeLabel = line.name == "X-ABDATE" ? Labels.common(line.types) : "anniversary"
        contact.dates.append(
          LabeledValue(identifier: nextIdentifier(line), label: label(line, typeLabel), value: date))
      case .phoneticFirst:
        field(.phoneticGiven)
        contact.phoneticGivenName = ValueDecoder.unescape(line.value)
      case .phoneticMiddle:
        field(.phoneticMiddle)
        contact.phoneticMiddleName = ValueDecoder.unescape(line.value)
      case .phoneticLast:
        field(.phoneticFamily)
        contact.phoneticFamilyName = ValueDecoder.unescape(line.value)
      case .sound where line.parameterValues("TYPE").contains(where: { $0.uppercased() == "X-IRMC-N" }):
        let parts = ValueDecoder.components(line.value)
        if contact.phoneticFamilyName.isEmpty { contact.phoneticFamilyName = parts.first ?? "" }
        if contact.phoneticGivenName.isEmpty && parts.count > 1 { contact.phoneticGivenName = parts[1] }
      case .categories:
        field(.categories)
        for group in ValueDecoder.list(line.value) where !contact.groups.contains(group) {
          contact.groups.append(group)
        }
      case .photo:
        if !line.valueIsEmpty { contact.hasImage = true }
      case .kind:
        field(.kind)
        if line.value.lowercased().trimmingBlanks() == "org" { isOrganizationCard = true }
      case .showAs:
        field(.kind)
        if line.value.uppercased().trimmingBlanks() == "COMPANY" { isOrganizationCard = true }
      case .other, .begin, .end, .version, .label, .sound:
        continue
      }
    }
    let hasNameParts = !(contact.givenName + contact.familyName + contact.middleName).isEmpty
    let fn = contact.formattedName.trimmingBlanks()
    if isOrganizationCard
      || (!hasNameParts && !contact.organizationName.isEmpty && (fn.isEmpty || fn == contact.organizationName))
    {
      contact.contactType = .organization
    }
    return contact
  }

  /// Whether `card` is a group card (vCard 4.0 `KIND:group`, Apple's
  /// `X-ADDRESSBOOKSERVER-KIND:group`) rather than a person.
  public static func isGroupCard(_ card: RawCard) -> Bool {
    for index in card.lines.indices where card.lines[index].kind == .kind {
      let line = card.lines[index]
      if line.value.lowercased().trimmingBlanks() == "group" { return true }
    }
    return false
  }

  /// The group of a group card: its name (`FN`) and its members' UIDs (`MEMBER`,
  /// `X-ADDRESSBOOKSERVER-MEMBER`, `urn:uuid:` removed).
  public static func group(from card: RawCard) -> (name: String, memberUIDs: [String]) {
    let name = card.first("FN").map { ValueDecoder.unescape($0.value) } ?? ""
    var members: [String] = []
    for line in card.lines where line.name == "MEMBER" || line.name == "X-ADDRESSBOOKSERVER-MEMBER" {
      let uid = ValueDecoder.unescape(line.value).trimmingBlanks()
      members.append(String(ContactIdentifier.removingURNPrefix(uid)))
    }
    return (name, members)
  }

  /// The parts of an `N` value on its bytes (each component's comma items, when
  /// `lists`, unescaped, trimmed, joined by a space), or `nil` where characters decide.
  private static func nameParts(_ value: String, lists: Bool) -> [String]? {
    var value = value
    return value.withUTF8 { bytes -> [String]? in
      guard let components = ByteParts.split(bytes, 0..<bytes.count, separator: UInt8(ascii: ";")) else { return nil }
      var parts: [String] = []
      parts.reserveCapacity(components.count)
      var scratch: [UInt8] = []
      for component in components {
        if !lists || !component.contains(where: { bytes[$0] == UInt8(ascii: ",") }) {
          guard let text = ByteParts.string(bytes, component, trimmed: true, scratch: &scratch) else { return nil }
          parts.append(text)
          continue
        }
        guard let items = ByteParts.split(bytes, component, separator: UInt8(ascii: ","), prependChecked: true)
        else { return nil }
        var words: [String] = []
        for item in items {
          guard let text = ByteParts.string(bytes, item, trimmed: true, scratch: &scratch) else { return nil }
          if !text.isEmpty { words.append(text) }
        }
        parts.append(words.joined(separator: " "))
      }
      return parts
    }
  }

  private static func postalAddress(_ line: ContentLine) -> PostalAddress {
    let parts = ValueDecoder.components(line.value, trimmed: true)
    func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
    // The non-empty parts of the first three, one a line.
    var street = ""
    for index in 0..<min(3, parts.count) where !parts[index].isEmpty {
      street = street.isEmpty ? parts[index] : street + "\n" + parts[index]
    }
    let cc = line.parameterValues("CC").first ?? ""
    return PostalAddress(
      street: street, city: part(3), state: part(4), postalCode: part(5), country: part(6),
      isoCountryCode: cc.lowercased())
  }

  private static func instantMessage(_ line: ContentLine, _ value: String) -> InstantMessageAddress {
    if line.name == "IMPP" {
      if let colon = value.firstIndex(of: ":") {
        let scheme = String(value[..<colon])
        let service = line.parameterValues("X-SERVICE-TYPE").first ?? scheme
        return InstantMessageAddress(service: service, username: String(value[value.index(after: colon)...]))
      }
      return InstantMessageAddress(service: line.parameterValues("X-SERVICE-TYPE").first ?? "", username: value)
    }
    var service = String(line.name.dropFirst(2)).lowercased()
    if service == "skype-username" { service = "skype" }
    return InstantMessageAddress(service: service, username: value)
  }

  /// For a card without `UID`: a hash of its source (`SourcePath.canonical`: however
  /// the path was typed, from whichever folder) and its text, stable while both are.
  private static func derivedIdentifier(_ card: RawCard, source: String) -> String {
    var hash = StableHash()
    hash.add(SourcePath.canonical(source))
    for line in card.lines {
      hash.add(0x0A)
      line.withTextBytes { hash.add($0) }
    }
    return ContactIdentifier.derivedPrefix + hash.hex
  }
}

extension String {
  /// Whether the string starts with the ASCII `prefix` (lower case), in any case.
  func hasASCIIPrefixIgnoringCase(_ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    var index = utf8.startIndex
    for offset in 0..<count {
      guard index < utf8.endIndex else { return false }
      var byte = utf8[index]
      if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
      if byte != prefix.utf8Start[offset] { return false }
      index = utf8.index(after: index)
    }
    // The prefix must end at a character boundary, as `hasPrefix` on characters.
    guard index < utf8.endIndex else { return true }
    return utf8[index] < 0xCC || lowercased().hasPrefix(prefix.description)
  }
}
