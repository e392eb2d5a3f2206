import ContactKit
import Testing

@testable import ContactFormats

/// The writers of other programs' books (issue 25, item 2): a contact as abook fields
/// and as a mutt alias line, read back by their readers as they were written.
@Suite("Writing abook fields and mutt alias lines")
struct ForeignBookWritingTests {
  func person(_ name: String, email: String) -> Contact {
    var contact = Contact(identifier: "", source: "")
    contact.formattedName = name
    contact.emailAddresses = [LabeledValue(identifier: "1", label: nil, value: email)]
    return contact
  }

  @Test("phones go to abook's fields by label, a phone without one to phone when free, a date without year as --MM-DD")
  func abookFields() throws {
    var contact = person("Ada Lovelace", email: "ada@example.org")
    contact.phoneNumbers = [
      LabeledValue(identifier: "1", label: "workFax", value: "1"), LabeledValue(identifier: "2", label: "iPhone", value: "2"),
      LabeledValue(identifier: "3", label: nil, value: "3"), LabeledValue(identifier: "4", label: "work", value: "4"),
    ]
    contact.dates = [LabeledValue(identifier: "d", label: "anniversary", value: ContactDate(month: 7, day: 8))]
    contact.postalAddresses = [
      LabeledValue(identifier: "a", label: "home", value: PostalAddress(street: "Flat 2\n12 St James's Square\nWest End", city: "London")),
    ]
    let fields = try AbookFields.fields(of: contact)
    #expect(fields == [
      "name": "Ada Lovelace", "email": "ada@example.org", "fax": "1", "mobile": "2", "phone": "3", "workphone": "4",
      "anniversary": "--07-08", "address": "Flat 2", "address2": "12 St James's Square, West End", "city": "London",
    ])
    let section = AbookFields.section(5, fields: fields)
    let read = AbookReader.read(Array(section.utf8), source: "book").contacts
    #expect(read.first?.phoneNumbers.map(\.value) == ["3", "4", "1", "2"])
    #expect(read.first?.dates.first?.value == ContactDate(month: 7, day: 8))
    // Android's work mobile is abook's mobile, not its home phone.
    #expect(AbookFields.phoneField("work mobile", taken: [:]) == "mobile")
    #expect(AbookFields.phoneField("work mobile", taken: ["mobile": "2"]) == nil)
  }

  @Test("a name with mutt's or RFC 5322's specials is quoted and escaped so that mutt and cpick read it back as it was")
  func aliasEscapes() throws {
    for name in ["Ada Lovelace", "Lovelace, Ada", "Bob #1 Fan", "Ca$h \"JC\" Johnny", "Back\\slash"] {
      let (line, key) = try MuttAliasLine.line(for: person(name, email: "a@example.org"), taken: [])
      let read = MuttAliasReader.read(Array(line.utf8), source: "aliases")
      #expect(read.warnings == [])
      #expect(read.contacts.first?.formattedName == name, "\(line)")
      #expect(read.contacts.first?.nickname == key)
    }
    let (line, _) = try MuttAliasLine.line(for: person("Bob #1 Fan", email: "b@example.org"), taken: [])
    #expect(line == "alias bob Bob \\#1 Fan <b@example.org>")
  }

  @Test("the key is the nickname, else the given name, lower case without accents, made unique")
  func aliasKeys() throws {
    var jose = person("José Müller", email: "jm@example.org")
    jose.givenName = "José"
    #expect(try MuttAliasLine.line(for: jose, taken: ["jose", "jose2"]).key == "jose3")
    jose.nickname = "Pepe"
    #expect(try MuttAliasLine.line(for: jose, taken: ["jose"]).key == "pepe")
    #expect(try MuttAliasLine.line(for: person("王小明", email: "wang@example.org"), taken: []).key == "wang")
  }
}
