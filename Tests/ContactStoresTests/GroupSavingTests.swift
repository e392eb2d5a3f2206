import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores
import VCard

/// Groups saved as the book stores them (issue 21 item 2): a person filed under a
/// group, taken out, a group created, renamed, deleted — in `CATEGORIES`, in vCard 4.0
/// group cards and in Apple's — and every byte that is not the changed line kept.
@Suite("saving: groups in each storage style")
struct GroupSavingTests {
  static let ada = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\nFN:Ada Lovelace\r\n"
    + "N:Lovelace;Ada;;;\r\nCATEGORIES:Work,Choir,Chess\r\nX-ODD;x-kept=yes:  spaces kept  \r\nEND:VCARD\r\n"
  static let grace = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:0a1b2c3d-0000-4000-8000-0000000grace\r\nFN:Grace Hopper\r\n"
    + "EMAIL:grace@example.org\r\nEND:VCARD\r\n"
  static let team = "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Team\r\nUID:team-1\r\n"
    + "MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-0000000grace\r\nREV:20240101T000000Z\r\nEND:VCARD\r\n"
  static let plainAda = ada.replacingOccurrences(of: "CATEGORIES:Work,Choir,Chess\r\n", with: "")
  static let choir = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Choir;;;;\r\nFN:Choir\r\nX-ADDRESSBOOKSERVER-KIND:group\r\n"
    + "UID:choir-1\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-0000000grace\r\nEND:VCARD\r\n"

  /// Saves `contact` with `groups` instead of its own.
  static func file(_ contact: Contact, under groups: [String], in store: any ContactStore) throws -> Contact {
    var edited = contact
    edited.groups = groups
    var request = SaveRequest()
    request.update(edited, original: contact)
    return try #require(try store.execute(request).first)
  }

  static func person(_ name: String, in store: any ContactStore) throws -> Contact {
    try #require(try store.load().contacts.first { $0.displayName == name })
  }

  static func change(_ store: any ContactStore, _ make: (inout SaveRequest) -> Void) throws {
    var request = SaveRequest()
    make(&request)
    _ = try store.execute(request)
  }

  @Test("a member key: trimmed, lower case, urn:uuid: removed; a UID with nothing to trim as it is, lower case")
  func memberKeys() {
    #expect(ContactLoad.GroupCard.memberKey(" urn:uuid:4462EBFC-5F91\t") == "4462ebfc-5f91")
    #expect(ContactLoad.GroupCard.memberKey("URN:UUID:AB") == "ab")
    #expect(ContactLoad.GroupCard.memberKey("Ada@Example") == "ada@example")
    #expect(ContactLoad.GroupCard.memberKey("\u{A0}x\u{A0}") == "x")
    #expect(ContactLoad.GroupCard.memberKey("") == "")
  }

  @Test("in a file of LF line ends, a group card given a member, renamed or made is written in CR LF, the others byte for byte (case 06)")
  func groupCardsInLineFeedFile() throws {
    let folder = try TempFolder("groups-lf")
    defer { folder.remove() }
    let lf = [Self.ada, Self.grace, Self.team].map { $0.replacingOccurrences(of: "\r\n", with: "\n") }
    let file = try folder.write("all.vcf", Array(lf.joined().utf8))
    let store = VCardFileStore(path: file)
    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Team"], in: store)
    try Self.change(store) { $0.renameGroup("Team", to: "Crew") }
    try Self.change(store) { $0.addGroup(named: "New") }
    let text = Bytes.text(file)
    // Grace's card, unchanged, stays as it was; Ada's (her CATEGORIES gone) and the
    // group cards are CR LF.
    #expect(text.contains(lf[1]), "\(text)")
    let groups = text.replacingOccurrences(of: lf[1], with: "")
    #expect(groups.contains("FN:Crew\r\n") && groups.contains("FN:New\r\n"), "\(groups)")
    #expect(groups.contains("MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\n"), "\(groups)")
    #expect(!groups.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(groups)")
    let load = try store.load()
    #expect(load.warnings.isEmpty)
    #expect(try Self.person("Ada Lovelace", in: store).groups.sorted() == ["Crew"])
  }

  @Test("CATEGORIES: added, created, renamed in place, removed, deleted — only the CATEGORIES line changes")
  func categories() throws {
    let folder = try TempFolder("groups-categories")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array((Self.ada + Self.grace).utf8))
    let store = VCardFileStore(path: file)
    var text = Self.ada + Self.grace

