import Foundation
import Testing

@testable import ContactKit

/// `LetterReadings` gives what ICU gives the word whole.
@Suite struct LetterReadingsTests {
  static func icu(_ text: String) -> String? {
    text.applyingTransform(ContactFormatter.latinTransform, reverse: false)
  }

  /// Random words of the letters of each covered block, in both cases: the letters'
  /// readings joined are ICU's reading of the word (ICU's rules for these alphabets
  /// have no context between letters; a change of ICU that adds one fails here).
  @Test func wordsReadAsICUReadsThemWhole() throws {
    var state: UInt64 = 0x5EED
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for block in LetterReadings.blocks {
      let letters = block.compactMap(Unicode.Scalar.init).filter(LetterReadings.isLetter)
      #expect(letters.count > 30)
      for _ in 0..<3_000 {
        var word = String.UnicodeScalarView()
        for _ in 0..<(2 + random(10)) { word.append(letters[random(letters.count)]) }
        let text = String(word)
        let expected = try #require(Self.icu(text))
        #expect(LetterReadings.latin(text) == expected, "\(text)")
      }
    }
  }

  /// Real names, beside ICU's whole reading of each.
  @Test func names() {
    let names = ["Дмитрий", "ЩУКИН", "Щукин", "Їжакевич", "Ґалаґан", "Љубица", "Ђорђевић", "Ёлкина", "שרה", "יעקב", "ნინო"]
    for name in names {
      #expect(LetterReadings.latin(name) == Self.icu(name), "\(name)")
    }
    #expect(LetterReadings.latin("Щукин") == "sukin")  // ISO 9: `ŝ`, folded
    #expect(LetterReadings.latin("ნინო") == "nino")
  }

  /// Text that is not all covered letters is read by ICU whole: Greek (digraphs),
  /// a combining mark (a titlo, a decomposed `й`), a space, punctuation, ASCII, an
  /// empty text, and Hangul unless its syllables are joined.
  @Test func otherTextIsLeftToICU() {
    for text in ["Νίκος", "и\u{0306}", "слово\u{0483}", "Анна Петрова", "Анна-Мария", "Anna", "", "민준", "שָׂרָה"] {
      #expect(LetterReadings.latin(text) == nil, "\(text)")
    }
  }

  /// Every Hangul syllable reads as its jamo's readings, which is ICU's reading of it.
  @Test func everyHangulSyllableIsICUs() throws {
    for value in UInt32(0xAC00)...0xD7A3 {
      let syllable = String(Unicode.Scalar(value)!)
      let expected = try #require(Self.icu(syllable))
      #expect(LetterReadings.latin(syllable, joiningHangul: true) == expected, "\(syllable)")
    }
  }

  /// A word of Hangul syllables is their readings run together: ICU's reading without
  /// the `-` it puts where the letters could be read across two syllables.
  @Test func hangulWordsRunTogether() {
    #expect(Self.icu("횚앝") == "hoelp-at")
    #expect(LetterReadings.latin("횚앝", joiningHangul: true) == "hoelpat")
    #expect(LetterReadings.latin("김민준", joiningHangul: true) == "gimminjun")
    #expect(ContactFormatter.latinKey("횚앝", joiningSyllables: true) == "hoelpat")
  }
}
