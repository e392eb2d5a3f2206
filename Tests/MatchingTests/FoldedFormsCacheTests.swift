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
