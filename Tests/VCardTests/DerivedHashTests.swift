import ContactKit
import Testing

@testable import VCard

/// The identifiers cpick derives for cards without `UID`, read back as the hashes they
/// spell (`ContactDecoder.derivedHash`, `StableHash.value(hex:)`): one hash per
/// identifier, none for another.
@Suite("Derived identifiers as hashes")
struct DerivedHashTests {
  @Test("cpick- and 16 lower-case hex digits spell their hash; the hash spells them again")
  func derivedHashes() {
    #expect(ContactDecoder.derivedHash("cpick-0000000000000000") == 0)
    #expect(ContactDecoder.derivedHash("cpick-ffffffffffffffff") == UInt64.max)
    #expect(ContactDecoder.derivedHash("cpick-0123456789abcdef") == 0x0123_4567_89ab_cdef)
    for text in ["", "Ada", "BEGIN:VCARD", "小明"] {
      var hash = StableHash()
      hash.add(text)
      let identifier = ContactIdentifier.derivedPrefix + hash.hex
      #expect(ContactDecoder.derivedHash(identifier) == hash.value, "\(identifier)")
    }
  }

  @Test("any other identifier has no hash: upper case, short, long, another prefix or digit, a UID")
  func otherIdentifiers() {
    for identifier in [
      "cpick-0123456789ABCDEF", "cpick-0123456789abcde", "cpick-0123456789abcdef0", "cpick-0123456789abcdeg",
      "Cpick-0123456789abcdef", "cpick-json-89abcdef0123", "cpick-unreadable-1-2", "urn:uuid:0123456789abcdef",
      "0123456789abcdef012345", "", "cpick-", "cpick-０123456789abcdef",
    ] {
      #expect(ContactDecoder.derivedHash(identifier) == nil, "\(identifier)")
    }
  }
}
