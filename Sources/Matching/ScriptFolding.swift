import ContactKit

/// The letters that readers of a script treat as one letter when they search, script by
/// script: `SearchFolding.fold` maps each scalar of its case-folded, diacritic-free text
/// through `fold(_:)`, so the index keys and the query fold alike.
///
/// The rule is ICU's collation at primary strength — what Android's contact search
/// compares (AOSP ContactsProvider `NameNormalizer`: a `RuleBasedCollator` of the
/// locale at `PRIMARY` strength, canonical decomposition) — checked pair by pair with
/// CLDR root and the script's own CLDR tailoring. Where ICU keeps two letters apart
/// that a search engine folds because people type one for the other, the source is
/// named at the letter:
///
/// | script | folded | source |
/// |---|---|---|
/// | Japanese | katakana = hiragana (`サトウ` = `さとう`); half-width katakana = full-width, `ｶﾞ` = `ガ` | CLDR root: kana differ at the tertiary level only; half-width is a `<narrow>` compatibility form (NFKC) |
/// | Arabic | harakat (U+064B–U+065F, U+0670) and tatweel (U+0640) ignored; `ى` = `ي` | CLDR root (ignorable) and CLDR `ar` (`ى` a secondary variant of `ي`); Lucene's `ArabicNormalizer` |
/// | Arabic | `أ` `إ` `آ` = `ا`; `ة` = `ه` | Lucene's `ArabicNormalizer` (Larkey et al., light stemming for Arabic retrieval): people write the bare alef and the heh; ICU keeps them apart |
/// | Persian | `ی` = `ي`, `ک` = `ك` | CLDR `fa` (the Persian and Arabic keyboards' yeh and kaf) |
/// | Hebrew | niqqud and cantillation ignored; final forms `ך ם ן ף ץ` = `כ מ נ פ צ` | CLDR root |
/// | Indic | nukta ignored (`क़` = `क`, Bengali, Gurmukhi, Gujarati) | CLDR root |
/// | Thai | tone marks and the signs above (U+0E47–U+0E4E) ignored | CLDR root (secondary weights) |
/// | Korean | a lone initial consonant typed as a conjoining jamo (`ᄇ` U+1107, left by NFC when no vowel follows) or a half-width one (`ﾲ` U+FFB2) = the compatibility jamo a keyboard types (`ㅂ` U+3142) | NFKC maps the half-width jamo; the conjoining ones have no compatibility mapping, but they are the same letter (Unicode's Hangul Compatibility Jamo chart): a query of initials (`HangulSpelling.initialConsonants`) finds the same names however it was typed |
/// | Japanese | a name's variant kanji (itaiji) = the standard one a keyboard types (`髙` = `高`, `﨑` = `崎`, `𠮷` = `吉`, `濱` = `浜`, `邊` = `辺`, `齋` = `斎`) | JIS X 0213's and the Japanese registry's variant pairs: Japanese phone books and the platforms' contact search match them (people save the form in their koseki, type the common one) |
/// | Chinese | a Traditional character = the Simplified one (`張` = `张`, `劉` = `刘`, `曉` = `晓`; `SimplifiedHan`) | ICU's `Hant-Hans` transform (Unihan's simplified variants): a mainland input method types the Simplified form of a Hong Kong or Taiwan name; Android's and iOS's contact search find either |
/// | every script | decimal digits = ASCII digits (`١٢٣`, `१२३`, `๑๒๓` = `123`) | CLDR root: digits of one value share a primary weight |
///
/// What `String.folding(options:locale:)` already folds before this (case, diacritics,
/// width): Greek final sigma and tonos/dialytika, Cyrillic `ё` = `е`, `ß` = `ss`,
/// full-width Latin and digits. Not folded, because ICU and the platforms keep them
/// apart: hiragana voiced marks (`が` ≠ `か`), Japanese iteration marks, Arabic `ٱ`
/// (wasla) and the hamza seats `ؤ` `ئ`, Persian `ۀ`.
enum ScriptFolding {
  /// What becomes of one scalar of folded text.
  enum Outcome: Equatable {
    /// Kept as it is.
    case keep
    /// Left out (a mark that does not make another letter).
    case drop
    /// Replaced by another scalar.
    case replace(Unicode.Scalar)
  }