    let ada = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Work", "Choir", "Chess", "Project X"], in: store)
    text = text.replacingOccurrences(of: "CATEGORIES:Work,Choir,Chess\r\n", with: "CATEGORIES:Work,Choir,Chess,Project X\r\n")
    #expect(Bytes.text(file) == text)
    #expect(ada.groups == ["Work", "Choir", "Chess", "Project X"])

    _ = try Self.file(try Self.person("Grace Hopper", in: store), under: ["Project X"], in: store)
    text = text.replacingOccurrences(of: "EMAIL:grace@example.org\r\n", with: "EMAIL:grace@example.org\r\nCATEGORIES:Project X\r\n")
    #expect(Bytes.text(file) == text)

    try Self.change(store) { $0.renameGroup("Choir", to: "Singers") }
    text = text.replacingOccurrences(of: "Work,Choir,Chess", with: "Work,Singers,Chess")
    #expect(Bytes.text(file) == text)

    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Singers", "Chess", "Project X"], in: store)
    text = text.replacingOccurrences(of: "Work,Singers,Chess", with: "Singers,Chess")
    #expect(Bytes.text(file) == text)

    try Self.change(store) { $0.deleteGroup("Project X") }
    text = text.replacingOccurrences(of: "Singers,Chess,Project X", with: "Singers,Chess")
      .replacingOccurrences(of: "CATEGORIES:Project X\r\n", with: "")
    #expect(Bytes.text(file) == text)
    #expect(try store.load().contacts.map(\.groups) == [["Singers", "Chess"], []])  // both still there

