import ContactKit

/// The English-style spellings Korean names have in practice, beside their Revised
/// Romanization (`revisedSyllable`: `지성` is `ji seong`, `Ji-sung` on a passport, a football
/// shirt and in most address books): the index holds both, so that either finds the
/// name. The rules apply to every syllable of a
/// text that is all Hangul (a given name, a family name, a whole name, an
/// organization); a surname's own customary spelling comes from a table besides
/// (`ContactFormatter.surnameReading`: 박 `park`, 이 `lee`). They are these:
///
/// - `eo` with a final consonant is `u` (성 `sung`, 철 `chul`, 석 `suk`); `yeo` with one
///   after a consonant is `yu` (경 `kyung`, 현 `hyun`, 명 `myung`); 영 alone is `young`,
///   and 연, 열 keep `yeon`, `yeol` (`yun` is 윤);
/// - `u` without a final, or before `n` or `k`, is `oo` (주 `joo`, 수 `soo`, 준 `joon`,
///   훈 `hoon`, 욱 `wook`), `woo` with no initial consonant (우 `woo`); 윤 is `yoon`,
///   유 `yoo`;
/// - 희 is `hee`;
/// - an initial `g` is `k` (경 `kyung`, 광 `kwang`).
enum HangulSpelling {
  /// The Revised Romanization of Korean (2000) of one Hangul syllable (`석` → `seok`),
  /// nil for any other scalar: the search index's reading of each syllable
  /// (`Transliteration.latin`), a name being read syllable by syllable as it is written
  /// — no sound change across syllables (`민석` `min seok`, `보라` `bo ra`). ICU's
  /// transliteration writes a final ㄱ, ㄷ, ㅂ as `g`, `d`, `b` and every ㄹ as `l`
  /// (`min seog`, `bo la`), which is not how anyone spells a name. A final consonant is
  /// written as it sounds alone (ㅅ, ㅈ, ㅊ, ㅌ, ㅎ as `t`; ㄲ, ㅋ as `k`; ㅍ as `p`; a
  /// cluster as the one sounded).
  static func revisedSyllable(_ scalar: Unicode.Scalar) -> String? {
    guard Transliteration.isHangulSyllable(scalar) else { return nil }
    return revisedSyllables[Int(scalar.value - 0xAC00)]
  }

  /// The Revised Romanization of each of the 11,172 Hangul syllables (U+AC00…U+D7A3,
  /// in their order), made once in a process that meets one: a book of Korean names
  /// reads them syllable by syllable, and the spelling is the same every time.
  static let revisedSyllables: [String] = (0..<11_172).map { index in
    revisedInitials[index / 588] + revisedVowels[index % 588 / 28] + revisedFinals[index % 28]
  }

  /// Each syllable's customary spelling (`customary(_:)` of each of `revisedSyllables`), in
  /// the same order.
  static let customarySyllables: [String] = revisedSyllables.map { customary($0[...]) }

  /// The 19 initial consonants in the Revised Romanization (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ
  /// ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ).
  static let revisedInitials = [
    "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
  ]
  /// The 21 vowels (ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ).
  static let revisedVowels = [
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu",
    "ui", "i",
  ]
  /// No final, then the 27 finals (ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ
  /// ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ) as each sounds at a syllable's end.
  static let revisedFinals = [
    "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng",
    "t", "t", "k", "t", "p", "t",
  ]

  /// The customary spelling of a syllable written `romanized` (lower-case ASCII, one
  /// syllable in the Revised Romanization: `revisedSyllable`); `romanized` itself when
  /// the rules change nothing.
  static func customary(_ romanized: Substring) -> String {
    // The Revised Romanization is ASCII: its letters split by bytes.
    func isVowel(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
        UInt8(ascii: "w"), UInt8(ascii: "y"):
        return true
      default: return false
      }
    }
    let bytes = romanized.utf8
    let vowelStart = bytes.firstIndex(where: isVowel) ?? bytes.endIndex
    let finalStart = bytes[vowelStart...].firstIndex { !isVowel($0) } ?? bytes.endIndex
    var initial = String(romanized[..<vowelStart])
    var vowel = String(romanized[vowelStart..<finalStart])
    let final = String(romanized[finalStart...])
    switch (vowel, final) {
    case ("yeo", "ng") where initial.isEmpty: return "young"
    case ("yeo", _) where initial.isEmpty: break
    case ("eo", _) where !final.isEmpty: vowel = "u"
    case ("yeo", _) where !final.isEmpty: vowel = "yu"
    case ("u", ""), ("u", "n"), ("u", "k"): vowel = initial.isEmpty ? "woo" : "oo"
    case ("yu", "n") where initial.isEmpty, ("yu", "") where initial.isEmpty: vowel = "yoo"
    case ("ui", "") where initial == "h": vowel = "ee"
    default: break
    }
    if initial == "g" { initial = "k" }
    return initial + vowel + final
  }

  /// The customary spellings of the Hangul syllables of `text` (`customarySyllables`),
  /// spaced and run together, as `customary(_:)` gives them from the syllables'
  /// Revised Romanization (`revisedSyllables`); nil when they are those already, or `text` has no syllable.
  static func customary(ofSyllablesIn text: String) -> (spaced: String, joined: String)? {
    var spaced = ""
    var joined = ""
    var differs = false
    for scalar in text.unicodeScalars where Transliteration.isHangulSyllable(scalar) {
      let index = Int(scalar.value - 0xAC00)
      let spelling = customarySyllables[index]
      differs = differs || spelling != revisedSyllables[index]
      if !spaced.isEmpty { spaced += " " }
      spaced += spelling
      joined += spelling
    }
    return differs ? (spaced, joined) : nil
  }

  /// The initial consonants (choseong) of `text`'s Hangul syllables, as the
  /// compatibility jamo a Korean keyboard types alone (박지성 → `ㅂㅈㅅ`): Korean phones
  /// find a contact by them (초성 검색). Other characters are left out; nil when there is
  /// no Hangul syllable. A doubled consonant stays doubled (꽃 → `ㄲ`).
  static func initialConsonants(_ text: String) -> String? {
    var initials = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where Transliteration.isHangulSyllable(scalar) {
      initials.append(SectionIndex.compatibilityInitials[Int(scalar.value - 0xAC00) / 588])
    }
    return initials.isEmpty ? nil : String(initials)
  }
}
