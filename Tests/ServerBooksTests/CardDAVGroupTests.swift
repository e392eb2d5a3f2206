import AddressBook
import BookSync
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// Groups of a CardDAV book on a real server (issue 21 item 1), kept the way the book
/// keeps them: a book with group cards gets `MEMBER` lines (Apple's
/// `X-ADDRESSBOOKSERVER-MEMBER` in an Apple book) added and removed with `If-Match`, a
/// new group is a new group card (`If-None-Match: *`), a rename rewrites `FN`/`N` only, a
/// delete removes the group card (members stay); a book without group cards uses
/// `CATEGORIES`. After a `412`, and from the offline queue, the same changes are made
/// on the server's newer version.
@Suite(.serialized) struct CardDAVGroupTests {
  /// vCard 4.0's group card listing c1.
  static let board = Array(
    ("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:board\r\nKIND:group\r\nFN:Board\r\nMEMBER:urn:uuid:c1\r\n"
      + "END:VCARD\r\n").utf8)

  /// A synced book with Apple's group card Team (c1, c2; `CardDAVDeleteTests.team`).
  func appleBook(_ kind: CardDAVBookFixture.Kind) throws -> CardDAVBookFixture {
    let fixture = try CardDAVBookFixture(kind)
    try fixture.server.putRaw(path: fixture.bookPath + "team.vcf", bytes: CardDAVDeleteTests.team)
    fixture.sync()
    return fixture
  }

  /// `uid`'s groups changed by `change`, saved through the store; the contact returned.
  @discardableResult
  func regroup(_ fixture: CardDAVBookFixture, _ uid: String, _ change: (inout [String]) -> Void) throws -> Contact? {
    let original = try fixture.contact(uid)
    var edited = original
    change(&edited.groups)
    var request = SaveRequest()
    request.update(edited, original: original)
    return try fixture.store.execute(request).first
  }

  func execute(_ fixture: CardDAVBookFixture, _ make: (inout SaveRequest) -> Void) throws {
    var request = SaveRequest()
    make(&request)
    _ = try fixture.store.execute(request)
  }

  /// The server's cards that are group cards named `name`.
  func groupCards(_ fixture: CardDAVBookFixture, named name: String) throws -> [String] {
    try fixture.serverCards().values.filter { $0.contains("\r\nFN:\(name)\r\n") && $0.uppercased().contains("KIND:GROUP") }
  }

  @Test("filing a person under a group card's group adds one member line to it; the person's card stays as it was", arguments: CardDAVBookFixture.Kind.allCases)
  func addAndRemoveMember(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try appleBook(kind)
    // As the server keeps them (Radicale writes a card its own way).
    let (c1, c3) = (try fixture.serverCard("c1.vcf"), try fixture.serverCard("c3.vcf"))
    let saved = try regroup(fixture, "c3") { $0.append("Team") }
    #expect(saved?.groups == ["Team"])
    let team = try #require(try fixture.serverCard("team.vcf"))
    #expect(team.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c2\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c3\r\n"))
    #expect(try fixture.serverCard("c3.vcf") == c3)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)

    try regroup(fixture, "c1") { $0.removeAll { $0 == "Team" } }
    let after = try #require(try fixture.serverCard("team.vcf"))
    #expect(!after.contains("urn:uuid:c1"))
    #expect(after.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c2"))
    #expect(try fixture.serverCard("c1.vcf") == c1)
    fixture.sync()
    #expect(try fixture.contact("c1").groups == [])
    #expect(try fixture.contact("c3").groups == ["Team"])
  }

  @Test("a person filed under a group the book has no card for gets a new group card in the book's style")
  func newGroupCardForPerson() throws {
    let fixture = try appleBook(.radicale)
    try regroup(fixture, "c3") { $0.append("Project X") }
    let card = try #require(try groupCards(fixture, named: "Project X").first)
    #expect(card.contains("VERSION:3.0\r\n"))
    #expect(card.contains("X-ADDRESSBOOKSERVER-KIND:group\r\n"))
    #expect(card.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c3\r\n"))
    #expect(!(try fixture.serverCard("c3.vcf") ?? "").contains("CATEGORIES"))
    fixture.sync()
    #expect(try fixture.contact("c3").groups == ["Project X"])
  }

