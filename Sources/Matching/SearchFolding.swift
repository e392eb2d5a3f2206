import ContactKit
import Foundation
import CpickSupport

/// Folds text for matching: the same function is applied to the query and to every
/// searchable field, so matching is symmetric (`Álvaro` finds `Alvaro`, `alvaro` finds
/// `Álvaro`).
///
/// Folding lower-cases (Unicode case folding), removes diacritics (canonical
/// decomposition, combining marks dropped), maps full-width forms to their ASCII
/// counterparts, and replaces letters that have no decomposition by a table:
/// `ł→l`, `ø→o`, `đ→d`, `ß→ss`, `æ→ae`, `œ→oe`, `ı→i`, `þ→th`, `ð→d`, `ħ→h`, `ŧ→t`,
/// `ŀ→l` (as ICU's `Latin-ASCII` transform: what a reader types on an ASCII keyboard),
/// the ligatures `ĳ ǆ ǉ ǌ ﬁ ﬂ` as their letters,
/// the Unicode hyphens U+2010 and U+2011 (a word processor's, a phone's "smart
/// punctuation"), the figure and en dashes and the minus sign as `-`, the middle dot
/// as `.` (separators of phone numbers: `0271–555–01–22` typed as the card shows it),
/// typographic apostrophes as `'`, and Unicode spaces (no-break,
/// U+3000 of CJK input methods) as a space; default-ignorable code points (U+200B, U+FEFF, U+00AD, joiners,
/// variation selectors: `InvisibleCharacters`) are left out.
/// Other scripts keep their letters, with the variants their readers treat as one
/// folded together (`ScriptFolding`: katakana as hiragana, Arabic alef forms, Hebrew
/// final forms, marks ICU ignores at primary strength, digits of every script); the
/// search index adds their Latin transliteration as extra fields.
///
/// ASCII text is only lower-cased, without Foundation.
public enum SearchFolding {
  /// Folds and transliterates a few characters of every kind once, so that ICU's data
  /// (folding, `Any-Latin`) is loaded before the first search needs it: about 60 ms
  /// on the first non-ASCII text otherwise, which a picker whose list came from the
  /// on-disk index (no indexing, so no ICU yet) would spend on the first keystroke.
  /// Call it on a background thread at start.
  public static func prepare() {
    _ = fold("Ééß Ωω Жж")
    _ = Transliteration.latinize("王小明 김 タナカ Жанна")
  }

  /// `s` case-folded, without diacritics, with the table above and the letters of
  /// other scripts that their readers treat as one (`ScriptFolding`) applied.
  ///
  /// - Complexity: O(n); a Foundation call only when `s` has non-ASCII characters.
  public static func fold(_ s: String) -> String {
    if isASCII(s) { return asciiLowercased(s) }
    // Only its ASCII lower-cased (`asciiLowercased` leaves other bytes as they are).
    if isPlainHangulOrHan(s) { return asciiLowercased(s) }
    return foldedWithFoundation(s)
  }

  /// Whether every scalar of `s` is ASCII, a Hangul syllable (U+AC00–U+D7A3), a
  /// Hangul compatibility letter (U+3131–U+3163: the initials a Korean keyboard
  /// types; not the filler U+3164, which folding leaves out) or a CJK unified
  /// ideograph of the main block (U+4E00–U+9FFF) but a variant kanji or a Traditional
  /// character (`ScriptFolding.hanVariants`): letters without case, marks or width, which no
  /// folding changes (a test checks each against
  /// `foldedWithFoundation`), so that a Korean or Chinese name is folded without
  /// Foundation (a book of 670,000 Korean names: about 5 % of its reading).
  static func isPlainHangulOrHan(_ s: String) -> Bool {
    s.unicodeScalars.allSatisfy { scalar in
      scalar.value < 0x80 || (0xAC00...0xD7A3).contains(scalar.value)
        || ((0x4E00...0x9FFF).contains(scalar.value) && ScriptFolding.hanVariants[scalar.value] == nil)
        || (0x3131...0x3163).contains(scalar.value)
    }
  }

