@testable import Matching
import Testing

/// The counting sort of a scan's matches, serial or with the parts placed in parallel.
@Suite("Ordering matches")
struct OrderingTests {
  /// Parts of a scan in input order: `count` matches spread over `parts` parts, with
  /// scores from a small generator (many ties, as real scores have).
  static func parts(_ parts: Int, count: Int, seed: UInt64) -> [ContactIndex.ScanResult] {
    var state = seed
    var results: [ContactIndex.ScanResult] = []
    var index: Int32 = 0
    for p in 0..<parts {
      var part = ContactIndex.ScanResult()
      for _ in 0..<(count / parts + (p < count % parts ? 1 : 0)) {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        index += Int32(1 + (state >> 60))
        let score = Int32((state >> 33) % 900) + 1
        part.indices.append(index)
        part.scores.append(score)
        part.maxScore = max(part.maxScore, Int(score))
      }
      results.append(part)
    }
    return results
  }

  @Test("should order best first, ties in input order, the same serially and in parallel")
  func parallelEqualsSerial() {
    let parts = Self.parts(16, count: ContactIndex.parallelOrderThreshold + 1_234, seed: 17)
    let all = parts.flatMap { part in zip(part.indices, part.scores).map { ContactMatch(index: Int($0), score: Int($1)) } }
    let expected = all.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }
    let maxScore = parts.map(\.maxScore).max() ?? 0
    // `ordered` places this many in parallel; `orderedInParallel` is also called directly.
    #expect(ContactIndex.ordered(parts) == expected)
    #expect(ContactIndex.orderedInParallel(parts, count: all.count, maxScore: maxScore) == expected)
    #expect(ContactIndex.ordered(Array(parts.prefix(1))) == expected.filter { $0.index <= parts[0].indices.last.map(Int.init) ?? 0 })
    #expect(expected.first.map(\.score) == maxScore)
    #expect(expected.count == ContactIndex.parallelOrderThreshold + 1_234)
  }
}