  /// The outcome for `scalar` (not ASCII; already case-folded and without the
  /// diacritics Foundation removes).
  ///
  /// - Complexity: O(1): range checks; a Unicode property lookup only for a scalar of a
  ///   script with its own digits.
  static func fold(_ scalar: Unicode.Scalar) -> Outcome {
    let value = scalar.value
    switch value {
    case 0x300...0x36F:
      // A combining mark the folding left alone (rare).
      return .drop
    // Hebrew: cantillation and niqqud; the final forms.
    case 0x591...0x5BD, 0x5BF, 0x5C1, 0x5C2, 0x5C4, 0x5C5, 0x5C7:
      return .drop
    case 0x5DA, 0x5DD, 0x5DF, 0x5E3, 0x5E5:
      return .replace(Unicode.Scalar(value + 1)!)
    // Arabic and Persian.
    case 0x622, 0x623, 0x625:
      return .replace("\u{627}")
    case 0x629:
      return .replace("\u{647}")
    case 0x649, 0x6CC:
      return .replace("\u{64A}")
    case 0x6A9:
      return .replace("\u{643}")
    case 0x640, 0x64B...0x65F, 0x670:
      return .drop
    // Nukta: Devanagari, Bengali, Gurmukhi, Gujarati.
    case 0x93C, 0x9BC, 0xA3C, 0xABC:
      return .drop
    // Thai: maitaikhu, the tone marks, thanthakhat, nikhahit, yamakkan.
    case 0xE47...0xE4E:
      return .drop
    // Katakana to hiragana (ァ…ヶ → ぁ…ゖ).
    case 0x30A1...0x30F6:
      return .replace(Unicode.Scalar(value - 0x60)!)
    // A conjoining initial consonant no vowel followed: the compatibility jamo.
    case 0x1100...0x1112:
      return .replace(SectionIndex.compatibilityInitials[Int(value - 0x1100)])
    // Half-width voiced and semi-voiced sound marks, composed by the caller.
    case 0xFF9E:
      return .replace("\u{3099}")
    case 0xFF9F:
      return .replace("\u{309A}")
    // No decimal digits below U+0660 (Latin, Greek, Cyrillic, Hebrew, Arabic letters)
    // nor in CJK, kana and Hangul (full-width digits are folded by width): no lookup
    // but a kanji's variants.
    case 0x80..<0x660:
      return .keep
    case 0x2E80...0xFF0F, 0x20000...0x2FFFF:
      if let standard = hanVariants[value] { return .replace(standard) }
      return .keep
    default:
      if scalar.properties.generalCategory == .decimalNumber, let digit = scalar.properties.numericValue {
        return .replace(Unicode.Scalar(UInt8(48 + Int(digit))))
      }
      return .keep
    }
  }

  /// The Han characters searched as another: a Traditional Chinese one as its
  /// Simplified one (`SimplifiedHan`), a Japanese variant kanji as its standard one
  /// (`kanjiVariants`, first: `澤` is searched as `沢`, not `泽`).
  static let hanVariants: [UInt32: Unicode.Scalar] = SimplifiedHan.table.merging(kanjiVariants) { _, kanji in kanji }

  /// The variant kanji of Japanese names (itaiji) and the standard kanji each is
  /// searched as.
  static let kanjiVariants: [UInt32: Unicode.Scalar] = {
    let pairs = "髙高﨑崎嵜崎𠮷吉濱浜濵浜澤沢齋斎齊斉邊辺邉辺嶋島嶌島櫻桜廣広國国眞真德徳惠恵藏蔵冨富槇槙淺浅瀨瀬龍竜實実壽寿榮栄曾曽增増莊荘驒騨檜桧萬万與与兒児舘館峯峰"
    let scalars = Array(pairs.unicodeScalars)
    var table: [UInt32: Unicode.Scalar] = [:]
    for index in stride(from: 0, to: scalars.count, by: 2) { table[scalars[index].value] = scalars[index + 1] }
    return table
  }()

  /// Whether `scalar` must be normalised before folding: a letter whose canonical
  /// decomposition NFC keeps decomposed (the Indic nukta letters `क़`, `ড়`, `ਜ਼` are
  /// composition exclusions), or a presentation form that only NFKC takes apart
  /// (Hebrew `שׁ` U+FB2A, Arabic `ﻻ` U+FEFB, the half-width Hangul jamo U+FFA0–U+FFDC),
  /// or half-width katakana.
  static func needsCompatibilityForm(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x958...0x95F, 0x9DC, 0x9DD, 0x9DF, 0xA33, 0xA36, 0xA59...0xA5B, 0xA5E, 0xB5C, 0xB5D,
      0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0xFFA0...0xFFDC:
      return true
    default:
      return false
    }
  }
}
