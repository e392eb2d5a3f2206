import CpickSupport
import Foundation
import Testing

@testable import ContactKit

/// `ICUTransform` gives what Foundation's `applyingTransform` gives for the same ID.
@Suite struct ICUTransformTests {
  static func foundation(_ text: String, _ id: String) -> String? {
    text.applyingTransform(StringTransform(id), reverse: false)
  }

  /// Random words of each script the search index and the sort keys transliterate,
  /// alone and beside Latin words.
  @Test func randomWordsAsFoundation() throws {
    var state: UInt64 = 0x1C0
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let blocks: [ClosedRange<UInt32>] = [
      0x0391...0x03C9, 0x0621...0x064A, 0x0905...0x0939, 0x093E...0x094D, 0x0E01...0x0E2E, 0x3041...0x3093,
      0x30A1...0x30F3, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0x0410...0x044F, 0x05D0...0x05EA,
    ]
    for id in [ContactFormatter.latinTransform.rawValue, "Any-Latin"] {
      let transform = ICUTransform(id)
      for block in blocks {
        for _ in 0..<200 {
          var word = String.UnicodeScalarView()
          for _ in 0..<(1 + random(8)) { word.append(Unicode.Scalar(block.lowerBound + UInt32(random(block.count)))!) }
          let text = random(3) == 0 ? "Ana \(String(word)) Lee" : String(word)
          let expected = try #require(Self.foundation(text, id))
          #expect(transform.apply(text) == expected, "\(id): \(text)")
        }
      }
    }
  }

  /// A text whose reading is many times its length (each `壮` is `zhuang ` in Latin
  /// letters): the buffer is made again at the length ICU says.
  @Test func readingLongerThanTheBufferFirstMade() throws {
    let text = String(repeating: "壮", count: 300)
    let expected = try #require(Self.foundation(text, ContactFormatter.latinTransform.rawValue))
    #expect(expected.utf16.count > 300 * 4 + 16)
    #expect(ContactFormatter.latinTransliterator.apply(text) == expected)
    #expect(ContactFormatter.latinTransliterator.apply("") == "")
  }

  /// Used on all cores at once, each thread with a transliterator of its own.
  @Test func concurrentUse() {
    let names = ["Дмитрий", "Σοφία", "शर्मा", "สมชาย", "さくら", "김민준", "محمد", "佐藤"]
    let expected = names.map { Self.foundation($0, ContactFormatter.latinTransform.rawValue) }
    let transform = ICUTransform(ContactFormatter.latinTransform.rawValue)
    let results = Parallel.map(count: 4_000, chunk: 100) { range in
      range.allSatisfy { transform.apply(names[$0 % names.count]) == expected[$0 % names.count] }
    }
    #expect(results.count > 1)
    #expect(results.allSatisfy { $0 })
  }

  /// An ID ICU does not know gives nil, as Foundation's does.
  @Test func unknownTransform() {
    #expect(ICUTransform("No-Such-Transform").apply("abc") == nil)
    #expect(Self.foundation("abc", "No-Such-Transform") == nil)
  }

  /// UTF-16 made UTF-8: ASCII, two- and three-byte letters, a pair, lone surrogates.
  @Test func utf16AsString() {
    let text = "aé€𝄞z"
    #expect(ICUTransform.string(utf16: Array(text.utf16), count: text.utf16.count) == text)
    #expect(ICUTransform.string(utf16: Array(text.utf16) + [0x61], count: 3) == "aé€")
    #expect(ICUTransform.string(utf16: [0xD834, 0x61, 0xDD1E], count: 3) == "\u{FFFD}a\u{FFFD}")
    #expect(ICUTransform.string(utf16: [0xD834], count: 1) == "\u{FFFD}")
    #expect(ICUTransform.string(utf16: [], count: 0) == "")
  }
}
