import ContactKit
import Foundation
import Testing

@testable import VCard

/// Case 12's kind, where an edit of one value must not reshape the lines around it:
/// an `ORG` of several units, an Apple address's `X-ABADR`, a note of several `NOTE`
/// lines.
@Suite("an edit keeps the card's structure")
struct EditKeepsStructureTests {
  /// The card `lines` written back after `edit`, as lines.
  static func written(_ lines: String, _ edit: (inout Contact) -> Void) throws -> [String] {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anselm Quill\r\nN:Quill;Anselm;;;\r\n\(lines)END:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var edited = original
    edit(&edited)
    let text = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: Date(timeIntervalSince1970: 0)))
    return text.components(separatedBy: "\r\n")
  }

  @Test("a department of several ORG units, edited, is written as units again")
  func organizationUnits() throws {
    let lines = try Self.written("ORG:Scriptorium;Copying;Night Shift\r\n") { contact in
      #expect(contact.departmentName == "Copying, Night Shift")
      contact.departmentName = "Copying, Night ShiftX"
    }
    #expect(lines.contains("ORG:Scriptorium;Copying;Night ShiftX"), "\(lines)")
    // One unit keeps its comma: it was written so.
    let one = try Self.written("ORG:Scriptorium;Sales\\, Marketing\r\n") { $0.departmentName = "Sales, MarketingX" }
    #expect(one.contains("ORG:Scriptorium;Sales\\, MarketingX"), "\(one)")
    // A unit's own comma stays in it; a unit added with ", " is one more.
    let comma = try Self.written("ORG:Acme;R\\, D;Lab\r\n") { $0.departmentName = "R, D, LabX" }
    #expect(comma.contains("ORG:Acme;R\\, D;LabX"), "\(comma)")
    let added = try Self.written("ORG:Acme;Copying;Night Shift\r\n") { $0.departmentName = "Copying, Night Shift, Team 2" }
    #expect(added.contains("ORG:Acme;Copying;Night Shift;Team 2"), "\(added)")
  }

  @Test("an address removed takes its group's X-ABADR and X-ABLabel with it")
  func addressCompanions() throws {
    let lines = try Self.written(
      "item4.ADR;type=HOME;type=pref:;;Via Roma 1;Roma;;00100;Italia\r\nitem4.X-ABADR:it\r\nitem5.ADR:;;Elm 2;Oslo;;;\r\nitem5.X-ABLabel:Cabin\r\n"
    ) { contact in
      contact.postalAddresses.removeAll()
    }
    #expect(!lines.contains { $0.hasPrefix("item4.") || $0.hasPrefix("item5.") }, "\(lines)")
  }

  @Test("a note of several NOTE lines is edited line by line: the other lines stay as written")
  func notesByLine() throws {
    let lines = try Self.written(
      "NOTE:first note line\\nsecond line\r\nNOTE;LANGUAGE=de:another note\r\n"
    ) { contact in
      #expect(contact.note == "first note line\nsecond line\n\nanother note")
      contact.note += "W"
    }
    #expect(lines.contains("NOTE:first note line\\nsecond line"), "\(lines)")
    #expect(lines.contains("NOTE;LANGUAGE=de:another noteW"), "\(lines)")
    // A paragraph added at the end is a NOTE line of its own; the others stay.
    let added = try Self.written("NOTE:a\r\nNOTE;LANGUAGE=de:b\r\nNOTE:c\r\n") { $0.note = "a\n\nb\n\nc\n\nnew para" }
    #expect(added.filter { $0.hasPrefix("NOTE") } == ["NOTE:a", "NOTE;LANGUAGE=de:b", "NOTE:c", "NOTE:new para"], "\(added)")
    // The last one deleted: its line goes; a blank line typed inside one stays in it.
    let deleted = try Self.written("NOTE:a\r\nNOTE;LANGUAGE=de:b\r\nNOTE:c\r\n") { $0.note = "a\n\nb" }
    #expect(deleted.filter { $0.hasPrefix("NOTE") } == ["NOTE:a", "NOTE;LANGUAGE=de:b"], "\(deleted)")
    let split = try Self.written("NOTE:a\r\nNOTE;LANGUAGE=de:b c\r\nNOTE:d\r\n") { $0.note = "a\n\nb\n\nc\n\nd" }
    #expect(split.filter { $0.hasPrefix("NOTE") } == ["NOTE:a", "NOTE;LANGUAGE=de:b\\n\\nc", "NOTE:d"], "\(split)")
    // An empty NOTE line among them is kept, and the line after it edited alone.
    let empty = try Self.written("NOTE:first line\r\nNOTE:second\\, line\r\nNOTE:\r\nNOTE:fourth line\r\n") { contact in
      #expect(contact.note == "first line\n\nsecond, line\n\n\n\nfourth line")
      contact.note += " X"
    }
    #expect(
      empty.filter { $0.hasPrefix("NOTE") } == ["NOTE:first line", "NOTE:second\\, line", "NOTE:", "NOTE:fourth line X"],
      "\(empty)")
  }

  @Test("Google's and Apple's \\\" is a quote: a note edited keeps its quotes without a backslash")
  func escapedQuote() throws {
    let lines = try Self.written("NOTE:He said \\\"hi\\\" at 10\\:30\\nBring cake\r\n") { contact in
      #expect(contact.note == "He said \"hi\" at 10:30\nBring cake")
      contact.note += "!"
    }
    #expect(lines.contains("NOTE:He said \"hi\" at 10:30\\nBring cake!"), "\(lines)")
  }

  @Test("iOS 6's CR CR LF line ends: an edited and an added line end as the others do")
  func crcrlf() throws {
    let card = "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nFN:Bob Smith\r\r\nN:Smith;Bob;;;\r\r\nEMAIL;type=INTERNET:bob@smith.example\r\r\nEND:VCARD\r\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var edited = original
    edited.emailAddresses[0].value = "bob@smith-auto.example"
    edited.phoneNumbers.append(LabeledValue(identifier: "new", label: "home", value: "+1 555 0900"))
    let text = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
    #expect(text.contains("EMAIL;type=INTERNET:bob@smith-auto.example\r\r\n"), "\(Array(text.utf8))")
    #expect(text.contains(":+1 555 0900\r\r\nEND:VCARD\r\r\n"), "\(Array(text.utf8))")
    #expect(!text.replacingOccurrences(of: "\r\r\n", with: "").contains("\r"), "no other line end: \(Array(text.utf8))")
  }

  @Test("an address edited drops the LABEL and GEO that described the old one; a new country replaces X-ABADR's code")
  func addressDerivedData() throws {
    let geo = try Self.written(
      "ADR;TYPE=home;LABEL=\"1 Main St\\nSpringfield, IL 62701\";GEO=\"geo:39.78,-89.65\":;;1 Main St;Springfield;IL;62701;USA\r\n"
    ) { $0.postalAddresses[0].value.street = "22 Oak Ave" }
    #expect(geo.contains("ADR;TYPE=home:;;22 Oak Ave;Springfield;IL;62701;USA"), "\(geo)")
    // Only the label changed: the parameters stay.
    let relabeled = try Self.written("ADR;TYPE=home;GEO=\"geo:39.78,-89.65\":;;1 Main St;Springfield;IL;62701;USA\r\n") {
      $0.postalAddresses[0].label = "work"
    }
    #expect(relabeled.contains("ADR;TYPE=work;GEO=\"geo:39.78,-89.65\":;;1 Main St;Springfield;IL;62701;USA"), "\(relabeled)")
    let apple = "item1.ADR;type=HOME:;;1 Infinite Loop;Cupertino;CA;95014;United States\r\nitem1.X-ABADR:us\r\n"
    let cleared = try Self.written(apple) { contact in
      contact.postalAddresses[0].value.country = "Germany"
      contact.postalAddresses[0].value.isoCountryCode = ""
    }
    #expect(!cleared.contains("item1.X-ABADR:us"), "\(cleared)")
    let coded = try Self.written(apple) { $0.postalAddresses[0].value.isoCountryCode = "DE" }
    #expect(coded.contains("item1.X-ABADR:de"), "\(coded)")
  }

  @Test("a date edited keeps Apple's value=date while it is a date; VALUE=text goes when it becomes one")
  func dateParameters() throws {
    let apple = try Self.written("BDAY;value=date:2012-06-06\r\n") { $0.birthday = ContactDate(year: 2012, month: 6, day: 7) }
    #expect(apple.contains("BDAY;value=date:2012-06-07"), "\(apple)")
    let text = try Self.written("BDAY;VALUE=text:circa 1800\r\n") { $0.birthday = ContactDate(year: 1800, month: 1, day: 1) }
    #expect(text.contains("BDAY:1800-01-01"), "\(text)")
  }

  @Test("a card of only an email and a phone, edited, gets no FN of its email (case 18's card 3): it would stay when the email changes")
  func namelessCardEdited() throws {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:drift-3\r\nTEL:+44 20 7946 0018\r\nEMAIL:no-name-here@drift.example\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    #expect(original.displayName == "no-name-here@drift.example")
    var edited = original
    edited.phoneNumbers.append(LabeledValue(identifier: "new", label: "home", value: "+44 20 7946 0019"))
    let text = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
    #expect(!text.contains("FN:no-name-here"), "\(text)")
    // An organization's card still gets FN: its organization.
    let org = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\r\nN:;;;;\r\nORG:Quayside Lamp Works\r\nEND:VCARD\r\n"
    let company = try #require(loadContacts(Array(org.utf8)).first)
    var changed = company
    changed.phoneNumbers.append(LabeledValue(identifier: "new", label: "work", value: "+44 20 7946 0020"))
    #expect(VCardWriter.write(changed, original: company).contains("FN:Quayside Lamp Works"))
  }

  @Test("an ORG component not edited keeps its escapes as written")
  func organizationComponentsAsWritten() throws {
    let lines = try Self.written("ORG:Smith\\: Sons\\, Ltd\\N;Sales\r\n") { $0.departmentName = "Saless" }
    #expect(lines.contains("ORG:Smith\\: Sons\\, Ltd\\N;Saless"), "\(lines)")
    let att = try Self.written("ORG:AT\\&T\\; Inc.;Dept\\, West;Unit 5\r\n") { $0.departmentName = "Dept, West, Unit 6" }
    #expect(att.contains("ORG:AT\\&T\\; Inc.;Dept\\, West;Unit 6"), "\(att)")
  }

  @Test("Outlook's LABEL that printed an address goes when the address is edited; Apple's X-ABLabel stays")
  func outlookAddressLabel() throws {
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;John\r\nFN:John Doe\r\n"
      + "ADR;WORK;PREF:;;Cresent moon drive;Albaney;New York;12345;United States of America\r\n"
      + "LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:Cresent moon drive=0D=0A=\r\nAlbaney, New York  12345\r\n"
      + "ADR;HOME:;;1 Elm St;Albaney;New York;12345;USA\r\nLABEL;HOME:1 Elm St\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var edited = original
    edited.postalAddresses[0].value.street = "Cresent moon drive 7"
    let text = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
    #expect(!text.contains("LABEL;WORK"), "\(text)")
    #expect(text.contains("LABEL;HOME:1 Elm St"), "the other address's label stays: \(text)")
    let apple = try Self.written("item1.ADR;type=HOME:;;1 Infinite Loop;Cupertino;CA;95014;USA\r\nitem1.X-ABLabel:Cabin\r\n") {
      $0.postalAddresses[0].value.street = "2 Infinite Loop"
    }
    #expect(apple.contains("item1.X-ABLabel:Cabin"), "\(apple)")
  }

  @Test("Evolution's X-EVOLUTION-FILE-AS follows a name edit when it was made from the names; one written otherwise stays")
  func evolutionFileAs() throws {
    // Family, Given (escaped comma), Given Family, the FN, Family, Given (Company).
    let filed = try Self.written("X-EVOLUTION-FILE-AS:Quill\\, Anselm\r\n") { $0.familyName = "Quillon" }
    #expect(filed.contains("X-EVOLUTION-FILE-AS:Quillon\\, Anselm"), "\(filed)")
    #expect(filed.contains("N:Quillon;Anselm;;;"), "\(filed)")
    let given = try Self.written("X-EVOLUTION-FILE-AS:Anselm Quill\r\n") { $0.givenName = "Ansel" }
    #expect(given.contains("X-EVOLUTION-FILE-AS:Ansel Quill"), "\(given)")
    let shown = try Self.written("X-EVOLUTION-FILE-AS:Anselm Quill\r\n") { $0.formattedName = "Brother Anselm" }
    #expect(shown.contains("X-EVOLUTION-FILE-AS:Brother Anselm"), "\(shown)")
    let company = try Self.written("ORG:Scriptorium\r\nX-EVOLUTION-FILE-AS:Quill\\, Anselm (Scriptorium)\r\n") {
      $0.organizationName = "Abbey Press"
    }
    #expect(company.contains("X-EVOLUTION-FILE-AS:Quill\\, Anselm (Abbey Press)"), "\(company)")
    // Written by hand: kept; and an edit of another field leaves it as it was.
    let own = try Self.written("X-EVOLUTION-FILE-AS:Brother A.\r\n") { $0.familyName = "Quillon" }
    #expect(own.contains("X-EVOLUTION-FILE-AS:Brother A."), "\(own)")
    let other = try Self.written("X-EVOLUTION-FILE-AS:Quill\\, Anselm\r\n") { $0.jobTitle = "Scribe" }
    #expect(other.contains("X-EVOLUTION-FILE-AS:Quill\\, Anselm"), "\(other)")
  }

  @Test("RFC 9554's components after N's fifth and ADR's seventh are kept when other components are edited; a new street drops ADR's")
  func rfc9554Components() throws {
    let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nN:Garcia;Ana;;;;Lopez;III\r\nFN:Ana Garcia\r\n"
      + "ADR;TYPE=home:;;Main St 1;Town;;12345;ES;;;;Main St;1;Block A;Floor 2;Apt 3;;;\r\nUID:urn:uuid:9554\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var edited = original
    edited.givenName = "Anita"
    edited.postalAddresses[0].value.city = "City"
    let lines = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
      .components(separatedBy: "\r\n")
    #expect(lines.contains("N:Garcia;Anita;;;;Lopez;III"), "\(lines)")
    #expect(lines.contains("ADR;TYPE=home:;;Main St 1;City;;12345;ES;;;;Main St;1;Block A;Floor 2;Apt 3;;;"), "\(lines)")
    var moved = original
    moved.postalAddresses[0].value.street = "High St 9"
    let movedLines = VCardWriter.write(moved, original: original, options: VCardWriter.Options(revision: nil))
      .components(separatedBy: "\r\n")
    #expect(movedLines.contains("ADR;TYPE=home:;;High St 9;Town;;12345;ES"), "\(movedLines)")
  }
}
