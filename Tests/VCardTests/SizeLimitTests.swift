import Foundation
import Testing

@testable import VCard

/// A value or a card over its size limit is left out with a `line: why` warning and
/// the rest is read (issue 22); the standard limits let real photos through.
@Suite("size limits per value and per card")
struct SizeLimitTests {
  static func card(_ name: String, _ lines: [String]) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
  }

  @Test("a NOTE over the text limit is left out at its line; the card and the next card are kept")
  func longNote() {
    let note = "NOTE:" + String(repeating: "a", count: (1 << 20) + 10)
    let text = Self.card("Ada", ["EMAIL:ada@example.org", note, "TEL:+1 555 0100"]) + Self.card("Grace", [])
    let result = VCardReader.read(Array(text.utf8))
    #expect(result.cards.count == 2)
    #expect(result.cards[0].lines.map(\.name) == ["VERSION", "FN", "EMAIL", "TEL"])
    #expect(result.cards[1].lines.map(\.name) == ["VERSION", "FN"])
    #expect(
      result.warnings == [
        VCardWarning(
          line: 5,
          message: "NOTE value longer than 1 MiB, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out")
      ])
  }

  @Test("a 3 MiB base64 PHOTO (folded) is within the data limit and kept whole")
  func photoWithinLimit() {
    let data = String(repeating: "QUJD", count: 3 << 18)
    var folded = "PHOTO;ENCODING=b;TYPE=JPEG:"
    var index = data.startIndex
    while index < data.endIndex {
      let end = data.index(index, offsetBy: 74, limitedBy: data.endIndex) ?? data.endIndex
      folded += (index == data.startIndex ? "" : "\r\n ") + data[index..<end]
      index = end
    }
    let result = VCardReader.read(Array(Self.card("Ada", [folded]).utf8))
    #expect(result.warnings.isEmpty)
    #expect(result.cards.count == 1)
    #expect(result.cards[0].lines.last?.name == "PHOTO")
    #expect(result.cards[0].lines.last?.value.count == data.count)
  }

  @Test("a vendor picture in base64 (X-MS-CARDPICTURE) has the data limit; an X- text does not")
  func vendorPicture() {
    let data = String(repeating: "QUJD", count: 1 << 19)
    let text = Self.card("Ada", ["X-MS-CARDPICTURE;TYPE=JPEG;ENCODING=BASE64:" + data, "X-NOTE:" + data])
    let result = VCardReader.read(Array(text.utf8))
    #expect(result.cards.first?.lines.map(\.name) == ["VERSION", "FN", "X-MS-CARDPICTURE"])
    #expect(result.warnings.map(\.line) == [5])
  }

  @Test("a card over the card limit is left out with one warning at its BEGIN line; the next card is read")
  func cardOverLimit() {
    var limits = VCardLimits.standard
    limits.cardBytes = 4_000
    limits.textValueBytes = 1_000
    let lines = (0..<10).map { "NOTE:" + String(repeating: "\($0)", count: 900) }
    let text = Self.card("Small", ["TEL:1"]) + Self.card("Huge", lines) + Self.card("After", ["TEL:2"])
    let result = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    #expect(result.cards.map { $0.lines.first { $0.name == "FN" }?.value } == ["Small", "After"])
    #expect(result.warnings.count == 1)
    #expect(result.warnings.first?.line == 6)
    #expect(
      result.warnings.first?.message == "the card that begins here is longer than 4000 bytes, the limit for a card; left out")
  }

  @Test("lines that are no content line count toward the card's limit too: a card made big by them is left out")
  func unparsedLinesOverLimit() {
    var limits = VCardLimits.standard
    limits.cardBytes = 4_000
    let junk = String(repeating: "x", count: 5_000)  // no colon: not a content line
    let text = Self.card("Small", ["TEL:1"]) + Self.card("Huge", ["TEL:2", junk]) + Self.card("After", [junk.prefix(10) + ""])
    let result = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    #expect(result.cards.map { $0.lines.first { $0.name == "FN" }?.value } == ["Small", "After"])
    #expect(
      result.warnings.map(\.line) == [6, 15],
      "the card over its limit at its BEGIN line, then the short line without a colon in the last card")
    #expect(
      result.warnings.first?.message == "the card that begins here is longer than 4000 bytes, the limit for a card; left out")
  }

  @Test("a card over the limit without END:VCARD is left out at the end of the file too")
  func unterminatedCardOverLimit() {
    var limits = VCardLimits.standard
    limits.cardBytes = 2_000
    let lines = (0..<5).map { _ in "NOTE:" + String(repeating: "x", count: 900) }
    let text = Self.card("Before", []) + "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.joined(separator: "\r\n") + "\r\n"
    let result = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    #expect(result.cards.count == 1)
    #expect(result.warnings.map(\.line) == [5])
  }

  @Test("the standard limits: 1 MiB per text value, 64 MiB per data value, 100 MiB per card")
  func standardLimits() {
    #expect(VCardLimits.standard.textValueBytes == 1 << 20)
    #expect(VCardLimits.standard.dataValueBytes == 64 << 20)
    #expect(VCardLimits.standard.cardBytes == 100 << 20)
    #expect(VCardLimits.carriesData("LOGO") && VCardLimits.carriesData("KEY") && !VCardLimits.carriesData("NOTE"))
  }

  /// A jCard array of cards, one card per line: `["vcard", [version, fn, extra…]]`.
  static func jCard(_ cards: [(name: String, extra: [String])]) -> [UInt8] {
    let items = cards.map { card in
      (["[\"version\", {}, \"text\", \"4.0\"]", "[\"fn\", {}, \"text\", \"\(card.name)\"]"] + card.extra)
        .joined(separator: ",\n  ")
    }
    return Array(("[\n" + items.map { "[\"vcard\", [\n  \($0)]]" }.joined(separator: ",\n") + "\n]\n").utf8)
  }

  @Test("jCard: a property over the value limit is left out at its line; the card and the other cards are kept")
  func jCardValueOverLimit() {
    var limits = VCardLimits.standard
    limits.textValueBytes = 1_000
    limits.dataValueBytes = 5_000
    let note = "[\"note\", {}, \"text\", \"" + String(repeating: "n", count: 1_200) + "\"]"
    let photo = "[\"photo\", {}, \"uri\", \"data:image/jpeg;base64," + String(repeating: "QUJD", count: 500) + "\"]"
    let input = Self.jCard([
      (name: "Ada", extra: ["[\"email\", {}, \"text\", \"ada@example.org\"]", note, photo]),
      (name: "Grace", extra: []),
    ])
    let result = JCardReader.read(input, limits: limits)
    #expect(result.cards.count == 2)
    #expect(result.cards[0].lines.map(\.name) == ["VERSION", "FN", "EMAIL", "PHOTO"])
    #expect(result.cards[1].first("FN")?.value == "Grace")
    #expect(
      result.warnings == [
        VCardWarning(
          line: 6,
          message:
            "jCard item 1: NOTE value longer than 1000 bytes, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out"
        )
      ])
  }

  @Test("jCard: a card over the card limit is left out at the line where it begins; the next card is read")
  func jCardCardOverLimit() {
    var limits = VCardLimits.standard
    limits.cardBytes = 4_000
    limits.textValueBytes = 1_000
    let notes = (0..<10).map { "[\"note\", {}, \"text\", \"" + String(repeating: "\($0)", count: 900) + "\"]" }
    let input = Self.jCard([(name: "Small", extra: []), (name: "Huge", extra: notes), (name: "After", extra: [])])
    let result = JCardReader.read(input, limits: limits)
    #expect(result.cards.map { $0.first("FN")?.value } == ["Small", "After"])
    #expect(
      result.warnings == [
        VCardWarning(
          line: 5,
          message: "jCard item 2: the card that begins here is longer than 4000 bytes, the limit for a card; left out")
      ])
  }

  @Test("jCard read through VCardReader has the standard limits: a 2 MiB note is left out, the card kept")
  func jCardStandardLimits() {
    let note = "[\"note\", {}, \"text\", \"" + String(repeating: "a", count: 2 << 20) + "\"]"
    let result = VCardReader.read(Self.jCard([(name: "Ada", extra: [note]), (name: "Grace", extra: [])]))
    #expect(result.cards.map { $0.first("FN")?.value } == ["Ada", "Grace"])
    #expect(result.warnings.map(\.line) == [5])
    #expect(result.warnings.first?.message.hasPrefix("jCard item 1: NOTE value longer than 1 MiB") == true)
  }

  @Test("a card's values after cardValues are left out with one warning at the first; the card and the next are kept")
  func tooManyValues() {
    var limits = VCardLimits.standard
    limits.cardValues = 5
    let tels = (0..<8).map { "TEL:+1 555 010\($0)" }
    let text = Self.card("Ada", tels) + Self.card("Grace", ["TEL:1"])
    let result = VCardReader.read(Array(text.utf8), pieceSize: Int.max, limits: limits)
    #expect(result.cards.map { $0.lines.count } == [5, 3])
    #expect(result.cards[0].lines.map(\.value) == ["3.0", "Ada", "+1 555 0100", "+1 555 0101", "+1 555 0102"])
    #expect(
      result.warnings == [
        VCardWarning(line: 7, message: "the card has more than 5 values; this one and the rest are left out")
      ])
    #expect(VCardLimits.standard.cardValues == 100_000)
  }

  @Test("jCard: a large card's properties after cardValues are left out with one warning; the next card is read")
  func jCardTooManyValues() {
    var limits = VCardLimits.standard
    limits.cardValues = 4
    limits.textValueBytes = 100
    let tels = (0..<6).map { "[\"tel\", {}, \"text\", \"+1 555 010\($0)\"]" }
    let result = JCardReader.read(Self.jCard([(name: "Ada", extra: tels), (name: "Grace", extra: [])]), limits: limits)
    #expect(result.cards.map { $0.lines.count } == [4, 2])
    #expect(
      result.warnings == [
        VCardWarning(line: 7, message: "jCard item 1: the card has more than 4 values; this one and the rest are left out")
      ])
  }
}
