import Dispatch

/// Work split over all cores in pieces, results back in order.
package enum Parallel {
  /// Cuts `0..<count` into ranges of at most `chunk` indices, runs `body` on each
  /// range on all cores (`DispatchQueue.concurrentPerform`; a single range runs on the
  /// calling thread), and returns the results in range order.
  package static func map<Result: Sendable>(
    count: Int, chunk: Int, _ body: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let size = max(1, chunk)
    let ranges = stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    if ranges.count <= 1 { return ranges.map(body) }
    let results = Locked<[Int: Result]>([:])
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
      let result = body(ranges[index])
      results.withLock { $0[index] = result }
    }
    return results.withLock { results in ranges.indices.compactMap { results[$0] } }
  }
}
