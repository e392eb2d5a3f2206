import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactFormats

/// CSV exports of Google Contacts (both header styles) and generic CSV files, read
/// into contacts (issue 25). Outlook's exports are read through the store, which
/// decodes their code page (`ForeignBookTests`).
@Suite("Reading CSV exports")
struct CSVContactReaderTests {
  /// The contacts and warnings of the fixture `name` in `Tests/Fixtures/books`.
  func read(_ name: String) throws -> (contacts: [Contact], warnings: [String], export: CSVContactReader.Export?) {
    let text = try String(contentsOf: TestPaths.fixture("books/\(name)"), encoding: .utf8)
    let export = CSVContactReader.export(of: text)
    let read = CSVContactReader.read(text, source: name, export: export ?? .generic)
    return (read.contacts, read.warnings, export)
  }

  /// `(label, value)` pairs of labeled values.
  func pairs<V>(_ values: [LabeledValue<V>]) -> [String] { values.map { "\($0.label ?? "-"): \($0.value)" } }

  @Test("Google's older export: every person, every email and phone with its label, groups without myContacts")
  func googleOlder() throws {
    let (contacts, warnings, export) = try read("google-contacts-2022.csv")
    #expect(export == .google)
    #expect(warnings == [])
    #expect(contacts.map(\.displayName) == ["Ada Lovelace", "José Müller-Ñúñez", "grace@navy.example"])
    let ada = contacts[0]
    #expect((ada.givenName, ada.familyName, ada.nickname) == ("Ada", "Lovelace", "ada"))
    #expect(pairs(ada.emailAddresses) == [
      "home: ada@analytical-engines.example", "home: countess@lovelace.example", "work: ada@babbage.example",
    ])
    #expect(pairs(ada.phoneNumbers) == ["mobile: +44 7700 900001", "workFax: +44 20 7946 0009"])
    #expect(ada.postalAddresses.map(\.label) == ["home"])
    #expect(ada.postalAddresses.first?.value.street == "12 St James's Square")
    #expect(ada.postalAddresses.first?.value.postalCode == "SW1Y 4JH")
    #expect(ada.postalAddresses.first?.value.country == "United Kingdom")
    #expect((ada.organizationName, ada.jobTitle) == ("Analytical Engines Ltd", "Analyst"))
    #expect(pairs(ada.urlAddresses) == ["Profile: https://example.org/ada"])
    #expect(ada.birthday == ContactDate(year: 1815, month: 12, day: 10))
    #expect(ada.groups == ["Mathematicians"])
    #expect(ada.note == "First programmer.\nWrote \"Note G\" on the Analytical Engine.\nHobby: Poetical science")
    let jose = contacts[1]
    #expect(pairs(jose.emailAddresses) == ["other: jose@example.org"])
    #expect(pairs(jose.phoneNumbers) == [
      "Google Voice: +34 600 000 001", "home: +34 91 000 0002", "home: +34 91 000 0003",
    ])
    #expect(jose.groups == ["starred"])
    #expect(contacts[2].groups == [])
    #expect(pairs(contacts[2].emailAddresses) == ["-: grace@navy.example"])
  }

  @Test("Google's export since 2023 (First Name, Labels, E-mail 1 - Label): the same fields, relations, events, custom fields")
  func googleNewer() throws {
    let (contacts, warnings, export) = try read("google-contacts-2024.csv")
    #expect(export == .google)
    #expect(warnings == [])
    #expect(contacts.map(\.displayName) == ["Rear Admiral Grace Brewster Hopper", "Alan Mathison Turing", "NASA Langley"])
    let grace = contacts[0]
    #expect((grace.namePrefix, grace.middleName, grace.jobTitle) == ("Rear Admiral", "Brewster", "Computer Scientist"))
    #expect(pairs(grace.emailAddresses) == ["work: grace@navy.example", "home: hopper@cobol.example"])
    #expect(pairs(grace.phoneNumbers) == ["mobile: +1 202 555 0101", "work: +1 202 555 0102"])
    #expect(grace.postalAddresses.map { "\($0.label ?? "-"): \($0.value.city) \($0.value.state) \($0.value.postalCode)" }
      == ["work: Arlington VA 22202"])
    #expect(pairs(grace.contactRelations) == ["Spouse: Vincent Hopper"])
    #expect(grace.dates.map(\.label) == ["anniversary"])
    #expect(grace.dates.first?.value == ContactDate(year: 1930, month: 6, day: 15))
    #expect(grace.groups == ["Navy", "COBOL"])
    #expect(grace.note == "Employee ID: N-1906")
    let alan = contacts[1]
    #expect(alan.birthday == ContactDate(month: 6, day: 23))
    #expect(pairs(alan.phoneNumbers) == ["homeFax: +44 161 000 0001"])
    #expect(pairs(alan.emailAddresses) == ["other: alan@turing.example"])
    #expect(alan.note == "Bletchley; then Manchester")
    let nasa = contacts[2]
    #expect(pairs(nasa.phoneNumbers) == ["main: +1 757 555 0100"])
    #expect(nasa.postalAddresses.first?.value.street == "Hampton, VA 23681\nUSA")
  }

  @Test("a generic CSV: columns told by their names, unknown columns in the note, malformed rows reported")
  func generic() throws {
    let (contacts, warnings, export) = try read("people-generic.csv")
    #expect(export == .generic)
    #expect(contacts.map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Pat Extra"])
    let ada = contacts[0]
    #expect(pairs(ada.emailAddresses) == ["-: ada@analytical-engines.example", "-: countess@lovelace.example"])
    #expect(pairs(ada.phoneNumbers) == ["mobile: +44 7700 900001", "work: +44 20 7946 0001"])
    #expect((ada.organizationName, ada.jobTitle) == ("Analytical Engines Ltd", "Analyst"))
    #expect(ada.note == "First programmer\nShoe Size: 38")
    #expect(contacts[2].note == "a note with \"quotes\"\nover two lines")
    #expect(warnings == [
      "people-generic.csv:6: 10 cells, the header has 9; the cells after the last column left out",
      "people-generic.csv:7: a row without a name, organization, email or phone; ignored",
    ])
  }

  @Test("the other columns' headers repeated in each row's note are held to 8 times the row, with a warning")
  func noteOfManyHeaders() {
    let headers = (0..<2_000).map { "A rather long custom column header number \($0)" }
    let text = "Name," + headers.joined(separator: ",") + "\nAda," + Array(repeating: "v", count: 2_000).joined(separator: ",") + "\n"
    let read = CSVContactReader.read(text, source: "f", export: .generic, limits: .standard)
    let note = read.contacts.first?.note ?? ""
    #expect(read.contacts.map(\.displayName) == ["Ada"])
    #expect(note.utf8.count <= CSVContactReader.noteAllowance(rowBytes: 2_003) && note.utf8.count > 10_000)
    #expect(note.hasPrefix("A rather long custom column header number 0: v\n"))
    #expect(note.split(separator: "\n").allSatisfy { $0.hasSuffix(": v") })
    #expect(read.warnings == [
      "f:2: the other columns, each with its header, make a note of more than \(CSVContactReader.noteAllowance(rowBytes: 2_003)) bytes, 8 times the row's; the rest left out",
    ])
  }

  @Test("a line break in a quoted cell, CRLF or a CR alone (an old Mac's), is one \\n (case 06's kind)")
  func lineBreaksInCells() {
    let text = "Name,Email,Notes\r\nAda,a@x.example,\"line one\r\nline two\rline three\nline four\"\r\nBob,b@x.example,ok\r\n"
    let read = CSVContactReader.read(text, source: "f", export: .generic, limits: .standard)
    #expect(read.contacts.map(\.displayName) == ["Ada", "Bob"])
    #expect(read.contacts[0].note == "line one\nline two\nline three\nline four")
    #expect(read.warnings.isEmpty)
  }

  @Test("a sheet of one's own with a Name column beside Outlook's headers: the name is the contact's, not a note")
  func nameColumnBesideOutlookHeaders() {
    let text = "Name,E-mail Address,Mobile Phone,Company\n\"Doe, Jane\",jane@example.com,+1 555 0100,Acme\nJohn Roe,john@roe.example,,\n"
    let export = CSVContactReader.export(of: text)
    #expect(export == .outlook)
    let read = CSVContactReader.read(text, source: "c.csv", export: export ?? .generic, limits: .standard)
    // The name as the sheet writes it (as with a Name column beside other headers), its parts told.
    #expect(read.contacts.map(\.displayName) == ["Doe, Jane", "John Roe"])
    #expect(read.contacts.map(\.givenName) == ["Jane", "John"])
    #expect(read.contacts.map(\.familyName) == ["Doe", "Roe"])
    #expect(read.contacts.map(\.contactType) == [.person, .person])
    #expect(read.contacts.map(\.note) == ["", ""])
    #expect(read.contacts[0].organizationName == "Acme")
  }

  @Test("an export is told by its header; a header of no contact columns is no export unless the file is named .csv")
  func detection() {
    #expect(CSVContactReader.export(of: "First Name,Last Name,E-mail Address,E-mail Display Name,Mobile Phone\n") == .outlook)
    #expect(CSVContactReader.export(of: "Name,Given Name,E-mail 1 - Type,E-mail 1 - Value\n") == .google)
    #expect(CSVContactReader.export(of: "name;e-mail;company\n") == .generic)
    // Outlook's, its empty columns (e-mail's too) deleted in a spreadsheet.
    let trimmed = "First Name,Last Name,Primary Phone,Company Main Phone,Car Phone,Pager,Mobile Phone\nOut,Look,1,2,3,4,5\n"
    #expect(CSVContactReader.export(of: trimmed) == .outlook)
    #expect(CSVContactReader.read(trimmed, source: "o", export: .outlook).contacts.first?.phoneNumbers.count == 5)
    #expect(CSVContactReader.export(of: "Name,Home Phone,Mobile Phone,Job Title\n") == .generic)
    #expect(CSVContactReader.export(of: "Name,Email,Business Street,Business Fax,Home Fax\n") == .generic)
    #expect(CSVContactReader.export(of: "Order,Amount,Date\n") == nil)
    #expect(CSVContactReader.export(of: "Order,Amount,Date\n", named: "/tmp/x.CSV") == .generic)
    #expect(CSVContactReader.export(of: "BEGIN:VCARD\nVERSION:3.0\nFN:Ada, Countess\n") == nil)
    let jCard = #"["vcard",[["version",{},"text","4.0"],["fn",{},"text","Ada"],["org",{},"text","X"],["email",{},"text","a@x"]]]"#
    #expect(CSVContactReader.export(of: jCard) == nil)
  }

  @Test("the same person gets the same identifier when the export is made again in another order")
  func identifiers() {
    let header = "Name,Email\n"
    let first = CSVContactReader.read(header + "Ada,a@x.example\nBob,b@x.example\n", source: "/p.csv", export: .generic)
    let again = CSVContactReader.read(header + "Bob,b@x.example\nAda,a@x.example\nAda,a@x.example\n", source: "/p.csv", export: .generic)
    #expect(first.contacts[0].identifier == again.contacts[1].identifier)
    #expect(first.contacts[1].identifier == again.contacts[0].identifier)
    #expect(Set(again.contacts.map(\.identifier)).count == 3)
    #expect(first.contacts[0].identifier.hasPrefix("urn:uuid:"))
  }

  @Test("a cell over the value limit is left out, a row over the card limit too, with file:line warnings")
  func limits() {
    var limits = ReadingLimits.standard
    limits.textValueBytes = 16
    limits.cardBytes = 40
    let text = "Name,Email,Notes\nAda,a@x.example,a note longer than sixteen\nBob,b@x.example,\(String(repeating: "y", count: 30))\nCy,c@x.example,ok\n"
    let read = CSVContactReader.read(text, source: "f", export: .generic, limits: limits)
    #expect(read.contacts.map(\.displayName) == ["Ada", "Cy"])
    #expect(read.contacts[0].note == "")
    #expect(read.warnings == [
      "f:2: NOTES value longer than 16 bytes, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out",
      "f:3: the card that begins here is longer than 40 bytes, the limit for a card; left out",
    ])
  }

  @Test("a row's cells past the card's value count are left out as read, with one warning a row")
  func cellCount() {
    var limits = ReadingLimits.standard
    limits.cardValues = 2
    let text = "Name,Email,x,y,z\nAda,a@x.example,1,2,3\nBob,b@x.example\n"
    let read = CSVContactReader.read(text, source: "f", export: .generic, limits: limits)
    #expect(read.contacts.map(\.displayName) == ["Ada", "Bob"])
    #expect(read.contacts.map { $0.emailAddresses.map(\.value) } == [["a@x.example"], ["b@x.example"]])
    #expect(read.warnings == [
      "f:1: the card has more than 2 values; this one and the rest are left out",
      "f:2: the card has more than 2 values; this one and the rest are left out",
    ])
  }

  @Test("dates as exports write them")
  func dates() {
    #expect(CSVContactReader.date("12/10/1815") == ContactDate(year: 1815, month: 12, day: 10))
    #expect(CSVContactReader.date("10.12.1815") == ContactDate(year: 1815, month: 12, day: 10))
    #expect(CSVContactReader.date("0/0/00") == nil)
    // A British or French Windows writes the day first: told where it cannot be a month.
    #expect(CSVContactReader.date("25/12/1815") == ContactDate(year: 1815, month: 12, day: 25))
    #expect(CSVContactReader.date("13/1/1990") == ContactDate(year: 1990, month: 1, day: 13))
    #expect(CSVContactReader.date("1/13/1990") == ContactDate(year: 1990, month: 1, day: 13))
    #expect(CSVContactReader.date("13/13/1990") == ContactDate(text: "13/13/1990"))
    #expect(CSVContactReader.date("--06-23") == ContactDate(month: 6, day: 23))
    #expect(CSVContactReader.date("spring") == ContactDate(text: "spring"))
  }
}
