/// Japanese values in EUC-JP, told by their kana when uchardet names no charset (one
/// card's few names): EUC-JP's kana rows are EUC-KR's jamo and Roman numerals, and its
/// kanji mostly EUC-KR's Hangul, so values are taken for Japanese only when EUC-KR
/// does not read them as Korean of common syllables (`CommonCharacters.hangul`).
enum JapaneseByKana {
  /// "EUC-JP" when `joined` (the values, one per line) reads in it as Japanese with
  /// two kana or more and `values` are not all Korean; nil otherwise.
  static func told(by values: [[UInt8]], joined: [UInt8]) -> String? {
    guard let text = CharsetDecoder.decode(joined, charset: "EUC-JP"), ScriptPlausibility.reads(text, as: .japanese),
      text.unicodeScalars.filter({ (0x3040...0x30FF).contains($0.value) }).count >= 2
    else { return nil }
    let korean = values.allSatisfy { value in
      guard let hangul = CharsetDecoder.decode(value, charset: "EUC-KR") else { return false }
      return hangul.unicodeScalars.allSatisfy { scalar in
        scalar.value < 0x80 || (0x3131...0x318E).contains(scalar.value) || CommonCharacters.hangul.contains(scalar)
      }
    }
    return korean ? nil : "EUC-JP"
  }
}
