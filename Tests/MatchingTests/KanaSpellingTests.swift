import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import Matching

/// Case 20's kind (a name found as its readers write it): a Japanese reading is found
/// as a passport writes it (`ohtani`, `satoh`, `homma`, `namba`) and as a Japanese input
/// method takes it (`syohei`, `zirou`, `huzii`), as by ICU's Hepburn.
@Suite struct KanaSpellingTests {
  @Test("passport and Kunrei spellings of ICU's romaji", arguments: [
    ("ootani", "ohtani", "ootani"), ("satou", "satoh", "satou"), ("honma", "homma", "honma"),
    ("shinpei", "shimpei", "sinpei"), ("shouhei", "shohei", "syouhei"), ("jirou", "jiroh", "zirou"),
    ("fujii", "fujii", "huzii"), ("chiaki", "chiaki", "tiaki"), ("tsubasa", "tsubasa", "tubasa"),
    ("junichi", "junichi", "zyuniti"),
  ])
  func spellings(romaji: String, passport: String, kunrei: String) {
    #expect(KanaSpelling.passport(romaji) == passport)
    #expect(KanaSpelling.kunrei(romaji) == kunrei)
  }

  @Test("Kunrei spellings of random romaji are Foundation's replacements made in turn")
  func kunreiAsFoundationReplaces() {
    var state: UInt64 = 0x6A
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let letters = Array("shctufjiyzao ")
    for _ in 0..<3_000 {
      let romaji = String((0..<(1 + random(12))).map { _ in letters[random(letters.count)] })
      var expected = romaji
      for (from, to) in [("sh", "sy"), ("ch", "ty"), ("tsu", "tu"), ("fu", "hu"), ("ji", "zi"), ("j", "zy"),
        ("syi", "si"), ("tyi", "ti"), ("zyi", "zi")]
      {
        expected = expected.replacingOccurrences(of: from, with: to)
      }
      #expect(KanaSpelling.kunrei(romaji) == expected, "\(romaji)")
    }
  }

  @Test("a name read in kana is found by its passport and Kunrei spellings")
  func search() {
    var ohtani = TestContacts.person("翔平", "大谷")
    ohtani.phoneticFamilyName = "おおたに"
    ohtani.phoneticGivenName = "しょうへい"
    var sato = TestContacts.person("次郎", "佐藤")
    sato.phoneticFamilyName = "さとう"
    sato.phoneticGivenName = "じろう"
    var homma = TestContacts.person("千秋", "本間")
    homma.phoneticFamilyName = "ほんま"
    homma.phoneticGivenName = "ちあき"
    // A reading in half-width katakana, as feature phones and old Outlook wrote it.
    var suzuki = TestContacts.person("一朗", "鈴木")
    suzuki.phoneticFamilyName = "ｽｽﾞｷ"
    suzuki.phoneticGivenName = "ｲﾁﾛｳ"
    let people = [ohtani, sato, homma, suzuki]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, name) in [
      ("ohtani", "大谷翔平"), ("otani", "大谷翔平"), ("ohtani shohei", "大谷翔平"), ("syouhei", "大谷翔平"), ("satoh", "佐藤次郎"), ("zirou", "佐藤次郎"),
      ("homma", "本間千秋"), ("honma", "本間千秋"), ("tiaki", "本間千秋"),
      ("ichiroh", "鈴木一朗"), ("ichirou", "鈴木一朗"), ("itirou", "鈴木一朗"), ("suzuki", "鈴木一朗"),
    ] {
      #expect(found(query) == [name], "query \(query)")
    }
  }
}
