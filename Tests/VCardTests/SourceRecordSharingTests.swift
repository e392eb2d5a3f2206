import ContactKit
import Testing

@testable import VCard

/// `VCardParseResult.sourceRecord(of:)` shares the input's storage when the card is
/// the whole input (a vdir's one-card file) and copies its range otherwise: the bytes
/// must be the card's either way.
@Suite("Source records of whole and partial inputs")
struct SourceRecordSharingTests {
  static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nN:Lee;Ann;;;\r\nEND:VCARD\r\n"

  @Test("a card that is the whole input: its record is the input")
  func wholeInput() {
    let bytes = Array(Self.card.utf8)
    let parsed = VCardReader.read(bytes)
    #expect(parsed.cards.count == 1)
    let record = parsed.sourceRecord(of: parsed.cards[0])
    #expect(record.bytes == bytes)
    #expect(record.text == Self.card)
    #expect(record.firstLine == 1)
    #expect(record.version == "3.0")
  }

  @Test("cards with text around them, or two in a file: each record is the card's own bytes")
  func partialInputs() {
    let second = "BEGIN:VCARD\nVERSION:4.0\nFN:Bo\nEND:VCARD\n"
    let inputs: [(String, [String])] = [
      ("\r\n" + Self.card, [Self.card]),
      (Self.card + "\r\n", [Self.card]),
      (Self.card + second, [Self.card, second]),
      ("\u{FEFF}" + Self.card, [Self.card]),  // the byte-order mark is not in the input read
    ]
    for (text, cards) in inputs {
      let parsed = VCardReader.read(Array(text.utf8))
      #expect(parsed.cards.map { parsed.sourceRecord(of: $0).text } == cards, "\(text.debugDescription)")
    }
  }

  @Test("a card that does not end the file with END:VCARD is written out, not shared")
  func unclosed() {
    let text = "BEGIN:VCARD\nVERSION:3.0\nFN:Ann\n"
    let parsed = VCardReader.read(Array(text.utf8))
    #expect(parsed.cards.count == 1)
    #expect(parsed.sourceRecord(of: parsed.cards[0]).text == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD\r\n")
  }
}
