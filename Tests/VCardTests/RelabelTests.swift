import ContactKit
import Testing

@testable import VCard

/// Case 13's kind (an edit changes parameters it was not about): a new label is
/// written where the old one stood, in its case, and every other parameter stays as
/// written — its name's case, its order, its quoting.
@Suite("a label change rewrites the label's words where they stood")
struct RelabelTests {
  /// The lines of a card of `version` holding `lines`, written back after `edit`.
  static func written(_ version: String, _ lines: String, _ edit: (inout Contact) -> Void) throws -> [String] {
    let card = "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:Ilaria Conti\r\nN:Conti;Ilaria;;;\r\n\(lines)END:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var edited = original
    edit(&edited)
    let text = VCardWriter.write(edited, original: original)
    let reread = try #require(loadContacts(Array(text.utf8)).first)
    #expect(reread.phoneNumbers.map(\.label) == edited.phoneNumbers.map(\.label), "reads back: \(text)")
    #expect(reread.emailAddresses.map(\.label) == edited.emailAddresses.map(\.label), "reads back: \(text)")
    return text.components(separatedBy: "\r\n")
  }

  @Test("Apple's lower-case parameter names and their order are kept")
  func appleParameters() throws {
    let email = try Self.written("3.0", "item2.EMAIL;type=INTERNET;type=HOME;type=pref:ilaria@casa.example\r\n") {
      $0.emailAddresses[0].label = "work"
    }
    #expect(email.contains("item2.EMAIL;type=INTERNET;type=WORK;type=pref:ilaria@casa.example"), "\(email)")
    // A label kept in X-ABLabel is changed there; the line loses only its old word.
    let phone = try Self.written(
      "3.0", "item1.TEL;type=CELL;type=VOICE;type=pref:+39 333 111 2222\r\nitem1.X-ABLabel:_$!<Mobile>!$_\r\n"
    ) { $0.phoneNumbers[0].label = "iPhone" }
    #expect(phone.contains("item1.TEL;type=VOICE;type=pref:+39 333 111 2222"), "\(phone)")
    // Apple's own spellings: the plain `iPhone`, `_$!<WorkFAX>!$_`.
    #expect(phone.contains("item1.X-ABLabel:iPhone"), "\(phone)")
    let fax = try Self.written(
      "3.0", "item2.TEL;type=FAX;type=HOME:+39 06 555 1212\r\nitem2.X-ABLabel:_$!<HomeFAX>!$_\r\n"
    ) { $0.phoneNumbers[0].label = "workFax" }
    #expect(fax.contains("item2.X-ABLabel:_$!<WorkFAX>!$_"), "\(fax)")
    // A label where the line had none: named as the line names its types.
    let added = try Self.written("3.0", "EMAIL;type=INTERNET:ilaria@casa.example\r\n") {
      $0.emailAddresses[0].label = "home"
    }
    #expect(added.contains("EMAIL;type=HOME;type=INTERNET:ilaria@casa.example"), "\(added)")
  }

  @Test(
    "2.1's bare words stay bare, in their place; a fax or pager loses VOICE; a comma list stays a list, in its case",
    arguments: [
      ("2.1", "TEL;HOME;VOICE:+39 06 555 0101", "work", "TEL;WORK;VOICE:+39 06 555 0101"),
      ("2.1", "TEL;CELL:+39 333 555 0102", "homeFax", "TEL;HOME;FAX:+39 333 555 0102"),
      ("3.0", "TEL;TYPE=WORK,VOICE:+39 06 555 0103", "workFax", "TEL;TYPE=WORK,FAX:+39 06 555 0103"),
      ("3.0", "TEL;type=work;type=voice:+39 06 555 0104", "pager", "TEL;type=pager:+39 06 555 0104"),
      ("2.1", "TEL;HOME;8BIT:+39 06 555 0105", "work", "TEL;WORK;8BIT:+39 06 555 0105"),
    ])
  func phoneWords(version: String, line: String, label: String, expected: String) throws {
    let lines = try Self.written(version, line + "\r\n") { $0.phoneNumbers[0].label = label }
    #expect(lines.contains(expected), "\(lines)")
  }

  @Test("a quoted list and other parameters keep their text")
  func quotedAndOthers() throws {
    let lines = try Self.written(
      "4.0", "TEL;VALUE=uri;TYPE=\"home,voice\";X-SRC=\"a;b\";PREF=3:tel:+39-06-555-0105\r\n"
    ) { contact in
      contact.phoneNumbers[0].label = "work"
      contact.phoneNumbers[0].preference = 1
    }
    #expect(lines.contains("TEL;VALUE=uri;TYPE=\"work,voice\";X-SRC=\"a;b\";PREF=1:tel:+39-06-555-0105"), "\(lines)")
  }

