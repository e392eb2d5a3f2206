import AddressBook
import BookSync
import CardDAV
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import ServerBooks
import Testing

/// Deleting a contact of a CardDAV book on a real server (issue 21 item 1): a
/// `DELETE` with `If-Match`, refused when another client changed the card since it was
/// read; the group cards that list the person lose that member on the server too.
@Suite(.serialized) struct CardDAVDeleteTests {
  /// Apple's group card (vCard 3.0) listing c1 and c2.
  static let team = Array(
    ("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:team\r\nFN:Team\r\nN:Team;;;;\r\nX-ADDRESSBOOKSERVER-KIND:group\r\n"
      + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c1\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c2\r\nEND:VCARD\r\n").utf8)

  /// A book with the group card, synced; then `meanwhile` (another client), then c1
  /// deleted through the store. Returns the group card on the server afterwards, after
  /// checking that c1 is gone from the server and from the group, c2 still in it, and
  /// nothing left queued.
  func deleteC1(_ fixture: CardDAVBookFixture, meanwhile: () throws -> Void = {}) throws -> String {
    try fixture.server.putRaw(path: fixture.bookPath + "team.vcf", bytes: Self.team)
    fixture.sync()
    let c1 = try fixture.contact("c1")
    #expect(c1.groups == ["Team"])
    try meanwhile()
    var request = SaveRequest()
    request.delete(c1)
    _ = try fixture.store.execute(request)
    #expect(try fixture.serverCard("c1.vcf") == nil)
    let group = try #require(try fixture.serverCard("team.vcf"))
    #expect(!group.contains("urn:uuid:c1"))
    #expect(group.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c2"))
    #expect(Outbox(folder: fixture.paths.outbox).edits().isEmpty)
    return group
  }

  @Test("a deleted contact goes from the server, and from the group card that listed it", arguments: CardDAVBookFixture.Kind.allCases)
  func deleteWithGroup(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    _ = try deleteC1(fixture)
    fixture.sync()
    #expect(try fixture.contacts().map(\.identifier).sorted() == ["c2", "c3"])
    #expect(try fixture.contact("c2").groups == ["Team"])
  }

  @Test("a group card another client changed meanwhile (412) loses the member from its new version", arguments: CardDAVBookFixture.Kind.allCases)
  func groupChangedElsewhere(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    let group = try deleteC1(fixture) {
      let theirs = String(decoding: Self.team, as: UTF8.self)
        .replacingOccurrences(of: "END:VCARD", with: "NOTE:renamed on the phone\r\nEND:VCARD")
      try fixture.server.putRaw(path: fixture.bookPath + "team.vcf", bytes: Array(theirs.utf8))
    }
    #expect(group.contains("NOTE:renamed on the phone"))
  }

  @Test("a card another client changed since it was read is not deleted (If-Match); the copy takes the server's", arguments: CardDAVBookFixture.Kind.allCases)
  func staleDeleteRefused(kind: CardDAVBookFixture.Kind) throws {
    let fixture = try CardDAVBookFixture(kind)
    fixture.sync()
    let c2 = try fixture.contact("c2")
    try fixture.server.putRaw(path: fixture.bookPath + "c2.vcf", bytes: CardDAVBookFixture.card(2, note: "from the phone"))
    var request = SaveRequest()
    request.delete(c2)
    let error = try #require(throws: ContactStoreError.self) { try fixture.store.execute(request) }
    #expect(error.kind == .conflict)
    #expect(error.reason.contains("the contact was not deleted"))
    #expect(try fixture.serverCard("c2.vcf")?.contains("NOTE:from the phone") == true)
    #expect(try fixture.contact("c2").note == "from the phone")
  }
}
