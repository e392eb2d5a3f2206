/// Japanese values in EUC-JP, told by their kana when uchardet names no charset (one
/// card's few names): EUC-JP's kana rows are EUC-KR's jamo and Roman numerals, and its
/// kanji mostly EUC-KR's Hangul, so values are taken for Japanese only when EUC-KR
/// does not read a third of them as Korean.
enum JapaneseByKana {
  /// "EUC-JP" when `joined` (the values, one per line) reads in it as Japanese with
  /// two kana or more and `values` are not Korean; nil otherwise.
  static func told(by values: [[UInt8]], joined: [UInt8]) -> String? {
    guard let text = CharsetDecoder.decode(joined, charset: "EUC-JP"), ScriptPlausibility.kana(in: text) >= 2,
      LegacyCharsetVerdict.first(of: ["EUC-JP"], reading: values, as: .japanese) != nil
    else { return nil }
    // Korean when a third of the values are Korean in EUC-KR: common syllables
    // (`CommonCharacters.hangul`; EUC-JP's kanji are rare ones there), jamo (`ㅋㅋ`, which
    // EUC-JP reads as kana) and ASCII.
    let korean = values.prefix(4096).count { value in
      guard let hangul = CharsetDecoder.decode(value, charset: "EUC-KR") else { return false }
      return hangul.unicodeScalars.allSatisfy { scalar in
        scalar.value < 0x80 || (0x3131...0x318E).contains(scalar.value) || CommonCharacters.hangul.contains(scalar)
      }
    }
    return korean * 3 >= min(values.count, 4096) ? nil : "EUC-JP"
  }
}
