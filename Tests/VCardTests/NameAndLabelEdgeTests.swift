import ContactKit
import Foundation
import Testing

@testable import VCard

/// Names and labels in the corners of the kinds of cases 07, 18, 44 and 48: a second
/// Android nickname row, an empty `X-ABLabel`, a card marked a company's, an `FN` of
/// invisible characters, RFC 6350's `TEXTPHONE`.
@Suite("names and labels at the edges")
struct NameAndLabelEdgeTests {
  static func contact(_ lines: String) throws -> Contact {
    try #require(decodeContacts("BEGIN:VCARD\n\(lines)\nEND:VCARD\n").first)
  }

  @Test("a second Android nickname row, or one after NICKNAME, is another nickname (searched, case 48)")
  func secondNicknameRow() throws {
    let rows = try Self.contact(
      """
      VERSION:3.0
      FN:Teodora Vale
      X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Tee;1;;;;;;;;;;;;;
      X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Tiny;2;;;;;;;;;;;;;
      """)
    #expect(rows.nickname == "Tee")
    #expect(rows.otherNicknames == ["Tiny"])
    let mixed = try Self.contact(
      "VERSION:3.0\nFN:X\nNICKNAME:Standard\nX-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Custom;1;;;;;;;;;;;;;")
    #expect(mixed.nickname == "Standard")
    #expect(mixed.otherNicknames == ["Custom"])
    // The row first, then NICKNAME or Nokia's X-EPOCSECONDNAME: the row's nickname is
    // another one, whatever the order.
    for name in ["NICKNAME", "X-EPOCSECONDNAME"] {
      let rowFirst = try Self.contact(
        "VERSION:2.1\nN:Pennock;Marisol;;;\nX-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Tansy;1;;;;;;;;;;;;;\n\(name):Mari")
      #expect(rowFirst.nickname == "Mari")
      #expect(rowFirst.otherNicknames == ["Tansy"], "\(name)")
    }
  }

  @Test("an empty X-ABLabel is no label: the value keeps its TYPE's")
  func emptyGroupLabel() throws {
    let contact = try Self.contact("VERSION:3.0\nFN:X\nitem4.EMAIL;TYPE=INTERNET,WORK:w@x.example\nitem4.X-ABLabel:")
    #expect(contact.emailAddresses.map(\.label) == ["work"])
  }

  @Test("a card marked a company's is named by its organization, its N being its contact person's")
  func companyNamedByOrganization() throws {
    let apple = try Self.contact("VERSION:3.0\nFN:\nX-ABShowAs:COMPANY\nN:Smith;John;;;\nORG:Smith Plumbing")
    #expect(apple.contactType == .organization)
    #expect(apple.displayName == "Smith Plumbing")
    let kind = try Self.contact("VERSION:4.0\nKIND:org\nFN:\nN:Doe;Jane;;;\nORG:Doe Holdings")
    #expect(kind.displayName == "Doe Holdings")
    // A person with a name and an organization stays named by the name.
    let person = try Self.contact("VERSION:3.0\nFN:\nN:Doe;Jane;;;\nORG:Doe Holdings")
    #expect(person.displayName == "Jane Doe")
  }

  @Test("an FN of invisible characters alone shows nothing: the card is named by what follows it")
  func invisibleFormattedName() throws {
    let contact = try Self.contact("VERSION:3.0\nFN:\u{200B}\u{FEFF}\nORG:ZW Corp")
    #expect(contact.formattedNameIsBlank)
    #expect(contact.displayName == "ZW Corp")
    #expect(contact.contactType == .organization)
    // Beside letters they are the name's (shown as code points on screen).
    #expect(try Self.contact("VERSION:3.0\nFN:Zw\u{200B}sp\nORG:ZW Corp").displayName == "Zw\u{200B}sp")
  }

  @Test("a card of a blank first ORG part and a department is the department's organization card")
  func departmentOnly() throws {
    let contact = try Self.contact("VERSION:4.0\nFN:   \nN:;;;;\nORG: ;Sub")
    #expect(contact.displayName == "Sub")
    #expect(contact.contactType == .organization)
  }

  @Test("RFC 6350's TEXTPHONE and vCard 2.1's email systems are kinds, not labels")
  func kindsAreNoLabels() throws {
    let contact = try Self.contact(
      """
      VERSION:4.0
      FN:X
      TEL;TYPE=TEXTPHONE:+1 555 0009
      TEL;VALUE=uri;TYPE="video,textphone":tel:+1-3
      TEL;TYPE="textphone,work":+1 4
      EMAIL;TYPE=AOL:a@aol.example
      """)
    #expect(contact.phoneNumbers.map(\.label) == [nil, nil, "work"])
    #expect(contact.emailAddresses.map(\.label) == [nil])
  }
}

/// The value grammar is read scalar by scalar (RFC 6350 §3.3, §3.4), not by grapheme
/// clusters: an escape or a separator followed by a combining mark or an emoji
/// modifier is still one.
@Suite("escapes and separators before combining marks")
struct ScalarEscapeTests {
  @Test("\\n before an emoji modifier is a line break; ; before a combining mark separates")
  func beforeMarks() throws {
    #expect(ValueDecoder.unescape("a\\n\u{1F3FD}b") == "a\n\u{1F3FD}b")
    #expect(ValueDecoder.unescape("a\\,\u{301}b") == "a,\u{301}b")
    #expect(ValueDecoder.components(";;Street 1;\u{301}City;;;") == ["", "", "Street 1", "\u{301}City", "", "", ""])
    #expect(ValueDecoder.list("a,\u{200D}b") == ["a", "\u{200D}b"])
    let contact = try NameAndLabelEdgeTests.contact("VERSION:3.0\nFN:X\nNOTE:a\\n\u{1F3FD}b\nADR:;;Street 1;\u{301}City;;;")
    #expect(contact.note == "a\n\u{1F3FD}b")
    #expect(contact.postalAddresses.first?.value.street == "Street 1")
    #expect(contact.postalAddresses.first?.value.city == "\u{301}City")
  }
}
