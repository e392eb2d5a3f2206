import Dispatch
import Foundation

/// Work split over all cores in pieces, results back in order.
package enum Parallel {
  /// Cuts `0..<count` into ranges of at most `chunk` indices, runs `body` on each
  /// range on all cores (`DispatchQueue.concurrentPerform`; a single range runs on the
  /// calling thread), and returns the results in range order.
  ///
  /// More than one range are as many as a multiple of the cores, of sizes differing by
  /// at most one (`ranges(count:chunk:cores:)`): no core is left alone with a last
  /// range while the others wait (five chunks of 2,048 of 10,000 items on two cores
  /// took three rounds, the last on one core).
  package static func map<Result: Sendable>(
    count: Int, chunk: Int, _ body: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let ranges = ranges(count: count, chunk: chunk, cores: cores)
    if ranges.count <= 1 { return ranges.map(body) }
    let results = Locked<[Int: Result]>([:])
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
      let result = body(ranges[index])
      results.withLock { $0[index] = result }
    }
    return results.withLock { results in ranges.indices.compactMap { results[$0] } }
  }

  /// The processor count the process may use.
  package static let cores = ProcessInfo.processInfo.activeProcessorCount

  /// `0..<count` cut into ranges of at most `chunk` indices, in order: one range when
  /// it fits, else as many as the least multiple of `cores` that keeps each within
  /// `chunk`, their sizes differing by at most one.
  package static func ranges(count: Int, chunk: Int, cores: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let size = max(1, chunk)
    var pieces = (count + size - 1) / size
    if pieces > 1 {
      let cores = max(1, cores)
      pieces = min(count, (pieces + cores - 1) / cores * cores)
    }
    let (base, extra) = count.quotientAndRemainder(dividingBy: pieces)
    var start = 0
    return (0..<pieces).map { piece in
      let end = start + base + (piece < extra ? 1 : 0)
      defer { start = end }
      return start..<end
    }
  }
}
