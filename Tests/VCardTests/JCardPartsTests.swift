import Testing

@testable import VCard

@Suite("A large jCard document read in parts on all cores")
struct JCardPartsTests {
  @Test("cards, item numbers and lines are those of the whole document")
  func sameAsWhole() {
    // One item a line: card k on line k + 1, a string item after card 10 (not a card,
    // not counted), card 4,500 with a malformed property.
    var items: [String] = []
    for k in 1...5_000 {
      let extra = k == 4_500 ? #", ["x"]"# : ""
      items.append(#"["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "P\#(k)"]\#(extra)]]"#)
      if k == 10 { items.append(#""a note""#) }
    }
    let document = Array(("[\n" + items.joined(separator: ",\n") + "\n]").utf8)
    #expect(5_000 >= 2 * JCardDocument.partItems)
    let result = JCardReader.read(document)
    #expect(result.cards.count == 5_000)
    #expect(result.cards.map { $0.first("FN")?.value } == (1...5_000).map { "P\($0)" })
    #expect(result.cards[4_499].beginLine == 4_500)
    #expect(result.warnings == [VCardWarning(line: 4_502, message: "jCard item 4500: a property is malformed; skipped")])
  }

  @Test("broken JSON in a card of a later part leaves out that card alone, with a warning at its line")
  func brokenLate() {
    let cards = (1...5_000).map { k in #"["vcard", [["fn", {}, "text", "P\#(k)"]]]"# }
    var text = "[\n" + cards.joined(separator: ",\n") + "\n]"
    text = text.replacingOccurrences(of: #""P4999"]"#, with: #""P4999" 1]"#)
    let result = JCardReader.read(Array(text.utf8))
    #expect(result.cards.map { $0.first("FN")?.value } == (1...5_000).filter { $0 != 4_999 }.map { "P\($0)" })
    #expect(result.warnings == [VCardWarning(line: 5_000, message: "jCard item 4999: not valid JSON; left out")])
  }

  @Test("a document cut off inside a card keeps the cards before it; the one cut off is a warning at its line")
  func cutOff() {
    let cards = (1...3).map { k in #"["vcard", [["fn", {}, "text", "P\#(k)"]]]"# }
    let cut = #"["vcard", [["fn", {}, "text", "P4"#
    let text = "[\n" + cards.joined(separator: ",\n") + ",\n" + cut
    let result = JCardReader.read(Array(text.utf8))
    #expect(result.cards.map { $0.first("FN")?.value } == ["P1", "P2", "P3"])
    let message =
      "the file ends inside its array of cards: \(cut.utf8.count) bytes after jCard item 3 left out (a quote or bracket missing, or the file cut off)"
    #expect(result.warnings == [VCardWarning(line: 5, message: message)])
    // Only white space after the last card (the closing bracket missing): nothing left out, nothing said.
    let unclosed = JCardReader.read(Array(("[\n" + cards.joined(separator: ",\n") + ",\n  ").utf8))
    #expect(unclosed.cards.count == 3 && unclosed.warnings.isEmpty)
    var parts: [VCardParseResult] = []
    #expect(VCardReader.read(Array(text.utf8), inPartsOf: 40) { parts.append($0) })
    #expect(parts.flatMap(\.cards).map { $0.first("FN")?.value } == ["P1", "P2", "P3"])
    #expect(parts.flatMap(\.warnings) == result.warnings)
  }

  @Test("a card with a bad escape, a raw control character or nesting too deep is left out; the others are read")
  func brokenCards() {
    let deep = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
    let items = [
      #"["vcard", [["fn", {}, "text", "Good One"]]]"#,
      #"["vcard", [["fn", {}, "text", "Bad \uZZZZ"]]]"#,
      "[\"vcard\", [[\"fn\", {}, \"text\", \"Raw \u{01} control\"]]]",
      #"["vcard", [["fn", {}, "text", "Deep"], ["x-deep", {}, "unknown", \#(deep)]]]"#,
      #"["vcard", [["fn", {}, "text", "Good Two"]]]"#,
    ]
    let result = JCardReader.read(Array(("[\n" + items.joined(separator: ",\n") + "\n]").utf8))
    #expect(result.cards.map { $0.first("FN")?.value } == ["Good One", "Good Two"])
    #expect(result.warnings.map(\.line) == [3, 4, 5])
    #expect(result.warnings.allSatisfy { $0.message.hasSuffix("not valid JSON; left out") })
  }
}

@Suite("A jCard file read part by part, as a large .vcf file is")
struct JCardInPartsTests {
  func document(_ count: Int, kind: Bool = false) -> [UInt8] {
    let cards = (1...count).map { k in
      #"["vcard", [["fn", {}, "text", "P\#(k)"], ["email", {}, "text", "p\#(k)@example.org"]]]"#
    }
    let group = #"["vcard", [["fn", {}, "text", "Team"], ["KIND", {}, "text", "group"]]]"#
    return Array(("[\n" + (cards + (kind ? [group] : [])).joined(separator: ",\n") + "\n]").utf8)
  }

  @Test("the parts hold the cards and warnings that reading it whole gives, in order")
  func partsAsWhole() {
    let bytes = document(300)
    var parts: [VCardParseResult] = []
    #expect(VCardReader.read(bytes, inPartsOf: 1_000) { parts.append($0) })
    #expect(parts.count > 5)
    let whole = JCardReader.read(bytes)
    #expect(parts.flatMap(\.cards).map { $0.first("FN")?.value } == whole.cards.map { $0.first("FN")?.value })
    #expect(parts.flatMap(\.cards).map(\.beginLine) == Array(1...300))
  }

  @Test("a part read on all cores leaves the lines where it ended: a later part's warnings name their lines")
  func linesAfterAPartOnAllCores() {
    // One item a line, 6,000 cards: the first part (about 5,000 items) is read on
    // all cores, the second alone; card 5,900 has a malformed property.
    let items = (1...6_000).map { k in
      #"["vcard", [["fn", {}, "text", "P\#(k)"]\#(k == 5_900 ? #", ["x"]"# : "")]]"#
    }
    let bytes = Array(("[\n" + items.joined(separator: ",\n") + "\n]").utf8)
    var warnings: [VCardWarning] = []
    var parts = 0
    #expect(VCardReader.read(bytes, inPartsOf: 5_000 * 40) { part in
      warnings += part.warnings
      parts += 1
    })
    #expect(parts == 2)
    #expect(warnings.map(\.line) == [5_901])
    #expect(warnings.map(\.line) == JCardReader.read(bytes).warnings.map(\.line))
  }

  @Test("an array that holds no card at all is read whole (which says it is no jCard)")
  func noCards() {
    for text in ["[]", "[[]]", #"[["x", []]]"#, #"[["vcard"]]"#] {
      let bytes = Array(text.utf8)
      let read = VCardReader.read(blocks: ReadingInPiecesTests.reading(bytes, inBlocksOf: .max), inPartsOf: 4 << 20) { _ in }
      #expect(!read, "\(text)")
    }
    // One card among them is read in parts.
    let one = Array(#"[[], ["vcard", [["fn", {}, "text", "A"]]]]"#.utf8)
    var cards = 0
    #expect(VCardReader.read(blocks: ReadingInPiecesTests.reading(one, inBlocksOf: .max), inPartsOf: 4 << 20) { cards += $0.cards.count })
    #expect(cards == 1)
  }

  @Test("a document with a group card is read whole; a card of broken JSON is a warning of its part")
  func readWhole() {
    #expect(!VCardReader.read(document(10, kind: true), inPartsOf: 100) { _ in })
    var warnings: [VCardWarning] = []
    #expect(VCardReader.read(Array("[[\"vcard\", [1 2]]]".utf8), inPartsOf: 100) { warnings += $0.warnings })
    #expect(warnings == [VCardWarning(line: 1, message: "jCard item 1: not valid JSON; left out")])
    #expect(JCardReader.mayHoldKind(Array(#"["x-addressbookserver-KIND", {}, "text", "group"]"#.utf8)))
    #expect(!JCardReader.mayHoldKind(Array(#"["fn", {}, "text", "kindness"]"#.utf8)))
  }
}
