import CpickSupport
#if canImport(Glibc)
  import Glibc
#endif

/// How to give the terminal back from any thread when the process must end on a
/// signal, while the main thread may be drawing, waiting for a key or saving.
///
/// A screen (`CursesScreen`, `InlineScreen`) registers, once it has changed the
/// terminal, the descriptor of `/dev/tty`, the terminal modes it found (`termios`) and
/// the bytes that undo what it sent (leave the alternate screen or clear the inline
/// rows, show the cursor, reset attributes, mouse and keypad modes off). Every write
/// the screen makes to the terminal goes through `write(_:)`, and its own `end()`
/// runs inside `unregister(_:)`, both under one lock: `restoreAndClose()` (called by
/// `SignalExit`) therefore never cuts a frame or an `endwin` in half; it writes the
/// bytes, sets the modes back (`tcsetattr(TCSANOW)`, as ncurses' `endwin` does with
/// `reset_shell_mode`), and closes: later writes of the screen are dropped, so nothing
/// is drawn over the restored terminal before the process exits.
public final class TerminalRestoration: Sendable {
  /// The restoration the screens of this process use.
  public static let shared = TerminalRestoration()

  private struct Entry {
    var fd: Int32
    var modes: termios
    var leave: [UInt8]
  }

  private struct State {
    var entry: Entry?
    var closed = false
  }

  private let state = Locked(State())

  public init() {}

  /// Records that the terminal on `fd` was in `modes` before a screen took it over,
  /// and that `leave` undoes the screen's changes on it (besides the modes).
  public func register(fd: Int32, modes: termios, leave: [UInt8]) {
    state.withLock { $0.entry = Entry(fd: fd, modes: modes, leave: leave) }
  }

  /// Replaces the bytes that undo the screen's changes (they change as it draws).
  public func updateLeave(_ leave: [UInt8]) {
    state.withLock { state in state.entry?.leave = leave }
  }

  /// Runs `draw` (a write to the terminal) under the lock, unless the terminal was
  /// restored for an exit; returns whether it ran.
  @discardableResult
  public func write(_ draw: () -> Void) -> Bool {
    state.withLock { state in
      guard !state.closed else { return false }
      draw()
      return true
    }
  }

  /// Runs `end` (the screen's own restoration: `endwin`, `tcsetattr`) under the lock
  /// unless `restoreAndClose()` did it already, and forgets the registration.
  public func unregister(_ end: () -> Void) {
    state.withLock { state in
      if !state.closed { end() }
      state.entry = nil
    }
  }

  /// Whether a screen is registered.
  public var isRegistered: Bool { state.withLock { $0.entry != nil } }

  /// Gives the terminal back as registered (the bytes, then the modes) and closes:
  /// screen writes are dropped from now on. Safe to call when nothing is registered.
  ///
  /// - Returns: whether a terminal was restored.
  @discardableResult
  public func restoreAndClose() -> Bool {
    state.withLock { state in
      state.closed = true
      guard var entry = state.entry else { return false }
      state.entry = nil
      var offset = 0
      while offset < entry.leave.count {
        let written = entry.leave[offset...].withUnsafeBytes { Glibc.write(entry.fd, $0.baseAddress, $0.count) }
        if written < 0 {
          if errno == EINTR { continue }
          break
        }
        offset += written
      }
      _ = tcsetattr(entry.fd, TCSANOW, &entry.modes)
      return true
    }
  }
}
