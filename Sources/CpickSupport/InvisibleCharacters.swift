/// Invisible characters: the default-ignorable code points (Unicode §5.21,
/// `Default_Ignorable_Code_Point`: U+200B ZERO WIDTH SPACE, U+200C, U+200D, U+2060,
/// U+FEFF, U+00AD SOFT HYPHEN, U+180E, U+3164, variation selectors, tags, …), which
/// a terminal draws as nothing, so that `ada@exa\u{200B}mple.org` looks like
/// `ada@example.org`. The one home of which of them do a job where they stand.
///
/// Some do a job in a name and are kept there:
/// - U+200D ZERO WIDTH JOINER between two emoji (`👩‍💻`, UTS #51 ZWJ sequences);
/// - U+200C and U+200D between two letters or marks (or after one, at the end of the
///   text; after a virama, at a word's end too: Malayalam's chillu `ന്‍`) of a script
///   that joins or forms conjuncts (Arabic, Persian `می‌خواهم`, Syriac, N'Ko, the Indic scripts, Myanmar,
///   Khmer, Mongolian);
/// - a variation selector U+FE00–U+FE0F after an emoji or an ideograph, and
///   U+E0100–U+E01EF after an ideograph (UTS #37 ideographic variation sequences);
/// - U+180B–U+180D, U+180F after a Mongolian letter, U+17B4–U+17B5 in Khmer;
/// - tags U+E0020–U+E007F after U+1F3F4 🏴 or another tag (emoji tag sequences);
/// - U+034F COMBINING GRAPHEME JOINER after a combining mark;
/// - U+115F, U+1160 (Hangul fillers) before a Hangul jamo.
///
/// In an email address none does a job (RFC 5321 §4.1.2, RFC 6531: an address is
/// compared as written, and no mail system folds these away).
package enum InvisibleCharacters {
  /// Whether `scalar`, between `previous` and `next` (the scalars around it, `nil` at
  /// an end), is a default-ignorable code point that does no job there.
  package static func isHidden(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?)
    -> Bool
  {
    let value = scalar.value
    // Fast path: nothing below U+00AD is default-ignorable.
    guard value >= 0xAD, scalar.properties.isDefaultIgnorableCodePoint else { return false }
    switch value {
    case 0x200D:
      if let previous, let next, isEmojiSequencePart(previous), isEmojiSequencePart(next) { return false }
      return !joinsLetters(previous, next)
    case 0x200C:
      return !joinsLetters(previous, next)
    case 0xFE00...0xFE0F:
      guard let previous else { return true }
      return !(previous.properties.isEmoji || previous.properties.isIdeographic)
    case 0xE0100...0xE01EF:
      return !(previous?.properties.isIdeographic ?? false)
    case 0x180B...0x180D, 0x180F:
      return !(previous.map { (0x1820...0x18AA).contains($0.value) } ?? false)
    case 0x17B4, 0x17B5:
      return !(previous.map { (0x1780...0x17FF).contains($0.value) } ?? false)
    case 0xE0020...0xE007F:
      return !(previous.map { $0.value == 0x1F3F4 || (0xE0020...0xE007F).contains($0.value) } ?? false)
    case 0x034F:
      return !(previous.map { $0.properties.generalCategory == .nonspacingMark } ?? false)
    case 0x115F, 0x1160:
      return !(next.map { (0x1100...0x11FF).contains($0.value) } ?? false)
    default:
      return true
    }
  }

  /// Whether `text` holds a default-ignorable code point that does no job where it
  /// stands (`isHidden`).
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func containsHidden(_ text: String) -> Bool {
    guard !isASCII(text) else { return false }
    var found = false
    forEachScalar(of: text) { _, hidden in
      if hidden { found = true }
    }
    return found
  }

  /// `text` without the default-ignorable code points that do no job where they stand
  /// (for a name: `👩‍💻` and `می‌خواهم` keep their joiners); a space after one removed
  /// between two spaces is left out too (`Tag ␣U+E0041␣ Test` is `Tag Test`). Returns
  /// `text` itself when there is none.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func removingHidden(_ text: String) -> String {
    guard containsHidden(text) else { return text }
    var out = String.UnicodeScalarView()
    var removedAfterSpace = false
    forEachScalar(of: text) { scalar, hidden in
      if hidden {
        if out.last == " " { removedAfterSpace = true }
        return
      }
      if scalar == " " && removedAfterSpace { return }
      removedAfterSpace = false
      out.append(scalar)
    }
    return String(out)
  }

  /// `text` without any default-ignorable code point (for an email address, where
  /// none does a job). Returns `text` itself when there is none.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func removingAll(_ text: String) -> String {
    guard !isASCII(text), text.unicodeScalars.contains(where: isDefaultIgnorable) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isDefaultIgnorable($0) }))
  }

  /// Whether `text` is all ASCII, which holds no default-ignorable code point (none is
  /// below U+00AD): nearly every address and many names, told by their bytes.
  package static func isASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      // Eight bytes at a time, then the rest.
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
      }
      while index < bytes.count {
        if bytes[index] >= 0x80 { return false }
        index += 1
      }
      return true
    }
  }

  /// Whether `scalar` is a default-ignorable code point (anywhere).
  package static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xAD && scalar.properties.isDefaultIgnorableCodePoint
  }

  /// The default-ignorable code points of `text` written out, `U+200B U+FEFF`, each
  /// once, in order of first appearance (for a warning).
  package static func codePoints(in text: String, all: Bool) -> String {
    var seen: [UInt32] = []
    forEachScalar(of: text) { scalar, hidden in
      let shown = all ? isDefaultIgnorable(scalar) : hidden
      if shown && !seen.contains(scalar.value) { seen.append(scalar.value) }
    }
    return seen.map { value in
      let hex = String(value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// Calls `body` with each scalar of `text` and whether it is hidden there
  /// (`isHidden`, between the next scalar and the last one before it that is not
  /// hidden: in a run of them, two tags after a space or two CGJs after a letter, each
  /// is judged by what it follows visibly).
  package static func forEachScalar(of text: String, _ body: (Unicode.Scalar, _ hidden: Bool) -> Void) {
    var iterator = text.unicodeScalars.makeIterator()
    var previous: Unicode.Scalar? = nil
    guard var current = iterator.next() else { return }
    while true {
      let next = iterator.next()
      let hidden = isHidden(current, after: previous, before: next)
      body(current, hidden)
      guard let next else { return }
      if !hidden { previous = current }
      current = next
    }
  }

  /// Whether a joiner between `previous` and `next` stands inside a word of a joining
  /// script. At the end of the text (`next` is nil) the letter before decides: a
  /// screen cuts a name into grapheme clusters, and ZWNJ ends the cluster it closes.
  static func joinsLetters(_ previous: Unicode.Scalar?, _ next: Unicode.Scalar?) -> Bool {
    guard let previous, isJoiningScript(previous) else { return false }
    // After a virama, at a word's end too: Malayalam's chillu letters (`ന്‍`, the usual
    // way of writing them), Devanagari's explicit half forms.
    if previous.properties.canonicalCombiningClass == .virama { return true }
    return next.map(isJoiningScript) ?? true
  }

  /// An emoji, an emoji modifier (skin tone), or VS16, before or after a ZWJ of an
  /// emoji ZWJ sequence; not the ASCII digits, `#` and `*` that are emoji in keycaps.
  static func isEmojiSequencePart(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xA9 && (scalar.properties.isEmoji || scalar.value == 0xFE0F)
  }

  /// A letter or mark of a script that uses ZWJ and ZWNJ to choose its joining or
  /// conjunct forms: Arabic (with Persian and Urdu), Syriac, Thaana, N'Ko, the Indic
  /// scripts from Devanagari to Sinhala, Tibetan, Myanmar, Khmer, Mongolian, and the
  /// Arabic presentation forms.
  static func isJoiningScript(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0600...0x07FF, 0x0860...0x08FF, 0x0900...0x0DFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x18AF,
      0xA8E0...0xA8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFE:
      return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
        || scalar.properties.generalCategory == .spacingMark
    default:
      return false
    }
  }
}
