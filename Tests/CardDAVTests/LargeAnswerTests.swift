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

  @Test("every control byte XML forbids, raw in an address-data, is read as it is, whole and in pieces; a forbidden one beside a stand-in refuses as before")
  func controlBytesInAddressData() throws {
    let forbidden = (0..<32).map(UInt8.init).filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    func answer(_ note: [UInt8]) -> [UInt8] {
      var xml = Array("<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\">".utf8)
      for index in 0..<200 {
        xml += Array("<D:response><D:href>/b/\(index).vcf</D:href><D:propstat><D:prop><C:address-data>BEGIN:VCARD\r\nNOTE:".utf8)
        xml += note + Array("\r\nEND:VCARD\r\n</C:address-data></D:prop></D:propstat></D:response>".utf8)
      }
      return xml + Array("</D:multistatus>".utf8)
    }
    let bytes = answer(forbidden + Array("é&amp;".utf8))
    for pieceBytes in [Int.max, 2_000] {
      let read = try #require(Multistatus(bytes, pieceBytes: pieceBytes))
      #expect(read.responses.count == 200)
      let data = read.responses.map { $0.property("urn:ietf:params:xml:ns:carddav", "address-data")?.text }
      // XML reads CR LF as LF (§2.11), as the multiget gives it back (`DAVClient.multiget`).
      #expect(Set(data) == [String(decoding: Array("BEGIN:VCARD\nNOTE:".utf8) + forbidden + Array("é&\nEND:VCARD\n".utf8), as: UTF8.self)])
    }
    #expect(Multistatus(answer([0x1B] + Array("\u{10FF1B}".utf8))) == nil)
    #expect(Multistatus(answer(Array("\u{10FF1B}".utf8)))?.responses.count == 200)
  }

  @Test("an address-data longer than libxml2 takes is cut out before the parse and read as the parser reads the others: entities, CDATA, line ends")
  func longAddressData() throws {
    let text = "BEGIN:VCARD\r\nFN:Ada &amp; Co &lt;x&gt; &#233;&#xE9; &quot;&apos;\r\nNOTE:<![CDATA[a <b> & c\r\nd]]>\rend\u{1B}\r\nEND:VCARD\r\n"
    var xml = "<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\">"
    for index in 0..<20 {
      let data = index == 7 ? "<C:address-data/>" : "<C:address-data type=\"text/vcard\">\(text)\(String(repeating: "x", count: index * 10))</C:address-data>"
      xml += "<D:response><D:href>/b/\(index).vcf</D:href><D:propstat><D:prop>\(data)</D:prop></D:propstat></D:response>"
    }
    let bytes = Array((xml + "</D:multistatus>").utf8)
    func texts(_ root: DAVElement?) -> [String?] {
      (root?.children ?? []).map { $0.child("DAV:", "propstat")?.child("DAV:", "prop")?.child("urn:ietf:params:xml:ns:carddav", "address-data")?.text }
    }
    let parsed = texts(DAVElement.parse(bytes, longestText: .max))
    #expect(parsed.count == 20)
    // (libxml2 keeps a CDATA section's CR LF.)
    #expect(parsed[0] == "BEGIN:VCARD\nFN:Ada & Co <x> éé \"'\nNOTE:a <b> & c\r\nd\nend\u{1B}\nEND:VCARD\n")
    for longest in [100, 150, 10_000] {
      let cut = texts(DAVElement.parse(bytes, pieceBytes: 1_500, longestText: longest))
      #expect(cut.count == 20 && cut.indices.allSatisfy { cut[$0] == parsed[$0] }, "\(longest)")
    }
    // A stand-in's scalar in the answer already: nothing is cut, the parse as before.
    let marked = Array((xml.replacingOccurrences(of: "Co", with: "\u{10FF20}") + "</D:multistatus>").utf8)
    #expect(texts(DAVElement.parse(marked, longestText: 100)).count == 20)
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
