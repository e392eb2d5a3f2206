extension TerminalText {
  /// Columns one grapheme cluster takes in a terminal: 0, or 1 and up.
  ///
  /// Rules, in order:
  /// - ASCII: printable characters are 1; C0 controls and DEL are 0.
  /// - 0 when the cluster starts with a zero-width scalar: a combining mark (general
  ///   category Mn or Me), a format character (Cf: ZWJ, ZWNJ, bidi controls, …), a
  ///   variation selector, a Hangul medial/final jamo, or a C1 control.
  /// - 2 for emoji presentation (Unicode UTS #51): a first scalar with
  ///   `Emoji_Presentation` (👩, ⭐, 🇳🇿, 👍🏽 …); an emoji base followed by U+FE0F (❤️,
  ///   ☺️); an emoji ZWJ sequence (👩‍💻, 👨‍👩‍👧‍👦); a keycap (1️⃣). An emoji base followed by
  ///   U+FE0E (text presentation, ❤︎) is 1.
  /// - Otherwise the sum over the cluster's scalars, as terminals count them
  ///   (`wcwidth(3)` of glibc, xterm, tmux): 2 for East Asian Wide and Fullwidth
  ///   characters (Unicode UAX #11: CJK, Hangul syllables, kana, fullwidth forms), 0
  ///   for the zero-width scalars above, 1 for the rest (East Asian Ambiguous
  ///   characters count as narrow). So a spacing mark (category Mc, such as the
  ///   Devanagari vowel sign U+093F ि) takes a column of its own and a conjunct's
  ///   second consonant too: `प्रि` (प ् र ि) is 3 columns, `é` (e + U+0301) is 1.
  ///
  /// Fast for ASCII and Latin text: no table look-up below U+0300.
  public static func width(_ cluster: Character) -> Int {
    if let ascii = cluster.asciiValue {
      return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let value = first.value
    let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
    // Latin-1 and Latin Extended: no combining marks, no wide characters.
    if single && value < 0x300 {
      if value < 0xA0 { return value >= 0x80 ? 0 : 1 }  // C1 controls
      return 1
    }
    if isZeroWidth(first) { return 0 }
    if !single, let emoji = emojiSequenceWidth(first, scalars) { return emoji }
    if first.properties.isEmojiPresentation { return 2 }
    var total = EastAsianWidth.isWide(value) ? 2 : 1
    if !single {
      for scalar in scalars.dropFirst() { total += columns(scalar) }
    }
    return total
  }

  /// Columns one scalar after the first of a cluster adds: 0, 1 or 2, as
  /// `wcwidth(3)` counts it.
  static func columns(_ scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x300 { return scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? 0 : 1 }
    if isZeroWidth(scalar) { return 0 }
    return EastAsianWidth.isWide(scalar.value) ? 2 : 1
  }

  /// Whether a cluster starting with `scalar` takes no column.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true  // Hangul medial and final jamo
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true  // variation selectors
    case 0x200B: return true  // zero width space (Cf in older data, keep explicit)
    // Prepended concatenation marks (Arabic number sign, Syriac abbreviation mark…) are
    // format characters drawn as signs over what follows: one column, as `wcwidth` says.
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return false
    default: break
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return true
    default: return false
    }
  }

  /// Width of a multi-scalar cluster decided by its emoji form, or `nil` to fall
  /// through to the single-scalar rules.
  private static func emojiSequenceWidth(
    _ first: Unicode.Scalar, _ scalars: Character.UnicodeScalarView
  ) -> Int? {
    guard first.properties.isEmoji else { return nil }
    var textPresentation = false
    for scalar in scalars.dropFirst() {
      switch scalar.value {
      case 0xFE0F, 0x200D, 0x20E3: return 2  // emoji presentation, ZWJ sequence, keycap
      case 0xFE0E: textPresentation = true
      default: continue
      }
    }
    return textPresentation ? 1 : nil
  }
}
