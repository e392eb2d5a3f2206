import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// A large input is read in pieces on several cores; what comes out must be what
/// one piece gives, damage, warnings and line numbers included.
@Suite("reading in pieces")
struct ReadingInPiecesTests {
  static func whole(_ bytes: [UInt8]) -> VCardParseResult { VCardReader.read(bytes, pieceSize: Int.max) }
  static func pieces(_ bytes: [UInt8]) -> VCardParseResult { VCardReader.read(bytes, pieceSize: 64) }

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
}
