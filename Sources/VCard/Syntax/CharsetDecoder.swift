import CpickSupport

/// Decodes bytes in a named character set to a String, through the C library's
/// `iconv(3)` (glibc knows every charset vCard files name: ISO-8859-x,
/// Windows-125x, Shift_JIS, EUC-JP, GB2312/GBK/GB18030, Big5, KOI8-R …).
package enum CharsetDecoder {
  /// The text of `bytes` in `charset` (an IANA name such as `ISO-8859-1`), or `nil`
  /// when the charset is unknown or the bytes are not valid in it.
  ///
  /// Converted by `CharsetConverter` (`iconv(3)`, a converter made once per charset).
  static func decode(_ bytes: [UInt8], charset: String) -> String? {
    let name = charset.uppercased()
    if name == "UTF-8" || name == "UTF8" || name == "US-ASCII" || name == "ASCII" {
      return String(validating: bytes, as: UTF8.self)
    }
    return CharsetConverter.utf8(bytes, charset: name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The text of `bytes` in the charset a card or its file names `CHARSET=label`, read
  /// as `CharsetLabels` says (`Shift_JIS` as Windows-31J…), or `nil` when they are not
  /// valid in it or the charset is unknown.
  /// A single-byte charset named over valid UTF-8 with characters of several bytes
  /// (an exporter that says `ISO-8859-1` and writes UTF-8) is UTF-8, which Latin text
  /// almost never is by chance.
  package static func decodeDeclared(_ bytes: [UInt8], label: String) -> String? {
    let name = CharsetLabels.decoderName(label)
    if !name.hasPrefix("UTF"), !CharsetLabels.isDoubleByte(label), containsUTF8MultiByteSequence(bytes),
      let text = String(validating: bytes, as: UTF8.self)
    {
      return text
    }
    return decode(bytes, charset: name)
  }

  /// Text of bytes with no declared charset: UTF-8 when valid; UTF-8 with U+FFFD for
  /// broken sequences when the bytes hold real multi-byte UTF-8; otherwise `fallback`
  /// (a charset the file names elsewhere), then the charset the file's values tell
  /// together (`told`, asked when needed: `toldCharset(of:)`, a script's or the Korean
  /// or Chinese one), then the East Asian guesses, then Windows-1252.
  package static func decodeUndeclared(
    _ bytes: some Collection<UInt8>, fallback: String? = nil, told: (() -> String?)? = nil
  ) -> String {
    if let text = String(validating: bytes, as: UTF8.self) {
      // ISO-2022-JP (JIS: a Japanese mail's charset, saved with the card) is 7-bit,
      // valid UTF-8 with its escapes: read when it shifts into JIS X 0208.
      if let japanese = iso2022JP(text) { return japanese }
      if let told,
        let legacy = Array(bytes).withUnsafeBufferPointer({ eastAsianReadingOfUTF8($0, told: told) })
      {
        return legacy
      }
      return text
    }
    return readingOfInvalidUTF8(Array(bytes), fallback: fallback, told: told).text
  }

  /// `text` read as ISO-2022-JP when it shifts into JIS X 0208 (`ESC $ B`, `ESC $ @`)
  /// and is valid in it; nil otherwise (no escape: most text).
  static func iso2022JP(_ text: String) -> String? {
    guard text.utf8.contains(0x1B), text.contains("\u{1B}$B") || text.contains("\u{1B}$@") else { return nil }
    return decode(Array(text.utf8), charset: "ISO-2022-JP")
  }

  /// The Korean or Chinese reading of `bytes` that are valid UTF-8 by chance (`첫째` in
  /// EUC-KR is `ù°` in UTF-8, `郑伟` in GB2312 `֣ΰ`) in a file whose other values are
  /// EUC-KR or GB2312 (`told`: `toldCharset(of:)`), nil for
  /// any other. Asked only for pairs of bytes that are two-byte UTF-8 characters
  /// (leads 0xC2–0xDF) and both 0xA1 or more (as both charsets write their characters),
  /// with no ASCII letter beside them — what a few UTF-8 letters are too (Cyrillic
  /// `а`–`п`): their file, all UTF-8, then tells none.
  ///
  /// - Complexity: O(n); `told` once per file.
  static func eastAsianReadingOfUTF8(_ bytes: UnsafeBufferPointer<UInt8>, told: () -> String?) -> String? {
    var index = 0
    var paired = false
    while index < bytes.count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      guard (0xC2...0xDF).contains(bytes[index]), index + 1 < bytes.count, bytes[index + 1] >= 0xA1,
        index == 0 || !isASCIILetter(bytes[index - 1]), index + 2 >= bytes.count || !isASCIILetter(bytes[index + 2])
      else { return nil }
      paired = true
      index += 2
    }
    guard paired, let charset = told() else { return nil }
    guard let reading = guessEastAsian(Array(bytes), told: { charset }), reading.charset == charset else { return nil }
    return reading.text
  }

  /// The charset `decodeUndeclared` reads `bytes` in: nil when it reads them as UTF-8
  /// (valid, cut short, or holding real multi-byte UTF-8), else the legacy charset
  /// (`fallback`, one of the East Asian ones it guesses, or `WINDOWS-1252`). A writer
  /// writes a card's new values in it, not in UTF-8 beside it (`CardEditor`).
  package static func undeclaredCharset(_ bytes: [UInt8], fallback: String? = nil) -> String? {
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    return readingOfInvalidUTF8(bytes, fallback: fallback, told: nil).charset
  }

  /// `decodeUndeclared` for bytes that are not valid UTF-8: the text and the charset it
  /// was read in (nil: UTF-8 with U+FFFD).
  private static func readingOfInvalidUTF8(
    _ bytes: [UInt8], fallback: String?, told: (() -> String?)?
  ) -> (text: String, charset: String?) {
    if isUTF8CutShort(bytes) { return (String(decoding: bytes, as: UTF8.self), nil) }
    // The charset the file names elsewhere; a double-byte one only when it reads the
    // value as its script's text (a Latin-1 `Seán O’Brien` beside Shift_JIS cards is
    // `Se疣 O達rien` in it: its characters swallow the letters after them).
    if let fallback, let text = decodeDeclared(bytes, label: fallback),
      !CharsetLabels.isDoubleByte(fallback) || !touchesASCIILetter(text)
    {
      return (text, fallback)
    }
    // In a file of Korean or Chinese values, read in its charset, symbols too (`엄마♥`).
    if let told, let charset = told(), let text = reading(bytes, inFileCharset: charset) {
      return (text, charset)
    }
    if let guess = guessEastAsian(bytes, told: told) { return guess }
    if containsUTF8MultiByteSequence(bytes) { return (String(decoding: bytes, as: UTF8.self), nil) }
    if let text = decode(bytes, charset: "WINDOWS-1252") { return (text, "WINDOWS-1252") }
    return (String(decoding: bytes, as: UTF8.self), nil)
  }

  /// Whether `bytes` are UTF-8 except for a multi-byte character cut off at the end
  /// (a quoted-printable value truncated by its exporter): the rest is valid UTF-8
  /// with at least one multi-byte character (else a last byte such as `0xEB` is
  /// more likely Latin-1 `ë`).
  private static func isUTF8CutShort(_ bytes: [UInt8]) -> Bool {
    for cut in 1...3 where bytes.count > cut {
      let head = bytes.dropLast(cut)
      let tail = bytes.suffix(cut)
      guard let lead = tail.first, lead >= 0xC2, tail.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { continue }
      let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      guard tail.count < needed, head.contains(where: { $0 >= 0x80 }) else { continue }
      if String(validating: head, as: UTF8.self) != nil { return true }
    }
    return false
  }

  /// Text in a legacy East Asian charset, told by what it decodes to (cards from old
  /// Japanese and Chinese phones often name no charset): Shift_JIS when the text
  /// holds kana, EUC-KR when it is Hangul (unless GB2312 reads it too and the file's
  /// values tell GB2312, `told`, or, when they tell nothing, GB2312 reads it as a
  /// Chinese name and EUC-KR not as a Korean one, `CommonCharacters`); when every
  /// non-ASCII character is Han or CJK punctuation, GB18030 for GB2312's bytes,
  /// Shift_JIS for kanji alone, then GB18030 and Big5; `nil` when none fits (then
  /// Latin).
  ///
  /// Latin text is mostly told without decoding: when the first non-ASCII byte follows
  /// an ASCII letter ("M\u{FC}ller"), every one of those charsets decodes it to a
  /// non-ASCII character touching that letter (the bytes before it are single ASCII
  /// characters in all of them), which none is taken with.
  private static func guessEastAsian(_ bytes: [UInt8], told: (() -> String?)?) -> (text: String, charset: String)? {
    if let high = bytes.firstIndex(where: { $0 >= 0x80 }), high > 0, isASCIILetter(bytes[high - 1]) { return nil }
    func isKana(_ v: UInt32) -> Bool { (0x3040...0x30FF).contains(v) }
    func isHan(_ v: UInt32) -> Bool { (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) }
    func isCJKPunctuation(_ v: UInt32) -> Bool { (0x3000...0x303F).contains(v) || (0xFF00...0xFFEF).contains(v) }
    func isHangul(_ v: UInt32) -> Bool { (0xAC00...0xD7AF).contains(v) }
    /// The non-ASCII scalars, or nothing when one of them touches an ASCII letter: Latin
    /// text read as a double-byte charset swallows letters ("Gr\u{FC}nwald" → "Gr黱wald").
    func nonASCII(_ text: String) -> [UInt32] {
      let all = Array(text.unicodeScalars.map(\.value))
      func isLetter(_ v: UInt32) -> Bool { v < 0x80 && isASCIILetter(UInt8(v)) }
      for (index, value) in all.enumerated() where value >= 0x80 {
        if index > 0 && isLetter(all[index - 1]) { return [] }
        if index + 1 < all.count && isLetter(all[index + 1]) { return [] }
      }
      return all.filter { $0 >= 0x80 }
    }
    if let text = decode(bytes, charset: "SHIFT_JIS") {
      let scalars = nonASCII(text)
      if scalars.contains(where: isKana) && scalars.allSatisfy({ isKana($0) || isHan($0) || isCJKPunctuation($0) }) {
        return (text, "SHIFT_JIS")
      }
      // Half-width katakana, as Japanese feature phones stored names and readings
      // (`ﾔﾏﾀﾞ ﾀﾛｳ`): single bytes 0xA1–0xDF, which pair as GB2312's and EUC-KR's
      // characters too — taken when they read as katakana words (`HalfWidthKana`), the
      // file's values tell no Korean or Chinese, GB2312 reads no Chinese name and EUC-KR
      // no Hangul (a Korean nickname of rare syllables, `짱구`, reads as kana too).
      if HalfWidthKana.readsAsWords(scalars),
        !readsAsName(decode(bytes, charset: "GB18030"), isHan, CommonCharacters.hanNameStarts, CommonCharacters.han),
        !Self.readsAllHangul(decode(bytes, charset: "EUC-KR")), ![Optional("EUC-KR"), "GB18030"].contains(told?())
      {
        return (text, "SHIFT_JIS")
      }
    }
    // Japanese names of kanji alone in EUC-JP, when the file's values tell no other
    // charset (`JapaneseByKanji`).
    if JapaneseByKanji.readsAsName(bytes), let text = decode(bytes, charset: "EUC-JP") {
      let fileCharset = told?()
      if fileCharset == nil || fileCharset == "EUC-JP" { return (text, "EUC-JP") }
    }
    // Han and CJK punctuation only: not the half-width katakana of U+FF61–FF9F, which
    // Shift_JIS reads GB2312's bytes 0xA1–0xDF as.
    func isHanText(_ text: String) -> Bool {
      let scalars = nonASCII(text)
      return !scalars.isEmpty && scalars.allSatisfy { isHan($0) || (isCJKPunctuation($0) && !(0xFF61...0xFF9F).contains($0)) }
    }
    // The GB18030 reading, when it is Han text: made once, when first needed.
    var gbReading: String??
    func gbText() -> String? {
      if let gbReading { return gbReading }
      let text = decode(bytes, charset: "GB18030").flatMap { isHanText($0) ? $0 : nil }
      gbReading = .some(text)
      return text
    }
    if let text = decode(bytes, charset: "EUC-KR") {
      let scalars = nonASCII(text)
      if !scalars.isEmpty && scalars.allSatisfy({ isHangul($0) || isCJKPunctuation($0) }) {
        // GB2312's first 25 rows of Han are EUC-KR's Hangul: `李娜` is `쟀컹` in it, as
        // a fifth of Chinese names are. Read as the file's other such values tell
        // (`eastAsianCharset(of:)`); when they do not, the Chinese reading is taken when
        // it reads as a name does (a surname or a word for family first, common
        // characters) and the Korean one does not.
        guard isGB2312(bytes), let gb = gbText() else { return (text, "EUC-KR") }
        switch told?() {
        case "EUC-KR": return (text, "EUC-KR")
        case "GB18030": return (gb, "GB18030")
        default:
          if !readsAsName(gb, isHan, CommonCharacters.hanNameStarts, CommonCharacters.han)
            || readsAsName(text, isHangul, CommonCharacters.hangulNameStarts, CommonCharacters.hangul)
          {
            return (text, "EUC-KR")
          }
        }
      }
    }
    // Han alone: GB2312's characters (pairs of bytes 0xA1–0xFE: every name in common
    // use) are GB18030; kanji whose lead bytes are below 0xA1 (JIS level 1, 0x88–0x9F)
    // are Shift_JIS, where GB18030 would read rare characters of its extension (`山田`
    // → `嶳揷`); then GB18030 and Big5 as before.
    let gb = gbText()
    if let gb, isGB2312(bytes) { return (gb, "GB18030") }
    if let text = decode(bytes, charset: "SHIFT_JIS"), isHanText(text) { return (text, "SHIFT_JIS") }
    // GBK's characters outside GB2312 take an ASCII byte as their second: Latin-1's
    // `21°C` would be `21癈`. A name of them is rare; Latin text with a symbol is not.
    if let gb, gb.unicodeScalars.count(where: { $0.value < 0x80 }) == bytes.count(where: { $0 < 0x80 }) {
      return (gb, "GB18030")
    }
    if let text = decode(bytes, charset: "BIG5"), isHanText(text) { return (text, "BIG5") }
    return nil
  }

  /// The legacy charset `cards`' values of no declared charset tell together
  /// (`undeclaredLegacyValues`), as `toldCharset(ofValues:)` tells it; nil when they
  /// tell none.
  package static func toldCharset(of cards: [RawCard]) -> String? {
    toldCharset(ofValues: undeclaredLegacyValues(of: cards))
  }

  /// The legacy charset `values` (bytes of no declared charset that are not UTF-8,
  /// a file's) tell together: a script's (`LegacyCharsetVerdict`, a few short names'
  /// too), else EUC-JP for Japanese names of kanji (`JapaneseByKanji`), else the Korean
  /// or Chinese one (`eastAsianCharset`), else nil.
  package static func toldCharset(ofValues values: [[UInt8]]) -> String? {
    LegacyCharsetVerdict.told(by: values) ?? JapaneseByKanji.told(by: values) ?? eastAsianCharset(of: values)
  }

  /// The values of `cards` that name no charset and whose bytes (quoted-printable
  /// decoded) hold some beyond ASCII and are not UTF-8: those a legacy charset reads;
  /// the first ones, up to about `limit` bytes.
  static func undeclaredLegacyValues(of cards: some Sequence<RawCard>, limit: Int = .max) -> [[UInt8]] {
    var values: [[UInt8]] = []
    var size = 0
    for card in cards {
      for line in card.lines {
        guard let bytes = line.raw?.undeclaredBytes(), bytes.contains(where: { $0 >= 0x80 }),
          String(validating: bytes, as: UTF8.self) == nil
        else { continue }
        values.append(bytes)
        size += bytes.count
        if size >= limit { return values }
      }
    }
    return values
  }

  /// The charset a file's legacy values tell together when each may be Korean in
  /// EUC-KR or Chinese in GB2312 (which read most of each other's text: `李娜` is `쟀컹`
  /// in EUC-KR, `영수` is `康荐` in GB2312): "EUC-KR" or "GB18030", nil when they do
  /// not tell, or when one of them is another charset's (kana, Latin, Big5). `cards`
  /// are the file's, read without it.
  ///
  /// Each value of 8-bit bytes of no declared charset that is not UTF-8 counts: one
  /// that only one of the two reads counts three for it; one both read counts one for
  /// Chinese when GB2312 reads a name (a surname or a word for family first, common
  /// characters) and EUC-KR a syllable Korean rarely uses, one for Korean when all its
  /// syllables are common and GB2312 reads no name (`CommonCharacters`). Phone books
  /// of three values or more made of 1,100 Korean and 900 Chinese names, nicknames,
  /// places, companies and notes are all told right, 2,000 of each.
  ///
  /// - Complexity: O(n) in the cards' bytes; an `iconv` conversion or two a value.
  package static func eastAsianCharset(of values: [[UInt8]]) -> String? {
    var korean = 0
    var chinese = 0
    func isHangul(_ value: UInt32) -> Bool { (0xAC00...0xD7AF).contains(value) }
    func isHan(_ value: UInt32) -> Bool { (0x4E00...0x9FFF).contains(value) }
    for bytes in values {
      // How the value reads when the file is Korean, and when it is Chinese.
      let asKorean = guessEastAsian(bytes, told: { "EUC-KR" })
      let asChinese = guessEastAsian(bytes, told: { "GB18030" })
      switch (asKorean?.charset, asChinese?.charset) {
      case ("EUC-KR", "EUC-KR"): korean += 3
      case ("GB18030", "GB18030"): chinese += 3
      case ("EUC-KR", "GB18030"):
        let hangul = asKorean?.text ?? ""
        let koreanWords = hangul.unicodeScalars.allSatisfy { !isHangul($0.value) || CommonCharacters.hangul.contains($0) }
        let chineseName = readsAsName(asChinese?.text, isHan, CommonCharacters.hanNameStarts, CommonCharacters.han)
        if chineseName && !koreanWords {
          chinese += 1
        } else if koreanWords && !chineseName {
          korean += 1
        }
      default:
        // Symbols beside the letters (`엄마♥`, `李娜★`) tell nothing; another
        // charset's text (kana, Latin, Big5) tells that the file is not one of them.
        guard reading(bytes, inFileCharset: "EUC-KR") != nil || reading(bytes, inFileCharset: "GB18030") != nil
        else { return nil }
      }
    }
    return korean > chinese ? "EUC-KR" : chinese > korean ? "GB18030" : nil
  }

  /// The text of `bytes` in `charset` (a file's `toldCharset(of:)`) when it reads as
  /// that file's text: any text of a script's charset; for "EUC-KR" or "GB18030" (the
  /// `eastAsianCharset(of:)`), text whose letters are Hangul
  /// (and the jamo of `ㅋㅋ`) or Han, the rest symbols, punctuation or digits, none of
  /// them beside an ASCII letter (Latin text read as a double-byte charset swallows
  /// letters); nil otherwise.
  static func reading(_ bytes: [UInt8], inFileCharset charset: String) -> String? {
    guard let text = decode(bytes, charset: charset) else { return nil }
    // A script's charset that uchardet told from the file's values as a whole.
    guard charset == "EUC-KR" || charset == "GB18030" else { return text }
    let korean = charset == "EUC-KR"
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where scalar.value >= 0x80 {
      if index > 0, scalars[index - 1].value < 0x80, scalars[index - 1].properties.isAlphabetic { return nil }
      if index + 1 < scalars.count, scalars[index + 1].value < 0x80, scalars[index + 1].properties.isAlphabetic {
        return nil
      }
      let value = scalar.value
      let letter =
        korean
        ? (0xAC00...0xD7A3).contains(value) || (0x3131...0x318E).contains(value)
        : (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
      guard letter || !scalar.properties.isAlphabetic else { return nil }
    }
    return text
  }

  /// Whether `text`'s letters beyond ASCII are Hangul syllables (one at least).
  static func readsAllHangul(_ text: String?) -> Bool {
    guard let text else { return false }
    let beyond = text.unicodeScalars.filter { $0.value >= 0x80 }
    return !beyond.isEmpty && beyond.allSatisfy { (0xAC00...0xD7AF).contains($0.value) }
  }

  /// Whether `text` reads as a name in a script: its first letter of the script
  /// (`isLetter`) is in `starts`, and all of them are in `common`.
  static func readsAsName(
    _ text: String?, _ isLetter: (UInt32) -> Bool, _ starts: Set<Unicode.Scalar>, _ common: Set<Unicode.Scalar>
  ) -> Bool {
    guard let text, let first = text.unicodeScalars.first(where: { isLetter($0.value) }), starts.contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy { !isLetter($0.value) || common.contains($0) }
  }

  /// Whether `bytes` are ASCII and pairs of bytes 0xA1–0xFE (GB2312's characters in
  /// EUC-CN, as GB18030 writes them).
  private static func isGB2312(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      guard index + 1 < bytes.count, (0xA1...0xFE).contains(bytes[index]), (0xA1...0xFE).contains(bytes[index + 1])
      else { return false }
      index += 2
    }
    return true
  }

  /// Whether a character beyond ASCII stands right beside an ASCII letter in `text`.
  private static func touchesASCIILetter(_ text: String) -> Bool {
    var previous: Unicode.Scalar? = nil
    for scalar in text.unicodeScalars {
      if let previous, (previous.value >= 0x80) != (scalar.value >= 0x80) {
        let ascii = previous.value < 0x80 ? previous : scalar
        if isASCIILetter(UInt8(ascii.value)) { return true }
      }
      previous = scalar
    }
    return false
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func containsUTF8MultiByteSequence(_ bytes: some Collection<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var previousLead = false
    while let byte = iterator.next() {
      if previousLead && byte & 0xC0 == 0x80 { return true }
      previousLead = byte & 0xE0 == 0xC0 || byte & 0xF0 == 0xE0 || byte & 0xF8 == 0xF0
    }
    return false
  }
}
