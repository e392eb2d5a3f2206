/// Japanese names of kanji alone in EUC-JP (`田中花子`, as mutt, abook and an old phone
/// write them on a `ja_JP.eucJP` system), which hold no kana for `JapaneseByKana` to
/// tell: their bytes are pairs of 0xA1–0xFE, as GB2312's and EUC-KR's are, so they read
/// as Chinese (`拍面仓灰`) or Korean (`탠충꾑뿍`) text too.
///
/// A value is a Japanese name when EUC-JP reads it as three kanji or more, mostly of JIS
/// level 1 (the common ones, rows 16–47; kana, CJK punctuation and ASCII beside them),
/// whose first is one a common Japanese surname begins with (`surnameStarts`), and
/// GB2312 reads no Chinese surname first nor a Chinese name, nor EUC-KR a Korean
/// surname first or common syllables (`CommonCharacters`).
enum JapaneseByKanji {
  /// "EUC-JP" when more than half of `values` (at most 4,096 looked at) read as
  /// Japanese names; nil otherwise.
  static func told(by values: [[UInt8]]) -> String? {
    let examined = values.prefix(4096)
    guard !examined.isEmpty else { return nil }
    let japanese = examined.count(where: readsAsName)
    return japanese * 2 > examined.count ? "EUC-JP" : nil
  }

  /// Whether `bytes` read as a Japanese name in EUC-JP and as no Chinese name in
  /// GB2312 nor Korean words in EUC-KR.
  static func readsAsName(_ bytes: [UInt8]) -> Bool {
    guard isMostlyLevelOneKanji(bytes), let text = CharsetDecoder.decode(bytes, charset: "EUC-JP"),
      let first = text.unicodeScalars.first(where: { $0.value >= 0x4E00 && $0.value <= 0x9FFF }),
      surnameStarts.contains(first)
    else { return false }
    func isHan(_ value: UInt32) -> Bool { (0x4E00...0x9FFF).contains(value) }
    func isHangul(_ value: UInt32) -> Bool { (0xAC00...0xD7AF).contains(value) }
    // Three kanji at least (a surname and a given name): two are as often a Korean
    // nickname's bytes (`샛별`).
    guard text.unicodeScalars.count(where: { isHan($0.value) }) >= 3 else { return false }
    // Chinese when GB2312 reads a Chinese surname first and common characters for
    // half of them at least (`李小龙`; `井斡嫫`, 小林翔's bytes, is no name).
    let chinese = CharsetDecoder.decode(bytes, charset: "GB18030")
    if let hanzi = chinese?.unicodeScalars.filter({ isHan($0.value) }), let first = hanzi.first,
      CommonCharacters.hanNameStarts.contains(first), hanzi.count(where: CommonCharacters.han.contains) * 2 >= hanzi.count
    {
      return false
    }
    if CharsetDecoder.readsAsName(chinese, isHan, CommonCharacters.hanNameStarts, CommonCharacters.han) { return false }
    // Korean when EUC-KR reads Hangul of a Korean surname first, or of common syllables.
    if let korean = CharsetDecoder.decode(bytes, charset: "EUC-KR"),
      let first = korean.unicodeScalars.first(where: { isHangul($0.value) }),
      CommonCharacters.hangulNameStarts.contains(first)
        || korean.unicodeScalars.allSatisfy({ !isHangul($0.value) || CommonCharacters.hangul.contains($0) })
    {
      return false
    }
    return true
  }

  /// Whether `bytes` are ASCII and EUC-JP pairs of kana (rows 4–5), CJK punctuation
  /// (row 1) or kanji, more of them of JIS level 1 (rows 16–47: lead bytes 0xB0–0xCF,
  /// the common ones) than of level 2 (`翔`, `嶋`).
  static func isMostlyLevelOneKanji(_ bytes: [UInt8]) -> Bool {
    var index = 0
    var kanji = 0
    var secondLevel = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard index + 1 < bytes.count, (0xA1...0xFE).contains(bytes[index + 1]) else { return false }
      switch lead {
      case 0xB0...0xCF: kanji += 1
      case 0xD0...0xF4: secondLevel += 1
      case 0xA1, 0xA4, 0xA5: break
      default: return false
      }
      index += 2
    }
    return kanji > secondLevel
  }

  /// The kanji the 500 most common Japanese surnames begin with.
  static let surnameStarts: Set<Unicode.Scalar> = Set(
    """
    佐鈴高田伊渡山中小加吉松井木林斎斉清森池阿橋石前藤岡長坂村遠青西福太原三野平大菅上武竹金今内近河宮後酒岩北工久千増横
    杉柴丸関堀荒望菊永島桜新早市谷水安秋浅足有飯五生稲植梅江及尾奥落片川神岸熊栗黒桑児駒笹沢塩篠白園滝玉土坪寺徳富豊仲成根
    萩畑服浜東樋広古星細本牧町溝南八矢柳湯米若和宇奈菱津馬矢吉野口谷戸羽美相樫角佃茂熊嶋島比菅沖椎門志多津坂堤戸
    """.unicodeScalars.filter { $0.value >= 0x4E00 })
}
