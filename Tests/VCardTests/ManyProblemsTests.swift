import Testing

@testable import VCard

/// A file with a problem on every line — a run of nested or repeated `BEGIN:VCARD`
/// lines, a card broken the same way thousands of times — lists its first problems and
/// how many more there are, and holds no card for a stray `BEGIN:VCARD` (issue 22).
@Suite("a file's many problems")
struct ManyProblemsTests {
  static let nestingMessage = "inside the card that began on line"

  static func summary(_ count: Int) -> String { "problems not listed: \(count) more, the first on this line" }

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
    #expect(result.warnings.last == VCardWarning(line: limit + 2, message: Self.summary(depth - 1 - limit)))
  }

  @Test("past openCards open cards, stray BEGIN:VCARD lines are counted: the cards and their END lines still match")
  func straysPastOpenCards() {
    var limits = VCardLimits.standard
    limits.openCards = 3
    let nested = String(repeating: "BEGIN:VCARD\n", count: 10) + "FN:Ada\n" + String(repeating: "END:VCARD\n", count: 10)
    let one = VCardReader.read(Array(nested.utf8), pieceSize: Int.max, limits: limits)
    #expect(one.cards.map { $0.first("FN")?.value } == ["Ada"])
    #expect(one.cards.map(\.beginLine) == [10])
    #expect(one.warnings.map(\.line) == Array(2...10))  // no END:VCARD left over, no text outside cards
    // A line after the inner card goes to the stray around it, which becomes a card
    // (its BEGIN:VCARD line no longer known: its first line is taken for it).
    let after = String(repeating: "BEGIN:VCARD\n", count: 6) + "FN:Inner\nEND:VCARD\nFN:Outer\n"
      + String(repeating: "END:VCARD\n", count: 5)
    let two = VCardReader.read(Array(after.utf8), pieceSize: Int.max, limits: limits)
    #expect(two.cards.map { $0.first("FN")?.value } == ["Inner", "Outer"])
    #expect(two.cards.map(\.beginLine) == [6, 9])
    #expect(two.cards.map(\.endLine) == [8, 10])
  }

  @Test("past openCards open cards with values, nothing is cut: each card keeps its own lines")
  func deepCardsWithValues() {
    var limits = VCardLimits.standard
    limits.openCards = 3
    let names = (1...6).map { "P\($0)" }
    let text = names.map { "BEGIN:VCARD\nFN:\($0)\n" }.joined()
      + names.reversed().map { "TEL:\($0)\nEND:VCARD\n" }.joined()
    let result = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    #expect(result.cards.map { $0.first("FN")?.value } == names)
    #expect(result.cards.map { $0.first("TEL")?.value } == names)
    #expect(result.warnings.map(\.line) == [3, 5, 7, 9, 11])
  }

  @Test("a vCard 2.1 AGENT card after fifteen cards with a doubled BEGIN:VCARD keeps its properties")
  func agentAfterDoubledBegins() {
    let doubled = (1...15).map { "BEGIN:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:P\($0)\nEND:VCARD\n" }.joined()
    let agent = "BEGIN:VCARD\nVERSION:2.1\nFN:Ann Boss\nAGENT:\nBEGIN:VCARD\nVERSION:2.1\nFN:Sam Agent\nEND:VCARD\n"
      + "EMAIL:ann@boss.example\nEND:VCARD\n"
    let result = VCardReader.read(Array((doubled + agent).utf8))
    #expect(result.cards.map { $0.first("FN")?.value } == (1...15).map { "P\($0)" } + ["Ann Boss", "Sam Agent"])
    #expect(result.cards.first { $0.first("FN")?.value == "Ann Boss" }?.first("EMAIL")?.value == "ann@boss.example")
  }

  @Test("a file of only BEGIN:VCARD lines is no card, with the problems counted and the open end listed")
  func onlyBegins() {
    let result = VCardReader.read(Array(String(repeating: "BEGIN:VCARD\r\n", count: 3000).utf8))
    #expect(result.cards.isEmpty)
    #expect(result.warnings.count == 102)
    #expect(result.warnings[100] == VCardWarning(line: 3000, message: "the file ends inside the card that began here (no END:VCARD)"))
    #expect(result.warnings.last == VCardWarning(line: 102, message: Self.summary(2899)))
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
    #expect(whole.warnings.last?.message == Self.summary(35))
    #expect(pieces.warnings == whole.warnings)
  }

  @Test("a card over the size limit warns at its first line after warnings met before: the count's line is the same in pieces")
  func oversizedCardInPieces() {
    var limits = VCardLimits.standard
    limits.listedWarnings = 5
    limits.cardBytes = 400
    var text = (0..<4).map { "BEGIN:VCARD\nFN:P\($0)\njunk \($0)\nEND:VCARD\n" }.joined()
    text += "BEGIN:VCARD\nFN:Big\n" + (0..<4).map { "junk big \($0)\n" }.joined()
      + (0..<5).map { _ in "NOTE:" + String(repeating: "x", count: 100) + "\n" }.joined() + "END:VCARD\n"
    text += "BEGIN:VCARD\nFN:After\nEND:VCARD\n"
    let whole = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    let pieces = VCardReader.read(Array(text.utf8), pieceSize: 60, limits: limits)
    #expect(whole.cards.map { $0.first("FN")?.value } == ["P0", "P1", "P2", "P3", "After"])
    #expect(whole.warnings.last?.message == Self.summary(4))
    // The sixth met: the second junk line of the big card (its size warning, on its
    // BEGIN line, is met after it).
    #expect(whole.warnings.last?.line == 20)
    #expect(pieces.warnings == whole.warnings)
  }

  @Test("read part by part (a large file), a file lists its first 100 problems and one line for the rest")
  func inParts() {
    let text = (0..<300).map { "BEGIN:VCARD\nFN:Person \($0)\nno colon here\nEND:VCARD\n" }.joined()
    var listed: [VCardWarning] = []
    var cards = 0
    let done = VCardReader.read(Array(text.utf8), inPartsOf: 2000) { part in
      listed += part.warnings
      cards += part.cards.count
    }
    #expect(done)
    #expect(cards == 300)
    #expect(listed.count == 101)
    #expect(listed.dropLast().map(\.line) == (0..<100).map { 3 + 4 * $0 })
    #expect(listed.last == VCardWarning(line: 403, message: Self.summary(200)))
    // A file of only BEGIN:VCARD lines, read part by part, says what a whole read says —
    // or, past the 1,000 open cards a whole read counts strays beyond, is read whole.
    let begins = Array(String(repeating: "BEGIN:VCARD\n", count: 3000).utf8)
    var inParts: [VCardWarning] = []
    let whole = VCardReader.read(begins).warnings
    if VCardReader.read(begins, inPartsOf: 2000, { inParts += $0.warnings }) { #expect(inParts == whole) }
    #expect(whole.suffix(2).map(\.line) == [3000, 102])
    let fewer = Array(String(repeating: "BEGIN:VCARD\n", count: 900).utf8)
    var fewerInParts: [VCardWarning] = []
    #expect(VCardReader.read(fewer, inPartsOf: 2000) { fewerInParts += $0.warnings })
    #expect(fewerInParts == VCardReader.read(fewer).warnings)
  }
}