  @Test("a custom label on a value of an Apple group is added to that group; its X-ABADR stays with it")
  func customLabelInOwnGroup() throws {
    let lines = try Self.written(
      "3.0", "item1.ADR;type=HOME;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;United States\r\nitem1.X-ABADR:us\r\n"
    ) { $0.postalAddresses[0].label = "Summer house" }
    #expect(lines.contains("item1.ADR;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;United States"), "\(lines)")
    #expect(lines.contains("item1.X-ABLabel:Summer house"), "\(lines)")
    #expect(lines.contains("item1.X-ABADR:us"), "\(lines)")
  }

  @Test("a quoted list stays quoted; an iPhone keeps cell; a long unfolded line stays unfolded")
  func quotedListAndFolding() throws {
    let phone = try Self.written("4.0", "TEL;VALUE=uri;TYPE=\"voice,cell\";PREF=1:tel:+1-555-010-0100\r\n") {
      $0.phoneNumbers[0].label = "iPhone"
    }
    #expect(phone.contains("TEL;TYPE=iphone;VALUE=uri;TYPE=\"voice,cell\";PREF=1:tel:+1-555-010-0100"), "\(phone)")
    let long = "item2.ADR;type=HOME;type=pref:;;1 Infinite Loop Building Four;Cupertino;California;95014;United States of America"
    let lines = try Self.written("3.0", long + "\r\nitem2.X-ABADR:us\r\n") { $0.postalAddresses[0].label = "work" }
    #expect(lines.contains(long.replacingOccurrences(of: "type=HOME", with: "type=WORK")), "\(lines)")
  }

  @Test("Android's X-CUSTOM(…) label is replaced where it stood: by type words, or by a custom label written the same way")
  func androidCustomLabel() throws {
    let line = "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=85=AC=E5=8F=B8):+86 10 1234 5678\r\n"
    let work = try Self.written("2.1", line) { contact in
      #expect(contact.phoneNumbers[0].label == "公司")
      contact.phoneNumbers[0].label = "work"
    }
    #expect(work.contains("TEL;WORK:+86 10 1234 5678"), "\(work)")
    let home = try Self.written("2.1", line) { $0.phoneNumbers[0].label = "家" }
    #expect(home.contains("TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=AE=B6):+86 10 1234 5678"), "\(home)")
    #expect(!home.contains { $0.contains("X-ABLabel") }, "\(home)")
    let club = try Self.written("2.1", "EMAIL;X-CUSTOM(Club):ilaria@club.example\r\n") { $0.emailAddresses[0].label = "Choir" }
    #expect(club.contains("EMAIL;X-CUSTOM(Choir):ilaria@club.example"), "\(club)")
  }

  @Test("a custom label that was a type word of its own stays one when renamed (2.1's X-Arbeit, Synology's TYPE=Jonas mobil); a standard word's custom label goes to X-ABLabel as before")
  func customTypeWordRenamed() throws {
    let android = try Self.written("2.1", "TEL;X-Arbeit:+46 70 555 0102\r\n") { contact in
      #expect(contact.phoneNumbers[0].label == "Arbeit")
      contact.phoneNumbers[0].label = "Buero"
    }
    #expect(android.contains("TEL;X-Buero:+46 70 555 0102"), "\(android)")
    let synology = try Self.written("3.0", "TEL;TYPE=Jonas mobil:+47 900 55 011\r\n") { $0.phoneNumbers[0].label = "Jonas work" }
    #expect(synology.contains("TEL;TYPE=Jonas work:+47 900 55 011"), "\(synology)")
    // A label no bare word can hold: an X-ABLabel, as before.
    let comma = try Self.written("2.1", "TEL;X-Arbeit:+46 70 555 0102\r\n") { $0.phoneNumbers[0].label = "Büro, 2. Stock" }
    #expect(comma.contains { $0.hasPrefix("item1.X-ABLabel;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:B=C3=BCro, 2. St") }, "\(comma)")
    let standard = try Self.written("3.0", "TEL;TYPE=WORK:+47 900 55 011\r\n") { $0.phoneNumbers[0].label = "Desk" }
    #expect(standard.contains("item1.X-ABLabel:Desk"), "\(standard)")
  }

  @Test("a value whose group's label another value shares leaves the group when relabeled; the other keeps its label")
  func sharedGroupLabel() throws {
    let lines = "item1.EMAIL:ilaria@office.example\r\nitem1.TEL:+39 06 555 0100\r\nitem1.X-ABLabel:Office\r\n"
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ilaria Conti\r\nN:Conti;Ilaria;;;\r\n\(lines)END:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    #expect(original.emailAddresses[0].label == "Office" && original.phoneNumbers[0].label == "Office")
    for label in ["work", "Desk"] {
      var edited = original
      edited.emailAddresses[0].label = label
      let text = VCardWriter.write(edited, original: original)
      let reread = try #require(loadContacts(Array(text.utf8)).first)
      #expect(reread.emailAddresses[0].label == label, "\(text)")
      #expect(reread.phoneNumbers[0].label == "Office", "\(text)")
      #expect(text.contains("item1.X-ABLabel:Office"), "\(text)")
    }
  }
}
