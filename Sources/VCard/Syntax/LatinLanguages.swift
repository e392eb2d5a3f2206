/// Which single-byte charset Latin values with letters beyond ASCII are in, told by
/// the languages whose letters they would then be: `Jiří Dvořák` in Windows-1250 is
/// `Jiøí Dvoøák` in Windows-1252, whose `ø` and `í` no one language writes together,
/// while every letter of `ř í á` is Czech.
enum LatinLanguages {
  /// The charsets compared, Windows-1252 (the default reading) first: it is kept on a
  /// tie, unless uchardet named a Turkish charset (`Şahin` in Windows-1254 is `Þahin`,
  /// Icelandic, in Windows-1252).
  static let charsets = ["WINDOWS-1252", "WINDOWS-1250", "ISO-8859-2", "WINDOWS-1254", "ISO-8859-13"]

  /// The charset of `bytes` among `charsets` whose reading's letters beyond ASCII one
  /// language uses most of (`fit`), among the readings that are Latin names
  /// (`ScriptPlausibility`); nil when it is Windows-1252 or none reads so. `detected`
  /// is uchardet's name for it.
  static func charset(of bytes: [UInt8], detected: String) -> String? {
    let turkish = detected == "ISO-8859-9" || detected == "WINDOWS-1254"
    var best: (charset: String, fit: Double)? = nil
    for charset in charsets {
      guard let text = CharsetDecoder.decode(bytes, charset: charset), ScriptPlausibility.reads(text, as: .latin)
      else { continue }
      let score = fit(text)
      if best == nil || score > best!.fit || (score == best!.fit && turkish && charset == "WINDOWS-1254") {
        best = (charset, score)
      }
    }
    guard let best, best.charset != "WINDOWS-1252" else { return nil }
    return best.charset
  }

  /// The largest share of `text`'s letters beyond ASCII that one language writes
  /// (in small letters).
  static func fit(_ text: String) -> Double {
    var letters: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars where scalar.value >= 0x80 && scalar.properties.isAlphabetic {
      letters.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
    }
    guard !letters.isEmpty else { return 0 }
    let best = languages.map { set in letters.filter { set.contains($0) }.count }.max() ?? 0
    return Double(best) / Double(letters.count)
  }

  /// The letters beyond ASCII of the languages written in these charsets.
  static let languages: [Set<Unicode.Scalar>] = [
    "äöüß", "àâçéèêëîïôùûüÿœæ", "áéíóúñü", "áâãàçéêíóôõú", "àèéìíîòóùú", "åäöæøé", "áðéíóúýþæö", "éëïöüáèó",
    "áčďéěíňóřšťúůýž", "áäčďéíĺľňóôŕšťúýž", "ąćęłńóśźż", "áéíóöőúüű", "čćđšž", "ăâîșțşţ", "çğıöşüâî",
    "ąčęėįšųūž", "āčēģīķļņšūž", "äöõüšž", "ëç",
  ].map { Set($0.unicodeScalars) }
}
