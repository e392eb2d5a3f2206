import Testing

@testable import CpickSupport

/// `Parallel.ranges`: how work is cut for the cores — within the chunk size, as many
/// ranges as a multiple of the cores, of about one size.
@Suite struct ParallelRangesTests {
  @Test("10,000 items in chunks of 2,048 on two cores: six ranges of 1,666 or 1,667, not five of which the last runs alone")
  func balancedOverCores() {
    let ranges = Parallel.ranges(count: 10_000, chunk: 2048, cores: 2)
    #expect(ranges.count == 6)
    #expect(ranges.map(\.count) == [1667, 1667, 1667, 1667, 1666, 1666])
    #expect(ranges.first?.lowerBound == 0)
    #expect(ranges.last?.upperBound == 10_000)
    #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
  }

  @Test("what fits one chunk is one range; nothing is no range; more cores than items: one item a range")
  func edges() {
    #expect(Parallel.ranges(count: 2048, chunk: 2048, cores: 8) == [0..<2048])
    #expect(Parallel.ranges(count: 0, chunk: 16, cores: 2).isEmpty)
    #expect(Parallel.ranges(count: 3, chunk: 1, cores: 8) == [0..<1, 1..<2, 2..<3])
    #expect(Parallel.ranges(count: 9, chunk: 4, cores: 4).map(\.count) == [3, 2, 2, 2])
  }

  @Test("map gives every range's result in order")
  func mapInOrder() {
    let sums = Parallel.map(count: 10_000, chunk: 100) { range in range.reduce(0, +) }
    let expected = Parallel.ranges(count: 10_000, chunk: 100, cores: Parallel.cores).map { $0.reduce(0, +) }
    #expect(sums.count >= 100)
    #expect(sums == expected)
  }
}
