import CpickSupport

/// Counts contacts read on several threads and reports the running total.
final class ProgressCounter: Sendable {
  private let total = Locked(0)
  private let report: @Sendable (Int) -> Void

  init(report: @escaping @Sendable (Int) -> Void) {
    self.report = report
  }

  /// Adds `count` and reports the new total.
  func add(_ count: Int) {
    let now = total.withLock { total in
      total += count
      return total
    }
    report(now)
  }
}
