import CpickTestSupport
import ContactKit
import CpickSupport
import Foundation
import Testing

@testable import VCard

/// A large input is read in pieces on several cores; what comes out must be what
/// one piece gives, damage, warnings and line numbers included.
@Suite("reading in pieces")
struct ReadingInPiecesTests {
  static func whole(_ bytes: [UInt8]) -> VCardParseResult { VCardReader.read(bytes, pieceSize: Int.max) }
  static func pieces(_ bytes: [UInt8]) -> VCardParseResult { VCardReader.read(bytes, pieceSize: 64) }

  /// Expects the cards and warnings read in parts (`parts(_:partSize:)`) to be those read whole.
  static func expect(
    _ parts: VCardParseResult, isWhole one: VCardParseResult, _ label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(parts.cards == one.cards, "\(label)", sourceLocation: sourceLocation)
    #expect(parts.warnings == one.warnings, "\(label)", sourceLocation: sourceLocation)
  }

  /// Expects the records and warnings read from blocks (`blocks(_:blockSize:partSize:)`)
  /// to be those read whole: each card's bytes and first line.
  static func expect(
    _ read: (records: [SourceRecord], warnings: [VCardWarning]), isWhole one: VCardParseResult, _ label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(read.records.map(\.bytes) == one.cards.map { one.sourceRecord(of: $0).bytes }, "\(label)", sourceLocation: sourceLocation)
    #expect(read.records.map(\.firstLine) == one.cards.map(\.beginLine), "\(label)", sourceLocation: sourceLocation)
    #expect(read.warnings == one.warnings, "\(label)", sourceLocation: sourceLocation)
  }

  static func expectSame(_ bytes: [UInt8], _ label: String) {
    let one = whole(bytes)
    let many = pieces(bytes)
    #expect(one.cards.count == many.cards.count, "\(label)")
    #expect(one.cards == many.cards, "\(label)")
    #expect(one.warnings == many.warnings, "\(label)")
  }

  @Test("every corpus file gives the same cards and warnings in pieces as in one", .sharedCorpus)
  func corpusFiles() throws {
    let files = try RoundTripTests.corpusFiles()
    try #require(!files.isEmpty)
    for file in files {
      let bytes = try SharedFiles.corpusBytes(file)
      Self.expectSame(bytes, file)
    }
  }

  @Test("the corpus files one after another give the same in pieces as in one", .sharedCorpus)
  func corpusConcatenated() throws {
    let files = try RoundTripTests.corpusFiles().filter { $0.hasSuffix(".vcf") }
    try #require(!files.isEmpty)
    var all: [UInt8] = []
    for file in files {
      let bytes = try SharedFiles.corpusBytes(file)
      guard !bytes.contains(0) else { continue }
      all += bytes
      if all.last != 0x0A { all.append(0x0A) }
    }
    Self.expectSame(all, "all corpus files")
  }

  @Test("every corpus file, and all of them one after another, read part by part give the cards and warnings of the whole, or are read whole", .sharedCorpus)
  func corpusInParts() throws {
    let files = try RoundTripTests.corpusFiles().filter { $0.hasSuffix(".vcf") }
    try #require(!files.isEmpty)
    var all: [UInt8] = []
    var inParts = 0
    for file in files {
      let bytes = try SharedFiles.corpusBytes(file)
      if let parts = Self.parts(bytes, partSize: 300) {
        Self.expect(parts, isWhole: Self.whole(bytes), file)
        inParts += 1
      }
      guard !bytes.contains(0) else { continue }
      all += bytes
      if all.last != 0x0A { all.append(0x0A) }
    }
    #expect(inParts > files.count / 2)
    let one = Self.whole(all)
    if let parts = Self.parts(all, partSize: 300) { Self.expect(parts, isWhole: one) }
  }

