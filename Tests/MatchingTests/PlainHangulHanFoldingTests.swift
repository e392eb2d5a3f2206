import Testing

@testable import Matching

/// `SearchFolding.fold` of Hangul syllables and the main block of CJK ideographs,
/// folded without Foundation (`isPlainHangulOrHan`): each one as Foundation's folding
/// and `ScriptFolding` fold it.
@Suite struct PlainHangulHanFoldingTests {
  @Test("every Hangul syllable, Hangul compatibility letter and ideograph of U+4E00–U+9FFF folds as through Foundation (itself, but a variant kanji or a Traditional character)")
  func everyScalar() {
    for range in [0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3131...0x3163] {
      // Runs of 64 characters, the last run shorter: each character is met once.
      for start in stride(from: range.lowerBound, through: range.upperBound, by: 64) {
        let scalars = (start...min(range.upperBound, start + 63)).map { Unicode.Scalar(UInt32($0))! }
        let text = String(String.UnicodeScalarView(scalars))
        let variants = scalars.contains { ScriptFolding.hanVariants[$0.value] != nil }
        #expect(SearchFolding.isPlainHangulOrHan(text) == !variants)
        #expect(SearchFolding.fold(text) == SearchFolding.foldedWithFoundation(text), "from U+\(String(start, radix: 16))")
        #expect((SearchFolding.fold(text) == text) == !variants)
      }
    }
  }

  @Test("a Japanese name's variant kanji is found by the standard one and the reverse (case 20's kind)")
  func kanjiVariants() {
    let stored = ["山﨑 健", "𠮷田 優", "長濱 ねる", "黒澤 明", "髙橋 一郎", "齋藤 学", "渡邊 直美"]
    let typed = ["山崎", "吉田", "長浜", "黒沢", "高橋", "斎藤", "渡辺"]
    for (name, query) in zip(stored, typed) {
      #expect(SearchFolding.fold(name).hasPrefix(SearchFolding.fold(query)), "\(name) by \(query)")
    }
    #expect(SearchFolding.fold("髙") == "高")
    #expect(SearchFolding.fold("﨑") == "崎")
  }

  @Test("a Traditional Chinese name is found by its Simplified characters and the reverse; a Japanese variant stays Japanese")
  func traditionalChinese() {
    let stored = ["張偉", "劉德華", "王曉明", "黃飛鴻", "鄭秀文"]
    let typed = ["张伟", "刘德华", "王晓明", "黄飞鸿", "郑秀文"]
    for (name, query) in zip(stored, typed) {
      #expect(SearchFolding.fold(name) == SearchFolding.fold(query), "\(name) by \(query)")
      #expect(SearchFolding.fold(name) != name)
    }
    // 澤 is the Japanese 沢 first (黒澤 by 黒沢), as before.
    #expect(SearchFolding.fold("澤") == "沢")
    #expect(SimplifiedHan.table.count == 2_853)
  }

  @Test("with ASCII among them, only the ASCII is lower-cased; other text is not taken for them", arguments: [
    ("박지성 PARK Ji-sung", "박지성 park ji-sung", true), ("王小明 Wang", "王小明 wang", true),
    ("김 민준", "김 민준", true), ("ｷﾑ", "きむ", false), ("김ㅁ", "김ㅁ", true), ("ﾡ김", "ㄱ김", false), ("佐々木", "佐々木", false),
    ("Ｋim", "kim", false), ("김\u{200B}민준", "김민준", false),
  ])
  func mixed(text: String, folded: String, plain: Bool) {
    #expect(SearchFolding.isPlainHangulOrHan(text) == plain)
    #expect(SearchFolding.fold(text) == folded)
    #expect(SearchFolding.fold(text) == SearchFolding.foldedWithFoundation(text))
  }
}
