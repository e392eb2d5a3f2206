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
    var out = ""
    var scalars = Array(text.lowercased().unicodeScalars)
    guard scalars.contains(where: { letters[$0] != nil }) else { return nil }
    scalars.append(" ")
    var index = 0
    while index < scalars.count - 1 {
      let scalar = scalars[index]
      if scalar == " " || scalar == "-" {
        out.unicodeScalars.append(scalar)
        index += 1
        continue
      }
      guard let letter = letters[scalar] else { return nil }
      // `-ий`, `-ый` ending a word: `y`.
      if scalar == "и" || scalar == "ы", scalars[index + 1] == "й", index + 2 >= scalars.count - 1 || scalars[index + 2] == " "
        || scalars[index + 2] == "-"
      {
        out += "y"
        index += 2
        continue
      }
      out += letter
      index += 1
    }
    return out == latin ? nil : out
  }
}
