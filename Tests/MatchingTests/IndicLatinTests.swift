import ContactKit
import Foundation
import Testing

@testable import Matching

/// `Transliteration.indicLatin`: Devanagari as people spell it.
@Suite struct IndicLatinTests {
  /// ICU's reading with Foundation's replacements one after the other, as it was made
  /// before one pass replaced them.
  static func replaced(_ text: String) -> String {
    var latin = text.applyingTransform(StringTransform("Any-Latin"), reverse: false) ?? text
    for (from, to) in [("ś", "sh"), ("ṣ", "sh"), ("Ś", "sh"), ("Ṣ", "sh"), ("c", "ch"), ("ṁ", "n"), ("ṃ", "n")] {
      latin = latin.replacingOccurrences(of: from, with: to)
    }
    return latin
  }

  @Test func namesAsPeopleSpellThem() {
    #expect(Transliteration.indicLatin("शर्मा") == "sharmā")
    #expect(Transliteration.indicLatin("चंद्र") == "chandra")
    #expect(Transliteration.indicLatin("विष्णु") == "viṣhṇu".replacingOccurrences(of: "ṣh", with: "sh"))
  }

  /// Random words of the Devanagari letters, signs and marks. Foundation's replacement
  /// matched whole characters, so it left `ṁ`, `ś` … that carry a mark of their own
  /// (`ṁ̕`, from a stray sign after an anusvara: no name's): those words are compared
  /// with the mark-carrying letter replaced too.
  @Test func randomWordsAsBefore() {
    var state: UInt64 = 0xDE7A
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2_000 {
      var word = String.UnicodeScalarView()
      for _ in 0..<(1 + random(9)) { word.append(Unicode.Scalar(UInt32(0x0900 + random(0x80)))!) }
      let text = String(word)
      let latin = text.applyingTransform(StringTransform("Any-Latin"), reverse: false) ?? text
      let carriesMark = zip(latin.unicodeScalars, latin.unicodeScalars.dropFirst()).contains { letter, next in
        [0x015A, 0x015B, 0x1E62, 0x1E63, 0x63, 0x1E41, 0x1E43].contains(letter.value)
          && (next.properties.isGraphemeExtend || next.properties.canonicalCombiningClass.rawValue != 0)
      }
      if carriesMark { continue }
      #expect(Transliteration.indicLatin(text) == Self.replaced(text), "\(text)")
    }
  }

  /// The search key of a Devanagari word is its reading folded: what ICU's
  /// `Latin-ASCII; Lower` after the reading gave, folded, on random words of
  /// consonants, vowel signs, virama, anusvara and independent vowels.
  @Test func keyWithoutTheASCIITransform() throws {
    var state: UInt64 = 0xDE7B
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let consonants = Array(0x0915...0x0939), vowels = Array(0x0905...0x0914)
    let signs = Array(0x093E...0x094C) + [0x094D, 0x0902, 0x0901, 0x0903]
    for _ in 0..<2_000 {
      var word = String.UnicodeScalarView()
      if random(4) == 0 { word.append(Unicode.Scalar(UInt32(vowels[random(vowels.count)]))!) }
      for _ in 0..<(1 + random(5)) {
        word.append(Unicode.Scalar(UInt32(consonants[random(consonants.count)]))!)
        if random(2) == 0 { word.append(Unicode.Scalar(UInt32(signs[random(signs.count)]))!) }
      }
      let text = String(word)
      let ascii = try #require(
        Transliteration.indicLatin(text).applyingTransform(ContactFormatter.latinTransform, reverse: false))
      #expect(Transliteration.latin(text) == SearchFolding.fold(ascii), "\(text)")
    }
  }
}
