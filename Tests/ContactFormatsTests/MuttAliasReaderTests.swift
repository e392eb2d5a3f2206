import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactFormats

@Suite("Reading mutt alias files")
struct MuttAliasReaderTests {
  func read() throws -> (contacts: [Contact], warnings: [String]) {
    let bytes = try [UInt8](Data(contentsOf: TestPaths.fixture("books/mutt-aliases")))
    return MuttAliasReader.read(bytes, source: "aliases")
  }

  @Test("each alias is a person: its name, its addresses, the key as nickname, its groups and comment")
  func aliases() throws {
    let contacts = try read().contacts
    #expect(contacts.map(\.nickname) == ["ada", "charles", "grace", "jose", "alan", "ob"])
    #expect(contacts.map(\.displayName) == [
      "Ada Lovelace", "Babbage, Charles", "Grace Hopper", "José Müller", "Alan Turing", "Pat O'Brien",
    ])
    let charles = contacts[1]
    #expect(charles.givenName == "Charles" && charles.familyName == "Babbage")
    #expect(charles.groups == ["friends", "london"])
    #expect(charles.note == "met at the Royal Society")
    #expect(charles.emailAddresses.map(\.value) == ["charles@difference.example"])
    #expect(contacts[2].emailAddresses.map(\.value) == ["grace@navy.example", "hopper@cobol.example"])
    #expect(contacts[3].givenName == "José" && contacts[3].familyName == "Müller")
    #expect(contacts[4].groups == ["team"])
    #expect(contacts[5].emailAddresses.map(\.value) == ["pat@obrien.example"])
  }

  @Test("lines that are no alias are file:line warnings, counted on the physical lines")
  func warnings() throws {
    #expect(try read().warnings == [
      "aliases:10: alias brokenkey has no address; ignored",
      "aliases:11: not an alias line; ignored",
      "aliases:12: alias noaddress has no address; ignored",
      "aliases:14: an alias without a name; ignored",
    ])
  }

  @Test("an alias defined again replaces the earlier one, in its place, as in mutt")
  func redefined() {
    let text = "alias a A One <a@one.example>\nalias b Bee <b@example.org>\nalias a A Two <a@two.example>\n"
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.map(\.displayName) == ["A Two", "Bee"])
    #expect(read.warnings == ["f:3: alias a defined again; this definition replaces the earlier one, as in mutt"])
    #expect(Set(read.contacts.map(\.identifier)).count == 2)
  }

  @Test("an alias that names other aliases is a group of them, through other groups too, defined before or after")
  func groupsOfAliases() {
    let text = """
      alias team ada, <Grace>
      alias ada Ada Lovelace <ada@example.org>
      alias -group navy grace Grace Hopper <grace@example.org>
      alias all team, Alan Turing <alan@example.org>, bob
      alias loop1 loop2
      alias loop2 loop1, ada
      alias noone "Nobody"

      """
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.map(\.nickname) == ["ada", "grace", "all"])
    #expect(read.contacts.map(\.groups) == [
      ["team", "all", "loop1", "loop2"], ["navy", "team", "all"], ["all"],
    ])
    #expect(read.contacts[2].displayName == "Alan Turing")
    #expect(read.warnings == [
      "f:7: alias noone has no address; ignored",
      "f:4: alias all names bob, which is no alias of this file; left out of the group",
    ])
  }

  @Test("a group naming an alias without an address says so, not that it is no alias")
  func namesAliasWithoutAddress() {
    let text = "alias mom Mom <mom>\nalias fam mom, dad, bob\nalias dad dad@example.org\n"
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.map(\.nickname) == ["dad"])
    #expect(read.contacts.map(\.groups) == [["fam"]])
    #expect(read.warnings == [
      "f:1: alias mom has no address; ignored",
      "f:2: alias fam names mom, an alias without an address; left out of the group",
      "f:2: alias fam names bob, which is no alias of this file; left out of the group",
    ])
  }

  @Test("an alias of several people is a contact for each, in a group named by its key; one person's addresses stay one contact")
  func severalPeople() {
    let text = """
      alias -group work boss Carol King <carol@corp.example>, Dan Ray <dan@corp.example>, carol@home.example, \
        "carol  KING" <ck@corp.example>, Dan Ray <DAN@corp.example>
      alias grace Grace Hopper <grace@navy.example>, grace hopper <hopper@cobol.example>
      alias team boss, grace

      """
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.warnings.isEmpty)
    #expect(read.contacts.map(\.displayName) == ["Carol King", "Dan Ray", "Grace Hopper"])
    #expect(read.contacts.map(\.nickname) == ["boss", "boss", "grace"])
    #expect(read.contacts.map { $0.emailAddresses.map(\.value) } == [
      ["carol@corp.example", "carol@home.example", "ck@corp.example"], ["dan@corp.example"],
      ["grace@navy.example", "hopper@cobol.example"],
    ])
    // Each email is numbered by its place in the alias.
    #expect(read.contacts[0].emailAddresses.map(\.identifier) == ["mutt-boss-1", "mutt-boss-3", "mutt-boss-4"])
    #expect(read.contacts[1].emailAddresses.map(\.identifier) == ["mutt-boss-2"])
    #expect(read.contacts.map(\.groups) == [["work", "boss", "team"], ["work", "boss", "team"], ["team"]])
    // The first person keeps the identifier an alias of one person has.
    #expect(read.contacts[0].identifier == ForeignRecordIdentifier.identifier(source: "f", format: "mutt", key: "boss"))
    #expect(Set(read.contacts.map(\.identifier)).count == 3)
    // Defined again with one person: that one, in the first definition's place.
    let again = MuttAliasReader.read(Array((text + "alias boss Eve <eve@example.org>\n").utf8), source: "f")
    #expect(again.contacts.map(\.displayName) == ["Eve", "Grace Hopper"])
    #expect(again.contacts.map(\.groups) == [["team"], ["team"]])
  }

  @Test("an alias defined again as a group or as people counts in its last definition only, as in mutt")
  func groupRedefined() {
    let read = { (text: String) in MuttAliasReader.read(Array(text.utf8), source: "f") }
    let again = { (line: Int) in "f:\(line): alias k defined again; this definition replaces the earlier one, as in mutt" }
    let x = "alias x X <x@x.org>\n"
    // A group, then people: the people, in the group's place; no group.
    var file = read("alias k x\nalias k Kay <k@a.org>\n" + x)
    #expect(file.contacts.map { "\($0.displayName) \($0.groups)" } == ["Kay []", "X []"])
    #expect(file.warnings == [again(2)])
    // People, then a group: no people; the group.
    file = read("alias k Kay <k@a.org>\nalias k x\n" + x)
    #expect(file.contacts.map { "\($0.displayName) \($0.groups)" } == ["X [\"k\"]"])
    #expect(file.warnings == [again(2)])
    // A group with people of its own, then other people.
    file = read("alias k x, Kay <k@a.org>\nalias k Kay2 <k2@a.org>\n" + x)
    #expect(file.contacts.map { "\($0.displayName) \($0.groups)" } == ["Kay2 []", "X []"])
    // A group, then another.
    file = read("alias k x\nalias k y\n" + x + "alias y Y <y@y.org>\n")
    #expect(file.contacts.map { "\($0.displayName) \($0.groups)" } == ["X []", "Y [\"k\"]"])
    #expect(file.warnings == [again(2)])
  }

  @Test("an alias is in a thousand groups at most, the nearest; a chain of thousands is read in one search each")
  func longChain() {
    var text = (0..<3_000).map { "alias g\($0) g\($0 + 1), NOSUCH\($0 % 2), nosuch\($0 % 2)\n" }.joined()
    text += "alias g3000 Last <last@example.org>\n"
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.count == 1)
    let groups = read.contacts.first?.groups ?? []
    #expect(groups.count == 1_000)
    #expect(groups.first == "g2000" && groups.last == "g2999")
    #expect(read.warnings.first == "f:3001: alias g3000 is named by more groups than cpick follows (1000 an alias, 2000000 in all); the rest left out, for it and the aliases after it")
    // Each unknown name once per group, whatever its case.
    #expect(read.warnings.count == 3_001)
    #expect(read.warnings.last == "f:3000: alias g2999 names NOSUCH1, which is no alias of this file; left out of the group")
    // A long unknown name is cut in its warning.
    let long = MuttAliasReader.read(Array("alias g \(String(repeating: "n", count: 5_000))\n".utf8), source: "f")
    #expect(long.warnings == ["f:1: alias g names \(String(repeating: "n", count: 64))…, which is no alias of this file; left out of the group"])
  }

  @Test("a file's aliases are in two million groups at most in all, said once: a thousand groups naming a group of thousands")
  func fanOfGroups() {
    var text = (0..<3_000).map { "alias a\($0) P\($0) <p\($0)@example.org>\n" }.joined()
    text += "alias big " + (0..<3_000).map { "a\($0)" }.joined(separator: ", ") + "\n"
    text += (0..<1_000).map { "alias top\($0) big\n" }.joined()
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.count == 3_000)
    #expect(read.contacts.first?.groups.count == 1_000)
    #expect(read.contacts.first?.groups.first == "big")
    #expect(read.contacts.reduce(0) { $0 + $1.groups.count } == MuttAliasGroups.membershipsPerFile)
    #expect(read.contacts.last?.groups == [])
    #expect(read.warnings == [
      "f:1: alias a0 is named by more groups than cpick follows (1000 an alias, 2000000 in all); the rest left out, for it and the aliases after it"
    ])
  }

  @Test("an alias's own group is its key's, not another case's; a name of no letter is no name; people's identifiers differ")
  func keysAndNames() {
    let text = """
      alias Team P1 <p1@x.org>, P2 <p2@x.org>
      alias team alice
      alias alice A <a@x.org>
      alias k "-" <x@a.org>, Alice <a@a.org>, Bob <b@a.org>

      """
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.map { "\($0.displayName) \($0.groups)" } == [
      "P1 [\"Team\"]", "P2 [\"Team\"]", "A [\"team\"]", "Alice [\"k\"]", "Bob [\"k\"]",
    ])
    #expect(read.contacts[3].emailAddresses.map(\.value) == ["x@a.org", "a@a.org"])
    // A key with a NUL in it is no other alias's second person.
    let nul = MuttAliasReader.read(Array("alias k A <a@x.org>, B <b@x.org>\nalias k\u{0}2 C <c@x.org>\n".utf8), source: "f")
    #expect(Set(nul.contacts.map(\.identifier)).count == 3)
  }

  @Test("the names in an alias's address list: one word of no @, in angle brackets or not; quotes and comments hide commas")
  func references() {
    #expect(MuttAliasGroups.references(in: " ada, <grace> ,Alan <alan@example.org>, x@y") == ["ada", "grace"])
    #expect(MuttAliasGroups.references(in: "\"Lovelace, ada\" <a@b>, (a, comment) bob") == [])
    #expect(MuttAliasGroups.references(in: "Nobody Here, \"ada\", <>, ada@, @ada") == [])
    #expect(MuttAliasGroups.references(in: "<a@b, c>, d (x, y), zoë") == ["zoë"])
    #expect(MuttAliasGroups.references(in: "< dad >, <\tmom>") == ["dad", "mom"])
    // muttrc's escapes are undone first: `mom\, dad` is two names.
    let escaped = MuttAliasReader.read(Array("alias g mom\\, dad\nalias mom M <m@x.org>\nalias dad D <d@x.org>\n".utf8), source: "f")
    #expect(escaped.warnings.isEmpty)
    #expect(escaped.contacts.map(\.groups) == [["g"], ["g"]])
  }

  @Test("a file with CRLF line ends (written on Windows) reads as the same aliases, warnings on the same lines")
  func crlf() throws {
    let bytes = try [UInt8](Data(contentsOf: TestPaths.fixture("books/mutt-aliases")))
    let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
    let crlf = MuttAliasReader.read(Array(text.utf8), source: "aliases")
    let lf = try read()
    #expect(crlf.contacts.map(\.displayName) == lf.contacts.map(\.displayName))
    #expect(crlf.contacts.map { $0.emailAddresses.map(\.value) } == lf.contacts.map { $0.emailAddresses.map(\.value) })
    #expect(crlf.contacts.count == 6)
    #expect(crlf.warnings == lf.warnings)
    let continued = MuttAliasReader.read(Array("alias a A <a@x.example>, \\\r\n  <b@x.example>\r\nalias c C <c@x.example>\r\n".utf8), source: "f")
    #expect(continued.contacts.map { $0.emailAddresses.map(\.value) } == [["a@x.example", "b@x.example"], ["c@x.example"]])
  }

  @Test("a line ends at LF or CR LF, a CR before it dropped too; a lone CR ends no line")
  func lineEnds() {
    let lines = MuttAliasReader.logicalLines(Array("a\r\r\nb\rc\nd\\\r\ne\r".utf8)[...], linesBefore: 10)
    #expect(lines.map(\.number) == [11, 12, 13])
    #expect(lines.map(\.text) == ["a", "b\rc", "de"])
  }

  @Test("a line is read by bytes, as mutt reads it: a mark joined to a space, a quote or a backslash does not hide it")
  func bytesAsMuttReadsThem() {
    let text = "alias bob \u{0301}Bob <bob@example.org>\nalias p P <p@example.org>, \u{0600}\\\n  <q@example.org>\n"
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    #expect(read.contacts.map(\.nickname) == ["bob", "p"])
    #expect(read.contacts.map { $0.emailAddresses.map(\.value) } == [["bob@example.org"], ["p@example.org", "q@example.org"]])
  }

  @Test("an alias continued over thousands of lines is one alias with every address, at its first line")
  func longContinuation() {
    let addresses = (0..<5_000).map { "p\($0)@example.org" }
    let text = "alias crowd " + addresses.joined(separator: ", \\\n") + "\nalias after <a@example.org>\n"
    let lines = MuttAliasReader.logicalLines(Array(text.utf8)[...])
    #expect(lines.map(\.number) == [1, 5_001, 5_002])  // the last: the empty line after the final line end
    let read = MuttAliasReader.read(Array(text.utf8), source: "f")
    let same = read.contacts.first?.emailAddresses.map(\.value) == addresses
    #expect(same)
    #expect(read.contacts.count == 2)
  }

  @Test("an alias's identifier is the same from build to build: two checksums of file, format and key")
  func stableIdentifier() {
    // The values of the build before the identifier was written as bytes (`ea882a3`).
    #expect(ForeignRecordIdentifier.identifier(source: "/tmp/idt/aliases", format: "mutt", key: "ada")
      == "urn:uuid:24932019-e266-8fd6-80c7-f2046e76a9dc")
    #expect(ForeignRecordIdentifier.identifier(source: "/tmp/idt/aliases", format: "mutt", key: "charles")
      == "urn:uuid:7064b8ce-f9d4-8eca-97e5-8d0f236cb1bd")
  }

  @Test("a muttrc that sets options before its aliases is an alias file; other text that starts so is not")
  func muttrcWithSettings() {
    let muttrc = "# ~/.muttrc\nset realname=\"Me\"\nset sort=threads\nsource ~/.mutt/colors\nalias a1 A One <a1@example.com>\n"
    #expect(MuttAliasReader.isAliasFile(Array(muttrc.utf8)))
    let read = MuttAliasReader.read(Array(muttrc.utf8), source: "muttrc")
    #expect(read.contacts.map(\.displayName) == ["A One"])
    #expect(read.warnings.first == "muttrc:2: not an alias line; ignored")
    #expect(!MuttAliasReader.isAliasFile(Array("set realname=\"Me\"\nset sort=threads\n".utf8)))
    #expect(!MuttAliasReader.isAliasFile(Array("set x\nName,Email\nalias a <a@b.example>\n".utf8)))
  }

  @Test("an alias file is told by its first command")
  func detection() {
    #expect(MuttAliasReader.isAliasFile(Array("# mine\n\nalias a <a@example.org>\n".utf8)))
    #expect(MuttAliasReader.isAliasFile(Array("set sort=threads\nalias a <a@example.org>\n".utf8)))
    #expect(!MuttAliasReader.isAliasFile(Array("aliases: none\n".utf8)))
  }
}
