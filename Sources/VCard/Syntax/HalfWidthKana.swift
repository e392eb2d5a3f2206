/// Half-width katakana (U+FF61–FF9F: JIS X 0201's, single bytes 0xA1–0xDF in Shift_JIS),
/// as Japanese feature phones wrote names and their readings (`ﾔﾏﾀﾞ ﾀﾛｳ`).
enum HalfWidthKana {
  /// Whether `scalars` (a value's characters beyond ASCII) are half-width katakana
  /// that read as words: at least two letters; the sound marks `ﾞ` `ﾟ` only after a
  /// letter that takes them (`ｶﾞ`, `ﾊﾟ`, `ｳﾞ`); the small letters (`ｧ`–`ｯ`) and the
  /// long mark `ｰ` never first; full-width kana, kanji and CJK punctuation may stand
  /// beside them (a name of both).
  static func readsAsWords(_ scalars: [UInt32]) -> Bool {
    var letters = 0
    var previous: UInt32? = nil
    for value in scalars {
      defer { previous = value }
      switch value {
      case 0xFF66...0xFF9D:
        if (0xFF67...0xFF70).contains(value), !isLetter(previous) { return false }
        letters += 1
      case 0xFF9E:
        guard let previous, voiced.contains(previous) else { return false }
      case 0xFF9F:
        guard let previous, (0xFF8A...0xFF8E).contains(previous) else { return false }
      case 0xFF61...0xFF65: break  // 。「」、・
      case 0x3000...0x30FF, 0x4E00...0x9FFF: break
      default: return false
      }
    }
    return letters >= 2
  }

  /// Whether `value` is a half-width katakana letter (not a mark or punctuation).
  static func isLetter(_ value: UInt32?) -> Bool {
    guard let value else { return false }
    return (0xFF66...0xFF9D).contains(value)
  }

  /// The letters the voiced sound mark `ﾞ` follows: ｶ–ｺ, ｻ–ｿ, ﾀ–ﾄ, ﾊ–ﾎ and ｳ.
  static let voiced: Set<UInt32> = Set(Array(0xFF76...0xFF84) + Array(0xFF8A...0xFF8E) + [0xFF73])
}
