/// The properties the reader and the mapping tell apart, found once from the name
/// so that they are not compared as strings line after line.
enum PropertyKind: UInt8, Sendable {
  case other
  case begin, end, version
  case uid, formattedName, name, nickname, organization, title, role, birthday, note
  case phone, email, address, url, instantMessage, socialProfile, related, date
  case phoneticFirst, phoneticMiddle, phoneticLast, sound, categories, photo, kind, showAs, label
  /// Readings under other names: vCard 3.0's `SORT-STRING` (the name's), Apple's
  /// `X-PHONETIC-ORG` (the organization's).
  case sortString, phoneticOrganization
  /// Android's `X-ANDROID-CUSTOM` data row (`AndroidCustomRow`).
  case androidCustom
  /// Apple's `X-ABADR`: the ISO 3166-1 country code of the `ADR` in its group
  /// (`item1.X-ABADR:us`).
  case addressCountryCode

  /// Whether the value is text a person reads (a name, a note, an address…): written
  /// in base64 by some exports (`FN;ENCODING=BASE64;CHARSET=UTF-8:…`), it is decoded
  /// to its text. The base64 of any other property is data (a photo, a key, an
  /// `X-MS-CARDPICTURE`) and stays as written.
  var isText: Bool {
    switch self {
    case .formattedName, .name, .nickname, .organization, .title, .role, .note, .phone, .email, .address,
      .phoneticFirst, .phoneticMiddle, .phoneticLast, .categories, .label:
      true
    default: false
    }
  }

  /// The standard names and those of the phone and address-book programs that are
  /// not data (the vendor properties that carry data come from `VendorProperties`).
  private static let table: [(StaticString, PropertyKind)] =
    [
      ("BEGIN", .begin), ("END", .end), ("VERSION", .version),
      ("UID", .uid), ("FN", .formattedName), ("N", .name), ("NICKNAME", .nickname), ("ORG", .organization),
      ("TITLE", .title), ("ROLE", .role), ("BDAY", .birthday), ("NOTE", .note), ("TEL", .phone), ("EMAIL", .email),
      ("ADR", .address), ("URL", .url), ("IMPP", .instantMessage), ("RELATED", .related), ("ANNIVERSARY", .date),
      ("X-PHONETIC-FIRST-NAME", .phoneticFirst), ("X-PHONETIC-MIDDLE-NAME", .phoneticMiddle),
      ("X-PHONETIC-LAST-NAME", .phoneticLast), ("SOUND", .sound), ("CATEGORIES", .categories),
      ("PHOTO", .photo), ("KIND", .kind), ("X-ADDRESSBOOKSERVER-KIND", .kind), ("X-ABSHOWAS", .showAs),
      ("X-ABLABEL", .label), ("X-ABADR", .addressCountryCode), ("SORT-STRING", .sortString),
      ("X-PHONETIC-ORG", .phoneticOrganization),
    ] + VendorProperties.table.map { ($0.name, $0.kind) }

  /// Every name of `kind`: the lines an edit of that kind's values looks for
  /// (`CardEditor`), the same the reader takes them from.
  static func names(of kind: PropertyKind) -> Set<String> {
    Set(table.filter { $0.1 == kind }.map { $0.0.description })
  }

  /// The names of each length (index: byte count), with their kinds.
  private static let byLength: [[(StaticString, PropertyKind)]] = {
    var out = Array(repeating: [(StaticString, PropertyKind)](), count: 32)
    for entry in table { out[entry.0.utf8CodeUnitCount].append(entry) }
    return out
  }()

  /// The kind of an upper-case name.
  init(_ name: UnsafeBufferPointer<UInt8>) {
    self = .other
    guard name.count < 32 else { return }
    for (candidate, kind) in Self.byLength[name.count] {
      let pattern = candidate.utf8Start
      var equal = true
      for offset in 0..<name.count where name[offset] != pattern[offset] {
        equal = false
        break
      }
      if equal {
        self = kind
        return
      }
    }
  }

  /// The names of each length, as strings made once (index: byte count), in the order
  /// of `byLength`.
  private static let namesByLength: [[String]] = byLength.map { entries in
    entries.map { entry in entry.0.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
  }

  /// The kind and the upper-case name of a name written in any case (ASCII letters
  /// compared without case), or nil for a name of no kind: the reader's lines take
  /// their name from here instead of making a string for each.
  static func known(_ name: UnsafeBufferPointer<UInt8>) -> (kind: PropertyKind, name: String)? {
    guard name.count < 32 else { return nil }
    let entries = byLength[name.count]
    for index in entries.indices {
      let pattern = entries[index].0.utf8Start
      var equal = true
      for offset in 0..<name.count {
        var byte = name[offset]
        if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
        if byte != pattern[offset] {
          equal = false
          break
        }
      }
      if equal { return (entries[index].1, namesByLength[name.count][index]) }
    }
    return nil
  }

  /// The kind of an upper-case name.
  init(_ name: String) {
    var name = name
    self = name.withUTF8 { PropertyKind($0) }
  }
}
