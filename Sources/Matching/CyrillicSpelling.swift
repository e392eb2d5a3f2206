/// The English-style spelling Russian, Ukrainian and Belarusian names have in
/// practice, beside the transliteration ICU gives (`Дмитрий` is `dmitrij` to ICU,
/// `Dmitry` on a passport, a business card and in most address books): the index holds
/// both, so that either finds the name (as `HangulSpelling` does for Korean names).
///
/// Letters as the BGN/PCGN romanization writes them, simplified as people do: `й`
/// `y`, `х` `kh`, `ц` `ts`, `ч` `ch`, `ш` `sh`, `щ` `shch`, `ж` `zh`, `ю` `yu`, `я`
/// `ya`, `ё` `e`, `ы` `y`, `ъ` and `ь` nothing; Ukrainian `і` `i`, `ї` `yi`, `є` `ye`,
/// `ґ` `g`; Belarusian `ў` `w`; Serbian, Macedonian and Kazakh letters as their Latin
/// alphabets write them; and `-ий`, `-ый` at a word's end `y` (`Дмитрий`
/// `dmitry`, `Юрий` `yury`, `Наталья` `natalya`, `Алексей` `aleksey`, `Михаил`
/// `mikhail`).
enum CyrillicSpelling {
  /// The letters, by lower-case Cyrillic scalar.
  private static let letters: [Unicode.Scalar: String] = [
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "y",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
    "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "w",
    // Serbian and Macedonian, as their Latin alphabets write them, folded (`đ` `dj`,
    // `ć` `c`): `Ђоковић` `djokovic`, `Немања` `nemanja`, `Караџић` `karadzic`.
    "ђ": "dj", "ј": "j", "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѓ": "gj", "ќ": "kj", "ѕ": "dz",
    // Kazakh, whose letters ICU leaves as they are: `Тоқаев` `tokaev`, `Ұлы` `uly`.
    "ә": "a", "ғ": "g", "қ": "k", "ң": "ng", "ө": "o", "ұ": "u", "ү": "u", "һ": "h",
  ]

  /// The customary spelling of `text`, lower-case; nil unless it is all Cyrillic
  /// letters (of the table above), spaces and hyphens, or when it is what `latin`
  /// (ICU's) already says.
  static func customary(_ text: String, latin: String) -> String? {
    spelling(text, latin: latin, fuller: false)
  }

  /// The other spelling as common, as news and passports of other years write the same
  /// names (BGN/PCGN in full): `ё` `yo` (`Пётр` `pyotr`, `Фёдор` `fyodor`, `Соловьёв`
  /// `solovyov`), `е` `ye` at a word's start or after a vowel, `ь` or `ъ` (`Ельцин`
  /// `yeltsin`, `Григорьев` `grigoryev`), `й` after a vowel `i` (`Сергей` `sergei`,
  /// `Толстой` `tolstoi`, `Чайковский` `chaikovsky`), `кс` `x` (`Алексей` `alexei`);
  /// nil as for `customary`, or when it is the customary one.
  static func fuller(_ text: String, latin: String) -> String? {
    fuller(text, latin: latin, customary: customary(text, latin: latin))
  }

  /// `fuller(text, latin:)`, given `customary(text, latin:)`.
  static func fuller(_ text: String, latin: String, customary: String?) -> String? {
    guard let fuller = spelling(text, latin: latin, fuller: true) else { return nil }
    return fuller == customary ? nil : fuller
  }

  /// The spelling with a soft or hard sign before a vowel as `i` (`ья` `ia`, `ье` and
  /// `ьё` `ie`, `ью` `iu`, `ьи` `yi`), as many write it in English, German and French:
  /// `Наталья` `natalia`, `Григорьев` `grigoriev`, `Соловьёва` `solovieva`, `Васильев`
  /// `vasiliev`, `Ильина` `ilyina`; nil as for `customary`, or when the word has no such
  /// sign (it is then the customary one).
  static func softened(_ text: String, latin: String) -> String? {
    softened(text, latin: latin, customary: customary(text, latin: latin))
  }

