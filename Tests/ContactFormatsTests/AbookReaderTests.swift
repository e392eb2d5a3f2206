import ContactKit
import Testing

@testable import ContactFormats

@Suite("Reading abook address books")
struct AbookReaderTests {
  /// An abook 0.6 file with every standard field, a custom field and a broken line.
  static let book = """
    # abook addressbook file

    [format]
    program=abook
    version=0.6.1


    [0]
    name=Ada Lovelace
    email=ada@analytical-engines.example, countess@lovelace.example
    address=12 St James's Square
    address2=Flat 2
    city=London
    state=Middlesex
    zip=SW1Y 4JH
    country=United Kingdom
    phone=+44 20 7946 0001
    workphone=+44 20 7946 0002
    fax=+44 20 7946 0003
    mobile=+44 7700 900001
    nick=ada
    url=https://analytical-engines.example/ada
    notes=First programmer
    anniversary=1835-07-08
    groups=friends,london
    pager=+44 20 7946 0009

    [1]
    name=Grace Hopper
    this line is broken
    email=grace@navy.example
    anniversary=--12-09

    [2]
    name=Alan Turing
    name=Alan M. Turing
    """

  @Test("every abook field lands in its place in the contact model")
  func fields() throws {
    let read = AbookReader.read(Array(Self.book.utf8), source: "book")
    #expect(read.contacts.map(\.displayName) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
    let ada = read.contacts[0]
    #expect(ada.givenName == "Ada" && ada.familyName == "Lovelace")
    #expect(ada.nickname == "ada")
    #expect(ada.emailAddresses.map(\.value) == ["ada@analytical-engines.example", "countess@lovelace.example"])
    #expect(ada.phoneNumbers.map { "\($0.label ?? ""): \($0.value)" } == [
      "home: +44 20 7946 0001", "work: +44 20 7946 0002", "otherFax: +44 20 7946 0003", "mobile: +44 7700 900001",
    ])
    let address = try #require(ada.postalAddresses.first?.value)
    #expect(address.street == "12 St James's Square\nFlat 2")
    #expect([address.city, address.state, address.postalCode, address.country] == [
      "London", "Middlesex", "SW1Y 4JH", "United Kingdom",
    ])
    #expect(ada.urlAddresses.map(\.value) == ["https://analytical-engines.example/ada"])
    #expect(ada.dates.map(\.label) == ["anniversary"])
    #expect(ada.dates.first?.value == ContactDate(year: 1835, month: 7, day: 8))
    #expect(ada.groups == ["friends", "london"])
    #expect(ada.note == "First programmer\npager: +44 20 7946 0009")
    #expect(read.contacts[1].dates.first?.value == ContactDate(month: 12, day: 9))
  }

  @Test("a broken line and a repeated field are file:line warnings, and the rest is read")
  func warnings() {
    let read = AbookReader.read(Array(Self.book.utf8), source: "book")
    #expect(read.warnings == [
      "book:30: not a field=value line; ignored",
      "book:36: field name given twice in section [2]; the first kept",
    ])
    #expect(read.contacts[1].emailAddresses.map(\.value) == ["grace@navy.example"])
  }

  @Test("a section header that lost its ] begins its section, with a warning: the person is not merged into the one before (case 09's kind)")
  func headerWithoutBracket() {
    let text = "[format]\nprogram=abook\n\n[0]\nname=Alder Finch\nemail=alder@x.example\n[1]\nname=Birch Nolan\n\n[2\nname=Cobb Ruelle\nemail=cobb@x.example\n\n[3]\nname=Dara Quin\n"
    let read = AbookReader.read(Array(text.utf8), source: "b")
    #expect(read.contacts.map(\.displayName) == ["Alder Finch", "Birch Nolan", "Cobb Ruelle", "Dara Quin"])
    #expect(read.contacts[2].emailAddresses.map(\.value) == ["cobb@x.example"])
    #expect(read.contacts[1].emailAddresses.isEmpty)
    #expect(read.warnings == ["b:10: a damaged section header (a bracket lost); read as section [2]"])
    // Read in parts, cut before that header, the same.
    var parts: [String] = []
    AbookReader.read(Array(text.utf8), source: "b", inPartsOf: 40) { contacts, _ in parts += contacts.map(\.displayName) }
    #expect(parts == ["Alder Finch", "Birch Nolan", "Cobb Ruelle", "Dara Quin"])
    // The `[` lost instead, both, or other brackets for them.
    for damaged in ["2]", "2", "{2}", "(2)"] {
      let lost = AbookReader.read(Array(text.replacingOccurrences(of: "\n[2\n", with: "\n\(damaged)\n").utf8), source: "b")
      #expect(lost.contacts.map(\.displayName) == ["Alder Finch", "Birch Nolan", "Cobb Ruelle", "Dara Quin"], "\(damaged)")
      #expect(lost.warnings == ["b:10: a damaged section header (a bracket lost); read as section [2]"], "\(damaged)")
    }
  }

  @Test("a field over the value limit is told at its line and left out, the rest read; an alias line too")
  func overTheValueLimit() {
    let long = String(repeating: "x", count: ReadingLimits.standard.textValueBytes + 1)
    let text = "[0]\nname=Ada Lovelace\nnotes=\(long)\n\n[1]\nname=\(long)\nemail=b@x.example\n"
    let read = AbookReader.read(Array(text.utf8), source: "b")
    #expect(read.contacts.map(\.displayName) == ["Ada Lovelace", "b@x.example"])
    #expect(read.contacts.first?.note == "")
    #expect(read.warnings.count == 2, "\(read.warnings.map { $0.prefix(80) })")
    #expect(read.warnings.first?.hasPrefix("b:3: NOTES value longer than 1 MiB") == true)
    #expect(read.warnings.last?.hasPrefix("b:6: NAME value longer than 1 MiB") == true)
    let aliases = "alias a Ann <a@x.example>\nalias b \(long) <b@x.example>\nalias c Cy <c@x.example>\n"
    let mutt = MuttAliasReader.read(Array(aliases.utf8), source: "m")
    #expect(mutt.contacts.map(\.displayName) == ["Ann", "Cy"])
    #expect(mutt.warnings.map { String($0.prefix(40)) } == ["m:2: ALIAS value longer than 1 MiB, the "])
  }

  @Test("a field given empty and then with a value keeps the value; thousands of custom fields land in the note, in order")
  func emptyFirstAndManyCustomFields() {
    let custom = (0..<3_000).map { "custom\($0)=value \($0)" }
    let text = "[0]\nname=\nname=Ada Lovelace\nname=Again\n" + custom.joined(separator: "\n") + "\n"
    let read = AbookReader.read(Array(text.utf8), source: "b")
    #expect(read.contacts.first?.displayName == "Ada Lovelace")
    #expect(read.warnings == ["b:4: field name given twice in section [0]; the first kept"])
    #expect(read.contacts.first?.note == (0..<3_000).map { "custom\($0): value \($0)" }.joined(separator: "\n"))
  }

  @Test("identifiers come from the file and the section's fields: the same each time and under another number, another for other fields")
  func identifiers() {
    let first = AbookReader.read(Array(Self.book.utf8), source: "/home/ada/.abook/addressbook").contacts
    let again = AbookReader.read(Array(Self.book.utf8), source: "/home/ada/.abook/addressbook").contacts
    #expect(first.map(\.identifier) == again.map(\.identifier))
    #expect(Set(first.map(\.identifier)).count == 3)
    #expect(first.allSatisfy { ContactIdentifier.uuid(in: $0.identifier) != nil })
    let other = AbookReader.read(Array(Self.book.utf8), source: "/home/bob/.abook/addressbook").contacts
    #expect(other[0].identifier != first[0].identifier)
    #expect(first.allSatisfy { ContactIdentifier.isCustomUUID($0.identifier) })
    // abook numbers its sections again when it saves: the people keep their identifiers.
    let renumbered = "[format]\nprogram=abook\n\n[7]\nname=Bob\nemail=bob@x.example\n\n[8]\nname=Carol\n"
    let before = AbookReader.read(Array(renumbered.utf8), source: "b").contacts
    let after = AbookReader.read(
      Array(renumbered.replacingOccurrences(of: "[7]", with: "[0]").replacingOccurrences(of: "[8]", with: "[1]").utf8),
      source: "b"
    ).contacts
    #expect(before.map(\.identifier) == after.map(\.identifier))
    #expect(before[0].identifier != before[1].identifier)
    // A person entered twice is two contacts, each with its own identifier, the same each time.
    let twice = "[format]\nprogram=abook\n\n[0]\nname=Bob\n\n[1]\nname=Ann\n\n[2]\nname=Bob\n\n[3]\nname=Bob\n"
    let twins = RecordParts.gathered { AbookReader.read(Array(twice.utf8), source: "b", inPartsOf: 20, $0) }.contacts
    #expect(Set(twins.map(\.identifier)).count == 4)
    #expect(twins.map(\.identifier) == AbookReader.read(Array(twice.utf8), source: "b").contacts.map(\.identifier))
    // The first keeps the identifier its fields give.
    let alone = AbookReader.read(Array("[format]\nprogram=abook\n\n[5]\nname=Bob\n".utf8), source: "b").contacts
    #expect(twins[0].identifier == alone.first?.identifier)
  }

  @Test("an abook file is told by its sections, a vCard or an INI file of another program is not")
  func detection() {
    #expect(AbookReader.isAbook(Array(Self.book.utf8)))
    #expect(AbookReader.isAbook(Array("[0]\nname=Ada\nemail=a@example.org\n".utf8)))
    #expect(!AbookReader.isAbook(Array("BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n".utf8)))
    #expect(!AbookReader.isAbook(Array("[core]\n\tbare = false\n".utf8)))
    #expect(!AbookReader.isAbook(Array("[\"vcard\",[]]".utf8)))
  }
}
