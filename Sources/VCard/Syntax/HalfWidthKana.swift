/// Half-width katakana (U+FF61–FF9F: JIS X 0201's, single bytes 0xA1–0xDF in Shift_JIS),
/// as Japanese feature phones wrote names and their readings (`ﾔﾏﾀﾞ ﾀﾛｳ`).
enum HalfWidthKana {
  /// Whether `scalars` (a value's characters beyond ASCII) are half-width katakana
  /// that read as words: at least two letters; the sound marks `ﾞ` `ﾟ` only after a
  /// letter that takes them (`ｶﾞ`, `ﾊﾟ`, `ｳﾞ`); the small letters (`ｧ`–`ｯ`) and the
  /// long mark `ｰ` never first, the small `ｬ` `ｭ` `ｮ` only after a letter of the
  /// i-row (`ｼｮ`); only half-width katakana and their punctuation (Shift_JIS's
  /// double-byte characters among them are another charset's bytes read so).
  static func readsAsWords(_ scalars: [UInt32]) -> Bool {
    var letters = 0
    var previous: UInt32? = nil
    // The last letter, past the sound marks after it (`ｷﾞｮ`: `ｷ`).
    var lastLetter: UInt32? = nil
    for value in scalars {
      defer { previous = value }
      switch value {
      case 0xFF66...0xFF9D:
        let follows = isLetter(previous) || previous == 0xFF9E || previous == 0xFF9F
        if (0xFF67...0xFF70).contains(value), !follows { return false }
        if (0xFF6C...0xFF6E).contains(value), !(lastLetter.map(iRow.contains) ?? false) { return false }
        letters += 1
        lastLetter = value
      case 0xFF9E:
        guard let previous, voiced.contains(previous) else { return false }
      case 0xFF9F:
        guard let previous, (0xFF8A...0xFF8E).contains(previous) else { return false }
      case 0xFF61...0xFF65: lastLetter = nil  // 。「」、・
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

  /// The letters of the i-row (`ｷ ｼ ﾁ ﾆ ﾋ ﾐ ﾘ`), which the small `ｬ` `ｭ` `ｮ` follow.
  static let iRow: Set<UInt32> = [0xFF77, 0xFF7C, 0xFF81, 0xFF86, 0xFF8B, 0xFF90, 0xFF98]

  /// The letters the voiced sound mark `ﾞ` follows: ｶ–ｺ, ｻ–ｿ, ﾀ–ﾄ, ﾊ–ﾎ and ｳ.
  static let voiced: Set<UInt32> = Set(Array(0xFF76...0xFF84) + Array(0xFF8A...0xFF8E) + [0xFF73])
}
