import ContactKit
import CpickSupport

/// Maps a raw card to a `Contact` (the meaning layer over the lossless syntax layer).
///
/// Properties read (RFC 6350 names; CNContact keys in brackets): `UID` (identifier),
/// `FN` (formattedName), `N` (name parts, §6.2.2), `NICKNAME`, `ORG` (organization,
/// department), `TITLE` (jobTitle), `BDAY`, `NOTE`, `TEL`, `EMAIL`, `ADR`, `URL`,
/// `IMPP`, `RELATED`, `ANNIVERSARY`, `X-PHONETIC-*`, `SOUND;X-IRMC-N`, `CATEGORIES`
/// (groups), `PHOTO` (hasImage), `KIND`/`X-ABShowAs` (contactType), and the vendor
/// properties of `VendorProperties` (Apple's, Outlook's, Evolution's, KDE's, Android's). A label in `X-ABLabel` of
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
    /// A labeled value's identifier → the lines that repeat it in another spelling
    /// (Apple's `X-JABBER:ann@x` beside its `IMPP;X-SERVICE-TYPE=Jabber:xmpp:ann@x`):
    /// not a value of their own; an edit of the value removes them with it.
    var repeats: [String: [Int]] = [:]
    /// A single-value field → the lines it was read from, in order.
    var fields: [Field: [Int]] = [:]

    enum Field: Hashable {
      case formattedName, name, nickname, organization, title, role, birthday, note
      case phoneticGiven, phoneticMiddle, phoneticFamily, uid, categories, kind
    }
  }

  /// The contact of `card`; when `provenance` is non-nil, also where each part came from.
  static func contact(from card: RawCard, source: String, provenance: inout Provenance?) -> Contact {
    var mapping = CardMapping(
      card: card, contact: Contact(identifier: identifier(of: card, source: source), source: source),
      provenance: provenance.take())
    var alternatives: Set<String> = []
    for index in card.lines.indices {
      switch card.lines[index].kind {
      case .other, .begin, .end, .version, .label:
        continue
      default:
        break
      }
      let line = card.lines[index]
      // Of alternative representations (the same ALTID, RFC 6350 §5.4) the first is
      // shown; the others stay in the card as they are, a name searched
      // (`Contact.alternateNames`) — but an `N` in kana or with `PHONETIC`, the name's
      // reading (`CardMapping.isReading`).
      if let altID = line.altID, line.kind != .name || !CardMapping.isReading(line),
        !alternatives.insert(line.name + "\u{0}" + altID).inserted
      {
        mapping.readAlternative(line)
        continue
      }
      mapping.lineIndex = index
      mapping.read(line)
    }
    provenance = mapping.provenance.take()
    return mapping.finished()
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
  static func nameParts(_ value: String, lists: Bool) -> [String]? {
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

  /// The postal address of an `ADR` line (RFC 6350 §6.3.1): the first three
  /// components (post office box, extended and street address) one a line, then
  /// locality, region, postal code, country; the country code from `CC`.
  static func postalAddress(_ line: ContentLine) -> PostalAddress {
    let parts = ValueDecoder.components(CardMapping.lineBreaksAsLF(line.value), trimmed: true)
    func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
    // The non-empty parts of the first three, one a line.
    var street = ""
    for index in 0..<min(3, parts.count) where !parts[index].isEmpty {
      street = street.isEmpty ? parts[index] : street + "\n" + parts[index]
    }
    return PostalAddress(
      street: street, city: part(3), state: part(4), postalCode: part(5), country: part(6),
      isoCountryCode: PostalAddress.isoCountryCode(line.parameterValues("CC").first ?? ""))
  }

  /// The instant-messaging address of an `IMPP` line (`xmpp:ada@example.org`, the
  /// service from `X-SERVICE-TYPE` or the scheme) or of an `X-AIM`, `X-JABBER`, … line
  /// (the service from its name).
  static func instantMessage(_ line: ContentLine, _ value: String) -> InstantMessageAddress {
    if line.name == "IMPP" {
      if let colon = value.firstIndex(of: ":") {
        let scheme = String(value[..<colon])
        let service = line.parameterValues("X-SERVICE-TYPE").first ?? scheme
        return InstantMessageAddress(service: service, username: String(value[value.index(after: colon)...]))
      }
      return InstantMessageAddress(service: line.parameterValues("X-SERVICE-TYPE").first ?? "", username: value)
    }
    let service = VendorProperties.entry(line.name)?.service ?? String(line.name.dropFirst(2)).lowercased()
    return InstantMessageAddress(service: service, username: value)
  }

  /// The identifier of the contact of `card` read from `source`: its `UID`, or when it
  /// has none, one derived from its source and text (`derivedIdentifier`), without
  /// mapping the rest of the card.
  package static func identifier(of card: RawCard, source: String) -> String {
    let uid = card.firstIndex(.uid).map { ValueDecoder.unescape(card.lines[$0].value).trimmingBlanks() } ?? ""
    return uid.isEmpty ? derivedIdentifier(card, source: source) : uid
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

  /// The hash an identifier made by `derivedIdentifier` spells (`cpick-` and its 16
  /// hex digits), or nil for any other identifier: a set of these tells equal derived
  /// identifiers as a set of the strings does, without hashing or keeping the strings.
  package static func derivedHash(_ identifier: String) -> UInt64? {
    guard identifier.hasPrefix(ContactIdentifier.derivedPrefix) else { return nil }
    return StableHash.value(hex: identifier.dropFirst(ContactIdentifier.derivedPrefix.count).utf8)
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
