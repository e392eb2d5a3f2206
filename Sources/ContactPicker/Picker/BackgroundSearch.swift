import CpickSupport
import Dispatch
import Matching
import Synchronization

/// Runs the people picker's searches on a worker thread, one at a time: starting a
/// search cancels the one running (its scan stops at its next chunk, see
/// `SearchCancellation`) and drops those waiting, so only the latest query's matches
/// come back.
///
/// Used from the main actor: `start` a search, then `take()` its matches when the
/// screen wakes up, or `waitForLatest()` when a key needs them now.
final class BackgroundSearch: Sendable {
  /// Runs one search; the default runs it on the list's index.
  typealias Runner = @Sendable (PeoplePickerState.Search, SearchCancellation) -> [ContactMatch]

  private let runner: Runner
  private let queue = DispatchQueue(label: "cpick.picker.search", qos: .userInitiated)
  /// The id of the latest search started (0: none, or cancelled).
  private let latest = Atomic<Int>(0)
  /// The latest search's matches, once found and not yet taken.
  private let finished = Locked<(search: PeoplePickerState.Search, matches: [ContactMatch])?>(nil)

  /// A worker that runs searches with `runner`.
  init(runner: @escaping Runner) {
    self.runner = runner
  }

  /// A worker that searches `index`. The index is prepared (`ContactIndex.prepareForSearch()`:
  /// field masks and contact pairs, about 230 ms of two cores for a million contacts)
  /// on another thread while the user reads the list; a search before that is done
  /// goes on without them rather than waiting.
  convenience init(index: ContactIndex) {
    self.init { search, cancellation in search.run(on: index, cancellation: cancellation) }
    DispatchQueue.global(qos: .utility).async { index.prepareForSearch() }
  }

  /// Starts `search` after cancelling the one running; earlier results not yet taken
  /// are dropped.
  func start(_ search: PeoplePickerState.Search) {
    latest.store(search.id, ordering: .relaxed)
    finished.withLock { $0 = nil }
    queue.async { [self] in
      let id = search.id
      guard latest.load(ordering: .relaxed) == id else { return }
      let cancellation = SearchCancellation { [self] in latest.load(ordering: .relaxed) != id }
      let matches = runner(search, cancellation)
      finished.withLock { slot in
        // Checked under the lock that `start` takes too: a newer search cannot have
        // cleared the slot between the check and the store.
        if latest.load(ordering: .relaxed) == id { slot = (search, matches) }
      }
    }
  }

  /// Cancels the running search; nothing more comes back until the next `start`.
  func cancel() {
    latest.store(0, ordering: .relaxed)
    finished.withLock { $0 = nil }
  }

  /// The latest search's matches if they are ready (once).
  func take() -> (search: PeoplePickerState.Search, matches: [ContactMatch])? {
    finished.withLock { slot in
      defer { slot = nil }
      return slot
    }
  }

  /// Waits for the latest search to finish and takes its matches (`nil` when there
  /// is none, or they were taken).
  func waitForLatest() -> (search: PeoplePickerState.Search, matches: [ContactMatch])? {
    queue.sync {}
    return take()
  }
}
