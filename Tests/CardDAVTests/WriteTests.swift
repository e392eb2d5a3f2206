import CardDAV
import CpickTestSupport
import Testing

/// Conditional writes (RFC 7232): a lost update is refused, never made.
@Suite struct WriteTests {
  @Test(arguments: ServerKind.allCases)
  func putIfNoneMatchCreatesOnceOnly(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let url = fixture.card("eve")

    let etag = try fixture.client.put(url, body: vCard("eve"), ifMatch: nil, ifNoneMatch: true)

    let stored = try #require(try fixture.client.get(url))
    if let etag { #expect(etag == stored.etag) }
    #expect(String(decoding: stored.bytes, as: UTF8.self).contains("UID:eve"))
    #expect(
      errorKind { () throws(DAVError) in
        try fixture.client.put(url, body: vCard("eve", note: "second"), ifMatch: nil, ifNoneMatch: true)
      } == .preconditionFailed)
    #expect(try fixture.client.get(url)?.bytes == stored.bytes)
  }

  @Test(arguments: ServerKind.allCases)
  func putWithTheCurrentETagReplacesAndAStaleOneIsRefused(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let url = try fixture.putRaw(["ada"])[0]
    let original = try #require(try fixture.client.get(url))
    let originalETag = try #require(original.etag)

    try fixture.client.put(url, body: vCard("ada", note: "mine"), ifMatch: originalETag, ifNoneMatch: false)
    let mine = try #require(try fixture.client.get(url))
    #expect(String(decoding: mine.bytes, as: UTF8.self).contains("NOTE:mine"))

    #expect(
      errorKind { () throws(DAVError) in
        try fixture.client.put(url, body: vCard("ada", note: "stale"), ifMatch: originalETag, ifNoneMatch: false)
      } == .preconditionFailed)
    #expect(try fixture.client.get(url) == mine)
  }

  @Test(arguments: ServerKind.allCases)
  func anEmptyIfMatchThrowsWithoutSending(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let url = try fixture.putRaw(["ada"])[0]
    let before = try #require(try fixture.client.get(url))

    #expect(
      errorKind { () throws(DAVError) in try fixture.client.put(url, body: vCard("ada", note: "x"), ifMatch: "", ifNoneMatch: false) }
        == .malformed)
    #expect(errorKind { () throws(DAVError) in try fixture.client.delete(url, ifMatch: "") } == .malformed)
    #expect(try fixture.client.get(url) == before)

    // Nothing is sent at all: to a closed port the answer is still .malformed.
    let closed = "http://127.0.0.1:\(try SilentListener.closedPort())/a.vcf"
    #expect(errorKind { () throws(DAVError) in try fixture.client.put(closed, body: [], ifMatch: "", ifNoneMatch: false) } == .malformed)
    #expect(errorKind { () throws(DAVError) in try fixture.client.put(closed, body: [], ifMatch: nil, ifNoneMatch: true) } == .unreachable)
  }

  @Test(arguments: ServerKind.allCases)
  func deleteWithAStaleETagIsRefusedAndWithTheCurrentOneRemoves(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let url = try fixture.putRaw(["ada"])[0]
    let stale = try #require(try fixture.client.get(url)?.etag)
    try fixture.server.putRaw(path: fixture.bookPath + "ada.vcf", bytes: vCard("ada", note: "theirs"))
    let current = try #require(try fixture.client.get(url))

    #expect(errorKind { () throws(DAVError) in try fixture.client.delete(url, ifMatch: stale) } == .preconditionFailed)
    #expect(try fixture.client.get(url) == current)

    try fixture.client.delete(url, ifMatch: try #require(current.etag))
    #expect(try fixture.client.get(url) == nil)
  }
}
