/// Which single-byte charset Latin values with letters beyond ASCII are in, told by
/// the languages whose letters they would then be: `Jiří Dvořák` in Windows-1250 is
/// `Jiøí Dvoøák` in Windows-1252, whose words' `ø` and `í`, `ø` and `á` no one
/// language writes together, while `ř í` and `ř á` are Czech.
enum LatinLanguages {
  /// The charsets a Latin file may be in besides Windows-1252, the default reading.
  /// Vietnamese Windows' (its tones as combining marks) and Mac Roman (Excel for Mac's
  /// "CSV (Macintosh)", old Mac cards) last.
  static let charsets = [
    "WINDOWS-1250", "ISO-8859-2", "WINDOWS-1254", "WINDOWS-1257", "ISO-8859-13", "ISO-8859-15", "WINDOWS-1258",
    "MACINTOSH",
  ]

  /// The charset of `values` among `charsets`, nil for Windows-1252 (the default): one
  /// whose reading is Latin names (`ScriptPlausibility`) in which each word's letters
  /// beyond ASCII are one language's (`odd`), taken only when the Windows-1252 reading
  /// is not names (`Tomá¹ Novák`: ISO-8859-2's `š`), or has a word whose letters no one
  /// language writes together (`Jiøí Dvoøák`, `Èerný`), or — uchardet naming a Turkish
  /// charset — when it holds letters only Turkish writes (`ğ ı ş`). So a Windows-1252
  /// card's symbols (`«Bellevue»`, `© 2019`), an Icelandic name (`Þórður`) or names of
  /// two languages (`Sigrún Ågren`) stay as they are, whatever uchardet makes of a few
  /// bytes (`detected`).
  static func charset(of values: [[UInt8]], detected: String) -> String? {
    // Bytes Windows-1252 has no character for (0x81, 0x8D, 0x8F, 0x90, 0x9D: Mac
    // Roman's `Å ç è ê ù`): no reading of names.
    let westernReading = reading(values, in: "WINDOWS-1252")
    let western = westernReading ?? (text: "", names: false)
    let westernOdd = odd(western.text)
    let turkish = detected == "ISO-8859-9" || detected == "WINDOWS-1254"
    // Invalid in Windows-1252 (a stray byte of a Latin-1 file, too): only Mac Roman's
    // reading is taken instead, when it is names.
    for charset in westernReading == nil ? ["MACINTOSH"] : charsets {
      // Latin text is mostly ASCII letters: Hangul or Han bytes read as Latin-1 are not.
      guard let candidate = reading(values, in: charset), candidate.names, odd(candidate.text) == 0 else { continue }
      let beyond = letters(candidate.text).count
      guard beyond > 0, candidate.text.unicodeScalars.count(where: { $0.value < 0x80 && $0.properties.isAlphabetic }) > beyond
      else { continue }
      let turkishOnly = charset == "WINDOWS-1254" && candidate.text.unicodeScalars.contains { "ğĞıİşŞ".unicodeScalars.contains($0) }
      if !western.names || westernOdd > 0 || (turkish && turkishOnly) { return charset }
    }
    return nil
  }

  /// The words of `text` whose letters beyond ASCII no one language writes together.
  static func odd(_ text: String) -> Int {
    text.split { !$0.isLetter }.count { word in
      let found = letters(String(word))
      return !found.isEmpty && !languages.contains { set in found.allSatisfy { set.contains($0) } }
    }
  }

  /// `values` read in `charset` (their vCard escapes read), one per line, and whether
  /// nine in ten of those long enough to tell read as Latin names; nil when one is not
  /// valid in it.
  private static func reading(_ values: [[UInt8]], in charset: String) -> (text: String, names: Bool)? {
    var text = ""
    var told = 0
    var names = 0
    for value in values.prefix(4096) {
      guard let decoded = CharsetDecoder.decode(value, charset: charset) else { return nil }
      let unescaped = ValueDecoder.unescape(decoded)
      text += unescaped + "\n"
      guard let reads = ScriptPlausibility.reads(unescaped, as: .latin) else { continue }
      told += 1
      if reads { names += 1 }
    }
    return (text, told == 0 || names * 10 >= told * 9)
  }

  /// The letters beyond ASCII of `text`, in small letters.
  private static func letters(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { $0.value >= 0x80 && $0.properties.isAlphabetic && !"ºª".unicodeScalars.contains($0) }
      .map { $0.properties.lowercaseMapping.unicodeScalars.first ?? $0 }
  }

  /// The letters beyond ASCII of the languages written in these charsets.
  static let languages: [Set<Unicode.Scalar>] = [
    "äöüß", "àâçéèêëîïôùûüÿœæ", "áéíóúñü", "áâãàçéêíóôõú", "àèéìíîòóùú", "åäöæøé", "áðéíóúýþæö", "éëïöüáèó",
    "áčďéěíňóřšťúůýž", "áäčďéíĺľňóôŕšťúýž", "ąćęłńóśźż", "áéíóöőúüű", "čćđšž", "ăâîșțşţ", "çğıöşüâî",
    "ąčęėįšųūž", "āčēģīķļņšūž", "äöõüšž", "ëç",
    // Vietnamese, its tones composed (Windows-1258 writes them as combining marks).
    "àáâãèéêìíòóôõùúýăđĩũơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ",
  ].map { Set($0.unicodeScalars) }
}
