import AddressBook
import BookSync
import CardDAV
import ContactKit
import ContactStores
import CpickSupport
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// Saving to a CardDAV book through `CardDAVStore` and the sync helper: only the
/// changed lines, with the ETag it was read with; merged or refused when another
/// client changed the card meanwhile; never lost. Also where the ETags cannot be a
/// condition (weak, or none: `CardDAVBookFixture.Setup`): the card is read again first.
@Suite(.serialized) struct CardDAVWriteTests {
  @Test("an edit rewrites only its line on the server; every other byte is as sent", arguments: CardDAVBookFixture.Setup.all)
  func editKeepsOtherLines(setup: CardDAVBookFixture.Setup) throws {
    let fixture = try CardDAVBookFixture(setup)
    fixture.sync()
    let original = try fixture.contact("c1")
    var edited = original
    edited.note = "met at the conference"
    var request = SaveRequest()
    request.update(edited, original: original)
    let saved = try fixture.store.execute(request)
    #expect(saved.map(\.note) == ["met at the conference"])
    let onServer = try #require(try fixture.serverCard("c1.vcf"))
    #expect(onServer.contains("NOTE:met at the conference"))
    #expect(onServer.contains("X-CUSTOM;X-PARAM=kept:exactly as sent"))
    if setup.kind == .xandikos {  // Radicale rewrites cards; Xandikos keeps the bytes sent
      // Every line of the card as read is on the server, byte for byte, in order.
      let lines = String(decoding: CardDAVBookFixture.card(1), as: UTF8.self).components(separatedBy: "\r\n")
      var rest = onServer.components(separatedBy: "\r\n")[...]
      for line in lines {
        guard let found = rest.firstIndex(of: line) else {
          Issue.record("line not kept: \(line)")
          break
        }
        rest = rest[(found + 1)...]
      }
    }
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
    #expect(try fixture.contact("c1").note == "met at the conference")
  }

