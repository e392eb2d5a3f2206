import Foundation
import ContactKit
import Testing

@testable import VCard
@testable import CpickSupport

@Suite("mapping to contacts")
struct MappingTests {
  @Test("Apple's X-ABLabel tokens become standard labels; other text stays")
  func appleLabels() throws {
    let contact = try #require(
      decodeContacts(
        """
        BEGIN:VCARD
        VERSION:3.0
        FN:A
        item1.TEL:1
        item1.X-ABLabel:_$!<Mobile>!$_
        item2.TEL:2
        item2.X-ABLabel:_$!<HomeFAX>!$_
        item3.TEL:3
        item3.X-ABLabel:Boat
        TEL;TYPE=CELL:4
        END:VCARD

        """
      ).first)
    #expect(contact.phoneNumbers.map(\.label) == ["mobile", "homeFax", "Boat", "mobile"])
  }

  @Test("the same card read twice gives the same identifiers")
  func stableIdentifiers() throws {
    let text = "BEGIN:VCARD\nFN:A\nTEL:1\nTEL:1\nEMAIL:a@example.com\nEND:VCARD\n"
    let first = try #require(decodeContacts(text).first)
    let second = try #require(decodeContacts(text).first)
    #expect(first.identifier == second.identifier)
    #expect(first.identifier.hasPrefix("cpick-"))
    // The hash it spells (what a reading in parts compares to find twins).
    #expect(ContactDecoder.derivedHash(first.identifier) != nil, "\(first.identifier)")
    #expect(first.phoneNumbers.map(\.identifier) == second.phoneNumbers.map(\.identifier))
    #expect(Set(first.phoneNumbers.map(\.identifier)).count == 2)
    #expect(first.emailAddresses.map(\.identifier) == second.emailAddresses.map(\.identifier))
    let elsewhere = try #require(decodeContacts(text, source: "other.vcf").first)
    #expect(elsewhere.identifier != first.identifier)
  }

  @Test("a card without a UID has one identifier however its file's path is spelled")
  func identifierOfPathSpellings() throws {
    let text = "BEGIN:VCARD\nFN:A\nEND:VCARD\n"
    let cwd = FileManager.default.currentDirectoryPath
    let parent = (cwd as NSString).deletingLastPathComponent
    let folder = (cwd as NSString).lastPathComponent
    let spellings = [
      "book.vcf", "./book.vcf", cwd + "/book.vcf", cwd + "//book.vcf", cwd + "/./x/../book.vcf",
      "../" + folder + "/book.vcf", parent + "/" + folder + "/book.vcf",
    ]
    let identifiers = try spellings.map { try #require(decodeContacts(text, source: $0).first).identifier }
    #expect(Set(identifiers).count == 1, "\(zip(spellings, identifiers).map { "\($0) \($1)" })")
    #expect(try #require(decodeContacts(text, source: "other/book.vcf").first).identifier != identifiers[0])
  }

  @Test(
    "a source path is made absolute and lexically clean; stdin stays -",
    arguments: [
      ("/a/b.vcf", "/a/b.vcf"), ("/a//b.vcf", "/a/b.vcf"), ("/a/./b.vcf", "/a/b.vcf"), ("/a/x/../b.vcf", "/a/b.vcf"),
      ("/../a.vcf", "/a.vcf"), ("/a/.hidden.vcf", "/a/.hidden.vcf"), ("-", "-"), ("", ""),
    ])
  func canonicalSource(path: String, expected: String) {
    #expect(SourcePath.canonical(path) == expected)
  }

  @Test("a card with a UID uses it as the identifier")
  func uidIdentifier() throws {
    let contact = try #require(decodeContacts("BEGIN:VCARD\nUID:abc-1\nFN:A\nEND:VCARD\n").first)
    #expect(contact.identifier == "abc-1")
  }

  @Test(
    "dates: partial, basic, extended, date-time and Apple's no-year 1604",
    arguments: [
      ("--0415", ContactDate(month: 4, day: 15)),
      ("--04-15", ContactDate(month: 4, day: 15)),
      ("19850415", ContactDate(year: 1985, month: 4, day: 15)),
      ("1985-04-15", ContactDate(year: 1985, month: 4, day: 15)),
      ("1985-04-15T10:00:00Z", ContactDate(year: 1985, month: 4, day: 15)),
      ("1604-04-15", ContactDate(month: 4, day: 15)),
      ("16040415", ContactDate(month: 4, day: 15)),
    ])
  func dates(text: String, date: ContactDate) throws {
    let contact = try #require(decodeContacts("BEGIN:VCARD\nFN:A\nBDAY:\(text)\nEND:VCARD\n").first)
    #expect(contact.birthday == date)
  }

  @Test(
    "a date of fewer parts (RFC 6350 §4.3.1) is written out as it was read, in the JSON too",
    arguments: [("1996-04", "1996-04"), ("---15", "---15"), ("--04", "--04"), ("1996", "1996")])
  func reducedDates(text: String, shown: String) throws {
    let contact = try #require(decodeContacts("BEGIN:VCARD\nFN:A\nBDAY:\(text)\nEND:VCARD\n").first)
    #expect(contact.birthday?.description == shown)
    #expect(contact.birthday?.text == nil, "a date, not text")
  }

  @Test("a name's reading as vCard 4.0 gives it: an alternate N in kana, or with PHONETIC, in either order")
  func alternateReading() throws {
    for lines in [
      "N;ALTID=1;LANGUAGE=ja:中村;優子;;;\nN;ALTID=1;LANGUAGE=ja-Hira:なかむら;ゆうこ;;;\n",
      "N;ALTID=1;LANGUAGE=ja-Hira:なかむら;ゆうこ;;;\nN;ALTID=1;LANGUAGE=ja:中村;優子;;;\n",
      "N;ALTID=1:中村;優子;;;\nN;ALTID=1;PHONETIC=ipa;SCRIPT=Kana:なかむら;ゆうこ;;;\n",
    ] {
      let contact = try #require(decodeContacts("BEGIN:VCARD\nVERSION:4.0\nFN:中村 優子\n\(lines)END:VCARD\n").first)
      #expect(contact.familyName == "中村" && contact.givenName == "優子", "\(lines)")
      #expect(contact.phoneticFamilyName == "なかむら" && contact.phoneticGivenName == "ゆうこ", "\(lines)")
    }
    // Another language's alternate is no reading.
    let german = try #require(
      decodeContacts("BEGIN:VCARD\nVERSION:4.0\nN;ALTID=1;LANGUAGE=ja:中村;優子;;;\nN;ALTID=1;LANGUAGE=de:Nakamura;Yuko;;;\nEND:VCARD\n").first)
    #expect(german.phoneticFamilyName.isEmpty && german.familyName == "中村")
  }

  @Test("a quoted-printable line break in an address, organization or title is LF, as in a note")
  func quotedPrintableLineBreaks() throws {
    let card = """
      BEGIN:VCARD
      VERSION:2.1
      FN:Ann Lee
      ORG;ENCODING=QUOTED-PRINTABLE:Tidewater=0D=0ATrading
      TITLE;ENCODING=QUOTED-PRINTABLE:Head=0D=0AClerk
      ADR;WORK;PREF;ENCODING=QUOTED-PRINTABLE:;;42 Tidewater Row=0D=0AUnit 7;Harbourton;;HT1 2AB;UK
      NOTE;ENCODING=QUOTED-PRINTABLE:Line one=0D=0ALine two
      END:VCARD

      """
    let contact = try #require(decodeContacts(card).first)
    #expect(contact.organizationName == "Tidewater\nTrading")
    #expect(contact.jobTitle == "Head\nClerk")
    #expect(contact.postalAddresses.first?.value.street == "42 Tidewater Row\nUnit 7")
    #expect(contact.note == "Line one\nLine two")
  }

  @Test("a date that is no date keeps its text")
  func textDate() throws {
    let contact = try #require(decodeContacts("BEGIN:VCARD\nFN:A\nBDAY;VALUE=text:circa 1800\nEND:VCARD\n").first)
    #expect(contact.birthday == ContactDate(text: "circa 1800"))
  }

  @Test("N in vCard 3.0 with lists; 2.1 commas are text")
  func nameParts() throws {
    let contacts = decodeContacts(
      """
      BEGIN:VCARD
      VERSION:3.0
      N:Stevenson;John;Philip,Paul;Dr.;Jr.,M.D.
      END:VCARD
      BEGIN:VCARD
      VERSION:2.1
      N:Doe;John;Richter\\,James;;
      END:VCARD

      """)
    #expect(contacts.first?.middleName == "Philip Paul")
    #expect(contacts.first?.displayName == "Dr. John Philip Paul Stevenson Jr. M.D.")
    #expect(contacts.last?.middleName == "Richter,James")
  }
}

