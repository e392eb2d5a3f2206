/// The spelling Greek names have on passports and in everyday Latin text (ELOT 743,
/// as the Greek state writes names in Latin letters), beside the scholarly
/// transliteration ICU gives (`Δημήτρης` is `demetres` to ICU, `Dimitris` on a
/// passport; `Βασιλείου` `basileiou` and `Vasileiou`): the index holds both, so that
/// either finds the name (as `CyrillicSpelling` does for Russian names).
///
/// Letters: `β` `v`, `η` `i`, `υ` `y`, `χ` `ch`, `φ` `f`, `θ` `th`, `ψ` `ps`, `ξ` `x`,
/// `ω` `o`; `ου` `ou`; `αυ`, `ευ`, `ηυ` `av`, `ev`, `iv` before a vowel or a voiced
/// consonant, `af`, `ef`, `if` otherwise; `γ` before `γ`, `κ`, `ξ`, `χ` `n`; accents
/// and diaeresis dropped.
enum GreekSpelling {
  /// The letters, by lower-case Greek scalar without accents.
  private static let letters: [Unicode.Scalar: String] = [
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k", "λ": "l",
    "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f",
    "χ": "ch", "ψ": "ps", "ω": "o",
  ]
  /// Letters after which `αυ`, `ευ`, `ηυ` sound `f`, `υ` then `f`: the voiceless consonants.
  private static let voiceless: Set<Unicode.Scalar> = ["θ", "κ", "ξ", "π", "σ", "ς", "τ", "φ", "χ", "ψ"]

  /// Whether `scalar` is of the Greek script (Greek and Coptic, Greek Extended): a
  /// text with one has a passport spelling when `elot` gives one.
  static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
    (0x370...0x3FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
  }

  /// The ELOT 743 spelling of `folded`, a text as `SearchFolding.fold` gives it
  /// (lower-case, without accents, breathings and diaeresis: `ή` `η`, `ϊ` `ι`); nil
  /// unless it is all Greek letters, spaces and hyphens, or when it is what `latin`
  /// (ICU's) already says.
  static func elot(_ folded: String, latin: String) -> String? {
    let scalars = Array(folded.unicodeScalars)
    guard scalars.contains(where: { letters[$0] != nil }) else { return nil }
    var out = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if scalar == " " || scalar == "-" {
        out.unicodeScalars.append(scalar)
      } else if scalar == "ο" && next == "υ" {
        out += "ou"
        index += 1
      } else if (scalar == "α" || scalar == "ε" || scalar == "η") && next == "υ" {
        let after = index + 2 < scalars.count ? scalars[index + 2] : nil
        out += letters[scalar]! + (after.map { voiceless.contains($0) } ?? true ? "f" : "v")
        index += 1
      } else if scalar == "γ", let next, ["γ", "κ", "ξ", "χ"].contains(next) {
        out += "n"
      } else if let letter = letters[scalar] {
        out += letter
      } else {
        return nil
      }
      index += 1
    }
    return out == latin ? nil : out
  }
}