  @Test("a new contact is created on the server; a deleted one is removed", arguments: CardDAVBookFixture.Setup.all)
  func addAndDelete(setup: CardDAVBookFixture.Setup) throws {
    let fixture = try CardDAVBookFixture(setup)
    fixture.sync()
    var person = Contact(identifier: "ada-1", source: "")
    person.givenName = "Ada"
    person.familyName = "Lovelace"
    var add = SaveRequest()
    add.add(person)
    #expect(try fixture.store.execute(add).map(\.familyName) == ["Lovelace"])
    #expect(try fixture.serverCard("ada-1.vcf")?.contains("Lovelace") == true)
    var delete = SaveRequest()
    delete.delete(try fixture.contact("c3"))
    _ = try fixture.store.execute(delete)
    #expect(try fixture.serverCard("c3.vcf") == nil)
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["ada-1", "c1", "c2"])
  }

  @Test("another client's change to another field is merged with the edit", arguments: CardDAVBookFixture.Setup.all)
  func mergesChangeMadeElsewhere(setup: CardDAVBookFixture.Setup) throws {
    let fixture = try CardDAVBookFixture(setup)
    fixture.sync()
    let original = try fixture.contact("c2")
    try fixture.server.putRaw(path: fixture.bookPath + "c2.vcf", bytes: CardDAVBookFixture.card(2, note: "from the phone"))
    var edited = original
    edited.organizationName = "Analytical Engines"
    var request = SaveRequest()
    request.update(edited, original: original)
    _ = try fixture.store.execute(request)
    let onServer = try #require(try fixture.serverCard("c2.vcf"))
    #expect(onServer.contains("NOTE:from the phone"))
    #expect(onServer.contains("ORG:Analytical Engines"))
  }

  @Test("a new contact whose UID has a slash is created under a name with a dash", arguments: CardDAVBookFixture.Kind.allCases)
  func addWithSlashInUID(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    fixture.sync()
    var person = Contact(identifier: "team/ada", source: "")
    person.givenName = "Ada"
    person.familyName = "Lovelace"
    var add = SaveRequest()
    add.add(person)
    #expect(try fixture.store.execute(add).map(\.identifier) == ["team/ada"])
    #expect(try fixture.serverCard("team-ada.vcf")?.contains("UID:team/ada") == true)
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["c1", "c2", "c3", "team/ada"])
  }

  @Test("a conflicting change is refused: the server keeps the other client's, the edit is kept aside", arguments: CardDAVBookFixture.Setup.all)
  func refusesConflict(setup: CardDAVBookFixture.Setup) throws {
    let fixture = try CardDAVBookFixture(setup)
    fixture.sync()
    let original = try fixture.contact("c2")
    try fixture.server.putRaw(path: fixture.bookPath + "c2.vcf", bytes: CardDAVBookFixture.card(2, note: "from the phone"))
    var edited = original
    edited.note = "from cpick"
    var request = SaveRequest()
    request.update(edited, original: original)
    let error = try #require(throws: ContactStoreError.self) { try fixture.store.execute(request) }
    #expect(error.kind == .conflict)
    #expect(try fixture.serverCard("c2.vcf")?.contains("NOTE:from the phone") == true)
    let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.paths.conflicts)
    #expect(kept.count == 1)
    let keptCard = try String(contentsOfFile: fixture.paths.conflicts + "/" + kept[0], encoding: .utf8)
    #expect(keptCard.contains("NOTE:from cpick"))
    #expect(error.reason.contains(kept[0]))
    // The copy now holds the server's version.
    #expect(try fixture.contact("c2").note == "from the phone")
  }

  @Test("two edits of one card from the same read: both land, or the second is refused — none lost silently")
  func twoConcurrentEdits() throws {
    let fixture = try CardDAVBookFixture(.radicale)
    fixture.sync()
    let original = try fixture.contact("c1")
    var first = original
    first.note = "first"
    var second = original
    second.organizationName = "Second Org"
    var one = SaveRequest()
    one.update(first, original: original)
    var two = SaveRequest()
    two.update(second, original: original)
    _ = try fixture.store.execute(one)
    _ = try fixture.store.execute(two)
    let onServer = try #require(try fixture.serverCard("c1.vcf"))
    #expect(onServer.contains("NOTE:first"))
    #expect(onServer.contains("ORG:Second Org"))
  }

  @Test("two saves of one card at the same moment, from two threads: both land on the server")
  func racingSaves() throws {
    let fixture = try CardDAVBookFixture(.xandikos)
    fixture.sync()
    let original = try fixture.contact("c3")
    var first = original
    first.note = "racer one"
    var second = original
    second.jobTitle = "Racer Two"
    let store = fixture.store
    let edits = [first, second]
    let errors = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      var request = SaveRequest()
      request.update(edits[index], original: original)
      do { _ = try store.execute(request) } catch { errors.withLock { $0.append("\(error)") } }
    }
    #expect(errors.withLock { $0 } == [])
    let onServer = try #require(try fixture.serverCard("c3.vcf"))
    #expect(onServer.contains("NOTE:racer one"))
    #expect(onServer.contains("TITLE:Racer Two"))
  }

  @Test("a new contact goes to the book the store names (--save-to), not the first")
  func addToNamedBook() throws {
    let fixture = try CardDAVBookFixture(.radicale)
    try fixture.server.makeAddressBook(path: "/alice/work/", displayName: "Work")
    fixture.sync()
    let books = AccountState.read(fixture.paths.accountState).books
    let work = try #require(books.first { $0.name == "Work" })
    var person = Contact(identifier: "colleague-1", source: "")
    person.givenName = "Colleague"
    person.familyName = "One"
    var add = SaveRequest()
    add.add(person)
    let store = CardDAVStore(account: fixture.account, environment: fixture.environment, bookURL: work.url)
    #expect(store.name == "Work " + work.url)
    _ = try store.execute(add)
    let client = try DAVClient(options: DAVOptions(credentials: .basic(user: "alice", password: "secret")))
    #expect(try client.get(fixture.server.url("/alice/work/colleague-1.vcf"))?.bytes.isEmpty == false)
    #expect(try fixture.serverCard("colleague-1.vcf") == nil)  // not in the first book
  }
}