  /// `fold(s)` of non-ASCII text, through Foundation's folding.
  static func foldedWithFoundation(_ s: String) -> String {
    // Composed first (NFC), so that text typed or pasted decomposed — macOS's NFD,
    // conjoining Hangul jamo, a kana and U+3099 — folds as the composed text does (case 40);
    // presentation forms and the Indic nukta letters through NFKC.
    let s =
      switch normalization(of: s) {
      case .none: s
      case .canonical: s.precomposedInPieces
      case .compatibility: s.compatibilityPrecomposedInPieces
      }
    // A piece at a time: Foundation removes each mark in place (quadratic in a value).
    let folded =
      s.inPieces { $0.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil) } ?? ""
    var out = String.UnicodeScalarView()
    var changed = false
    var composes = false
    for scalar in folded.unicodeScalars {
      if scalar.value < 0x80 {
        out.append(scalar)
      } else if InvisibleCharacters.isDefaultIgnorable(scalar) {
        // Invisible (U+200B, U+FEFF, a soft hyphen, a joiner, a variation selector):
        // left out of both sides, so that a query pasted with one finds the name
        // without it, and the other way round.
        changed = true
      } else if let replacement = table[scalar.value] {
        out.appendEach(replacement.unicodeScalars)
        changed = true
      } else {
        switch ScriptFolding.fold(scalar) {
        case .keep:
          out.append(scalar)
        case .drop:
          changed = true
        case .replace(let other):
          out.append(other)
          changed = true
          // A half-width voiced mark, now U+3099/U+309A, composes with its kana.
          if other.value == 0x3099 || other.value == 0x309A { composes = true }
        }
      }
    }
    guard changed else { return folded }
    return composes ? String(out).precomposedInPieces : String(out)
  }

  /// `text` with the letters its readers spell out on an ASCII keyboard as they spell
  /// them — German's `ä ö ü` as `ae oe ue`, Danish and Norwegian `ø` as `oe`, `å` as
  /// `aa`, South Slavic `đ` as `dj` (`Müller` → `mueller`, `Đoković` → `djokovic`) —
  /// folded; nil when it has none of them. A search form beside `fold`'s (`muller`), so
  /// that either spelling finds the name.
  public static func spelledOut(_ text: String) -> String? {
    // Most text has none of them (told without normalizing it): a name's `é` or `ł`.
    guard !isASCII(text), text.unicodeScalars.contains(where: { spelledOrMark.contains($0.value) }) else { return nil }
    var out = String.UnicodeScalarView()
    var changed = false
    for scalar in text.precomposedInPieces.lowercased().unicodeScalars {
      if let spelling = spellings[scalar] {
        out.appendEach(spelling.unicodeScalars)
        changed = true
      } else {
        out.append(scalar)
      }
    }
    return changed ? fold(String(out)) : nil
  }

  private static let spellings: [Unicode.Scalar: String] = [
    "ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe", "å": "aa", "đ": "dj",
  ]

  /// The letters of `spellings` in both cases, and the diaeresis and ring above that
  /// make them of a decomposed `a`, `o`, `u`.
  private static let spelledOrMark: Set<UInt32> = [
    0xE4, 0xF6, 0xFC, 0xF8, 0xE5, 0x111, 0xC4, 0xD6, 0xDC, 0xD8, 0xC5, 0x110, 0x308, 0x30A,
  ]

  /// Letters without a canonical decomposition, after case folding.
  static let table: [UInt32: String] = [
    0x142: "l",  // ł
    0xF8: "o",  // ø
    0x111: "d",  // đ
    0xDF: "ss",  // ß
    0x1E9E: "ss",  // ẞ
    0xE6: "ae",  // æ
    0x153: "oe",  // œ
    0x131: "i",  // ı
    0xFE: "th",  // þ
    0xF0: "d",  // ð
    0x127: "h",  // ħ
    0x167: "t",  // ŧ
    0x140: "l",  // ŀ
    // Upper-case forms, in case the case folding left any.
    0x141: "l", 0xD8: "o", 0x110: "d", 0xC6: "ae", 0x152: "oe", 0xDE: "th", 0xD0: "d",
    0x126: "h", 0x166: "t", 0x13F: "l",
    // Letters of African alphabets and Azerbaijani, as their names are written in
    // English and on passports: Akan's and Ewe's `ɛ ɔ ʋ ɣ ʒ ɖ ƒ` (`Kɔfi` is Kofi), Hausa's
    // hooked `ɓ ɗ ƙ ƴ`, Azerbaijani `ə` as `a` (`Əliyev` is Aliyev); both cases.
    0x25B: "e", 0x190: "e", 0x254: "o", 0x186: "o", 0x28B: "v", 0x1B2: "v", 0x263: "g", 0x194: "g", 0x292: "z",
    0x1B7: "z", 0x256: "d", 0x189: "d", 0x192: "f", 0x191: "f", 0x253: "b", 0x181: "b", 0x257: "d", 0x18A: "d",
    0x199: "k", 0x198: "k", 0x1B4: "y", 0x1B3: "y", 0x259: "a", 0x18F: "a",
    // Ligatures of two letters, as the letters a keyboard types (Dutch `ĳ` in a
    // query finds `IJsselmeer`; Croatian and Serbian `ǆ ǉ ǌ`; typesetting's `ﬁ ﬂ`).
    0x132: "ij", 0x133: "ij", 0x1C4: "dz", 0x1C5: "dz", 0x1C6: "dz", 0x1C7: "lj", 0x1C8: "lj", 0x1C9: "lj",
    0x1CA: "nj", 0x1CB: "nj", 0x1CC: "nj", 0x1F1: "dz", 0x1F2: "dz", 0x1F3: "dz", 0xFB00: "ff", 0xFB01: "fi",
    0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
    // Hyphen and non-breaking hyphen, as the ASCII hyphen-minus a keyboard types; the
    // figure dash (Unicode's for telephone numbers), the en dash a word processor makes
    // of a hyphen, the minus sign; the middle dot some write numbers with (`0871·555`).
    0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2212: "-", 0xB7: ".",
    // Apostrophes (`O’Brien` as a phone's or a word processor's "smart punctuation"
    // writes it, the modifier letter of `Hawaiʻi`) as the ASCII one.
    0x2019: "'", 0x2018: "'", 0x02BC: "'", 0x02BB: "'", 0x2032: "'",
    // Spaces: no-break, the CJK input methods' ideographic space, the typographic
    // ones: a word break as the ASCII space is, in a query too.
    0xA0: " ", 0x3000: " ", 0x2000: " ", 0x2001: " ", 0x2002: " ", 0x2003: " ", 0x2004: " ", 0x2005: " ",
    0x2006: " ", 0x2007: " ", 0x2008: " ", 0x2009: " ", 0x200A: " ", 0x202F: " ", 0x205F: " ",
  ]

  /// The normal form `fold` brings text to first.
  enum Normalization {
    /// Nothing composes: most text, so normalising is skipped.
    case none
    /// NFC: a combining mark or a conjoining Hangul jamo (U+1100–U+11FF).
    case canonical
    /// NFKC: a presentation form or an Indic nukta letter
    /// (`ScriptFolding.needsCompatibilityForm`).
    case compatibility
  }

  /// The normal form `s` needs before folding.
  static func normalization(of s: String) -> Normalization {
    var needed = Normalization.none
    for scalar in s.unicodeScalars where scalar.value >= 0x300 {
      if ScriptFolding.needsCompatibilityForm(scalar) { return .compatibility }
      if (0x1100...0x11FF).contains(scalar.value) || (0x300...0x36F).contains(scalar.value)
        || scalar.value == 0x3099 || scalar.value == 0x309A
        || scalar.properties.canonicalCombiningClass.rawValue != 0
      {
        needed = .canonical
      }
    }
    return needed
  }

  /// True when every UTF-8 byte of `s` is ASCII.
  static func isASCII(_ s: String) -> Bool {
    var s = s
    return s.withUTF8 { buffer in
      for byte in buffer where byte >= 0x80 { return false }
      return true
    }
  }

  /// ASCII lower-casing without Foundation (other bytes as they are).
  static func asciiLowercased(_ s: String) -> String {
    var s = s
    return s.withUTF8 { buffer in
      String(unsafeUninitializedCapacity: buffer.count) { out in
        for i in 0..<buffer.count { out[i] = lowerASCII(buffer[i]) }
        return buffer.count
      }
    }
  }

  @inline(__always)
  static func lowerASCII(_ byte: UInt8) -> UInt8 {
    byte &- 65 < 26 ? byte | 0x20 : byte
  }
}