  @Test("many cards, with damage in some pieces, read the same in pieces")
  func generatedCards() {
    func card(_ index: Int) -> String {
      var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:id-\(index)\r\nFN:Person \(index)\r\nN:Person;\(index);;;\r\n"
      text += "EMAIL;TYPE=home:p\(index)@example.org\r\nNOTE:a long note that is folded here and\r\n  there\\, \(index)\r\n"
      text += "PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo\r\n AAAANSUhEUg\r\n"
      text += "END:VCARD\r\n"
      return text
    }
    var clean = ""
    for index in 0..<400 { clean += card(index) }
    Self.expectSame(Array(clean.utf8), "clean")
    #expect(Self.pieces(Array(clean.utf8)).cards.count == 400)

    // A card without END in the middle, text outside cards, a line without colon.
    var damaged = ""
    for index in 0..<400 {
      var text = card(index)
      if index == 150 { text = text.replacingOccurrences(of: "END:VCARD\r\n", with: "") }
      if index == 100 { text = "some text outside\r\n" + text }
      if index == 320 { text = text.replacingOccurrences(of: "FN:", with: "FN") }
      damaged += text
    }
    Self.expectSame(Array(damaged.utf8), "damaged")
    let result = Self.pieces(Array(damaged.utf8))
    #expect(result.warnings.contains { $0.message.contains("text outside") })
    #expect(result.warnings.contains { $0.message.contains("no ':'") })
  }

  /// The cards and warnings of `bytes` read part by part, one after the other; nil
  /// when it must be read whole.
  static func parts(_ bytes: [UInt8], partSize: Int) -> VCardParseResult? {
    var all = VCardParseResult(cards: [], warnings: [])
    var count = 0
    let done = VCardReader.read(bytes, inPartsOf: partSize) { part in
      all.cards += part.cards
      all.warnings += part.warnings
      count += 1
    }
    return done ? all : nil
  }

  @Test("read part by part, the cards, their lines and byte ranges and the warnings are those of the whole", arguments: [1, 200, 3_000, 1 << 20])
  func partsGiveTheWhole(partSize: Int) throws {
    var text = ""
    for index in 0..<120 {
      text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:id-\(index)\r\nFN:Person \(index)\r\n"
      text += index == 77 ? "NOTE no colon\r\n" : "NOTE:folded\r\n  note \(index)\r\n"
      text += "END:VCARD\r\n"
    }
    let bytes = Array(text.utf8)
    let one = Self.whole(bytes)
    let parts = try #require(Self.parts(bytes, partSize: partSize))
    Self.expect(parts, isWhole: one)
    #expect(parts.cards.map(\.sourceRange) == one.cards.map(\.sourceRange))
    #expect(parts.warnings.map(\.line) == [77 * 7 + 5])
  }

  /// `bytes` given to `VCardReader.read(blocks:inPartsOf:_:)` at most `blockSize` at a
  /// time, however many it asks for.
  static func reading(_ bytes: [UInt8], inBlocksOf blockSize: Int) -> VCardReader.Blocks {
    var offset = 0
    return { window, count in
      guard offset < bytes.count else { return false }
      let end = offset + min(bytes.count - offset, count, blockSize)
      window.append(contentsOf: bytes[offset..<end])
      offset = end
      return true
    }
  }

  /// The source records (bytes and first line) and warnings of `bytes` read part by
  /// part from blocks of `blockSize` bytes; nil when it must be read whole.
  static func blocks(_ bytes: [UInt8], blockSize: Int, partSize: Int) -> (records: [SourceRecord], warnings: [VCardWarning])? {
    var records: [SourceRecord] = []
    var warnings: [VCardWarning] = []
    let done = VCardReader.read(blocks: Self.reading(bytes, inBlocksOf: blockSize), inPartsOf: partSize) { part in
      records += part.cards.map { part.sourceRecord(of: $0) }
      warnings += part.warnings
    }
    return done ? (records, warnings) : nil
  }