  @Test("a new contact added into a group (cpick new --group, Ctrl-N in a narrowed list) is a member line in the group card")
  func newContactIntoGroup() throws {
    let fixture = try appleBook(.xandikos)
    var lin = Contact(identifier: "urn:uuid:lin-1", source: "")
    lin.givenName = "Lin"
    var request = SaveRequest()
    request.add(lin, toGroup: "Team")
    let added = try #require(try fixture.store.execute(request).first)
    #expect(added.groups == ["Team"])
    #expect(try fixture.serverCard("team.vcf")?.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:lin-1\r\nEND:VCARD") == true)
    let card = try #require(try fixture.serverCards().values.first { $0.contains("UID:urn:uuid:lin-1") })
    #expect(!card.contains("CATEGORIES"))
  }

  @Test("a vCard 4.0 book: MEMBER lines, and a new group is a KIND:group card", arguments: CardDAVBookFixture.Kind.allCases)
  func version4Book(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    try fixture.server.putRaw(path: fixture.bookPath + "board.vcf", bytes: Self.board)
    fixture.sync()
    #expect(fixture.store.groupStorage() == .groupCards(apple: false))
    try regroup(fixture, "c2") { $0.append("Board") }
    #expect(try fixture.serverCard("board.vcf")?.contains("MEMBER:urn:uuid:c1\r\nMEMBER:urn:uuid:c2\r\nEND:VCARD") == true)
    try execute(fixture) { $0.addGroup(named: "Choir") }
    let choir = try #require(try groupCards(fixture, named: "Choir").first)
    #expect(choir.contains("VERSION:4.0\r\n"))
    #expect(choir.contains("KIND:group\r\n"))
    #expect(!choir.contains("MEMBER"))
  }

