/// The English-style spelling Russian, Ukrainian and Belarusian names have in
/// practice, beside the transliteration ICU gives (`Дмитрий` is `dmitrij` to ICU,
/// `Dmitry` on a passport, a business card and in most address books): the index holds
/// both, so that either finds the name (as `HangulSpelling` does for Korean names).
///
/// Letters as the BGN/PCGN romanization writes them, simplified as people do: `й`
/// `y`, `х` `kh`, `ц` `ts`, `ч` `ch`, `ш` `sh`, `щ` `shch`, `ж` `zh`, `ю` `yu`, `я`
/// `ya`, `ё` `e`, `ы` `y`, `ъ` and `ь` nothing; Ukrainian `і` `i`, `ї` `yi`, `є` `ye`,
/// `ґ` `g`; Belarusian `ў` `w`; and `-ий`, `-ый` at a word's end `y` (`Дмитрий`
/// `dmitry`, `Юрий` `yury`, `Наталья` `natalya`, `Алексей` `aleksey`, `Михаил`
/// `mikhail`).
enum CyrillicSpelling {
  /// The letters, by lower-case Cyrillic scalar (U+0430–U+045F).
  private static let letters: [Unicode.Scalar: String] = [
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "y",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
    "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "w",
  ]

  /// The customary spelling of `text`, lower-case; nil unless it is all Cyrillic
  /// letters (of the table above), spaces and hyphens, or when it is what `latin`
  /// (ICU's) already says.
  static func customary(_ text: String, latin: String) -> String? {
    let scalars = Array(text.lowercased().unicodeScalars)
    var out = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if scalar == " " || scalar == "-" {
        out.unicodeScalars.append(scalar)
        continue
      }
      guard let letter = letters[scalar] else { return nil }
      // `-ий`, `-ый` ending a word: `y`.
      if scalar == "и" || scalar == "ы", index < scalars.count, scalars[index] == "й",
        index + 1 == scalars.count || scalars[index + 1] == " " || scalars[index + 1] == "-"
      {
        out += "y"
        index += 1
        continue
      }
      out += letter
    }
    return out == latin || out.unicodeScalars.allSatisfy({ $0 == " " || $0 == "-" }) ? nil : out
  }
}
