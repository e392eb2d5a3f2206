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

  /// A new identifier: `urn:uuid:` and a random version-4 UUID in lower case.
  public static func makeNew() -> String {
    uuidURNPrefix + UUID().uuidString.lowercased()
  }

  /// `identifier` without a leading `urn:uuid:` (in any case); unchanged otherwise.
  /// Neither trims nor checks that a UUID follows.
  public static func removingURNPrefix<S: StringProtocol>(_ identifier: S) -> S.SubSequence {
    let prefix = uuidURNPrefix.utf8
    if identifier.utf8.count >= prefix.count,
      zip(identifier.utf8.prefix(prefix.count), prefix).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
    {
      return identifier.dropFirst(prefix.count)
    }
    return identifier[...]
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
