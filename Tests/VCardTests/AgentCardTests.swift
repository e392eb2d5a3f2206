import Testing

@testable import VCard

/// vCard 2.1's `AGENT` property holds a card of its own (§2.5.4): written after
/// `AGENT:` on the next lines, or begun on the `AGENT` line itself
/// (`AGENT:BEGIN:VCARD`). Either way the agent's card is read as a card of its own,
/// the card around it keeps the values after it, and the warning says it is an agent.
@Suite("vCard 2.1 AGENT cards")
struct AgentCardTests {
  static let agent = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Friday;Fred\r\nFN:Fred Friday\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n"
  static let after = "EMAIL:boss@example.org\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:Other Person\r\nEND:VCARD\r\n"
  static let head = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Boss;Big\r\nFN:Big Boss\r\n"
  static let message = "a vCard 2.1 AGENT card inside the card that began on line 1; read as a card of its own"

  /// Each card's FN, in the order of their BEGIN lines.
  static func names(_ result: VCardParseResult) -> [String?] {
    result.cards.map { $0.first("FN")?.value }
  }

  @Test("AGENT:BEGIN:VCARD on one line: the boss keeps its EMAIL and the AGENT line, Fred is a card, no stray END")
  func agentOnItsLine() {
    let text = Self.head + "AGENT:BEGIN:VCARD\r\n" + Self.agent.dropFirst("BEGIN:VCARD\r\n".count) + Self.after
    let result = VCardReader.read(Array(text.utf8))
    #expect(Self.names(result) == ["Big Boss", "Fred Friday", "Other Person"])
    let boss = result.cards[0]
    #expect(boss.first("EMAIL")?.value == "boss@example.org")
    #expect(boss.lines.map(\.name) == ["VERSION", "N", "FN", "AGENT", "EMAIL"])
    #expect(result.cards[1].first("TEL")?.value == "+1 555 0100")
    #expect(result.cards.map(\.beginLine) == [1, 5, 13])
    #expect(result.warnings == [VCardWarning(line: 5, message: Self.message)])
    // The agent's card has no bytes of its own (its first line is the boss's AGENT
    // line), and the boss's card holds another: neither is rewritten in place.
    #expect(result.cards[0].sourceRange == nil && result.cards[1].sourceRange == nil)
    #expect(result.cards[2].sourceRange != nil)
  }

  @Test("AGENT: then BEGIN:VCARD on the next line (the 2.1 specification's form): said to be an agent card")
  func agentOnNextLines() {
    let text = Self.head + "AGENT:\r\n" + Self.agent + Self.after
    let result = VCardReader.read(Array(text.utf8))
    #expect(Self.names(result) == ["Big Boss", "Fred Friday", "Other Person"])
    #expect(result.cards[0].first("EMAIL")?.value == "boss@example.org")
    #expect(result.warnings == [VCardWarning(line: 6, message: Self.message)])
  }

  @Test("a BEGIN:VCARD after another property (or after an AGENT with a value) is still a missing END:VCARD")
  func notAnAgent() {
    for line in ["NOTE:\r\n", "AGENT:CID:fred@example.org\r\n"] {
      let result = VCardReader.read(Array((Self.head + line + Self.agent + Self.after).utf8))
      #expect(result.warnings.map(\.message) == [
        "BEGIN:VCARD inside the card that began on line 1 (missing END:VCARD?); read as a card of its own"
      ])
    }
  }

  @Test("read in pieces of every size, the one-line form gives the same cards as read whole")
  func inPieces() {
    let text = Array((Self.head + "AGENT:BEGIN:VCARD\r\n" + Self.agent.dropFirst(13) + Self.after).utf8)
    let whole = VCardReader.read(text, pieceSize: Int.max)
    for size in stride(from: 16, through: text.count, by: 7) {
      let pieces = VCardReader.read(text, pieceSize: size)
      #expect(Self.names(pieces) == Self.names(whole), "piece size \(size)")
      #expect(pieces.cards.map { $0.first("EMAIL")?.value } == whole.cards.map { $0.first("EMAIL")?.value })
      #expect(pieces.warnings == whole.warnings, "piece size \(size)")
    }
  }
}
