/// The English-style spellings Korean names have in practice, beside the Revised
/// Romanization that ICU gives each Hangul syllable (`지성` is `ji seong` to ICU,
/// `Ji-sung` on a passport, a football shirt and in most address books): the index
/// holds both, so that either finds the name. The rules apply to every syllable of a
/// text that is all Hangul (a given name, a family name, a whole name, an
/// organization); a surname's own customary spelling comes from a table besides
/// (`ContactFormatter.surnameReading`: 박 `park`, 이 `lee`). They are these:
///
/// - `eo` with a final consonant is `u` (성 `sung`, 철 `chul`, 석 `suk`); `yeo` with one
///   after a consonant is `yu` (경 `kyung`, 현 `hyun`, 명 `myung`); 영 alone is `young`,
///   and 연, 열 keep ICU's `yeon`, `yeol` (`yun` is 윤);
/// - `u` without a final, or before `n` or `k`, is `oo` (주 `joo`, 수 `soo`, 준 `joon`,
///   훈 `hoon`, 욱 `wook`), `woo` with no initial consonant (우 `woo`); 윤 is `yoon`;
/// - 희 is `hee`;
/// - an initial `g` is `k` (경 `kyung`, 광 `kwang`), and a final `g`, `b` or `d` (as ICU
///   writes ㄱ, ㅂ, ㄷ) is `k`, `p`, `t` (석 `suk`, 섭 `sup`, 박 `bak`).
enum HangulSpelling {
  /// The customary spelling of a syllable ICU wrote `romanized` (lower-case ASCII, one
  /// syllable); `romanized` itself when the rules change nothing.
  static func customary(_ romanized: Substring) -> String {
    let vowels: Set<Character> = ["a", "e", "i", "o", "u", "w", "y"]
    var initial = String(romanized.prefix { !vowels.contains($0) })
    let rest = romanized.dropFirst(initial.count)
    var vowel = String(rest.prefix { vowels.contains($0) })
    var final = String(rest.dropFirst(vowel.count))
    switch (vowel, final) {
    case ("yeo", "ng") where initial.isEmpty: return "young"
    case ("yeo", _) where initial.isEmpty: break
    case ("eo", _) where !final.isEmpty: vowel = "u"
    case ("yeo", _) where !final.isEmpty: vowel = "yu"
    case ("u", ""), ("u", "n"), ("u", "g"): vowel = initial.isEmpty ? "woo" : "oo"
    case ("yu", "n") where initial.isEmpty: vowel = "yoo"
    case ("ui", "") where initial == "h": vowel = "ee"
    default: break
    }
    if initial == "g" { initial = "k" }
    switch final {
    case "g": final = "k"
    case "b": final = "p"
    case "d": final = "t"
    default: break
    }
    return initial + vowel + final
  }

  /// The customary spellings of `syllables` (ICU's, one per Hangul syllable of a
  /// name): spaced and run together; nil when they are ICU's already.
  static func customary(_ syllables: [Substring]) -> (spaced: String, joined: String)? {
    let customary = syllables.map(customary)
    guard customary != syllables.map(String.init) else { return nil }
    return (customary.joined(separator: " "), customary.joined())
  }
}
