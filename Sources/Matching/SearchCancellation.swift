/// Asks a running search to stop: `ContactIndex.search` checks it between chunks of
/// `ContactIndex.cancellationChunk` contacts and returns early once it says so.
///
/// The check runs on whichever threads the search runs on (a large scan is split over
/// all cores), so it must be cheap and thread-safe: typically an atomic load that
/// compares a generation number.
///
/// ```swift
/// let latest = Atomic<Int>(0)   // bumped whenever the query changes
/// let mine = latest.load(ordering: .relaxed)
/// let matches = index.search(query, cancellation: SearchCancellation { latest.load(ordering: .relaxed) != mine })
/// ```
public struct SearchCancellation: Sendable {
  private let check: @Sendable () -> Bool

  /// A cancellation that asks `isCancelled` at each check.
  public init(_ isCancelled: @escaping @Sendable () -> Bool) {
    self.check = isCancelled
  }

  /// Whether the search should stop now. A search stopped by it returns an incomplete
  /// result, which the caller throws away.
  public var isCancelled: Bool { check() }
}
