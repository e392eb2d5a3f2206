import ContactKit
import Foundation
@testable import Matching
import Testing

/// The index's cache of folded forms gives what folding anew gives.
@Suite struct FoldedFormsCacheTests {
  @Test("cached folded forms equal those computed anew")
  func cachedForms() {
    let texts = ["Zoë", "Łukasz", "王小明", "김민준", "佐藤 花子", "Иванова", "शर्मा", "Ñúñez", "ＡＢＣ", "Straße", "🙂"]
    for _ in 0..<2 {  // the second time from the cache
      for text in texts {
        let cached = FoldedForms.of(text)
        let fresh = FoldedForms.compute(text)
        #expect(cached.folded == fresh.folded && cached.aliases == fresh.aliases && cached.spelled == fresh.spelled, "\(text)")
        #expect(cached.folded == SearchFolding.fold(text))
      }
    }
  }
}

/// Han read from `HanReadings` gives the search index the words ICU gave it.
@Suite struct HanTransliterationTests {
  /// The words of ICU's reading of `text`, as the index split them before the table.
  static func icuWords(_ text: String) -> [String] {
    let latin = text.applyingTransform(ContactFormatter.latinTransform, reverse: false) ?? text
    return SearchFolding.fold(latin).split(separator: " ").map(String.init)
  }

  @Test("a radical, 〇 or 々 between other letters is a word of its own, as ICU spaced it", arguments: [
    "⼭⽥", "ア⼭", "〇山", "⼤⽊", "⾦⼦",
  ])
  func wordsOfRuns(_ text: String) throws {
    let latin = try #require(Transliteration.latinize(text))
    #expect(latin.text.split(separator: " ").map(String.init) == Self.icuWords(text), "\(text)")
  }

  @Test("a Han character reads as ICU reads it alone")
  func single() {
    for text in ["王", "曾", "々", "〇", "⼭", "豈"] {
      #expect(Transliteration.latin(text) == SearchFolding.fold(Self.icuWords(text).joined(separator: " ")), "\(text)")
    }
  }
}

/// The forms of a text of several words made from its words' (`FoldedForms.composed`):
/// a display name, distinct in every card, costs lookups of its words.
@Suite struct ComposedFormsTests {
  static let names = [
    "Анна Иванова 12", "Ёлкин Юрий", "Ђорђе Јовановић", "Ана́ Пе́трова", "Д'Артаньян Жан-Поль", "Анна  Иванова",
    "Νίκος Παπαδόπουλος", "ΟΔΥΣΣΕΑΣ ΕΛΥΤΗΣ", "Ωμέγα ς σ", "محمد عبد الله", "דוד בן גוריון", "สมชาย ใจดี",
    "राहुल शर्मा", "გიორგი ბერიძე", "Արամ Խաչատրյան", "አበበ ቢቂላ", "Zoë Ørsted", "Łukasz Żółw", "Æsa Þór ß",
    "Işık Ilıcalı", "Nguyễn Thị Minh Khai", "Zoë Анна", "José María Aznar-López 7", "Ｆｕｌｌ Ｗｉｄｔｈ",
    "Anna\tИванова Smith", "🙂 Анна", "Straße Müller", "ｱﾝﾅ Smith",
    // Greek beside Latin, Cyrillic or a digit (no passport spelling), beside a word
    // spelled as ICU spells it, and `αυ` at a word's end (`f` alone, `v` before a word).
    "Νίκος Smith", "Δημήτρης Smith", "Δημήτρης Иванов", "Νίκος Παπαδόπουλος 7", "Ραΐσα Δημήτρης", "Δημήτρης - Παπάς",
    "Δαυ Νίκος",
  ]

  @Test("every name's forms made from its words are those made whole")
  func sameAsWhole() {
    var composed = 0
    for name in Self.names {
      guard let forms = FoldedForms.composed(name, word: { FoldedForms.compute(String($0)) }) else { continue }
      composed += 1
      let whole = FoldedForms.compute(name)
      #expect(forms.folded == whole.folded, "\(name)")
      #expect(forms.aliases == whole.aliases, "\(name)")
      #expect(forms.spelled == whole.spelled, "\(name)")
    }
    // All but those that need a normal form, or hold kana (half-width `ｱﾝﾅ` too), made whole.
    #expect(
      composed
        == Self.names.filter {
          SearchFolding.normalization(of: $0) == .none && !$0.unicodeScalars.contains(where: Transliteration.isHanOrKana)
        }.count)
    #expect(composed >= 24)
  }

  @Test("one word, ASCII, a text that needs a normal form, or Han, Kana or Hangul is made whole")
  func madeWhole() {
    // Presentation forms beside compatibility characters (found by a helper comparing
    // builds: `fold` normalises the whole text, a word alone might not be), and a
    // combining mark beside a canonical singleton (U+0387).
    for name in [
      "Иванова", "Ada Lovelace", "王 小明", "佐藤 花子", "やまだ たろう", "김 민준", "Anna 々", "ﻣﺤﻤﺪ ²", "ﻣﺤﻤﺪ ½",
      "ﻣﺤﻤﺪ Ⅻ", "ﻣﺤﻤﺪ ǅemal", "ज़ाकिर Ⅻ", "Ана́ ·\u{0387}",
    ] {
      #expect(FoldedForms.composed(name, word: { FoldedForms.compute(String($0)) }) == nil, "\(name)")
    }
  }

  @Test("a contact named by several words is found by its words and their transliterations")
  func found() throws {
    var contact = Contact(identifier: "1", source: "t")
    contact.formattedName = "Νίκος Παπαδόπουλος 7"
    let index = ContactIndex([contact])
    for query in ["νικος", "παπαδ", "nikos", "papad", "7"] {
      #expect(index.search(query).count == 1, "\(query)")
    }
  }
}
