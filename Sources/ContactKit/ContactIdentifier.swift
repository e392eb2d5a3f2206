import Foundation

/// A contact's identifier, the vCard `UID` (RFC 6350 §6.7.6; `CNContact.identifier`):
/// how one is made for a new card, and how its spellings are compared.
///
/// New identifiers are `urn:uuid:` and a random version-4 UUID in lower case (RFC 4122
/// §4.4, RFC 6350's own example), as Apple's Contacts, vdirsyncer and khard write them.
/// A UUID is the same in any case and with or without `urn:uuid:` (RFC 4122 §3); any
/// other identifier is compared as written.
public enum ContactIdentifier {
  /// The prefix of a UUID written as a URN (RFC 4122 §3).
  public static let uuidURNPrefix = "urn:uuid:"

  /// The prefix of the identifiers cpick derives for a card without `UID` (from its
  /// source and text, so that the card keeps it from one run to the next): they are
  /// never written into a card, and a saved card gets a new identifier instead.
  public static let derivedPrefix = "cpick-"

  /// Whether `identifier` was derived by cpick for a card without `UID`.
  public static func isDerived(_ identifier: String) -> Bool {
    identifier.hasPrefix(derivedPrefix)
  }

  /// Whether `identifier` is a version-8 (custom) UUID URN: what cpick makes for a
  /// record of a book without identifiers of its own (an abook section, a mutt alias:
  /// `ForeignRecordIdentifier`), from its content, so a record changed elsewhere has
  /// another. Cards are rarely given version-8 UIDs (RFC 9562 leaves them to
  /// experiments).
  public static func isCustomUUID(_ identifier: String) -> Bool {
    let utf8 = identifier.utf8
    guard utf8.count == uuidURNPrefix.utf8.count + 36, identifier.hasPrefix(uuidURNPrefix) else { return false }
    return utf8[utf8.index(utf8.startIndex, offsetBy: uuidURNPrefix.utf8.count + 14)] == UInt8(ascii: "8")
  }

  /// A new identifier: `urn:uuid:` and a random version-4 UUID in lower case.
  public static func makeNew() -> String {
    uuidURNPrefix + UUID().uuidString.lowercased()
  }

  /// 16 bytes as lower-case RFC 4122 text (`5f0c6e1e-8d2b-…`, 8-4-4-4-12 digits);
  /// other lengths as hexadecimal digits alone. Written as bytes (a string per byte
  /// cost a twelfth of reading a large CSV export).
  package static func uuidText(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2 + 4)
    for (index, byte) in bytes.enumerated() {
      if bytes.count == 16 && (index == 4 || index == 6 || index == 8 || index == 10) { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// `urn:uuid:` and the UUID of 16 bytes made from names (checksums, hashes), with
  /// the version and variant bits of RFC 9562's version 8 (custom) set.
  package static func customUUID(_ bytes: [UInt8]) -> String {
    precondition(bytes.count == 16, "a UUID has 16 bytes")
    var bytes = bytes
    bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
    bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 10
    return uuidURNPrefix + uuidText(bytes)
  }

  /// `identifier` without a leading `urn:uuid:` (in any case); unchanged otherwise.
  /// Neither trims nor checks that a UUID follows.
  ///
  /// Inlinable, so that each caller's string type is specialized: a group card of
  /// 20,000 `MEMBER` lines calls it for each, and the generic version's metadata
  /// lookups were most of reading such a card.
  @inlinable
  public static func removingURNPrefix<S: StringProtocol>(_ identifier: S) -> S.SubSequence {
    let prefix: StaticString = "urn:uuid:"
    let count = prefix.utf8CodeUnitCount
    var bytes = identifier.utf8.makeIterator()
    for offset in 0..<count {
      guard let byte = bytes.next(), byte | 0x20 == prefix.utf8Start[offset] | 0x20 else { return identifier[...] }
    }
    return identifier.dropFirst(count)
  }

  /// The UUID `identifier` holds (bare, lower case), trimmed, with or without
  /// `urn:uuid:`; nil when it is not a UUID.
  public static func uuid(in identifier: String) -> String? {
    let text = removingURNPrefix(identifier.trimmingCharacters(in: .whitespacesAndNewlines))
    return UUID(uuidString: String(text))?.uuidString.lowercased()
  }

  /// `identifier` as compared: a UUID, with or without `urn:uuid:`, is its bare
  /// lower-case form; any other identifier is kept as written.
  public static func key(_ identifier: String) -> String {
    uuid(in: identifier) ?? identifier
  }

  /// The spellings a stored card may give the UUID of `identifier`: as written, then
  /// bare and with `urn:uuid:`, each in lower and upper case; just `identifier` when
  /// it is not a UUID.
  public static func spellings(of identifier: String) -> [String] {
    var spellings = [identifier]
    if let uuid = uuid(in: identifier) {
      for bare in [uuid, uuid.uppercased()] {
        for spelling in [bare, uuidURNPrefix + bare] where spelling != identifier { spellings.append(spelling) }
      }
    }
    return spellings
  }
}
