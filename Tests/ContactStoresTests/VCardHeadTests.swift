import Testing

@testable import ContactStores

/// `ReadOnlyFormat.startsAsVCard`: a vCard file is told from the formats cpick reads
/// without looking further (a vdir's million card files), whatever its case, byte-order
/// mark or leading blank lines; anything else is still told apart.
@Suite struct VCardHeadTests {
  @Test(
    "vCard text is no read-only format",
    arguments: [
      "BEGIN:VCARD\nFN:A\nEND:VCARD\n", "\u{FEFF}BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n", "\n \r\nbegin:vcard\nFN:A\nEND:VCARD\n",
      "Begin:VCard\nFN:A\nEND:VCARD\n",
    ])
  func vCard(_ text: String) {
    #expect(ReadOnlyFormat.startsAsVCard(Array(text.utf8)))
    #expect(ReadOnlyFormat(Array(text.utf8), name: "a.vcf") == nil)
  }

  @Test("other text is not taken for vCard", arguments: ["BEGIN:VCAR", "BEGIN;VCARD\n", "# abook addressbook file\n", "xBEGIN:VCARD\n", ""])
  func notVCard(_ text: String) {
    #expect(!ReadOnlyFormat.startsAsVCard(Array(text.utf8)))
  }

  @Test("a file named .ldif is LDIF even when it starts as a vCard; an abook file is abook")
  func byNameAndContent() {
    #expect(ReadOnlyFormat(Array("BEGIN:VCARD\nFN:A\nEND:VCARD\n".utf8), name: "people.ldif") == .ldif)
    let abook = "# abook addressbook file\n\n[format]\nprogram=abook\nversion=0.6.1\n\n[0]\nname=Ann\n"
    #expect(ReadOnlyFormat(Array(abook.utf8), name: "addressbook") == .abook)
  }
}
