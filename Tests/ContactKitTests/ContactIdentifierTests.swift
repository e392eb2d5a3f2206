import Testing

@testable import ContactKit

/// The identifiers cpick derives for cards without `UID`, read back as the hashes they
/// spell (`ContactIdentifier.derivedHash`): one hash per identifier, none for another.
@Suite("Derived identifiers as hashes")
struct ContactIdentifierTests {
  @Test("cpick- and 16 lower-case hex digits spell their hash; the hash spells them again")
  func derivedHashes() {
    #expect(ContactIdentifier.derivedHash("cpick-0000000000000000") == 0)
    #expect(ContactIdentifier.derivedHash("cpick-ffffffffffffffff") == UInt64.max)
    #expect(ContactIdentifier.derivedHash("cpick-0123456789abcdef") == 0x0123_4567_89ab_cdef)
    for value: UInt64 in [1, 0xdead_beef, 0x8000_0000_0000_0000, 0x0f0f_0f0f_0f0f_0f0f] {
      let hex = String(value, radix: 16)
      let identifier = ContactIdentifier.derivedPrefix + String(repeating: "0", count: 16 - hex.count) + hex
      #expect(ContactIdentifier.derivedHash(identifier) == value, "\(identifier)")
    }
  }

  @Test("any other identifier has no hash: upper case, short, long, another prefix or digit, a UID")
  func otherIdentifiers() {
    for identifier in [
      "cpick-0123456789ABCDEF", "cpick-0123456789abcde", "cpick-0123456789abcdef0", "cpick-0123456789abcdeg",
      "Cpick-0123456789abcdef", "cpick-json-89abcdef0123", "cpick-unreadable-1-2", "urn:uuid:0123456789abcdef",
      "0123456789abcdef012345", "", "cpick-", "cpick-０123456789abcdef",
    ] {
      #expect(ContactIdentifier.derivedHash(identifier) == nil, "\(identifier)")
    }
  }
}
