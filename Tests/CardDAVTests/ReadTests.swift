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

  /// `card` put as `name.vcf` beside two plain cards, synced and fetched with them in a
  /// multiget: the card as the multiget gives it, checked against the listing and a GET.
  static func fetchedBesideOthers(_ kind: ServerKind, _ name: String, _ card: [UInt8]) throws -> DAVCard {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }
    let urls = try fixture.putRaw(["ada", "bob"]) + [fixture.card(name)]
    try fixture.server.putRaw(path: fixture.bookPath + name + ".vcf", bytes: card)
    let synced = try fixture.client.syncCollection(fixture.book, token: nil)
    #expect(Set(synced.changed.map(\.url)) == Set(urls))
    let cards = try fixture.client.multiget(fixture.book, urls: urls)
    #expect(Set(cards.map(\.url)) == Set(urls))
    let fetched = try #require(cards.first { $0.url == fixture.card(name) })
    #expect(fetched.bytes == (try fixture.client.get(fetched.url))?.bytes)
    return fetched
  }

  @Test(
    "a card with control bytes XML forbids (an ESC in its FN, a BEL in its NOTE), sent raw inside the answer, is read as it was PUT; the other cards with it",
    arguments: ServerKind.allCases)
  func controlBytesInACardDoNotStopTheAnswer(_ kind: ServerKind) throws {
    let hostile = Array(
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:esc\r\nFN:Eve \u{1B}[2JExample\r\nN:Example;Eve;;;\r\nNOTE:ring\u{07}\u{1B}]2 hi\u{07}\r\nEND:VCARD\r\n".utf8)
    let esc = try Self.fetchedBesideOthers(kind, "esc", hostile)
    let text = String(decoding: esc.bytes, as: UTF8.self)
    #expect(text.contains("FN:Eve \u{1B}[2JExample\r\n"), "\(text.debugDescription)")
    #expect(text.contains("NOTE:ring\u{07}\u{1B}]2 hi\u{07}\r\n"), "\(text.debugDescription)")
  }

  @Test(
    "a card of a photo over libxml2's 10 MB text limit comes in a multiget with the other cards, as a GET gives it",
    arguments: ServerKind.allCases)
  func aCardOverTenMegabytes(_ kind: ServerKind) throws {
    var photo = ""
    photo.reserveCapacity(12_000_000)
    let line = String(repeating: "QUJD", count: 18)
    while photo.utf8.count < 11_000_000 { photo += " " + line + "\r\n" }
    let big = Array(("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:big\r\nFN:Big Photo\r\nN:Photo;Big;;;\r\nPHOTO;ENCODING=b;TYPE=JPEG:\r\n" + photo + "END:VCARD\r\n").utf8)
    #expect(try Self.fetchedBesideOthers(kind, "big", big).bytes.count > 10_000_000)
  }

  @Test(arguments: ServerKind.allCases)
  func getOfAMissingCardIsNil(_ kind: ServerKind) throws {
    let fixture = try Fixture.start(kind)
    defer { fixture.server.stop() }

    #expect(try fixture.client.get(fixture.card("nobody")) == nil)
    #expect(try fixture.client.multiget(fixture.book, urls: []) == [])
  }
}
