import ContactKit
import Testing

/// `urn:uuid:` taken off member and card UIDs (RFC 4122 §3, RFC 6350 §6.6.5).
@Suite struct ContactIdentifierTests {
  @Test("urn:uuid: is removed in any case, from strings and substrings; anything shorter or else is kept")
  func removingURNPrefix() {
    #expect(ContactIdentifier.removingURNPrefix("urn:uuid:4462ebfc") == "4462ebfc")
    #expect(ContactIdentifier.removingURNPrefix("URN:UUID:4462EBFC") == "4462EBFC")
    #expect(ContactIdentifier.removingURNPrefix("urn:uuid:") == "")
    #expect(ContactIdentifier.removingURNPrefix("urn:uui") == "urn:uui")
    #expect(ContactIdentifier.removingURNPrefix("urn:uuidx4462") == "urn:uuidx4462")
    #expect(ContactIdentifier.removingURNPrefix("") == "")
    #expect(ContactIdentifier.removingURNPrefix("ürn:uuid:1") == "ürn:uuid:1")
    let line = "MEMBER:urn:uuid:abc"
    #expect(ContactIdentifier.removingURNPrefix(line.dropFirst(7)) == "abc")
  }
}
