import ContactKit
import Foundation
import Testing

/// `String.applyingTransformInPieces`: a long text transformed a piece at a time gives
/// what the whole transform gives.
@Suite("Transforms of long texts, in pieces")
struct PiecewiseTransformTests {
  @Test("a text of many words longer than a piece: the same as transformed whole")
  func manyWords() {
    let text = Array(repeating: "Жданов Νίκος שרה शर्मा", count: 400).joined(separator: " ")
    #expect(text.utf8.count > 4 * String.transformPiece)
    let whole = text.applyingTransform(ContactFormatter.latinTransform, reverse: false)
    #expect(whole != nil)
    let same = text.applyingTransformInPieces(ContactFormatter.latinTransliterator) == whole
    #expect(same)
  }

  @Test("one word of 20,000 letters: each letter transliterated as in a short word, none lost or doubled at a seam")
  func oneLongWord() throws {
    let short = String(repeating: "Ж", count: 1_000)
    #expect(short.utf8.count <= String.transformPiece)
    let shortLatin = try #require(short.applyingTransform(ContactFormatter.latinTransform, reverse: false))
    #expect(shortLatin.count == 1_000)
    let long = String(repeating: short, count: 20)
    let same = long.applyingTransformInPieces(ContactFormatter.latinTransliterator) == String(repeating: shortLatin, count: 20)
    #expect(same)
  }

  @Test("NFC and NFKC of a long decomposed text, a piece at a time, are those of the whole (Latin, Hangul jamo, kana)")
  func normalizedInPieces() {
    let unit = "Ame\u{0301}lie E\u{0301}\u{0302}mile \u{1100}\u{1161}\u{11A8}\u{304B}\u{3099}\u{FF76}\u{FF9E} ﬁ "
    let text = String(repeating: unit, count: 600) + String(repeating: "a\u{0301}", count: 3_000)
    #expect(text.utf8.count > 10 * String.transformPiece)
    #expect(text.precomposedInPieces == text.precomposedStringWithCanonicalMapping)
    #expect(
      text.compatibilityPrecomposedInPieces
        == text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping)
    #expect(unit.precomposedInPieces.unicodeScalars.prefix(15).map(\.value) == [0x41, 0x6D, 0xE9, 0x6C, 0x69, 0x65, 0x20, 0xC9, 0x302, 0x6D, 0x69, 0x6C, 0x65, 0x20, 0xAC01])
  }

  @Test("a short text is transformed whole")
  func shortText() {
    let text = "Жданов Νίκος"
    #expect(text.applyingTransformInPieces(ContactFormatter.latinTransliterator) == text.applyingTransform(ContactFormatter.latinTransform, reverse: false))
  }

  @Test("a character longer than a piece (a letter with a thousand marks), alone and after words, is one piece")
  func longCharacter() {
    let marked = "Ж" + String(repeating: "\u{0301}", count: 1_100)
    #expect(marked.count == 1 && marked.utf8.count > String.transformPiece)
    for text in [marked, "Жанна " + marked, marked + " Жанна", String(repeating: "Жанна " + marked + " ", count: 3)] {
      let whole = text.applyingTransform(ContactFormatter.latinTransform, reverse: false)
      let same = text.applyingTransformInPieces(ContactFormatter.latinTransliterator) == whole
      #expect(same, "\(text.utf8.count) bytes")
    }
  }

  /// Stream-safe text (UAX #15 §13): a combining grapheme joiner after every 30
  /// non-starters in a row; text without such a run is itself.
  @Test func streamSafe() {
    #expect("Zoë Ångström e\u{301}".streamSafe == "Zoë Ångström e\u{301}")
    let marks = String(String.UnicodeScalarView((0..<100).map { $0 % 2 == 0 ? "\u{301}" : "\u{316}" }))
    let safe = ("a" + marks).streamSafe
    let scalars = Array(safe.unicodeScalars)
    #expect(scalars.count == 1 + 100 + 3)
    #expect(scalars.enumerated().filter { $0.element == "\u{34F}" }.map(\.offset) == [31, 62, 93])
    #expect(safe.unicodeScalars.filter { $0 != "\u{34F}" }.map(\.value) == ("a" + marks).unicodeScalars.map(\.value))
    // NFC of it keeps every mark, sorted within each run of 30.
    let composed = ("a" + marks).precomposedInPieces
    #expect(composed.unicodeScalars.count(where: { $0 == "\u{301}" || $0 == "\u{316}" }) + composed.unicodeScalars.count(where: { $0 == "á" }) == 100)
  }
}
