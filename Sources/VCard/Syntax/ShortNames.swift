/// The charset of a few short names that uchardet cannot tell (`Ян Ли`, `Олег Ким`: a
/// card of one name in a file of its own, as a phone exports a vdir): the
/// single-byte charset in which every value is names written with a capital and
/// small letters of its script (`isCapitalizedNames`) and which its script's letter
/// test passes (`ScriptPlausibility`), when no value reads as a Chinese or Korean name
/// in GB2312 or EUC-KR instead (`CommonCharacters`): a capital and a small letter of
/// these charsets are a lead and trail byte there (`Ян Ли` is `唔 髓` in GB18030).
/// Latin-1's `Ñ` read in Windows-1251 (`Г‘`) has no such shape.
enum ShortNames {
  /// The charsets asked, in order, with the ranges of their script's capital and small
  /// letters.
  static let candidates: [(charset: String, script: ScriptPlausibility.Script, capitals: ClosedRange<UInt32>,
    smalls: ClosedRange<UInt32>)] = [
    ("WINDOWS-1251", .cyrillic, 0x400...0x42F, 0x430...0x45F), ("KOI8-R", .cyrillic, 0x400...0x42F, 0x430...0x45F),
    ("WINDOWS-1253", .greek, 0x386...0x3AB, 0x3AC...0x3CE),
    // DOS's Cyrillic code page, last: its letters are 0x80–0xAF and 0xE0–0xEF.
    ("IBM866", .cyrillic, 0x400...0x42F, 0x430...0x45F),
  ]

  /// The charset of `values` (see the type's summary), nil when none reads so.
  static func charset(of values: [[UInt8]]) -> String? {
    let values = Array(values.prefix(4096))
    guard !values.isEmpty, !values.contains(where: readsAsEastAsianName) else { return nil }
    for candidate in candidates {
      let readings = values.map { CharsetDecoder.decode($0, charset: candidate.charset) }
      guard readings.allSatisfy({ $0.map { isCapitalizedNames($0, candidate.capitals, candidate.smalls) } ?? false })
      else { continue }
      if LegacyCharsetVerdict.first(of: [candidate.charset], reading: values, as: candidate.script) != nil
        || readings.allSatisfy({ ScriptPlausibility.reads($0 ?? "", as: candidate.script) == nil })
      {
        return candidate.charset
      }
    }
    return nil
  }

  /// Whether every word of `text` is a capital of the script, then small letters of it
  /// (`Ян`, `Ли`, `Ю`), one of two letters or more, no word of ASCII letters beside
  /// them (Latin-1's `Conor Ó Briain` is `Conor У Briain` in Windows-1251); what is not
  /// a letter is ASCII.
  static func isCapitalizedNames(_ text: String, _ capitals: ClosedRange<UInt32>, _ smalls: ClosedRange<UInt32>)
    -> Bool
  {
    var named = false
    for word in text.split(whereSeparator: { $0.isASCII && !$0.isLetter }) {
      let scalars = word.unicodeScalars
      guard let first = scalars.first, capitals.contains(first.value),
        scalars.dropFirst().allSatisfy({ smalls.contains($0.value) })
      else { return false }
      named = named || scalars.count >= 2
    }
    return named
  }

  /// Whether `bytes` read as a Chinese name in GB2312 or a Korean one in EUC-KR.
  static func readsAsEastAsianName(_ bytes: [UInt8]) -> Bool {
    func isHangul(_ value: UInt32) -> Bool { (0xAC00...0xD7AF).contains(value) }
    func isHan(_ value: UInt32) -> Bool { (0x4E00...0x9FFF).contains(value) }
    return CharsetDecoder.readsAsName(
      CharsetDecoder.decode(bytes, charset: "GB18030"), isHan, CommonCharacters.hanNameStarts, CommonCharacters.han)
      || CharsetDecoder.readsAsName(
        CharsetDecoder.decode(bytes, charset: "EUC-KR"), isHangul, CommonCharacters.hangulNameStarts, CommonCharacters.hangul)
  }
}
