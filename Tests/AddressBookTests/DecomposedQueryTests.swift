import ContactStores
import CpickTestSupport
import Foundation
import Matching
import Testing

@testable import AddressBook

/// Case 40: a query typed or pasted decomposed (NFD: macOS, conjoining Hangul jamo, a
/// kana with U+3099) finds what the composed query finds, names stored either way.
@Suite struct DecomposedQueryTests {
  @Test("each query of case 40, NFC and NFD, finds its contacts")
  func case40() throws {
    let book = SharedFiles.casePath("40-nfd-query-hangul-kana", "normalization.vcf")
    let queries = try String(contentsOf: SharedFiles.caseFile("40-nfd-query-hangul-kana", "queries.txt"), encoding: .utf8)
    let list = ContactList(try VCardFileStore(path: book).load().contacts)
    let expected: [String: [String]] = [
      "한지민": ["한지민"], "한수아": ["한수아"], "한": ["한수아", "한지민"], "ジョージ": ["長谷川 ジョージ"],
      "ゲンタ": ["高木 ゲンタ"], "Brönte": ["Zoë Brönte"],
    ]
    var checked = 0
    for line in queries.split(separator: "\n") {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 3 else { continue }
      let key = fields[1].precomposedStringWithCanonicalMapping
      let names = list.index.search(fields[1], options: SearchOptions())
        .map { list.contacts[$0.index].displayName.precomposedStringWithCanonicalMapping }.sorted()
      #expect(names == expected[key]?.sorted(), "\(fields[0]) \(fields[1])")
      checked += 1
    }
    #expect(checked == 12)
  }
}
