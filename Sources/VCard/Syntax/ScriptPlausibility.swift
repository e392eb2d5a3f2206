import ContactKit

/// Whether text decoded in a guessed charset reads as names in one script: the test
/// `LegacyCharsetVerdict` puts uchardet's answers to (Chinese read as Greek gives
/// `ΥΤΡσ`, Hebrew read as Greek `αιθεο`, Latin-1 read as Windows-1251 `Mьller`).
enum ScriptPlausibility {
  /// The scripts told.
  enum Script: Sendable {
    case cyrillic, greek, hebrew, arabic, thai, latin, japanese
  }

  /// Whether `text` reads as `script`'s names: every character beyond ASCII a letter
  /// of it, a mark after one, a digit, or punctuation names and addresses hold
  /// (`«»„“”‘’–—…№·`, Arabic's `، ؛ ؟`, CJK punctuation for Japanese; in Latin text a
  /// symbol standing apart, `© 2019`, `21°C`, `nº 3`, but not one touching a word, where
  /// another charset's letter would be: `Tomá¹`, `©árka`); no letter of it inside an ASCII word
  /// (but Latin); and few odd words — a small letter after two capitals (`ΕΘΡΗενγ`), a
  /// capital after a small letter but in a brand's two words run together (`МегаФон`,
  /// not `ВиВи`), in Greek four small letters
  /// without an accent (monotonic orthography) or three letters without a vowel and no
  /// period after them — at most one word in ten; in Hebrew, more than two points on a letter is no name's. Nil when it
  /// has fewer than two letters of the script: too little to tell. (Japanese also
  /// needs kana, told for the values together: `kana(in:)`.)
  static func reads(_ text: String, as script: Script) -> Bool? {
    var letters = 0
    var words = 0
    var oddWords = 0
    var previous: Unicode.Scalar? = nil
    var inWord = false
    var capitalsBefore = 0
    var wordSmall = 0
    var wordAccented = false
    var wordOdd = false
    // A capital after a small letter in the word: one is a brand's (`МегаФон`,
    // `ПриватБанк`: two words of two letters or more run together), more are not.
    var wordHumps = 0
    var wordLetters = 0
    var lettersBeforeHump = 0
    var smallAfterHump = 0
    // A Greek word has a vowel (`Κθμ`, Windows-1251's `Ким` read as Greek, has none).
    var wordVowels = 0
    // Points on one Hebrew letter: a modern name has none, a vowel point or two at most.
    var marksInARow = 0
    func endWord(abbreviated: Bool = false) {
      if inWord {
        words += 1
        let brand = wordHumps == 0 || (wordHumps == 1 && lettersBeforeHump >= 2 && smallAfterHump >= 2)
        // A Greek word of three letters or more has a vowel, but an abbreviation
        // (`Χρ.`, `Στ.`: a period after it).
        let vowelless = script == .greek && wordLetters >= 3 && wordVowels == 0 && !abbreviated
        if wordOdd || !brand || (script == .greek && wordSmall >= 4 && !wordAccented) || vowelless {
          oddWords += 1
        }
      }
      (inWord, capitalsBefore, wordSmall, wordAccented, wordOdd) = (false, 0, 0, false, false)
      (wordHumps, wordLetters, lettersBeforeHump, smallAfterHump, wordVowels) = (0, 0, 0, 0, 0)
    }
    for scalar in text.unicodeScalars {
      let properties = scalar.properties
      let category = properties.generalCategory
      let isMark = scalar.isMark(spacing: true)
      let isLetter = properties.isAlphabetic && !isMark
      if scalar.value < 0x80 {
        if isLetter {
          if let previous, previous.value >= 0x80, isOfScript(previous, script), script != .latin { return false }
          if let previous, latinSymbols.contains(previous) { return false }
          inWord = true
        } else {
          endWord(abbreviated: scalar == ".")
        }
        previous = scalar
        continue
      }
      if isMark {
        guard let previous, isOfScript(previous, script) || previous.isMark(spacing: true) else { return false }
        if script == .greek { wordAccented = true }
        marksInARow += 1
        if script == .hebrew && marksInARow > 2 { return false }
        continue
      }
      marksInARow = 0
      if isLetter && !standingApart.contains(scalar) {
        guard isOfScript(scalar, script) else { return false }
        // Arabic's tatweel stretches the join between two letters: no word begins with
        // it (Shift_JIS's half-width `ﾜ` is Windows-1256's tatweel).
        if script == .arabic, scalar.value == 0x0640, wordLetters == 0 { return false }
        if let previous, previous.value < 0x80, previous.properties.isAlphabetic, script != .latin { return false }
        // A script's digit inside a word (`อ๕ะ`), or a symbol right before a letter
        // (`©árka`: ISO-8859-2's `Š`): another charset's text.
        if let previous, previous.value >= 0x80, previous.properties.generalCategory == .decimalNumber { return false }
        if let previous, latinSymbols.contains(previous) { return false }
        letters += 1
        wordLetters += 1
        inWord = true
        if script == .greek && Self.isGreekVowel(scalar) { wordVowels += 1 }
        if properties.isUppercase {
          if let previous, previous.properties.isLowercase {
            wordHumps += 1
            lettersBeforeHump = wordLetters
          }
          capitalsBefore += 1
        } else if properties.isLowercase {
          if capitalsBefore >= 2 { wordOdd = true }
          if wordHumps > 0 { smallAfterHump += 1 }
          capitalsBefore = 0
          wordSmall += 1
          if script == .greek && isAccentedGreek(scalar) { wordAccented = true }
        }
        previous = scalar
        continue
      }
      let afterLetter = previous.map { $0.properties.isAlphabetic } ?? false
      let allowed =
        punctuation.contains(scalar) || (category == .decimalNumber && !afterLetter) || scalar.value == 0xA0
        || (script == .japanese && isCJKPunctuation(scalar)) || (script == .arabic && arabicPunctuation.contains(scalar))
        || (script == .hebrew && hebrewPunctuation.contains(scalar))
        || (script == .latin && (standingApart.contains(scalar) || (latinSymbols.contains(scalar) && !afterLetter)))
      guard allowed else { return false }
      endWord()
      previous = scalar
    }
    endWord()
    guard letters >= 2 else { return nil }
    return oddWords * 10 <= words
  }

