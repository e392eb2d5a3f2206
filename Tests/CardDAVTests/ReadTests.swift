import CardDAV
import CpickTestSupport
import Testing

/// Reading cards: multiget (RFC 6352 §8.7) and GET.
@Suite struct ReadTests {
  @Test(arguments: ServerKind.allCases)
  func multigetReturnsCRLFCardsEqualToTheirGETBodies(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let urls = try fixture.putRaw(["ada", "bob", "cyd", "dan"])
    let asked = Array(urls.prefix(3)) + [fixture.card("nobody")]

    let cards = try fixture.client.multiget(fixture.book, urls: asked)

    #expect(Set(cards.map(\.url)) == Set(urls.prefix(3)))
    let members = Dictionary(uniqueKeysWithValues: try fixture.client.members(of: fixture.book).map { ($0.url, $0.etag) })
    for card in cards {
      let got = try #require(try fixture.client.get(card.url))
      #expect(hasCRLFLineEnds(card.bytes), "\(card.url)")
      #expect(card.bytes == got.bytes, "\(card.url)")
      #expect(card.etag == members[card.url])
      #expect(got.etag == members[card.url])
    }
    if kind == .xandikos {
      // Xandikos stores and returns the bytes as PUT.
      #expect(cards.first { $0.url == fixture.card("ada") }?.bytes == vCard("ada"))
    }
  }

  @Test(arguments: ServerKind.allCases)
  func getOfAMissingCardIsNil(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }

    #expect(try fixture.client.get(fixture.card("nobody")) == nil)
    #expect(try fixture.client.multiget(fixture.book, urls: []) == [])
  }
}
