import CardDAV
import CpickTestSupport
import Testing

/// RFC 6578 sync-collection against both servers, with another client changing the book.
@Suite struct SyncTests {
  @Test(arguments: ServerKind.allCases)
  func anInitialSyncReturnsEveryMemberAndTheirETagsMatchTheListing(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let urls = try fixture.putRaw(["ada", "bob", "cyd"])

    let result = try fixture.client.syncCollection(fixture.book, token: nil)
    let members = try fixture.client.members(of: fixture.book)

    #expect(Set(result.changed.map(\.url)) == Set(urls))
    #expect(result.removed.isEmpty)
    #expect(!result.token.isEmpty)
    #expect(!result.isTruncated)
    #expect(result.changed.allSatisfy { $0.etag.hasSuffix("\"") })
    #expect(Set(members) == Set(result.changed))
    #expect(try fixture.client.syncToken(of: fixture.book) == result.token)
  }

  @Test(arguments: ServerKind.allCases)
  func aSyncFromATokenReturnsExactlyWhatAnotherClientChanged(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    try fixture.putRaw(["ada", "bob", "cyd"])
    let first = try fixture.client.syncCollection(fixture.book, token: nil)

    try fixture.putRaw(["dan"])  // added
    try fixture.server.putRaw(path: fixture.bookPath + "ada.vcf", bytes: vCard("ada", note: "changed"))  // changed
    try fixture.server.deleteRaw(path: fixture.bookPath + "bob.vcf")  // removed
    let second = try fixture.client.syncCollection(fixture.book, token: first.token)

    #expect(Set(second.changed.map(\.url)) == [fixture.card("ada"), fixture.card("dan")])
    #expect(second.removed == [fixture.card("bob")])
    #expect(second.token != first.token)
    let members = try fixture.client.members(of: fixture.book)
    #expect(Set(members.map(\.url)) == [fixture.card("ada"), fixture.card("cyd"), fixture.card("dan")])
    #expect(Set(second.changed).isSubset(of: Set(members)))
    let oldAda = first.changed.first { $0.url == fixture.card("ada") }?.etag
    #expect(second.changed.first { $0.url == fixture.card("ada") }?.etag != oldAda)

    let third = try fixture.client.syncCollection(fixture.book, token: second.token)
    #expect(third.changed.isEmpty && third.removed.isEmpty)
  }

  @Test(arguments: ServerKind.allCases)
  func anUnknownTokenIsInvalid(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    try fixture.putRaw(["ada"])
    let real = try fixture.client.syncCollection(fixture.book, token: nil).token
    // The server's own spelling (Radicale: a URI; Xandikos: a sha1) with another value.
    let unknown = String(real.dropLast(8)) + "00000000"

    #expect(errorKind { () throws(DAVError) in try fixture.client.syncCollection(fixture.book, token: unknown) } == .invalidSyncToken)
  }
}