  /// The kana in `text`: what tells Japanese in EUC-JP from Chinese in GB2312, whose
  /// kanji and hanzi share their bytes (a file's names need some).
  static func kana(in text: String) -> Int {
    text.unicodeScalars.count { (0x3040...0x30FF).contains($0.value) }
  }

  private static let punctuation: Set<Unicode.Scalar> = ["«", "»", "„", "“", "”", "‘", "’", "–", "—", "…", "№", "·", "‹", "›"]

  /// Hebrew's geresh, gershayim (a foreign sound, `ז׳אק`; an abbreviation) and maqaf.
  private static let hebrewPunctuation: Set<Unicode.Scalar> = ["\u{05F3}", "\u{05F4}", "\u{05BE}"]

  /// Arabic's comma, semicolon, question mark and number signs.
  private static let arabicPunctuation: Set<Unicode.Scalar> = ["\u{060C}", "\u{061B}", "\u{061F}", "\u{066A}", "\u{066B}", "\u{066C}", "\u{066D}"]

  /// Latin-1's symbols, in Latin text only standing apart from letters (neither right
  /// after one nor right before one).
  private static let latinSymbols: Set<Unicode.Scalar> = [
    "©", "®", "±", "£", "¥", "€", "§", "¶", "µ", "¿", "¡", "¦", "¤", "¬", "¹", "²", "³", "¼", "½", "¾", "×", "÷", "¢",
  ]

  /// Signs that follow a letter or digit (`nº`, `1ª`, `21°`), anywhere.
  private static let standingApart: Set<Unicode.Scalar> = ["º", "ª", "°"]

  private static func isCJKPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    (0x3000...0x303F).contains(scalar.value) || (0xFF01...0xFF5E).contains(scalar.value)
  }

  /// Whether `scalar` is a Greek vowel, of either case, accented or not.
  private static func isGreekVowel(_ scalar: Unicode.Scalar) -> Bool {
    "αεηιουωάέήίόύώϊϋΐΰΑΕΗΙΟΥΩΆΈΉΊΌΎΏΪΫ".unicodeScalars.contains(scalar)
  }

  private static func isAccentedGreek(_ scalar: Unicode.Scalar) -> Bool {
    (0x0386...0x038F).contains(scalar.value) || (0x03AC...0x03B0).contains(scalar.value)
      || (0x03CA...0x03CE).contains(scalar.value) || scalar.value == 0x0390
  }

  /// Whether `scalar` is a letter (or, for Thai, Hebrew and Arabic, a sign) of `script`.
  private static func isOfScript(_ scalar: Unicode.Scalar, _ script: Script) -> Bool {
    let value = scalar.value
    switch script {
    case .cyrillic: return (0x0400...0x04FF).contains(value)
    case .greek: return (0x0370...0x03FF).contains(value) || (0x1F00...0x1FFF).contains(value)
    case .hebrew: return (0x05D0...0x05EA).contains(value) || (0x05F0...0x05F4).contains(value)
    case .arabic: return (0x0620...0x06FF).contains(value)
    case .thai: return (0x0E01...0x0E5B).contains(value)
    case .latin:
      // Latin-1 to Latin Extended-B, and Latin Extended Additional (Vietnamese `ễ`, `ạ`).
      return ((0x00C0...0x024F).contains(value) && value != 0xD7 && value != 0xF7) || (0x1E00...0x1EFF).contains(value)
    case .japanese:
      return (0x3040...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
        || value == 0x3005
    }
  }
}
