import CardDAV
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

@testable import BookSync

/// A sync cut off half-way (the connection lost after some batches): the next one
/// fetches only the cards the copy has not got.
@Suite(.serialized) struct InterruptedSyncTests {
  @Test("after a first sync cut off after two batches, the next fetches only the rest", arguments: [true, false])
  func resumes(supportsSync: Bool) throws {
    let fixture = try CardDAVBookFixture(.radicale)
    for number in 4...9 { try fixture.server.putRaw(path: fixture.bookPath + "c\(number).vcf", bytes: CardDAVBookFixture.card(number)) }
    let (user, password) = try #require(fixture.server.account)
    let client = try DAVClient(options: DAVOptions(credentials: .basic(user: user, password: password)))
    let book = AccountState.Book(url: fixture.server.url(fixture.bookPath), name: nil, folder: "book")
    let paths = fixture.paths

    var cut = BookPulling(client: client, paths: paths, book: book, supportsSync: supportsSync, pending: [])
    cut.batchSize = 2
    cut.afterBatch = { batches throws(DAVError) in
      if batches == 2 { throw DAVError(.unreachable, url: book.url, message: "connection lost") }
    }
    #expect(throws: DAVError.self) { try cut.pull() }
    let kept = try #require(BookState.read(paths.bookState(book.folder)))
    #expect(kept.items.count == 4)
    #expect(kept.syncToken == nil, "the token is kept only when the sync ends")

    var again = BookPulling(client: client, paths: paths, book: book, supportsSync: supportsSync, pending: [])
    again.batchSize = 2
    var batches = 0
    again.afterBatch = { count throws(DAVError) in batches = count }
    let report = try again.pull()
    #expect([report.added, report.changed, report.removed] == [5, 0, 0] as [Int])
    #expect(batches == 3, "five cards fetched in batches of two")
    let done = try #require(BookState.read(paths.bookState(book.folder)))
    #expect(done.items.count == 9)
    #expect((done.syncToken != nil) == supportsSync)
    let files = try FileManager.default.contentsOfDirectory(atPath: paths.book(book.folder)).filter { $0.hasSuffix(".vcf") }
    #expect(files.count == 9)
  }
}
