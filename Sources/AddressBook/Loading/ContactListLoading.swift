import CpickSupport
import Dispatch
import Synchronization

/// A contact list being read on a background thread, for a people picker that shows
/// its first frame before the address book is read
/// (`PeoplePickerController(loading:)`): the picker draws the query line and a
/// `reading… 12,345 contacts` counter, the user types, and the list appears, with the
/// query applied, when the load is done.
///
/// The load is a closure: read the books, build the `ContactList`, return it with the
/// warnings met (`file:line: why`, for the caller to print once the screen is given
/// back). It runs once, on a thread of its own (a Dispatch global queue), from
/// `start()`; it tells how far it got through its `Progress`, which may be called from
/// any thread. Everything here may be read from any thread.
///
/// ```swift
/// let loading = ContactListLoading { progress in
///   let load = try store.load(progress: { progress($0) })
///   progress.indexing()
///   return (ContactList(load.contacts), load.warnings)
/// }
/// let picker = PeoplePickerController(loading: loading)
/// let result = picker.run(on: screen)      // starts the load
/// screen.end()
/// if let error = picker.loadError { … }    // the load failed: nothing was shown but the counter
/// if case .success(let loaded)? = loading.result { loaded.warnings.forEach { print($0) } }
/// ```
public final class ContactListLoading: Sendable {
  /// Reads the books and builds the list, telling `progress` how far it got. Runs on a
  /// background thread; a thrown error ends the picker (`loadError`).
  public typealias Load = @Sendable (_ progress: Progress) throws -> (list: ContactList, warnings: [String])

  /// What a load gave.
  public struct Loaded: Sendable {
    /// The contacts, sorted and indexed.
    public let list: ContactList
    /// One line per problem met while reading (`file:line: why`), to print after the
    /// screen is given back.
    public let warnings: [String]

    /// A loaded list and its warnings.
    package init(list: ContactList, warnings: [String]) {
      self.list = list
      self.warnings = warnings
    }
  }

  /// Where a load is.
  public enum Phase: Sendable, Hashable {
    /// Not started yet (`start()` not called).
    case waiting
    /// Reading contacts; `contactsRead` counts them.
    case reading
    /// Reading is done; the list is being sorted and indexed.
    case indexing
    /// Done: `result` holds the list or the error.
    case finished
  }

  /// How a load reports progress; call it from any thread.
  public struct Progress: Sendable {
    fileprivate let loading: ContactListLoading

    /// Adds `count` contacts to those read so far (`contactsRead`): call it as each
    /// file or chunk of cards is read.
    public func callAsFunction(_ count: Int) {
      loading.counter.add(count, ordering: .relaxed)
    }

    /// Says that `total` contacts have been read so far, for a load that counts them
    /// itself (`contactsRead` only grows).
    public func reached(_ total: Int) {
      var current = loading.counter.load(ordering: .relaxed)
      while current < total {
        let (exchanged, original) = loading.counter.compareExchange(
          expected: current, desired: total, ordering: .relaxed)
        if exchanged { return }
        current = original
      }
    }

    /// Says that reading is done and the list is being sorted and indexed.
    public func indexing() {
      loading.state.withLock { if $0.phase == .reading { $0.phase = .indexing } }
    }

    /// Offers a list to show while the load goes on: the one last stored in the
    /// on-disk index, before the files behind it are checked. The picker shows it
    /// and works on it at once; the list the load returns replaces it (the same
    /// object when nothing changed).
    public func preview(_ list: ContactList) {
      loading.state.withLock { if $0.result == nil { $0.preview = list } }
    }
  }

  private struct State: Sendable {
    var phase = Phase.waiting
    var result: Result<Loaded, any Error>?
    var preview: ContactList?
  }

  private let load: Load
  private let state = Locked(State())
  private let counter = Atomic<Int>(0)
  private let done = DispatchGroup()

  /// A load that will run `load` when started.
  public init(_ load: @escaping Load) {
    self.load = load
  }

  /// Starts the load on a background thread; does nothing if it has started already.
  public func start() {
    let first = state.withLock { state -> Bool in
      guard state.phase == .waiting else { return false }
      state.phase = .reading
      return true
    }
    guard first else { return }
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let outcome: Result<Loaded, any Error>
      do {
        let (list, warnings) = try load(Progress(loading: self))
        outcome = .success(Loaded(list: list, warnings: warnings))
      } catch {
        outcome = .failure(error)
      }
      state.withLock {
        $0.result = outcome
        $0.phase = .finished
      }
      done.leave()
    }
  }

  /// How many contacts have been read so far (the sum of what the load reported).
  public var contactsRead: Int { counter.load(ordering: .relaxed) }

  /// Where the load is.
  public var phase: Phase { state.withLock { $0.phase } }

  /// The list offered by `Progress.preview(_:)`, until the load is done.
  public var preview: ContactList? { state.withLock { $0.preview } }

  /// The list (with the warnings) or the error, once the load is done; `nil` before.
  public var result: Result<Loaded, any Error>? { state.withLock { $0.result } }

  /// Starts the load if need be and blocks until it is done (for callers that cannot
  /// show anything before, and for tests).
  @discardableResult
  public func wait() -> Result<Loaded, any Error> {
    start()
    done.wait()
    return result!
  }
}
