import ContactKit
import Foundation
import Testing

@testable import ContactStores

/// No card is dropped (issue 20): a card with no name, organization, email or phone —
/// only a photo, a `LABEL`, or nothing — is read as a contact like any other, in file
/// order, without a warning; the picker and `list` show it as "No Name".
@Suite("Cards with nothing to show by")
struct NoNameCardTests {
  static let book = """
    BEGIN:VCARD\r
    VERSION:2.1\r
    LABEL;HOME;ENCODING=QUOTED-PRINTABLE:12 Main St=0D=0ASpringfield\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    FN:Ada Lovelace\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:4.0\r
    END:VCARD\r

    """

  @Test("a card with only a LABEL, only a PHOTO, or nothing is a contact, in file order, with no warning")
  func everyCardIsRead() {
    let load = VCardLoading.contacts(fromBytes: Array(Self.book.utf8), source: "book.vcf")
    #expect(load.warnings.isEmpty)
    #expect(load.contacts.map(\.displayName) == ["", "", "Ada Lovelace", ""])
    #expect(load.contacts.map { ContactFormatter.shown($0.displayName) } == [
      "No Name", "No Name", "Ada Lovelace", "No Name",
    ])
    #expect(load.contacts[1].hasImage)
    #expect(Set(load.contacts.map(\.identifier)).count == 4, "each card has an identifier of its own")
  }
}