  /// `softened(text, latin:)`, given `customary(text, latin:)`.
  static func softened(_ text: String, latin: String, customary: String?) -> String? {
    // Most words have no sign: the spelling is made only for one that has.
    guard text.unicodeScalars.contains(where: { "ьъЬЪ".unicodeScalars.contains($0) }),
      let softened = spelling(text, latin: latin, fuller: false, softened: true)
    else { return nil }
    return softened == customary ? nil : softened
  }

  /// The spelling of Ukraine's passports and registries (the romanization of the
  /// Cabinet of Ministers, KMU 2010): `и` `y`, `г` `h`, `ґ` `g`, `зг` `zgh`, `х` `kh`,
  /// `і` `i`, and `є` `ї` `й` `ю` `я` `ye` `yi` `y` `yu` `ya` at a word's start, `ie` `i`
  /// `i` `iu` `ia` inside it; the soft sign and the apostrophe nothing: `Володимир`
  /// `volodymyr`, `Ігор` `ihor`, `Мельник` `melnyk`, `Юрій` `yurii`, `Христина`
  /// `khrystyna`. Nil as for `customary` (and for a word of other letters than
  /// Ukrainian and Russian ones), or when it is the customary one.
  static func ukrainian(_ text: String, latin: String, customary: String?) -> String? {
    let scalars = Array(text.lowercased().unicodeScalars)
    var out = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      let start = index == 1 || scalars[index - 2] == " " || scalars[index - 2] == "-"
      switch scalar {
      case " ", "-": out.unicodeScalars.append(scalar)
      case "'", "’", "ʼ", "ь", "ъ": break
      case "и": out += "y"
      case "г": out += index >= 2 && scalars[index - 2] == "з" ? "gh" : "h"
      case "й": out += start ? "y" : "i"
      case "є": out += start ? "ye" : "ie"
      case "ї": out += start ? "yi" : "i"
      case "ю": out += start ? "yu" : "iu"
      case "я": out += start ? "ya" : "ia"
      case "ы": out += "y"
      case "ё": out += start ? "yo" : "io"
      default:
        guard let letter = letters[scalar], ukrainianLetters.contains(scalar) else { return nil }
        out += letter
      }
    }
    guard out != latin, out != customary, !out.unicodeScalars.allSatisfy({ $0 == " " || $0 == "-" }) else { return nil }
    return out
  }

  /// The letters `ukrainian` spells as `letters` does.
  private static let ukrainianLetters: Set<Unicode.Scalar> = Set("абвґдезжіклмнопрстуфхцчшщэ".unicodeScalars)

  /// The vowels after a sign in `softened`, and their spelling with the sign before.
  private static let softenedVowels: [Unicode.Scalar: String] = ["я": "ia", "е": "ie", "ё": "ie", "ю": "iu", "и": "yi"]

  /// The vowels after which `е` is `ye` and `й` is `i` in the fuller spelling, and the
  /// signs after which `е` is `ye`.
  private static let vowelsAndSigns: Set<Unicode.Scalar> = ["а", "е", "ё", "и", "о", "у", "ы", "э", "ю", "я", "і", "ї", "є", "ь", "ъ"]

  private static func spelling(_ text: String, latin: String, fuller: Bool, softened: Bool = false) -> String? {
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
      guard var letter = letters[scalar] else { return nil }
      let after = index >= 2 ? scalars[index - 2] : " "
      if softened, scalar == "ь" || scalar == "ъ", index < scalars.count, let pair = softenedVowels[scalars[index]] {
        out += pair
        index += 1
        continue
      }
      if fuller {
        switch scalar {
        case "ё": letter = "yo"
        case "е" where after == " " || after == "-" || vowelsAndSigns.contains(after): letter = "ye"
        case "й" where vowelsAndSigns.contains(after) && after != "и" && after != "ы": letter = "i"
        case "к" where index < scalars.count && scalars[index] == "с":
          letter = "x"
          index += 1
        default: break
        }
      }
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
