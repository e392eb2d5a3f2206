import Localization

/// The letters of the index (the picker's section column) as the user's language has
/// them (`LC_ALL`, `LC_MESSAGES`, `LANG`): iOS Contacts' indexes.
///
/// - `latin` (every language but Japanese and Korean; Chinese names file under
///   their pinyin): `A`–`Z`, then `#`.
/// - `kana` (Japanese): names written in kana or kanji first, under the row of the
///   gojūon their reading starts with — あ か さ た な は ま や ら わ —, then `A`–`Z`, `#`
///   (kanji without a reading there).
/// - `hangul` (Korean): names written in Hangul first, under their first syllable's
///   initial consonant — ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ (a doubled one under its
///   plain one: 김 and 꽃 under ㄱ) —, then `A`–`Z`, `#`.
///
/// Sort keys carry the row (`SortKeys`): a kana or Hangul name's key is `!`, the row's
/// letter, then its Latin key, so that it sorts before every Latin key and
/// `ContactFormatter.section(forSortKey:)` reads the row back.
public enum SectionIndex: String, Sendable, Hashable, CaseIterable {
  /// `A`–`Z`, `#`.
  case latin
  /// The kana rows, then `A`–`Z`, `#`.
  case kana
  /// The Hangul initial consonants, then `A`–`Z`, `#`.
  case hangul

  /// The index of the language in use (`L10n.language`).
  public static var current: SectionIndex {
    switch L10n.language.code {
    case "ja": .kana
    case "ko": .hangul
    default: .latin
    }
  }

  /// The index whose sections `labels` are: kana rows are Japanese's, Hangul
  /// consonants Korean's; else `latin`.
  public static func index(of labels: some Sequence<String>) -> SectionIndex {
    for label in labels {
      guard let first = label.first else { continue }
      if kanaRows.contains(first) { return .kana }
      if consonants.contains(first) { return .hangul }
    }
    return .latin
  }

  /// The section a letter typed to jump to one (Ctrl-X, then the letter) stands for:
  /// the section a name beginning with it is filed under — a kana's row (`き` → か),
  /// a Hangul syllable's consonant, a Hangul letter's (`ㄲ` → ㄱ), a Latin letter's
  /// capital; `#` is `#`.
  public func section(ofTyped letter: Character) -> String {
    if let scalar = letter.unicodeScalars.first, letter.unicodeScalars.count == 1,
      let place = Self.letterPlace[scalar.value]
    {
      return String(Self.consonants[place])
    }
    var contact = Contact(identifier: "", source: "")
    contact.familyName = String(letter)
    var keys = ContactFormatter.SortKeys(order: .family, index: self)
    return ContactFormatter.section(forSortKey: keys.key(for: contact))
  }

  /// The place in `consonants` of each Hangul compatibility letter that begins a
  /// syllable (a doubled one under its plain one): `initialPlace` by the letter.
  private static let letterPlace: [UInt32: Int] = Dictionary(
    uniqueKeysWithValues: zip(compatibilityInitials.map(\.value), initialPlace))

  /// Unicode's 19 initial consonants (U+1100…U+1112 order) as compatibility jamo
  /// (U+3131…): ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ — what a Korean keyboard
  /// types for each.
  package static let compatibilityInitials: [Unicode.Scalar] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148, 0x3149,
    0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ].map { Unicode.Scalar(UInt32($0))! }

  /// The kana rows' labels, in order.
  static let kanaRows: [Character] = Array("あかさたなはまやらわ")
  /// The Hangul initial consonants' labels, in order.
  static let consonants: [Character] = Array("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ")
  /// For each of Unicode's 19 initial consonants (U+1100…U+1112 order), its place in
  /// `consonants` (ㄲ ㄸ ㅃ ㅆ ㅉ under ㄱ ㄷ ㅂ ㅅ ㅈ).
  static let initialPlace = [0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13]

  /// `key` (a Latin sort key) marked with the row of `source`, the name part it was
  /// made from, when this index files that name in a row of its own.
  func marked(_ key: String, source: String?) -> String {
    guard self != .latin, let first = source?.unicodeScalars.first else { return key }
    switch self {
    case .latin:
      return key
    case .kana:
      guard ContactFormatter.isCJKScalar(first), !(0xAC00...0xD7A3).contains(first.value) else { return key }
      // Kanji without a reading (no phonetic name): its Japanese reading is not known —
      // the key is the Chinese one, 中村 zhongcun — so under `#`, last, as iOS files a
      // name without furigana; not in the row of a Chinese reading.
      if first.properties.isIdeographic { return key.hasPrefix("~") ? key : "~" + key }
      return "!" + String(Self.kanaRow(ofReading: key)) + key
    case .hangul:
      guard (0xAC00...0xD7A3).contains(first.value) else { return key }
      let place = Self.initialPlace[Int(first.value - 0xAC00) / 588]
      return "!" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(place))) + key
    }
  }

  /// The gojūon row (0 あ … 9 わ) of a reading in romaji, by its first letters: ヴ
  /// (`v`) is ウ with a dakuten, in the あ row; ん (`n` before a consonant, or alone)
  /// ends the わ row.
  static func kanaRow(ofReading reading: String) -> Int {
    switch reading.first {
    case "k", "g": 1
    case "s", "z", "j": 2
    case "t", "d", "c": 3
    case "n":
      switch reading.dropFirst().first {
      case "a", "i", "u", "e", "o", "y": 4
      default: 9
      }
    case "h", "b", "p", "f": 5
    case "m": 6
    case "y": 7
    case "r", "l": 8
    case "w": 9
    default: 0  // a i u e o, v
    }
  }

  /// The section of a key `marked(_:source:)` made (`!` and a row letter), or nil for
  /// an unmarked key.
  static func section(ofMarked key: String) -> String? {
    let bytes = key.utf8
    guard bytes.first == UInt8(ascii: "!"), bytes.count >= 2 else { return nil }
    let row = bytes[bytes.index(after: bytes.startIndex)]
    return row >= UInt8(ascii: "0") && row <= UInt8(ascii: "9") || row >= UInt8(ascii: "a") && row <= UInt8(ascii: "n")
      ? sections[Int(row)] : nil
  }

  /// The byte that stands for `section` where a section is stored in one byte (a
  /// list file's column): `A`–`Z` and `#` as themselves, a kana row as the digit
  /// and a Hangul consonant as the letter `marked(_:source:)` puts in a key (`0`–`9`,
  /// `a`–`n`); `#` for anything else.
  public static func byte(ofSection section: String) -> UInt8 {
    bytes[section] ?? UInt8(ascii: "#")
  }

  /// The section a byte of `byte(ofSection:)` stands for (`#` for a byte it never
  /// gives).
  public static func section(ofByte byte: UInt8) -> String { sections[Int(byte)] }

  /// The section of each byte (`byte(ofSection:)`).
  private static let sections: [String] = (0...255).map { byte -> String in
    switch UInt8(byte) {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): String(UnicodeScalar(UInt8(byte)))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): String(kanaRows[byte - 48])
    case UInt8(ascii: "a")...UInt8(ascii: "n"): String(consonants[byte - 97])
    default: "#"
    }
  }

  /// The byte of each section, derived from `sections` (a list file writes one per
  /// contact: a lookup, not a search of the rows).
  private static let bytes: [String: UInt8] = Dictionary(
    uniqueKeysWithValues: (0...255).filter { sections[$0] != "#" }.map { (sections[$0], UInt8($0)) })
}
