import CpickSupport
import Dispatch

/// Work a picker runs in the background once its list shows, that may replace the
/// list: a server book brought up to date (`cpick sync` in the background) and read
/// again. While it runs, the picker's query line says `running` ("syncing…"); when it
/// is done, the new list (if anything changed) replaces the shown one, keeping what
/// was typed, and `Outcome.status` stays on the query line ("offline since 14:02").
public final class ContactListRefresh: Sendable {
  /// What the work gave.
  public struct Outcome: Sendable {
    /// The list read again, or nil when nothing changed.
    public var list: ContactList?
    /// What to show on the query line from then on, or nil.
    public var status: String?

    /// An outcome.
    public init(list: ContactList?, status: String?) {
      self.list = list
      self.status = status
    }
  }

  /// What the query line shows while the work runs.
  public let running: String
  private let work: @Sendable () -> Outcome
  private let state = Locked<(started: Bool, outcome: Outcome?)>((false, nil))

  /// A refresh that runs `work` (on a background thread) when started.
  public init(running: String, _ work: @escaping @Sendable () -> Outcome) {
    self.running = running
    self.work = work
  }

  /// Starts the work on a background thread; does nothing if it has started already.
  public func start() {
    let first = state.withLock { state -> Bool in
      defer { state.started = true }
      return !state.started
    }
    guard first else { return }
    DispatchQueue.global(qos: .utility).async { [self] in
      let outcome = work()
      state.withLock { $0.outcome = outcome }
    }
  }

  /// The outcome, once the work is done.
  public var outcome: Outcome? { state.withLock { $0.outcome } }
}
