import CUchardet

/// The legacy charset a file's values of no declared charset are in, when they are a
/// script's that the East Asian guesses of `CharsetDecoder` cannot tell: Cyrillic
/// (Windows-1251, KOI8-R, ISO-8859-5, CP866), Greek, Hebrew, Arabic, Thai, Central
/// European, Turkish and Baltic Latin, and Japanese in EUC-JP. An old phone's or
/// Outlook's export in Windows-1251 (`Иван Петров`) is otherwise read as Chinese
/// (`肉囗 襄蝠钼`: every pair of its bytes is GB18030), a Czech one in Windows-1250 as
/// Windows-1252 (`Jiøí Dvoøák`).
///
/// uchardet (freedesktop.org's, from Mozilla's universal detector) names a charset
/// from the values' letter statistics; on the few bytes of one card it often names a
/// wrong one (Chinese as Greek, French as Central European), so its answer is taken
/// only when the values read in it as names in that script do
/// (`ScriptPlausibility`); for Latin scripts, the charset of the Latin ones whose
/// letters one language uses best, and none when that is Windows-1252 (the default).
/// Japanese of kana and kanji is told by its kana when uchardet names nothing.
enum LegacyCharsetVerdict {
  /// Every charset `told(by:)` may give: the scripts', EUC-JP, the Latin ones
  /// (`LatinLanguages.charsets`). (`VCardSource` keeps a file's by its place here.)
  static let charsets = [
    "WINDOWS-1251", "KOI8-R", "KOI8-U", "ISO-8859-5", "IBM866", "ISO-8859-7", "WINDOWS-1253", "WINDOWS-1255",
    "ISO-8859-8", "WINDOWS-1256", "ISO-8859-6", "TIS-620", "EUC-JP",
  ] + LatinLanguages.charsets

  /// The charset `values` (undeclared, not UTF-8: `CharsetDecoder.undeclaredLegacyValues`)
  /// are in, one of `charsets`; nil when they do not tell one.
  ///
  /// - Complexity: O(n) in the values' bytes, of which at most `examinedBytes` are
  ///   looked at.
  static func told(by values: [[UInt8]]) -> String? {
    guard !values.isEmpty else { return nil }
    return detectedCharset(values) ?? ShortNames.charset(of: values)
  }