extension MappingTests {
  @Test("decomposed (NFD) text is composed, so names print the same whatever wrote them")
  func composedText() throws {
    let contact = try #require(decodeContacts("BEGIN:VCARD\nFN:Mu\u{308}ller\nEND:VCARD\n").first)
    #expect(Array(contact.displayName.unicodeScalars) == Array("M\u{FC}ller".unicodeScalars))
  }

  @Test("a soft break left on a card's last value does not swallow END:VCARD")
  func softBreakBeforeEnd() {
    let result = readCards("BEGIN:VCARD\nFN:A\nNOTE;QUOTED-PRINTABLE:x=\nEND:VCARD\nBEGIN:VCARD\nFN:B\nEND:VCARD\n")
    #expect(result.cards.map { $0.first("NOTE")?.value } == ["x", nil])
    #expect(result.cards.allSatisfy { $0.endLine != nil })
    #expect(result.warnings.isEmpty)
  }

  @Test("Japanese names with 々 and half-width katakana compose family first")
  func japaneseNames() {
    let contacts = decodeContacts(
      "BEGIN:VCARD\nN:佐々木;花子;;;\nEND:VCARD\nBEGIN:VCARD\nN:ｱﾝﾄﾞｳ;ﾛｲﾄﾞ;;;\nEND:VCARD\n")
    #expect(contacts.map(\.displayName) == ["佐々木花子", "ｱﾝﾄﾞｳﾛｲﾄﾞ"])
  }