    try Self.change(store) { $0.addGroup(named: "Empty") }  // a CATEGORIES book writes no empty group
    #expect(Bytes.text(file) == text)
  }

  @Test("a card without UID filed into a group of a group-card vdir is given a UID, and the group card a MEMBER line naming it")
  func uidGivenForMember() throws {
    let folder = try TempFolder("groups-no-uid")
    defer { folder.remove() }
    let rhoda = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Rhoda Penn\r\nN:Penn;Rhoda;;;\r\nTEL:+1 555 0177\r\nEND:VCARD\r\n"
    let rhodaFile = try folder.write("book/rhoda.vcf", Array(rhoda.utf8))
    let teamFile = try folder.write("book/team.vcf", Array(Self.team.utf8))
    let store = VdirStore(path: folder.file("book"))
    let saved = try Self.file(try Self.person("Rhoda Penn", in: store), under: ["Team"], in: store)
    #expect(saved.identifier.hasPrefix("urn:uuid:"))
    #expect(saved.groups == ["Team"])
    let written = Bytes.text(rhodaFile)
    #expect(written.contains("\r\nUID:\(saved.identifier)\r\n"))
    #expect(!written.contains("CATEGORIES"))
    #expect(Bytes.text(teamFile).contains("MEMBER:\(saved.identifier)\r\n"))
    #expect(try Self.person("Rhoda Penn", in: store).groups == ["Team"])
  }

  @Test("vCard 4.0 group cards in a .vcf: one MEMBER line more or less, FN renamed, the card deleted; persons untouched")
  func groupCardsInFile() throws {
    let folder = try TempFolder("groups-kind")
    defer { folder.remove() }
    let start = Self.plainAda + Self.grace + Self.team
    let file = try folder.write("all.vcf", Array(start.utf8))
    let store = VCardFileStore(path: file)
    var text = start

    let ada = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Team"], in: store)
    text = text.replacingOccurrences(
      of: "REV:20240101T000000Z\r\n", with: "REV:20240101T000000Z\r\nMEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\n")
    #expect(Bytes.text(file) == text)  // Ada's card (no CATEGORIES) is not rewritten
    #expect(ada.groups == ["Team"])

    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Team", "Project X"], in: store)
    let written = Bytes.text(file)
    #expect(written.hasPrefix(text))
    let added = String(written.dropFirst(text.count))
    #expect(added.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))  // in the file's line ends
    #expect(added.contains("\r\nKIND:group\r\nFN:Project X\r\nMEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\nEND:VCARD\r\n"))
    text = written

    try Self.change(store) { $0.renameGroup("Team", to: "Crew") }
    text = text.replacingOccurrences(of: "FN:Team\r\n", with: "FN:Crew\r\n")
    #expect(Bytes.text(file) == text)

    _ = try Self.file(try Self.person("Grace Hopper", in: store), under: [], in: store)
    text = text.replacingOccurrences(of: "MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-0000000grace\r\n", with: "")
    #expect(Bytes.text(file) == text)

    try Self.change(store) { $0.deleteGroup("Crew") }
    let crew = "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Crew\r\nUID:team-1\r\n"
      + "REV:20240101T000000Z\r\nMEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\nEND:VCARD\r\n"
    #expect(text.contains(crew))
    text = text.replacingOccurrences(of: crew, with: "")
    #expect(Bytes.text(file) == text)
    let load = try store.load()
    #expect(load.contacts.map(\.displayName) == ["Ada Lovelace", "Grace Hopper"])  // the members stay
    #expect(load.contacts.map(\.groups) == [["Project X"], []])
  }

  @Test("Apple group cards in a vdir: the group file gains or loses one line; a new group is a new Apple card file")
  func appleGroupCardsInVdir() throws {
    let folder = try TempFolder("groups-apple")
    defer { folder.remove() }
    let adaFile = try folder.write("book/ada.vcf", Array(Self.plainAda.utf8))
    try folder.write("book/grace.vcf", Array(Self.grace.utf8))
    let choirFile = try folder.write("book/choir.vcf", Array(Self.choir.utf8))
    let store = VdirStore(path: folder.file("book"))
    let member = "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\n"

    let ada = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Choir"], in: store)
    #expect(ada.groups == ["Choir"])
    #expect(ada.sourceRecord?.outsideGroups == ["Choir"])
    #expect(Bytes.text(adaFile) == Self.plainAda)
    #expect(Bytes.text(choirFile) == Self.choir.replacingOccurrences(of: "END:VCARD", with: member + "END:VCARD"))

    try Self.change(store) { $0.addGroup(named: "Project X") }
    let names = folder.names("book").sorted()
    #expect(names.count == 4)
    let newFile = try #require(names.first { !["ada.vcf", "choir.vcf", "grace.vcf"].contains($0) })
    let created = Bytes.text(folder.file("book/" + newFile))
    #expect(created.contains("VERSION:3.0\r\n"))
    #expect(created.contains("\r\nN:Project X;;;;\r\nFN:Project X\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nEND:VCARD\r\n"))

    _ = try Self.file(ada, under: ["Choir", "Project X"], in: store)
    #expect(Bytes.text(folder.file("book/" + newFile)) == created.replacingOccurrences(of: "END:VCARD", with: member + "END:VCARD"))
    #expect(Bytes.text(adaFile) == Self.plainAda)

    try Self.change(store) { $0.renameGroup("Choir", to: "Singers") }
    let renamed = Self.choir.replacingOccurrences(of: "N:Choir;;;;", with: "N:Singers;;;;")
      .replacingOccurrences(of: "FN:Choir", with: "FN:Singers")
      .replacingOccurrences(of: "END:VCARD", with: member + "END:VCARD")
    #expect(Bytes.text(choirFile) == renamed)

    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Project X"], in: store)
    #expect(Bytes.text(choirFile) == renamed.replacingOccurrences(of: member, with: ""))

    try Self.change(store) { $0.deleteGroup("Singers") }
    #expect(folder.names("book").sorted() == ["ada.vcf", "grace.vcf", newFile].sorted())
    let load = try store.load()
    #expect(Set(load.contacts.map(\.displayName)) == ["Ada Lovelace", "Grace Hopper"])
    #expect(try Self.person("Ada Lovelace", in: store).groups == ["Project X"])
  }

  @Test("a vdir without group cards files a person in CATEGORIES and renames in every file that names the group")
  func categoriesInVdir() throws {
    let folder = try TempFolder("groups-vdir-categories")
    defer { folder.remove() }
    let adaFile = try folder.write("book/ada.vcf", Array(Self.ada.utf8))
    let graceFile = try folder.write("book/grace.vcf", Array(Self.grace.utf8))
    let store = VdirStore(path: folder.file("book"))
    _ = try Self.file(try Self.person("Grace Hopper", in: store), under: ["Chess"], in: store)
    #expect(Bytes.text(graceFile) == Self.grace.replacingOccurrences(of: "END:VCARD", with: "CATEGORIES:Chess\r\nEND:VCARD"))
    try Self.change(store) { $0.renameGroup("Chess", to: "Go") }
    #expect(Bytes.text(adaFile) == Self.ada.replacingOccurrences(of: "Choir,Chess", with: "Choir,Go"))
    #expect(Bytes.text(graceFile) == Self.grace.replacingOccurrences(of: "END:VCARD", with: "CATEGORIES:Go\r\nEND:VCARD"))
    #expect(folder.names("book").sorted() == ["ada.vcf", "grace.vcf"])  // no group card made
  }

  @Test("Apple group cards in a .vcf: filing adds an X-ADDRESSBOOKSERVER-MEMBER line, a new group is an Apple card appended; never CATEGORIES")
  func appleGroupCardsInFile() throws {
    let folder = try TempFolder("groups-apple-file")
    defer { folder.remove() }
    let crlfAda = Self.plainAda
    let file = try folder.write("all.vcf", Array((crlfAda + Self.choir).utf8))
    let store = VCardFileStore(path: file)
    #expect(store.groupStorage() == .groupCards(apple: true))
    let member = "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\n"

    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Choir"], in: store)
    let text = crlfAda + Self.choir.replacingOccurrences(of: "END:VCARD", with: member + "END:VCARD")
    #expect(Bytes.text(file) == text)

    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Choir", "Project X"], in: store)
    let written = Bytes.text(file)
    #expect(written.hasPrefix(text))
    let added = String(written.dropFirst(text.count))
    #expect(added.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
    #expect(added.contains("\r\nN:Project X;;;;\r\nFN:Project X\r\nX-ADDRESSBOOKSERVER-KIND:group\r\n" + member + "END:VCARD\r\n"))
    #expect(!written.contains("CATEGORIES"))
    #expect(try Self.person("Ada Lovelace", in: store).groups.sorted() == ["Choir", "Project X"])
  }

  @Test("vCard 4.0 group cards in a vdir: filing adds a MEMBER line to the group's file; a new group is a KIND:group file")
  func version4GroupCardsInVdir() throws {
    let folder = try TempFolder("groups-kind-vdir")
    defer { folder.remove() }
    let adaFile = try folder.write("book/ada.vcf", Array(Self.plainAda.utf8))
    let teamFile = try folder.write("book/team.vcf", Array(Self.team.utf8))
    let store = VdirStore(path: folder.file("book"))
    #expect(store.groupStorage() == .groupCards(apple: false))
    let member = "MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\n"

    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Team"], in: store)
    #expect(Bytes.text(teamFile) == Self.team.replacingOccurrences(of: "END:VCARD", with: member + "END:VCARD"))
    #expect(Bytes.text(adaFile) == Self.plainAda)

    try Self.change(store) { $0.addGroup(named: "Board") }
    let newFile = try #require(folder.names("book").first { !["ada.vcf", "team.vcf"].contains($0) })
    let board = Bytes.text(folder.file("book/" + newFile))
    #expect(board.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
    #expect(board.contains("\r\nKIND:group\r\nFN:Board\r\nEND:VCARD\r\n"))
    _ = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Team", "Board"], in: store)
    #expect(Bytes.text(folder.file("book/" + newFile)).contains("FN:Board\r\nMEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-00000000ada0\r\nEND:VCARD"))
    #expect(Bytes.text(adaFile) == Self.plainAda)

    // Taken out of Team: the contact the save returns is in Board alone, as the files
    // say (it still said Team and Board: the card, the JSON and the groups view with it).
    let left = try Self.file(try Self.person("Ada Lovelace", in: store), under: ["Board"], in: store)
    #expect(Bytes.text(teamFile) == Self.team)
    #expect(left.groups == ["Board"])
    #expect(left.sourceRecord?.outsideGroups == ["Board"])
    #expect(try Self.person("Ada Lovelace", in: store).groups == ["Board"])
  }

  @Test("a book without group cards says so (groupStorage), so that an empty new group is not promised")
  func storageOfCategoriesBooks() throws {
    let folder = try TempFolder("groups-storage")
    defer { folder.remove() }
    let file = try folder.write("all.vcf", Array((Self.ada + Self.grace).utf8))
    try folder.write("book/ada.vcf", Array(Self.ada.utf8))
    #expect(VCardFileStore(path: file).groupStorage() == .categories)
    #expect(VdirStore(path: folder.file("book")).groupStorage() == .categories)
    #expect(VCardFileStore(path: folder.file("none.vcf")).groupStorage() == .categories)
  }

  @Test("a server group card's edits made again in order on its newer version: a member filed under the new name; a group gone is lost")
  func replayedGroupEdits() throws {
    let ada = "0a1b2c3d-0000-4000-8000-00000000ada0"
    let theirs = Array(Self.choir.replacingOccurrences(of: "END:VCARD", with: "NOTE:theirs\r\nEND:VCARD").utf8)
    let replayed = try CardBytesEditing.applying(
      [.change(.rename("Choir", to: "Singers")), .addMember(uid: ada, group: "Singers")], to: theirs, source: "choir.vcf")
    #expect(replayed.lost.isEmpty)
    #expect(
      String(decoding: replayed.bytes, as: UTF8.self)
        == String(decoding: theirs, as: UTF8.self).replacingOccurrences(of: "N:Choir;;;;", with: "N:Singers;;;;")
        .replacingOccurrences(of: "FN:Choir", with: "FN:Singers")
        .replacingOccurrences(of: "END:VCARD", with: "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\(ada)\r\nEND:VCARD"))

    let gone = try CardBytesEditing.applying([.addMember(uid: ada, group: "Band")], to: theirs, source: "choir.vcf")
    #expect(gone.lost == ["Band"])
    #expect(gone.bytes == theirs)
    let deleted = try CardBytesEditing.applying([.change(.delete("Choir"))], to: theirs, source: "choir.vcf")
    #expect(deleted.isBlank)
  }

  @Test("a new contact added into a group of a group-card book is a member line there, its card without CATEGORIES")
  func newContactIntoGroupCards() throws {
    let folder = try TempFolder("groups-new")
    defer { folder.remove() }
    var lin = TestContacts.person("Lin", "Ming", email: "lin@example.org")
    lin.identifier = "urn:uuid:11111111-0000-4000-8000-000000000001"
    lin.sourceRecord = nil
    let file = try folder.write("all.vcf", Array((Self.grace + Self.team).utf8))
    let fileStore = VCardFileStore(path: file)
    var request = SaveRequest()
    request.add(lin, toGroup: "Team")
    let added = try #require(try fileStore.execute(request).first)
    #expect(added.groups == ["Team"])
    let text = Bytes.text(file)
    #expect(text.contains("MEMBER:urn:uuid:0a1b2c3d-0000-4000-8000-0000000grace\r\nREV:20240101T000000Z\r\nMEMBER:urn:uuid:11111111-0000-4000-8000-000000000001\r\nEND:VCARD"))
    #expect(!text.contains("CATEGORIES"))
    #expect(try Self.person("Lin Ming", in: fileStore).groups == ["Team"])

    try folder.write("book/choir.vcf", Array(Self.choir.utf8))
    let vdir = VdirStore(path: folder.file("book"))
    var more = SaveRequest()
    lin.groups = ["Band"]  // one with a group card, one without: a new Apple group card
    more.add(lin, toGroup: "Choir")
    let inVdir = try #require(try vdir.execute(more).first)
    #expect(Set(inVdir.groups) == ["Band", "Choir"])
    #expect(Bytes.text(folder.file("book/choir.vcf")).contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:11111111-0000-4000-8000-000000000001\r\nEND:VCARD"))
    let files = folder.names("book").filter { $0 != "choir.vcf" }.map { Bytes.text(folder.file("book/" + $0)) }
    #expect(files.count == 2)
    #expect(files.allSatisfy { !$0.contains("CATEGORIES") })
    #expect(files.contains { $0.contains("FN:Band\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:11111111") })
  }

  @Test("a card brought with its own bytes (new --vcard) keeps its CATEGORIES' groups in the card; the others go into group cards")
  func broughtCardIntoGroupCards() {
    let sent = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:0a1b2c3d-0000-4000-8000-0000000000be\r\nFN:Bea Brought\r\n"
      + "CATEGORIES:Work\r\nX-KEEP:me\r\nEND:VCARD\r\n"
    let parsed = VCardReader.read(Array(sent.utf8))
    var contact = ContactDecoder.contact(from: parsed.cards[0], source: "")
    contact.sourceRecord = parsed.sourceRecord(of: parsed.cards[0])
    contact.groups = ["Work", "Team"]
    let filed = GroupFiling(adding: contact, group: "Choir", storage: .groupCards(apple: false))
    #expect(filed.contact.groups == ["Work"])
    #expect(filed.joined == ["Team", "Choir"])
    let categories = GroupFiling(adding: contact, group: "Choir", storage: .categories)
    #expect(categories.contact.groups == ["Work", "Team", "Choir"] && categories.joined.isEmpty)
    contact.sourceRecord = nil  // a new card of ours: every group into group cards
    #expect(GroupFiling(adding: contact, group: nil, storage: .groupCards(apple: false)).joined == ["Work", "Team"])
  }
}
