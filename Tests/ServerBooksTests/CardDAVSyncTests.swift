import AddressBook
import BookSync
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// The local copy of a CardDAV account against real servers: the first sync, and a
/// sync after another client added, changed and removed cards.
@Suite(.serialized) struct BookSyncTests {
  @Test("the first sync finds the book and copies every card as the server sends it", arguments: CardDAVBookFixture.Kind.allCases)
  func firstSync(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    let outcome = fixture.sync()
    #expect(outcome.failure == nil)
    #expect(outcome.books.map(\.added) == [3])
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["c1", "c2", "c3"])
    let state = AccountState.read(fixture.paths.accountState)
    #expect(state.books.map(\.url) == [fixture.server.url(fixture.bookPath)])
    #expect(state.lastSync != nil)
    // The copy's bytes are the server's (a GET body), CR LF and all.
    let folder = fixture.paths.book(state.books[0].folder)
    let copied = try String(contentsOfFile: folder + "/c2.vcf", encoding: .utf8)
    #expect(copied == (try fixture.serverCard("c2.vcf")))
    #expect(copied.contains("X-CUSTOM;X-PARAM=kept:exactly as sent\r\n"))
  }

  @Test("books = naming no book of the account (a typo) fails the sync, saying what was found, and keeps the copy", arguments: CardDAVBookFixture.Kind.allCases)
  func unknownBookName(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    #expect(fixture.sync().failure == nil)
    var account = fixture.account
    account.books = ["Nonexistent"]
    let outcome = AccountSync(account: account, environment: fixture.environment).run()
    let failure = try #require(outcome.failure)
    #expect(failure.message.contains("books = names no address book here: Nonexistent (found: "), "\(failure.message)")
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["c1", "c2", "c3"])
    // The book named by the last part of its URL is one.
    account.books = [String(fixture.bookPath.split(separator: "/").last ?? "")]
    #expect(AccountSync(account: account, environment: fixture.environment).run().failure == nil)
  }

  @Test("a later sync takes exactly what another client added, changed and removed", arguments: CardDAVBookFixture.Kind.allCases)
  func incrementalSync(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    fixture.sync()
    try fixture.server.putRaw(path: fixture.bookPath + "c4.vcf", bytes: CardDAVBookFixture.card(4))
    try fixture.server.putRaw(path: fixture.bookPath + "c2.vcf", bytes: CardDAVBookFixture.card(2, note: "changed elsewhere"))
    try fixture.server.deleteRaw(path: fixture.bookPath + "c3.vcf")
    let outcome = fixture.sync()
    #expect(outcome.failure == nil)
    #expect(outcome.books.map { [$0.added, $0.changed, $0.removed] } == [[1, 1, 1]])
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["c1", "c2", "c4"])
    #expect(try fixture.contact("c2").note == "changed elsewhere")
    // Nothing changed since: nothing fetched.
    #expect(fixture.sync().books.map { [$0.added, $0.changed, $0.removed] } == [[0, 0, 0]])
  }

  @Test("the index reads the copy like a vdir, and a second load finds it unchanged")
  func loaderReadsTheCopy() throws {
    let fixture = try CardDAVBookFixture(.xandikos)
    fixture.sync()
    let cache = fixture.home.file("index.sqlite")
    let source = ServerBookSource(account: fixture.account, environment: fixture.environment)
    let first = try ContactListLoader(books: [source], cachePath: cache).load()
    #expect(first.list.contacts.map(\.identifier).sorted() == ["c1", "c2", "c3"])
    #expect(source.name == fixture.server.url)
    let again = try ContactListLoader(books: [source], cachePath: cache).load()
    #expect(again.list.contacts.count == 3)
  }

  @Test("a wrong password is one line naming the server, never the password; the copy stays readable")
  func wrongPassword() throws {
    let fixture = try CardDAVBookFixture(.radicale)
    fixture.sync()
    let wrong = try CardDAVBookFixture(.radicale, password: "not-the-secret-x9")
    let outcome = wrong.sync()
    let message = try #require(outcome.failure).description
    #expect(message.contains("401"))
    #expect(!message.contains("not-the-secret-x9") && !message.contains("secret"))
    #expect(AccountState.read(wrong.paths.accountState).lastError != nil)
    #expect(try fixture.contacts().count == 3)
  }

  @Test("an unreachable server is a failure of the sync, and the copy is kept")
  func unreachable() throws {
    let fixture = try CardDAVBookFixture(.xandikos)
    fixture.sync()
    fixture.server.stop()
    let outcome = fixture.sync()
    #expect(outcome.failure != nil)
    #expect(try fixture.contacts().count == 3)
  }
}
