import Dispatch
import Foundation

/// Work on batches handed in one by one — a folder's names as it is read — done on
/// the other cores while the next batches are produced, and on the producing thread
/// too once it has no more to hand in.
///
/// `add(_:)` queues a batch; the first full batch starts `helpers` workers (cores − 1)
/// that take batches as they come; `finish()` works off what is left, waits for the
/// workers and returns the results in the order the batches were added. A producer
/// that hands in one short batch (a small folder) starts no thread at all.
///
/// - Complexity: the work itself, plus O(1) per batch under a lock.
package final class BatchPipeline<Input: Sendable, Output: Sendable>: Sendable {
  private struct State {
    /// Batches added and not yet taken, by number.
    var pending: [(number: Int, batch: Input)] = []
    /// The first pending batch (batches before it are taken).
    var next = 0
    /// The result of each batch added, by number (nil until done).
    var results: [Output?] = []
    /// Whether the workers were started.
    var started = false
  }

  private let work: @Sendable (Input) -> Output
  private let state = Locked(State())
  /// One signal per batch added, and one per worker when no more will come.
  private let available = DispatchSemaphore(value: 0)
  private let workers = DispatchGroup()
  private let helpers: Int

  /// A pipeline doing `work` on each batch, with `helpers` worker threads besides
  /// the producer (by default one fewer than the active cores, at least one).
  package init(helpers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), work: @escaping @Sendable (Input) -> Output) {
    self.helpers = helpers
    self.work = work
  }

  /// Queues `batch`; `full` says whether more may follow in the same step (the
  /// workers start at the first full batch).
  package func add(_ batch: Input, full: Bool) {
    let start = state.withLock { state in
      state.pending.append((state.results.count, batch))
      state.results.append(nil)
      guard full, !state.started else { return false }
      state.started = true
      return true
    }
    available.signal()
    if start {
      // Threads of their own, not Dispatch's workers: the producer may be one of
      // those, and waits for these in `finish()`.
      for _ in 0..<helpers {
        workers.enter()
        Thread.detachNewThread { [self] in
          while true {
            available.wait()
            guard takeAndWork() else { break }
          }
          workers.leave()
        }
      }
    }
  }

  /// Takes one pending batch and does its work; false when none was pending.
  private func takeAndWork() -> Bool {
    let taken = state.withLock { state -> (number: Int, batch: Input)? in
      guard state.next < state.pending.count else { return nil }
      defer { state.next += 1 }
      return state.pending[state.next]
    }
    guard let taken else { return false }
    let result = work(taken.batch)
    state.withLock { $0.results[taken.number] = result }
    return true
  }

  /// Works off the batches still pending, waits for the workers, and returns every
  /// batch's result in the order added.
  package func finish() -> [Output] {
    while takeAndWork() {}
    for _ in 0..<helpers { available.signal() }  // workers waiting for a batch end
    workers.wait()
    return state.withLock { $0.results.map { $0! } }
  }
}