/// Latin transliteration of non-Latin text (pinyin for Han, romaji for Kana, Revised
/// Romanization for Hangul one syllable at a time, ISO-style for Cyrillic and Greek,
/// Devanagari with `sh`/`ch` as people spell it, …) through the ICU transform
/// `Any-Latin; Latin-ASCII; Lower`, with a process-wide cache: Han is transliterated one
/// character at a time (so a book of Chinese names costs one transform per distinct
/// character), other runs of non-ASCII text one run at a time.
enum Transliteration {
  /// The transliterations of texts met: at most 100,000, kept while texts recur (`Memo`).
  static let cache = Memo<ByteKey, String>(capacity: 100_000)

  /// True for Han ideographs and Kana, whose transliteration is split into syllables.
  static func isHanOrKana(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
      0xFF66...0xFF9F, 0x20000...0x3FFFF:  // half-width katakana too
      return true
    default:
      return false
    }
  }

  static func isHan(_ scalar: Unicode.Scalar) -> Bool {
    isHanOrKana(scalar) && !(0x3040...0x30FF).contains(scalar.value)
      && !(0x31F0...0x31FF).contains(scalar.value) && !(0xFF66...0xFF9F).contains(scalar.value)
  }

  /// True for a Han ideograph or a Hangul syllable: each is one syllable, transliterated
  /// on its own (so `김민준` → `gim min jun`, whose word starts and initials are keys).
  static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
    isHan(scalar) || isHangulSyllable(scalar)
  }

  /// True for a precomposed Hangul syllable (U+AC00–U+D7A3).
  static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
    (0xAC00...0xD7A3).contains(scalar.value)
  }

  static let indicTransform = ICUTransform("Any-Latin")

  /// Devanagari in the spelling people use (`शर्मा` → `sharma`, not ISO's `sarma`):
  /// ICU's ISO 15919 reading with `ś`, `ṣ` (either case) as `sh`, `c` as `ch`, the
  /// anusvara `ṁ`, `ṃ` as `n` — in one pass over its scalars (ICU writes them
  /// precomposed).
  static func indicLatin(_ text: String) -> String {
    let latin = text.applyingTransformInPieces(indicTransform) ?? text
    var out = String.UnicodeScalarView()
    for scalar in latin.unicodeScalars {
      switch scalar.value {
      case 0x015A, 0x015B, 0x1E62, 0x1E63: out.appendEach("sh".unicodeScalars)
      case 0x63: out.appendEach("ch".unicodeScalars)
      case 0x1E41, 0x1E43: out.append("n")
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// The cached transliteration of `text`, folded.
  static func latin(_ text: String) -> String {
    // A Han character of the table, as ICU reads it alone (`HanReadings`).
    // A Hangul syllable in the Revised Romanization (`HangulSpelling.revisedSyllable`).
    var scalars = text.unicodeScalars.makeIterator()
    if let first = scalars.next(), scalars.next() == nil,
      let reading = HanReadings.reading(first) ?? HangulSpelling.revisedSyllable(first)
    {
      return SearchFolding.fold(reading)
    }
    // A word of letters ICU reads one at a time (Cyrillic, …), from their readings.
    if let letters = LetterReadings.latin(text) { return SearchFolding.fold(letters) }
    let key = ByteKey(text)
    if let hit = cache.value(for: key) { return hit }
    let isIndic = text.unicodeScalars.contains { (0x900...0x97F).contains($0.value) }
    // The transform a sort key of the same word made, when it came first (both wait
    // for the warm-up of ICU's rules). Devanagari's reading needs no `Latin-ASCII;
    // Lower` after it: folding takes its marks and case as that transform did (one ICU
    // call a word, not two: ICU transforms under a lock of the whole process).
    let transformed: String?
    if isIndic {
      TransliterationWarmUp.waitIfRunning()
      transformed = indicLatin(text)
    } else {
      transformed = ContactFormatter.latinTransformed(text)
    }
    let latin = SearchFolding.fold(transformed ?? text)
    cache.store(latin, for: key)
    return latin
  }

  /// `text` in Latin letters: Han characters become space-separated syllables
  /// (`王小明` → `wang xiao ming`), other non-ASCII runs their transliteration, ASCII is
  /// kept. `hasCJK` tells whether Han or Kana was present (then the concatenated form
  /// and the initials are useful search keys too). Returns nil when the text has no
  /// non-ASCII letters.
  static func latinize(_ text: String) -> (text: String, hasCJK: Bool)? {
    var out = ""
    var run = String.UnicodeScalarView()
    var hasCJK = false
    var sawNonASCII = false
    func flush() {
      guard !run.isEmpty else { return }
      out += latin(String(run))
      run.removeAll()
    }
    for scalar in text.unicodeScalars {
      if scalar.value < 0x80 {
        flush()
        out.unicodeScalars.append(scalar)
      } else if let revised = HangulSpelling.revisedSyllable(scalar) {
        // A Hangul syllable: a word of its own, as a Han character is (below).
        flush()
        hasCJK = true
        sawNonASCII = true
        out += " "
        out += revised
        out += " "
      } else if isSyllable(scalar) || HanReadings.hasReading(scalar) {
        // A syllable, or Han of the table inside a run (`々` in 佐々木, a radical, `〇`):
        // a word of its own, as ICU's Han-Latin spaces it (so that ICU compiles no
        // Han-Latin rules for the run).
        flush()
        if isSyllable(scalar) { hasCJK = true }
        sawNonASCII = true
        out += " " + latin(String(scalar)) + " "
      } else {
        if isHanOrKana(scalar) { hasCJK = true }
        sawNonASCII = true
        run.append(scalar)
      }
    }
    flush()
    guard sawNonASCII else { return nil }
    let words = out.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    return (words.joined(separator: " "), hasCJK)
  }
}