  @Test("Ctrl-T's create, rename and delete on a book with group cards", arguments: CardDAVBookFixture.Kind.allCases)
  func createRenameDelete(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try appleBook(kind)
    #expect(fixture.store.groupStorage() == .groupCards(apple: true))
    try execute(fixture) { $0.addGroup(named: "Empty") }
    let empty = try #require(try groupCards(fixture, named: "Empty").first)
    #expect(empty.contains("X-ADDRESSBOOKSERVER-KIND:group\r\n"))
    #expect(!empty.contains("MEMBER"))

    try execute(fixture) { $0.renameGroup("Team", to: "Crew") }
    let expected = String(decoding: CardDAVDeleteTests.team, as: UTF8.self)
      .replacingOccurrences(of: "FN:Team\r\nN:Team;;;;", with: "FN:Crew\r\nN:Crew;;;;")
    #expect(try fixture.serverCard("team.vcf") == expected)
    fixture.sync()
    #expect(try fixture.contact("c1").groups == ["Crew"])

    try execute(fixture) { $0.deleteGroup("Crew") }
    #expect(try fixture.serverCard("team.vcf") == nil)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
    fixture.sync()
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["c1", "c2", "c3"])
    #expect(try fixture.contact("c2").groups == [])
  }

  @Test("a group card another client changed meanwhile (412) gets the member, the new name or the delete on its new version", arguments: CardDAVBookFixture.Kind.allCases)
  func changedElsewhere(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try appleBook(kind)
    func changeOnThePhone(_ note: String) throws {
      let current = try #require(try fixture.serverCard("team.vcf"))
      let theirs = current.replacingOccurrences(of: "END:VCARD", with: "NOTE:\(note)\r\nEND:VCARD")
      try fixture.server.putRaw(path: fixture.bookPath + "team.vcf", bytes: Array(theirs.utf8))
    }
    try changeOnThePhone("one")
    try regroup(fixture, "c3") { $0.append("Team") }
    var team = try #require(try fixture.serverCard("team.vcf"))
    #expect(team.contains("NOTE:one"))
    #expect(team.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c3"))

    try changeOnThePhone("two")
    try execute(fixture) { $0.renameGroup("Team", to: "Crew") }
    team = try #require(try fixture.serverCard("team.vcf"))
    #expect(team.contains("NOTE:two"))
    #expect(team.contains("FN:Crew\r\n"))
    #expect(team.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c3"))

    try changeOnThePhone("three")
    try execute(fixture) { $0.deleteGroup("Crew") }
    #expect(try fixture.serverCard("team.vcf") == nil)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
  }

  @Test("filing under a group another client renamed meanwhile is refused with a message; the server's card stays theirs")
  func groupRenamedElsewhere() throws {
    let fixture = try appleBook(.xandikos)
    let theirs = String(decoding: CardDAVDeleteTests.team, as: UTF8.self).replacingOccurrences(of: "FN:Team", with: "FN:Squad")
    try fixture.server.putRaw(path: fixture.bookPath + "team.vcf", bytes: Array(theirs.utf8))
    let error = try #require(throws: ContactStoreError.self) { try regroup(fixture, "c3") { $0.append("Team") } }
    #expect(error.kind == .conflict)
    #expect(error.reason.contains("the group “Team” was renamed or removed on the server"))
    #expect(try fixture.serverCard("team.vcf") == theirs)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
  }

  @Test("group edits made offline wait in the queue and are made on the server's version by the next sync")
  func offlineQueue() throws {
    let fixture = try appleBook(.radicale)
    let config = fixture.home.path + "/config/cpick/config"
    let good = try String(contentsOfFile: config, encoding: .utf8)
    try good.replacingOccurrences(of: "'secret'", with: "'wrong'").write(toFile: config, atomically: true, encoding: .utf8)
    try regroup(fixture, "c3") { $0.append("Team") }
    try execute(fixture) { $0.renameGroup("Team", to: "Crew") }
    let queued = Outbox(folder: fixture.paths.outbox).edits()
    #expect(queued.count == 1)  // both on the group card: one edit
    #expect(queued.first?.groupEdits == [.addMember(uid: "c3", group: "Team"), .change(.rename("Team", to: "Crew"))])
    #expect(try fixture.contact("c3").groups == ["Crew"])  // the copy shows it
    // Meanwhile another client changes the group card.
    let theirs = String(decoding: CardDAVDeleteTests.team, as: UTF8.self)
      .replacingOccurrences(of: "END:VCARD", with: "NOTE:from the phone\r\nEND:VCARD")
    try fixture.server.putRaw(path: fixture.bookPath + "team.vcf", bytes: Array(theirs.utf8))

    try good.write(toFile: config, atomically: true, encoding: .utf8)
    let outcome = fixture.sync()
    #expect(outcome.failure == nil)
    #expect(outcome.edits.map(\.result) == ["sent"])
    let team = try #require(try fixture.serverCard("team.vcf"))
    #expect(team.contains("NOTE:from the phone"))
    #expect(team.contains("FN:Crew\r\n"))
    #expect(team.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c3"))
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
  }

  @Test("a book without group cards keeps groups in CATEGORIES; an empty new group is not written there")
  func categoriesBook() throws {
    let fixture = try CardDAVBookFixture(.xandikos)
    fixture.sync()
    #expect(fixture.store.groupStorage() == .categories)
    try execute(fixture) { $0.addGroup(named: "Empty") }
    #expect(try fixture.serverCards().count == 3)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)

    try regroup(fixture, "c1") { $0.append("Project X") }
    #expect(try fixture.serverCard("c1.vcf")?.contains("\r\nCATEGORIES:Project X\r\n") == true)
    try execute(fixture) { $0.renameGroup("Project X", to: "Project Y") }
    let c1 = try #require(try fixture.serverCard("c1.vcf"))
    #expect(c1.contains("\r\nCATEGORIES:Project Y\r\n"))
    #expect(c1.contains("X-CUSTOM;X-PARAM=kept:exactly as sent\r\n"))
    #expect(try fixture.serverCards().count == 3)
  }
}
