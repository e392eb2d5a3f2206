/// Whether text decoded in a guessed charset reads as names in one script: the test
/// `LegacyCharsetVerdict` puts uchardet's answers to (Chinese read as Greek gives
/// `ΥΤΡσ`, Hebrew read as Greek `αιθεο`, Latin-1 read as Windows-1251 `Mьller`).
enum ScriptPlausibility {
  /// The scripts told.
  enum Script: Sendable {
    case cyrillic, greek, hebrew, arabic, thai, latin, japanese
  }

  /// Whether `text` reads as `script`'s names: at least two of its letters; every
  /// character beyond ASCII a letter of it, a mark after one, or punctuation names hold
  /// (`«»„“”‘’–—…№·`, CJK punctuation for Japanese); no letter of it inside an ASCII
  /// word (but Latin); in a script of two cases no capital after a small letter, nor
  /// a small one after two capitals, in a word; in Greek every word of four letters or
  /// more in small letters accented (monotonic orthography); in Japanese some kana.
  static func reads(_ text: String, as script: Script) -> Bool {
    var letters = 0
    var kana = 0
    var previous: Unicode.Scalar? = nil
    var capitalsBefore = 0
    // The current word's small letters and whether one is accented (Greek).
    var wordSmall = 0
    var wordAccented = false
    func wordEnds() -> Bool {
      defer { (wordSmall, wordAccented, capitalsBefore) = (0, false, 0) }
      return script != .greek || wordSmall < 4 || wordAccented
    }
    for scalar in text.unicodeScalars {
      let properties = scalar.properties
      let isLetter = properties.isAlphabetic && !isMark(properties.generalCategory)
      if scalar.value < 0x80 {
        if isLetter {
          if let previous, previous.value >= 0x80, isOfScript(previous, script), script != .latin { return false }
        } else if !wordEnds() {
          return false
        }
        previous = scalar
        continue
      }
      if isMark(properties.generalCategory) {
        guard let previous, isOfScript(previous, script) || isMark(previous.properties.generalCategory) else { return false }
        if script == .greek { wordAccented = true }
        continue
      }
      if isLetter {
        guard isOfScript(scalar, script) else { return false }
        if let previous, previous.value < 0x80, previous.properties.isAlphabetic, script != .latin { return false }
        letters += 1
        if script == .japanese && (0x3040...0x30FF).contains(scalar.value) { kana += 1 }
        if properties.isUppercase {
          if let previous, previous.properties.isLowercase { return false }
          capitalsBefore += 1
        } else if properties.isLowercase {
          if capitalsBefore >= 2 { return false }
          capitalsBefore = 0
          wordSmall += 1
          if script == .greek && isAccentedGreek(scalar) { wordAccented = true }
        }
        previous = scalar
        continue
      }
      guard punctuation.contains(scalar) || (script == .japanese && isCJKPunctuation(scalar)) || scalar.value == 0xA0
      else { return false }
      if !wordEnds() { return false }
      previous = scalar
    }
    guard wordEnds(), letters >= 2 else { return false }
    return script != .japanese || kana > 0
  }

  private static let punctuation: Set<Unicode.Scalar> = ["«", "»", "„", "“", "”", "‘", "’", "–", "—", "…", "№", "·", "‹", "›"]

  private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
    category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
  }

  private static func isCJKPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    (0x3000...0x303F).contains(scalar.value) || (0xFF01...0xFF5E).contains(scalar.value)
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
    case .latin: return (0x00C0...0x024F).contains(value) && value != 0xD7 && value != 0xF7
    case .japanese:
      return (0x3040...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
        || value == 0x3005
    }
  }
}
