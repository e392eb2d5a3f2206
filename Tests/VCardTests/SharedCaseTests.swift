import Foundation
import ContactKit
import CpickTestSupport
import Testing

@testable import VCard

/// The parsing and naming cases of `../shared/cases` (real bug reports turned into
/// small inputs), copied into `Tests/Fixtures/cases`; each asserts the values its `case.md` lists.
@Suite("shared cases: parsing and names")
struct SharedCaseTests {
  @Test("a folded ADR keeps every component (case 01)")
  func foldedAddress() throws {
    let decoded = try DecodedCase("01-folded-adr-truncated", "folded-adr.vcf")
    #expect(decoded.result.warnings.isEmpty)
    let card = try #require(decoded.result.cards.first)
    let adr = try #require(card.first("ADR"))
    #expect(
      ValueDecoder.components(adr.value) == [
        "", "Flat 4, Rear Annex", "1187 Lantern Hill Road", "Port Ellery", "Westmarch", "WM4 9QZ",
        "Far Meridian, Outer Coast",
      ])
    let contact = try #require(decoded.contacts.first)
    #expect(contact.displayName == "Wren Halloway")
    #expect(contact.emailAddresses.map(\.value) == ["wren.halloway@lanternpost.example"])
    let address = try #require(contact.postalAddresses.first?.value)
    #expect(address.street == "Flat 4, Rear Annex\n1187 Lantern Hill Road")
    #expect(address.city == "Port Ellery")
    #expect(address.state == "Westmarch")
    #expect(address.postalCode == "WM4 9QZ")
    #expect(address.country == "Far Meridian, Outer Coast")
  }

  @Test("a quoted-printable soft break joins an unindented next line (case 02)")
  func quotedPrintableSoftBreak() throws {
    let decoded = try DecodedCase("02-qp-soft-break-unindented", "v21-qp-label.vcf")
    #expect(decoded.result.warnings.isEmpty)
    let card = try #require(decoded.result.cards.first)
    let label = try #require(card.first("LABEL"))
    #expect(label.value == "42 Tidewater Row\r\nPine Hollow, ZZ 00000\r\nFar Meridian")
    #expect(decoded.contacts.count == 1)
    let contact = try #require(decoded.contacts.first)
    #expect(contact.displayName == "Orrin Quill")
    #expect(contact.phoneNumbers.map(\.value) == ["555-0142"])
    #expect(contact.phoneNumbers.first?.label == "mobile")
    #expect(contact.emailAddresses.map(\.value) == ["orrin.quill@tidewater.example"])
  }

  @Test("bare QUOTED-PRINTABLE without CHARSET in lower-case 2.1 is decoded as UTF-8 (case 04)")
  func thunderbirdBareQuotedPrintable() throws {
    let decoded = try DecodedCase("04-thunderbird-bare-qp-no-charset", "thunderbird-export.vcf")
    #expect(decoded.result.warnings.isEmpty)
    #expect(decoded.result.cards.first?.version == "2.1")
    let contact = try #require(decoded.contacts.first)
    #expect(contact.displayName == "Grünwald Bäckerei GmbH")
    #expect(contact.displayName.unicodeScalars.elementsEqual("Grünwald Bäckerei GmbH".unicodeScalars))
    #expect(!contact.displayName.contains("=") && !contact.displayName.contains("C3"))
    #expect(contact.emailAddresses.map(\.value) == ["orders@gruenwald-baeckerei.example"])
    #expect(contact.phoneNumbers.map(\.value) == ["0555 018 22"])
    #expect(contact.phoneNumbers.first?.label == "work")
  }

  @Test("a UTF-8 byte-order mark is skipped (case 05)")
  func byteOrderMark() throws {
    let decoded = try DecodedCase("05-utf8-bom", "bom.vcf")
    #expect(decoded.result.warnings.isEmpty)
    #expect(decoded.contacts.count == 1)
    let contact = try #require(decoded.contacts.first)
    #expect(contact.displayName == "Tamsin Vell")
    #expect(contact.note == "Prefers calls after 10:00")
    let card = try #require(decoded.result.cards.first)
    #expect(!card.lines.contains { $0.text.unicodeScalars.contains("\u{FEFF}") })
  }

  @Test("LF-only line ends and LF folds read like CRLF (case 06)")
  func lineFeedOnly() throws {
    let decoded = try DecodedCase("06-lf-only-line-endings", "lf-only.vcf")
    #expect(decoded.result.warnings.isEmpty)
    #expect(decoded.contacts.count == 2)
    let first = try #require(decoded.contacts.first)
    #expect(first.displayName == "Ottilie Brandt")
    #expect(first.emailAddresses.map(\.value) == ["ottilie.brandt@kelpworks.example"])
    #expect(first.note == "Met at the harbour fair, stall 12. Wants the spring catalogue before May.")
    let second = try #require(decoded.contacts.last)
    #expect(second.displayName == "Ruben Achterberg")
    #expect(decoded.result.cards.last?.first("TEL")?.value == "tel:+1-555-0188")
    #expect(second.phoneNumbers.map(\.value) == ["+1-555-0188"])
    #expect(second.phoneNumbers.first?.label == "mobile")
  }

  @Test("a label binds only to properties of its own group, any group name (case 07)")
  func groupedProperties() throws {
    let decoded = try DecodedCase("07-group-prefixed-properties", "grouped.vcf")
    let contact = try #require(decoded.contacts.first)
    let emails = contact.emailAddresses
    #expect(emails.map(\.value) == ["d.okafor@studiofen.example", "delphine.home@quietmail.example"])
    #expect(emails.map(\.label) == ["Studio", nil])
    #expect(emails.map(\.isPreferred) == [true, false])
    #expect(contact.phoneNumbers.map(\.value) == ["+1 555 0177"])
    #expect(contact.phoneNumbers.map(\.label) == ["Night line"])
    #expect(contact.urlAddresses.map(\.value) == ["https://studiofen.example/delphine"])
    #expect(contact.urlAddresses.map(\.label) == ["homePage"])
    // The syntax layer keeps the groups as written, for writing back.
    let card = try #require(decoded.result.cards.first)
    #expect(card.all("EMAIL").map(\.group) == ["item1", "HOME"])
    #expect(card.first("TEL")?.group == "ventura2")
    #expect(card.all("X-ABLABEL").map(\.group) == ["item1", "ventura2", "item3"])
  }

  @Test("Apple's X-ABADR gives the ISO country code of the ADR of its own group only; CC wins (case 07)")
  func groupedAddressCountryCode() throws {
    let text = """
      BEGIN:VCARD
      VERSION:3.0
      FN:Li Wei
      item1.ADR;type=HOME:;;88 Nanjing Rd;上海;;200001;中国
      item1.X-ABADR:cn
      ITEM2.ADR;type=WORK:;;1 Main St;Springfield;IL;62701;USA
      item2.x-abadr: US
      item3.ADR;CC=DE:;;Hauptstr. 1;Berlin;;10115;Deutschland
      item3.X-ABADR:at
      ADR:;;No group;Paris;;;France
      item4.X-ABADR:fr
      END:VCARD

      """
    let contact = try #require(loadContacts(text).first)
    #expect(contact.postalAddresses.map(\.value.isoCountryCode) == ["cn", "us", "de", ""])
  }

  @Test("an X-ABADR or CC that is not two letters is no country code (ez-vcard's Mac card has the street in it)")
  func countryCodeOfTwoLettersOnly() throws {
    let text = """
      BEGIN:VCARD
      VERSION:3.0
      FN:John Doe
      item2.ADR;type=HOME:;;Silicon Alley 5\\,;New York;New York;12345;United States of America
      item2.X-ABADR:Silicon Alley
      item3.ADR;type=WORK:;;Street4;New York;;12345;USA
      item3.X-ABADR:Street 4\\, Building 6\\,\\nFloor 8
      ADR;CC=usa:;;1 Main St;Springfield;IL;62701;USA
      ADR;CC=" ca":;;1 Rue;Montréal;QC;;Canada
      ADR;CC=d1:;;Hauptstr. 1;Berlin;;10115;Deutschland
      END:VCARD

      """
    let contact = try #require(loadContacts(text).first)
    #expect(contact.postalAddresses.map(\.value.isoCountryCode) == ["", "", "", "ca", ""])
    #expect(PostalAddress.isoCountryCode(" GB ") == "gb")
    #expect(PostalAddress.isoCountryCode("é") == "")
  }

  @Test("without FN, CJK names compose family first with no space, others given first (case 16)")
  func cjkNameOrder() throws {
    let decoded = try DecodedCase("16-cjk-family-name-first", "names-without-fn.vcf")
    #expect(
      decoded.contacts.map(\.displayName) == ["王美玲", "佐藤花子", "김민준", "Adaeze Okonkwo", "Wei Ming Tan"])
    let wang = try #require(decoded.contacts.first)
    #expect(ContactFormatter.sortKey(for: wang, by: .family).hasPrefix("wang"))
    var withFN = wang
    withFN.formattedName = "Meiling Wang"
    #expect(withFN.displayName == "Meiling Wang")
  }

  @Test("an organization card with empty FN and N shows its organization (case 18)")
  func organizationOnly() throws {
    let decoded = try DecodedCase("18-org-only-empty-fn", "org-only.vcf")
    #expect(
      decoded.contacts.map(\.displayName) == [
        "Quayside Lamp Works", "Hollin & Daughters", "no-name-here@drift.example",
      ])
    #expect(decoded.contacts.map(\.contactType) == [.organization, .organization, .person])
    #expect(decoded.contacts[1].departmentName == "Repairs Desk")
    for contact in decoded.contacts {
      #expect(contact.givenName.isEmpty && contact.familyName.isEmpty && contact.middleName.isEmpty)
    }
    #expect(ContactFormatter.section(forSortKey: ContactFormatter.sortKey(for: decoded.contacts[0])) == "Q")
  }

  @Test("an organization card written back after an edit gets FN: its organization, N left as it was (case 18)")
  func organizationOnlyWritten() throws {
    let bytes = try SharedFiles.caseBytes("18-org-only-empty-fn", "org-only.vcf")
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    edited.phoneNumbers.append(LabeledValue(identifier: "new", label: nil, value: "+44 20 7946 0000"))
    let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: Date(timeIntervalSince1970: 0)))
    let lines = written.components(separatedBy: "\r\n")
    #expect(lines.contains("FN:Quayside Lamp Works"), "\(written)")
    #expect(lines.contains("N:;;;;"))
    #expect(!lines.contains("FN:"))
    let reread = try #require(loadContacts(Array(written.utf8)).first)
    #expect(reread.displayName == "Quayside Lamp Works" && reread.contactType == .organization)
    #expect(reread.givenName.isEmpty && reread.familyName.isEmpty)
  }

  @Test(
    "an FN of blanks or an escaped line break is no name: the organization is shown, typed, and written back as FN (case 18)",
    arguments: ["FN: ", "FN:\t", "FN:\\n", "FN: \\n "])
  func organizationWithBlankFN(fn: String) throws {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\n\(fn)\r\nN:;;;;\r\nORG:Quayside Lamp Works\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    #expect(original.displayName == "Quayside Lamp Works")
    #expect(original.contactType == .organization)
    var edited = original
    edited.jobTitle = "Lamplighter"
    let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: Date(timeIntervalSince1970: 0)))
    let lines = written.components(separatedBy: "\r\n")
    #expect(lines.contains("FN:Quayside Lamp Works"), "\(written)")
    #expect(!lines.contains(fn))
    #expect(lines.contains("TITLE:Lamplighter"))
  }

  @Test("a 2.1 card's blank FN is written back with the name shown (in quoted-printable when it needs it); a 2.1 card without FN gets none")
  func organizationWithBlankFN21() throws {
    func written(_ lines: String) throws -> [String] {
      let card = "BEGIN:VCARD\r\nVERSION:2.1\r\n\(lines)END:VCARD\r\n"
      let original = try #require(loadContacts(Array(card.utf8)).first)
      var edited = original
      edited.phoneNumbers.append(LabeledValue(identifier: "new", label: nil, value: "+1 555 0999"))
      let text = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: Date(timeIntervalSince1970: 0)))
      let reread = try #require(loadContacts(Array(text.utf8)).first)
      #expect(reread.displayName == original.displayName)
      return text.components(separatedBy: "\r\n")
    }
    let plain = try written("UID:p1\r\nN:;;;;\r\nFN:\r\nORG:Plain Twoone Ltd\r\n")
    #expect(plain.contains("FN:Plain Twoone Ltd"), "\(plain)")
    #expect(!plain.contains("FN:"))
    let encoded = try written(
      "N:;;;;\r\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\r\nORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:B=C3=A4ckerei M=C3=BCller\r\n")
    #expect(encoded.contains { $0.hasPrefix("FN;") && $0.contains("B=C3=A4ckerei") }, "\(encoded)")
    let none = try written("N:;;;;\r\nORG:No Name Line Ltd\r\n")
    #expect(!none.contains { $0.hasPrefix("FN") }, "\(none)")
  }
}