  @Test("a book of small cards is read in parts of about cardsPerPart cards, a book of large ones in parts of bytes")
  func partsOfCards() throws {
    func partSizes(_ text: String) -> (cards: [Int], records: [String]) {
      let bytes = Array(text.utf8)
      var sizes: [Int] = []
      var records: [String] = []
      let done = VCardReader.read(blocks: Self.reading(bytes, inBlocksOf: 1 << 20), inPartsOf: 4 << 20) { part in
        sizes.append(part.cards.count)
        records += part.cards.map { String(decoding: part.sourceRecord(of: $0).bytes, as: UTF8.self) }
      }
      #expect(done)
      return (sizes, records)
    }
    // Each part is given in pieces, one per core (at most 16).
    let workers = max(1, min(Parallel.cores, 16))
    let perPart = VCardReader.cardsPerPart
    // 45,000 cards of 40 bytes: 1.8 MB, under one part of 4 MB, read as three.
    let small = (0..<45_000).map { "BEGIN:VCARD\nFN:Person \($0)\nEND:VCARD\n" }
    let read = partSizes(small.joined())
    #expect(read.records == small)
    #expect(read.cards.count >= 3 && read.cards.count <= 3 * workers, "\(read.cards.count) pieces")
    #expect(read.cards.allSatisfy { $0 <= perPart + 1 }, "\(read.cards.max() ?? 0) cards in a piece")
    // 1,500 cards of 5 KB (7.5 MB): two parts of bytes (about 800 cards, then the rest).
    let note = String(repeating: "x", count: 5_000)
    let large = (0..<1_500).map { "BEGIN:VCARD\nFN:Person \($0)\nNOTE:\(note)\nEND:VCARD\n" }
    let read2 = partSizes(large.joined())
    #expect(read2.records == large)
    #expect(read2.cards.count >= 2 && read2.cards.count <= 2 * workers, "\(read2.cards.count) pieces")
  }

  @Test(
    "read from blocks, part by part, each card's bytes and first line and the warnings are those of the whole",
    arguments: [(1, 1), (7, 200), (4_096, 3_000), (1 << 20, 1 << 20)])
  func blocksGiveTheWhole(blockSize: Int, partSize: Int) throws {
    var text = ""
    for index in 0..<120 {
      text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:id-\(index)\r\nFN:Person \(index)\r\n"
      text += index == 77 ? "NOTE no colon\r\n" : "NOTE:folded\r\n  note \(index)\r\n"
      text += "END:VCARD\r\n"
    }
    let bytes = Array(text.utf8)
    let one = Self.whole(bytes)
    let read = try #require(Self.blocks(bytes, blockSize: blockSize, partSize: partSize))
    #expect(read.records.count == 120)
    Self.expect(read, isWhole: one)
    #expect(read.warnings.map(\.line) == [77 * 7 + 5])
    // A byte-order mark first is dropped, as a whole read drops it.
    let marked = Self.blocks(Array(("\u{feff}" + text).utf8), blockSize: blockSize, partSize: partSize)
    #expect(marked?.records.map(\.bytes) == read.records.map(\.bytes))
    #expect(marked?.warnings == read.warnings)
    // What must be read whole is refused from blocks too.
    #expect(Self.blocks([], blockSize: blockSize, partSize: partSize) == nil)
  }

