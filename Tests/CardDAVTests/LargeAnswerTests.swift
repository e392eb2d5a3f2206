import Testing

@testable import CardDAV

/// Answers libxml2 would refuse whole (over 10 MB: a sync report of 50,000 cards, a
/// multiget of cards with photos) are read a piece of responses at a time; answers
/// nested without end are refused, not a crash.
@Suite struct LargeAnswerTests {
  /// A sync report of `count` members, its token last.
  static func syncReport(_ count: Int) -> [UInt8] {
    var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\">\n"
    for index in 0..<count {
      xml += "<D:response><D:href>/u/book/\(index).vcf</D:href><D:propstat><D:prop><D:getetag>\"e\(index)\"</D:getetag>"
      xml += "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>\n"
    }
    return Array((xml + "<D:sync-token>http://x/sync/9</D:sync-token>\n</D:multistatus>\n").utf8)
  }

  @Test func aMultistatusReadInPiecesIsTheWholeOne() throws {
    let bytes = Self.syncReport(3_000)
    let whole = try #require(Multistatus(bytes, pieceBytes: .max))
    let pieces = try #require(Multistatus(bytes, pieceBytes: 20_000))
    #expect(pieces.responses.count == 3_000)
    #expect(pieces.responses.map(\.href) == whole.responses.map(\.href))
    #expect(pieces.responses.map { $0.property("DAV:", "getetag")?.trimmedText } == whole.responses.map { $0.property("DAV:", "getetag")?.trimmedText })
    #expect(pieces.responses.last?.href == "/u/book/2999.vcf")
    #expect(pieces.syncToken == "http://x/sync/9")
    #expect(whole.syncToken == "http://x/sync/9")
  }

  @Test func elementsNestedWithoutEndAreNoMultistatus() {
    let xml = "<D:multistatus xmlns:D=\"DAV:\">" + String(repeating: "<D:x>", count: 40_000) + String(repeating: "</D:x>", count: 40_000)
      + "</D:multistatus>"
    #expect(Multistatus(Array(xml.utf8)) == nil)
    // As deep as WebDAV goes, it is read.
    let shallow = "<D:multistatus xmlns:D=\"DAV:\">" + String(repeating: "<D:x>", count: 100) + String(repeating: "</D:x>", count: 100)
      + "</D:multistatus>"
    #expect(Multistatus(Array(shallow.utf8)) != nil)
  }

  @Test func aTagOfMoreAttributesThanTheLimitIsNoMultistatus() {
    func answer(_ count: Int) -> String {
      "<D:multistatus xmlns:D=\"DAV:\"><D:response" + (0..<count).map { " xmlns:n\($0)=\"urn:x:\($0)\"" }.joined()
        + "><D:href>/a.vcf</D:href></D:response></D:multistatus>"
    }
    #expect(Multistatus(Array(answer(300).utf8)) == nil)
    #expect(Multistatus(Array(answer(200).utf8))?.responses.map(\.href) == ["/a.vcf"])
  }
}
