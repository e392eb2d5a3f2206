import BookSync
import CardDAV
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// The proxy of `CardDAVBookFixture.Setup` does change the ETags the account sees, and
/// a card saved where they cannot be a condition can be saved again (its ETag after the
/// save is no better). Merges, conflicts and removals: `CardDAVWriteTests`.
@Suite(.serialized) struct CardDAVWeakETagTests {
  @Test("an edit is saved, and a second edit of the same card too", arguments: [ETagRewritingProxy.Rewrite.weak, .absent])
  func editSavedTwice(rewrite: ETagRewritingProxy.Rewrite) throws {
    let fixture = try CardDAVBookFixture(.radicale, etags: rewrite)
    let proxy = try #require(fixture.proxy)
    let options = DAVOptions(credentials: fixture.server.account.map { .basic(user: $0.user, password: $0.password) } ?? .none)
    let etags = try DAVClient(options: options).members(of: proxy.url(fixture.bookPath)).map(\.etag)
    #expect(etags.count == 3)
    #expect(etags.allSatisfy { rewrite == .weak ? $0.hasPrefix("W/\"") : $0.isEmpty }, "\(etags)")
    #expect(fixture.sync().failure == nil)
    for note in ["first note", "second note"] {
      let original = try fixture.contact("c1")
      var edited = original
      edited.note = note
      var request = SaveRequest()
      request.update(edited, original: original)
      var unsent: [String] = []
      #expect(try fixture.store.execute(request, unsent: &unsent).map(\.note) == [note])
      #expect(unsent.isEmpty, "\(unsent)")
      #expect(try fixture.serverCard("c1.vcf")?.contains("NOTE:\(note)") == true)
      #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: fixture.paths.conflicts))
  }
}