  /// The charset uchardet's verdict on `values` gives, as `told(by:)` takes it.
  private static func detectedCharset(_ values: [[UInt8]]) -> String? {
    var joined: [UInt8] = []
    for value in values where joined.count < examinedBytes {
      if !joined.isEmpty { joined.append(0x0A) }
      joined += value.prefix(examinedBytes - joined.count)
    }
    let verdict = detected(joined)
    guard verdict == "UTF-8" else { return charset(named: verdict, reading: joined, values: values) }
    // Bytes that are not UTF-8 named UTF-8 (uchardet does so with some Thai): the
    // names the values have alone, the most frequent first.
    var counts: [String: Int] = [:]
    for value in values.prefix(256) { if let name = detected(value), name != "UTF-8" { counts[name, default: 0] += 1 } }
    for name in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).map(\.key) {
      if let found = charset(named: name, reading: joined, values: values) { return found }
    }
    return JapaneseByKana.told(by: values, joined: joined)
  }

  /// The charset `joined` (`values`, one per line) is in when uchardet names `verdict`.
  private static func charset(named verdict: String?, reading joined: [UInt8], values: [[UInt8]]) -> String? {
    switch verdict {
    case "KOI8-R", "KOI8-U":
      // Ukrainian's і ї є ґ are box-drawing signs in KOI8-R, which uchardet names for it.
      return first(of: ["KOI8-R", "KOI8-U"], reading: values, as: .cyrillic)
    case let name? where ["WINDOWS-1251", "ISO-8859-5", "IBM866"].contains(name):
      return first(of: [name], reading: values, as: .cyrillic)
    case "MAC-CYRILLIC", "IBM855":
      return first(of: ["WINDOWS-1251"], reading: values, as: .cyrillic)
    case "ISO-8859-7", "WINDOWS-1253", "WINDOWS-1255", "ISO-8859-8", "WINDOWS-1256", "ISO-8859-6":
      // One card's Hebrew or Arabic is often named Greek: the script its letters read
      // as names in decides. Hebrew's letters are Greek small letters in the Greek
      // charsets (`דוד כהן` is `γεγ λδο`): a Greek reading without one capital, where
      // names have theirs, is Hebrew when that reads (a Greek name in capitals,
      // `ΤΑΤΙΑΝΑ`, may read as Hebrew too: its Τ Υ Φ are Hebrew letters there).
      // Windows-1253 first: its `Ά` (0xA2) is ISO-8859-7's `’`, which reads too
      // (`’ννα`); ISO-8859-7's `Ά` (0xB6) is Windows-1253's `¶`, which does not.
      let greek = first(of: ["WINDOWS-1253", "ISO-8859-7"], reading: values, as: .greek)
      if let greek, Self.hasCapital(values, in: greek) { return greek }
      let hebrew = first(of: ["WINDOWS-1255", "ISO-8859-8"], reading: values, as: .hebrew)
      // Hebrew with points, which modern names do not have, is a weaker reading than
      // names of a capital and small letters in another script (KOI8-R's `Ия Ли` is
      // `יׁ לֹ` in Windows-1255).
      if let hebrew, Self.hasMarks(values, in: hebrew), let names = ShortNames.charset(of: values) { return names }
      return hebrew ?? greek ?? first(of: ["WINDOWS-1256"], reading: values, as: .arabic)
    case "TIS-620", "WINDOWS-874", "ISO-8859-11":
      return first(of: ["TIS-620"], reading: values, as: .thai)
    case "EUC-JP":
      return JapaneseByKana.told(by: values, joined: joined)
    case let name? where latinVerdicts.contains(name):
      return LatinLanguages.charset(of: values, detected: name)
    default:
      return JapaneseByKana.told(by: values, joined: joined)
    }
  }

  /// Whether one of `values` read in `charset` has a word that begins with a capital
  /// beyond ASCII (the script's: an ASCII `IBM` beside Hebrew tells nothing, nor a
  /// capital inside a word, which is what Hebrew's geresh reads as: `ז׳אק` is `ζΧΰχ`).
  static func hasCapital(_ values: [[UInt8]], in charset: String) -> Bool {
    values.prefix(4096).contains { value in
      guard let text = CharsetDecoder.decode(value, charset: charset) else { return false }
      var previous: Unicode.Scalar? = nil
      for scalar in text.unicodeScalars {
        if scalar.value >= 0x80, scalar.properties.isUppercase, !(previous?.properties.isAlphabetic ?? false) {
          return true
        }
        previous = scalar
      }
      return false
    }
  }

  /// Whether one of `values` read in `charset` has a combining mark (Hebrew's points).
  static func hasMarks(_ values: [[UInt8]], in charset: String) -> Bool {
    values.prefix(4096).contains { value in
      CharsetDecoder.decode(value, charset: charset)?.unicodeScalars.contains {
        $0.properties.generalCategory == .nonspacingMark
      } ?? false
    }
  }

  /// The most bytes of values looked at: thousands of names.
  static let examinedBytes = 256 * 1024

  /// uchardet's answers for Latin text, whose charset `LatinLanguages` tells.
  private static let latinVerdicts: Set<String> = [
    "WINDOWS-1250", "ISO-8859-2", "ISO-8859-16", "ISO-8859-13", "WINDOWS-1257", "IBM852", "MAC-CENTRALEUROPE",
    "ISO-8859-9", "WINDOWS-1254", "ISO-8859-3", "ISO-8859-4", "ISO-8859-10", "VISCII", "WINDOWS-1258",
    // Latin-1's: kept unless its reading is no names (`¼uvre`: ISO-8859-15's `œ`).
    "ISO-8859-1", "WINDOWS-1252", "ISO-8859-15",
  ]

  /// The first of `charsets` in which `values` read as names in `script`
  /// (`ScriptPlausibility`, their vCard escapes read: `\n` is a line break): nine in
  /// ten of those long enough to tell, and one at least — a few Latin-1 cards in a
  /// Cyrillic phone book, or a word of its own casing (`МегаФон`), do not hide it.
  static func first(of charsets: [String], reading values: [[UInt8]], as script: ScriptPlausibility.Script) -> String? {
    charsets.first { charset in
      var told = 0
      var readsAs = 0
      for value in values.prefix(4096) {
        guard let text = CharsetDecoder.decode(value, charset: charset) else { return false }
        guard let reads = ScriptPlausibility.reads(ValueDecoder.unescape(text), as: script) else { continue }
        told += 1
        if reads { readsAs += 1 }
      }
      return told > 0 && readsAs * 10 >= told * 9
    }
  }

  /// uchardet's name for the charset of `bytes` (upper case), nil when it names none.
  static func detected(_ bytes: [UInt8]) -> String? {
    guard let detector = uchardet_new() else { return nil }
    defer { uchardet_delete(detector) }
    let handled = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { uchardet_handle_data(detector, $0.baseAddress, $0.count) }
    }
    guard handled == 0 else { return nil }
    uchardet_data_end(detector)
    guard let name = uchardet_get_charset(detector) else { return nil }
    let text = String(cString: name).uppercased()
    return text.isEmpty ? nil : text
  }
}