  @Test("a title alone is no name: the organization shows; then the department")
  func titleAloneIsNoName() {
    let contacts = decodeContacts(
      "BEGIN:VCARD\nN:;;;Dr.;\nORG:Acme\nEND:VCARD\nBEGIN:VCARD\nORG:;Sales\nEMAIL:s@example.com\nEND:VCARD\n")
    #expect(contacts.map(\.displayName) == ["Acme", "Sales"])
  }
}

extension MappingTests {
  @Test("of alternative representations (the same ALTID) the first is shown; all lines stay")
  func alternativeRepresentations() throws {
    let text = """
      BEGIN:VCARD
      VERSION:4.0
      FN;ALTID=1;LANGUAGE=ja:山田太郎
      FN;ALTID=1;LANGUAGE=en:Taro Yamada
      N;ALTID=2;LANGUAGE=ja:山田;太郎;;;
      N;ALTID=2;LANGUAGE=en:Yamada;Taro;;;
      TITLE;altid="3":社長
      TITLE;ALTID="3":President
      NOTE;ALTID=4:one
      NOTE;ALTID=5:two
      TEL:1
      TEL:2
      END:VCARD

      """
    let result = VCardReader.read(Array(text.utf8))
    let card = try #require(result.cards.first)
    #expect(card.all("N").count == 2)
    #expect(card.all("N").map { $0.parameterValues("LANGUAGE") } == [["ja"], ["en"]])
    let contact = ContactDecoder.contact(from: card, source: "-")
    #expect(contact.formattedName == "山田太郎")
    #expect(contact.familyName == "山田")
    #expect(contact.givenName == "太郎")
    #expect(contact.jobTitle == "社長")
    #expect(contact.note == "one\n\ntwo")
    #expect(contact.phoneNumbers.map(\.value) == ["1", "2"])
    // The name in the other language is searched (the N the same as the FN, once).
    #expect(contact.alternateNames == ["Taro Yamada"])
    let repeated = try #require(
      decodeContacts("BEGIN:VCARD\nVERSION:4.0\nFN:Ann Lee\nFN;LANGUAGE=zh:李安\nFN: \nFN:Ann Lee\nEND:VCARD\n").first)
    #expect(repeated.formattedName == "Ann Lee" && repeated.alternateNames == ["李安"])
    let other = try #require(
      decodeContacts("BEGIN:VCARD\nVERSION:4.0\nN;ALTID=1;LANGUAGE=ja:中村;優子;;;\nN;ALTID=1;LANGUAGE=de:Nakamura;Yuko;;;\nEND:VCARD\n").first)
    #expect(other.alternateNames == ["Yuko Nakamura"])
    let reading = try #require(
      decodeContacts("BEGIN:VCARD\nVERSION:4.0\nN;ALTID=1:中村;優子;;;\nN;ALTID=1;LANGUAGE=ja-Hira:なかむら;ゆうこ;;;\nEND:VCARD\n").first)
    #expect(reading.alternateNames.isEmpty)
    // A blank first FN gives way to the next with a name, which an edit rewrites; a
    // trailing blank makes no second alternate.
    let blankFirst = try #require(
      loadContacts(Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN: \r\nFN:Ann Lee \r\nFN:李安\r\nFN:Ann Lee\r\nEND:VCARD\r\n".utf8)).first)
    #expect(blankFirst.formattedName == "Ann Lee ")
    #expect(blankFirst.displayName == "Ann Lee")
    #expect(blankFirst.alternateNames == ["李安"])
    var renamed = blankFirst
    renamed.formattedName = "Ann Lee-Park"
    let written = VCardWriter.write(renamed, original: blankFirst, options: VCardWriter.Options(revision: Date(timeIntervalSince1970: 0)))
    #expect(written.contains("FN: \r\nFN:Ann Lee-Park\r\nFN:李安\r\nFN:Ann Lee\r\n"), "\(written)")
  }
}
