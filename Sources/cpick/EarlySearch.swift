import AddressBook
import ContactPicker
import CpickSupport
import Dispatch
import Matching

/// `cpick query`'s search, started on the list last stored in the index while the
/// files behind it are still being checked (`ContactListLoader.load`'s `preview`).
///
/// Checking a vdir means a listing and an `fstatat` per file (about 1.5 s of CPU
/// time for 1,000,000 files, the listing on one core): the search runs on the other
/// core meanwhile. Its matches are used only when the check returns that very list
/// (nothing changed); otherwise the list returned is searched as without it.
final class EarlySearch: Sendable {
  private let query: String
  private let options: SearchOptions
  /// The list searched and its matches (nil while the search runs).
  private let state = Locked<(list: ContactList?, matches: [ContactMatch]?)>((nil, nil))
  private let finished = DispatchGroup()

  /// A search for `query` with `options`, not started.
  init(query: String, options: SearchOptions) {
    self.query = query
    self.options = options
  }

  /// Starts searching `list` on a background thread (once: later lists are ignored).
  func start(_ list: ContactList) {
    let first = state.withLock { state in
      guard state.list == nil else { return false }
      state.list = list
      return true
    }
    guard first else { return }
    finished.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let matches = list.index.search(query, options: options)
      state.withLock { $0.matches = matches }
      finished.leave()
    }
  }

  /// The matches of `list`: the early search's when it searched that same list
  /// (waiting for it to finish), else a search made now.
  ///
  /// - Complexity: O(1) after the early search; else that of `ContactIndex.search`.
  func matches(in list: ContactList) -> [ContactMatch] {
    let searched = state.withLock { $0.list }
    guard searched === list else { return list.index.search(query, options: options) }
    finished.wait()
    return state.withLock { $0.matches } ?? list.index.search(query, options: options)
  }
}