  @Test("read from blocks, a part is what is read up to the part size, cut after its last whole card; a larger card is read on")
  func partsEndAfterTheirLastCard() throws {
    func card(_ index: Int) -> String { "BEGIN:VCARD\r\nFN:Person \(index)\r\nEND:VCARD\r\n\r\n" }
    let big = "BEGIN:VCARD\r\nFN:Big\r\nNOTE:" + String(repeating: "y", count: 3_000) + "\r\nEND:VCARD\r\n"
    let bytes = Array(((0..<50).map(card).joined() + big + (50..<100).map(card).joined()).utf8)
    // Each part is given in pieces that share its bytes.
    var parts: [[UInt8]] = []
    var names: [String] = []
    let done = VCardReader.read(blocks: Self.reading(bytes, inBlocksOf: 300), inPartsOf: 1_000) { part in
      if parts.last != part.bytes { parts.append(part.bytes) }
      names += part.cards.compactMap { $0.lines.first { $0.name == "FN" }?.value }
    }
    #expect(done)
    #expect(names == (0..<50).map { "Person \($0)" } + ["Big"] + (50..<100).map { "Person \($0)" })
    #expect(Array(parts.joined()) == bytes)
    let bigPart = try #require(parts.firstIndex { $0.count > 1_000 })
    #expect(String(decoding: parts[bigPart], as: UTF8.self).contains(big))
    for (index, part) in parts.enumerated() {
      let text = String(decoding: part, as: UTF8.self)
      #expect(text.hasPrefix("BEGIN:VCARD\r\n"), "part \(index)")
      // The blank line after a card stays with it.
      #expect(text.hasSuffix("END:VCARD\r\n\r\n") || text.hasSuffix("END:VCARD\r\n"), "part \(index)")
      if index != bigPart { #expect(part.count <= 1_000, "part \(index): \(part.count) bytes") }
    }
    #expect(parts.count >= 5)
  }

  @Test("the last card boundary of a window: after the last END:VCARD that a whole BEGIN:VCARD line follows")
  func lastCardBoundary() {
    func boundary(_ text: String) -> Int? {
      Array(text.utf8).withUnsafeBufferPointer { VCardReader.lastCardBoundary($0) }
    }
    let two = "BEGIN:VCARD\nFN:A\nEND:VCARD\n\r\n\nBEGIN:VCARD\nFN:B\nEND:VCARD\n"
    #expect(boundary(two) == two.utf8.count - "BEGIN:VCARD\nFN:B\nEND:VCARD\n".utf8.count)
    // A BEGIN:VCARD cut off by the window's end is no boundary yet: the one before is.
    #expect(boundary(two + "BEGIN:VCA") == boundary(two))
    #expect(boundary(two + "BEGIN:VCARD") == two.utf8.count)
    // A line that only starts with END:VCARD, or one card alone: none.
    #expect(boundary("BEGIN:VCARD\nFN:A\nEND:VCARDX\nBEGIN:VCARD\n") == nil)
    #expect(boundary("BEGIN:VCARD\nFN:A\nEND:VCARD\n") == nil)
    #expect(boundary("") == nil)
  }

  @Test("a file that depends on more than one part is not read in parts")
  func wholeOnly() {
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:A\r\nEND:VCARD\r\n"
    let many = String(repeating: card, count: 40)
    #expect(Self.parts(Array(many.utf8), partSize: 100) != nil)
    // A legacy charset named in a later part changes how earlier values are read.
    let legacy = many + "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1:M\u{fc}ller\r\nEND:VCARD\r\n"
    #expect(Self.parts(Array(legacy.utf8), partSize: 100) == nil)
    // A card left open before a cut, its lines continuing after the cards inside it
    // (vCard 2.1 nesting, `aosp-vcard/v21_nest.vcf`): they go into it read whole.
    let open = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Open\r\n" + many
    #expect(Self.parts(Array((open + "TEL:1\r\nEND:VCARD\r\n").utf8), partSize: 100) == nil)
    // Text outside cards after the first piece, before the last; CR line ends; not vCard text.
    #expect(Self.parts(Array((many + "junk\r\n" + many).utf8), partSize: 100) == nil)
    #expect(Self.parts(Array(many.replacingOccurrences(of: "\r\n", with: "\r").utf8), partSize: 100) == nil)
    #expect(Self.parts(Array("[\"vcard\",[]]".utf8), partSize: 100) == nil)
  }

  /// The `FN` values and warnings of `bytes` read from blocks part by part (nil: refused).
  static func names(_ bytes: [UInt8], partSize: Int) -> (names: [String?], warnings: [VCardWarning])? {
    var names: [String?] = []
    var warnings: [VCardWarning] = []
    let done = VCardReader.read(blocks: Self.reading(bytes, inBlocksOf: 4_096), inPartsOf: partSize) { part in
      names += part.cards.map { $0.first("FN")?.value }
      warnings += part.warnings
    }
    return done ? (names, warnings) : nil
  }

  @Test("a card without END:VCARD at the top of a file: read in parts as read whole, the cards after it their own")
  func unendedCardInParts() throws {
    var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Broken\r\n"
    for index in 0..<200 { text += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(index)\r\nEND:VCARD\r\n" }
    let one = Self.whole(Array(text.utf8))
    let read = try #require(Self.names(Array(text.utf8), partSize: 300))
    #expect(read.names == one.cards.map { $0.first("FN")?.value })
    #expect(read.names.first == "Broken")
    #expect(read.names.count == 201)
    #expect(read.warnings == one.warnings)
    #expect(read.warnings.map(\.line) == [4])
    // A later part with text outside cards would give it to the open card: refused.
    let junk = text + "NOTE:after\r\n"
    #expect(Self.names(Array(junk.utf8), partSize: 300) == nil)
    #expect(Self.whole(Array(junk.utf8)).cards.first?.lines.contains { $0.name == "NOTE" } == true)
  }

  @Test(
    "cards whose END:VCARD is missing (each later BEGIN:VCARD inside the cards left open): read in parts as read whole",
    arguments: [(1, 1), (7, 90), (4_096, 700), (1 << 20, 1 << 20)])
  func missingEndsInParts(blockSize: Int, partSize: Int) throws {
    // Two thousand cards of a BEGIN:VCARD and a name, none ended (a broken export); and
    // every seventh card of a book not ended, the others whole.
    let unended = String(repeating: "BEGIN:VCARD\r\nFN:x\r\n", count: 2_000)
    var some = ""
    for index in 0..<300 {
      some += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(index)\r\n" + (index % 7 == 3 ? "" : "END:VCARD\r\n")
    }
    for text in [unended, some] {
      let bytes = Array(text.utf8)
      let one = Self.whole(bytes)
      var records: [SourceRecord] = []
      var warnings: [VCardWarning] = []
      var parts = 0
      let done = VCardReader.read(blocks: Self.reading(bytes, inBlocksOf: blockSize), inPartsOf: partSize) { part in
        records += part.cards.map { part.sourceRecord(of: $0) }
        warnings += part.warnings
        parts += 1
      }
      #expect(done)
      Self.expect((records, warnings), isWhole: one)
      Self.expect(try #require(Self.parts(bytes, partSize: partSize)), isWhole: one)
      // In parts indeed (pieces of one, on the cores, when it is as large as the file).
      if partSize < bytes.count { #expect(parts > 1) }
    }
    #expect(Self.whole(Array(unended.utf8)).cards.count == 2_000)
    #expect(Self.whole(Array(some.utf8)).cards.count == 300)
  }

  @Test("a part begins at a line BEGIN:VCARD, but not at a vCard 2.1 agent's card (after AGENT:, blank lines or not)")
  func partBoundaries() {
    func boundary(_ text: String, after start: Int = 0) -> Int? {
      Array(text.utf8).withUnsafeBufferPointer { VCardReader.partBoundary($0, after: start) }
    }
    #expect(boundary("BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\nbegin:vcard\r\n") == 30)
    #expect(boundary("BEGIN:VCARD\r\nFN:A\r\nBEGIN:VCARD\r\n") == 19)
    #expect(boundary("BEGIN:VCARD\r\nFN:A\r\n\r\n\nBEGIN:VCARD\r\n") == 22)
    #expect(boundary("BEGIN:VCARD\r\nAGENT:\r\nBEGIN:VCARD\r\n") == nil)
    #expect(boundary("BEGIN:VCARD\r\nitem1.agent;VALUE=TEXT:\r\n\r\nBEGIN:VCARD\r\nFN:B\r\nBEGIN:VCARD\r\n") == 59)
    #expect(boundary("BEGIN:VCARD\r\nX-AGENT:\r\nBEGIN:VCARD\r\n") == 23)
    #expect(boundary("BEGIN:VCARD\r\nFN:A\r\nBEGIN:VCAR") == nil)
    #expect(boundary("BEGIN:VCARD\r\nFN:A\r\nBEGIN:VCARDX\r\n") == nil)
    // A place between two cards comes first: a card begun inside another, whose card
    // goes on after it (vCard 2.1 nesting), is no place to cut.
    let nested = "BEGIN:VCARD\r\nFN:A\r\nBEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\nTEL:1\r\nEND:VCARD\r\nBEGIN:VCARD\r\n"
    #expect(boundary(nested) == nested.utf8.count - 13)
    #expect(boundary("BEGIN:VCARD\r\n") == nil)
  }

  @Test("cards with a card nested in each, the outer one going on after it (vCard 2.1), are read in parts, between the cards")
  func nestedCardsInParts() throws {
    var text = ""
    for index in 0..<300 {
      text += "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Outer \(index)\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:Inner \(index)\r\n"
      text += "END:VCARD\r\nTEL:\(index)\r\nEND:VCARD\r\n"
    }
    let bytes = Array(text.utf8)
    let one = Self.whole(bytes)
    #expect(one.cards.count == 600)
    Self.expect(try #require(Self.blocks(bytes, blockSize: 333, partSize: 500)), isWhole: one)
  }

  @Test("past 1,000 cards left open, a stray BEGIN:VCARD read whole is one read in parts too (or the file is read whole)")
  func openCardsLimitInParts() throws {
    for count in [900, 999, 1_000, 1_500] {
      var text = ""
      for index in 0..<count { text += "BEGIN:VCARD\nFN:a\(index)\n" }
      text += "BEGIN:VCARD\nVERSION:3.0\nBEGIN:VCARD\nFN:y\nEND:VCARD\nFN:z\nBEGIN:VCARD\nFN:w\n"
      let bytes = Array(text.utf8)
      let one = Self.whole(bytes)
      for partSize in [64, 700, 5_000] {
        let label = "\(count) cards, parts of \(partSize)"
        if let parts = Self.parts(bytes, partSize: partSize) { Self.expect(parts, isWhole: one, label) }
        if let read = Self.blocks(bytes, blockSize: 512, partSize: partSize) { Self.expect(read, isWhole: one, label) }
      }
    }
  }

  @Test("a vCard 2.1 agent's card is not cut from the card around it: read in parts as read whole")
  func agentCardsInParts() throws {
    var text = ""
    for index in 0..<200 {
      text += "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Person \(index)\r\nAGENT:\r\n"
      text += "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Agent \(index)\r\nEND:VCARD\r\nTEL:\(index)\r\nEND:VCARD\r\n"
    }
    let bytes = Array(text.utf8)
    let one = Self.whole(bytes)
    Self.expect(try #require(Self.parts(bytes, partSize: 150)), isWhole: one)
    #expect(one.cards.count == 400)
  }

  @Test("a legacy charset named in the file's first 4 MB is every part's, as read whole; one named later only, refused")
  func declaredCharsetInParts() throws {
    // A Latin-1 name without CHARSET in the first card, the charset named in the last.
    var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:J".utf8) + [0xFC] + Array("rgen\r\nEND:VCARD\r\n".utf8)
    for index in 0..<100 { bytes += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Person \(index)\r\nEND:VCARD\r\n".utf8) }
    let named = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=ISO-8859-1:M".utf8) + [0xFC] + Array("ller\r\nEND:VCARD\r\n".utf8)
    let one = Self.whole(bytes + named)
    #expect(one.cards.first?.first("FN")?.value == "J\u{fc}rgen")
    let read = try #require(Self.names(bytes + named, partSize: 300))
    #expect(read.names == one.cards.map { $0.first("FN")?.value })
    #expect(read.names.last == "M\u{fc}ller")
    // Past the first 4 MB the charset is not known when the first parts are read.
    let note = "NOTE:" + String(repeating: "x", count: 1_000) + "\r\n"
    var large = bytes
    while large.count <= 4 << 20 { large += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Filler\r\n\(note)END:VCARD\r\n".utf8) }
    #expect(Self.names(large + named, partSize: 1 << 20) == nil)
    #expect(Self.names(large, partSize: 1 << 20) != nil)
  }

  @Test("what exporters put before their cards (blank lines, a note, a byte-order mark) or how they spell them (begin:vcard): read in parts as read whole")
  func exportersTextInParts() throws {
    var cards = ""
    for index in 0..<200 { cards += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(index)\r\nEND:VCARD\r\n" }
    let lower = cards.replacingOccurrences(of: "BEGIN:VCARD", with: "begin:vcard").replacingOccurrences(of: "END:VCARD", with: "End:VCard")
    for text in ["\r\n\r\n" + cards, "Exported by Example Contacts 1.0\r\n" + cards, lower, "\u{feff}" + lower] {
      let one = Self.whole(Array(text.utf8))
      let read = try #require(Self.names(Array(text.utf8), partSize: 300), "\(text.prefix(40))")
      #expect(read.names == one.cards.map { $0.first("FN")?.value })
      #expect(read.names.count == 200)
      #expect(read.warnings == one.warnings)
    }
    // The note before the cards is said once, as read whole; a second one later makes
    // it read whole.
    let noted = "Exported by Example Contacts 1.0\r\n" + cards
    #expect(Self.names(Array(noted.utf8), partSize: 300)?.warnings.map(\.line) == [1])
    #expect(Self.names(Array((noted + "trailer\r\n" + cards).utf8), partSize: 300) == nil)
    // Text that is no vCard (an exporter's header longer than a few lines) is read whole.
    let header = String(repeating: "# comment\r\n", count: 20) + cards
    #expect(Self.names(Array(header.utf8), partSize: 300) == nil)
  }
}

