import Testing

@testable import VCard

/// A file with a problem on every line — a run of nested or repeated `BEGIN:VCARD`
/// lines, a card broken the same way thousands of times — lists its first problems and
/// how many more there are, and holds no card for a stray `BEGIN:VCARD` (issue 22).
@Suite("a file's many problems")
struct ManyProblemsTests {
  static let nestingMessage = "inside the card that began on line"

  @Test("nested BEGIN:VCARD lines around one card: that card, the first problems listed, then how many more")
  func nestedBegins() throws {
    let depth = 300
    let text = String(repeating: "BEGIN:VCARD\n", count: depth) + "FN:Ada\n" + String(repeating: "END:VCARD\n", count: depth)
    let result = VCardReader.read(Array(text.utf8))
    #expect(result.cards.count == 1)
    #expect(result.cards.first?.first("FN")?.value == "Ada")
    let limit = VCardLimits.standard.listedWarnings
    #expect(limit == 100)
    #expect(result.warnings.count == limit + 1)
    // One warning per BEGIN:VCARD inside another (lines 2 through 300): the first 100 listed.
    #expect(result.warnings.dropLast().map(\.line) == Array(2...(limit + 1)))
    #expect(result.warnings.dropLast().allSatisfy { $0.message.contains(Self.nestingMessage) })
    // Then the rest of those, and the END:VCARD lines past the 16 cards open at once
    // (`openCards`): text outside cards, one problem.
    #expect(VCardLimits.standard.openCards == 16)
    #expect(
      result.warnings.last
        == VCardWarning(line: limit + 2, message: "\(depth - 1 - limit + 1) more problems, the first on this line; not listed"))
  }

  @Test("past openCards open at once, a BEGIN:VCARD ends the innermost card: no one is lost")
  func deeperThanOpenCards() {
    var limits = VCardLimits.standard
    limits.openCards = 3
    let names = ["A", "B", "C", "D"]
    let text = names.map { "BEGIN:VCARD\nFN:\($0)\n" }.joined() + String(repeating: "END:VCARD\n", count: 4)
    let result = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    #expect(result.cards.map { $0.first("FN")?.value } == names)
    #expect(result.cards.map(\.beginLine) == [1, 3, 5, 7])
    // C ended at D's BEGIN:VCARD; the fourth END:VCARD is outside any card.
    #expect(result.cards.map(\.endLine) == [11, 10, nil, 9])
    #expect(result.warnings.map(\.line) == [3, 5, 7, 12])
  }

  @Test("a file of only BEGIN:VCARD lines is one empty card, with the problems counted")
  func onlyBegins() {
    let result = VCardReader.read(Array(String(repeating: "BEGIN:VCARD\r\n", count: 1000).utf8))
    #expect(result.cards.map(\.beginLine) == [1000])
    #expect(result.cards.first?.lines.isEmpty == true)
    #expect(result.warnings.count == 101)
    #expect(result.warnings.last?.message == "900 more problems, the first on this line; not listed")
    #expect(result.warnings.last?.line == 102)
  }

  @Test("an empty card that is whole stays a contact; one inside a card with a BEGIN:VCARD of its own is read")
  func emptyCardsKept() {
    let text = "BEGIN:VCARD\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nBEGIN:VCARD\nFN:Ada\nEND:VCARD\nEND:VCARD\n"
      + "BEGIN:VCARD\nFN:Outer\nBEGIN:VCARD\nEND:VCARD\nEND:VCARD\n"
    let result = VCardReader.read(Array(text.utf8))
    // Line 3's card has only VERSION and a card nested in it: a stray BEGIN, left out.
    #expect(result.cards.map(\.beginLine) == [1, 5, 9, 11])
    #expect(result.cards.map { $0.first("FN")?.value } == [nil, "Ada", "Outer", nil])
    #expect(result.warnings.map(\.line) == [5, 11])
  }

  @Test("read in pieces, a file lists the same first problems and the same count as in one piece")
  func inPieces() {
    var limits = VCardLimits.standard
    limits.listedWarnings = 5
    // 40 cards with a line without a colon each, cut into pieces of about 200 bytes.
    let text = (0..<40).map { "BEGIN:VCARD\nFN:Person \($0)\nno colon here\nEND:VCARD\n" }.joined()
    let whole = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    let pieces = VCardReader.read(Array(text.utf8), pieceSize: 200, limits: limits)
    #expect(whole.cards.count == 40)
    #expect(pieces.cards.count == 40)
    #expect(whole.warnings.map(\.line) == [3, 7, 11, 15, 19, 23])
    #expect(whole.warnings.last?.message == "35 more problems, the first on this line; not listed")
    #expect(pieces.warnings == whole.warnings)
  }
}
