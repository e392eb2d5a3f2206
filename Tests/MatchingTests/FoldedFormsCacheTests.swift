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
        #expect(cached.folded == fresh.folded && cached.aliases == fresh.aliases, "\(text)")
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
