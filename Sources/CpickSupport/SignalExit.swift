#if canImport(Glibc)
  import Glibc
#endif
import Foundation
import Synchronization

/// The write end of the pipe the signal handler writes to (-1: not installed).
/// Read once in ordinary code before a handler is installed, so that the handler's
/// access is a plain atomic load.
private let signalPipeWrite = Atomic<Int32>(-1)

/// Ending the process on a signal whose default is to end it (SIGTERM, SIGHUP, SIGINT,
/// SIGQUIT, and the ones a user or a program sends less often: SIGUSR1, SIGUSR2,
/// SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGIO, SIGSTKFLT and the
/// real-time signals SIGRTMIN…SIGRTMAX): what the caller's `cleanup` does (cpick:
/// temp files of writes in progress removed, the terminal given back; cpick-sync: temp
/// files removed, the programs it runs stopped), nothing printed on stdout, and the exit
/// status `128 + signal` (143, 129, 130, 131, 138, …), as a shell reports a process
/// killed by a signal (without the core dump of SIGQUIT, SIGXCPU, SIGXFSZ: a picker left
/// in the alternate screen, raw mode, is worse than a core file nobody asked for).
/// SIGPIPE is ignored instead (`StandardOutput`); the signals of faults (SIGSEGV, SIGBUS,
/// SIGILL, SIGFPE, SIGABRT) are left to the runtime, which reports them;
/// never 1, which means "nothing matched" (PRODUCT.md, "Exit codes (fzf's)").
///
/// The design is the self-pipe trick (as in D. J. Bernstein's and most event loops):
/// the `sigaction(2)` handler only writes the signal number to a pipe (`write(2)` is
/// async-signal-safe), and a dedicated thread, blocked reading it, does the work as
/// ordinary code: `cleanup` (the caller's: `TempFileRegistry.removeAllAndClose`,
/// `TerminalRestoration.shared.restoreAndClose()`, `ChildProcess.stopAll()`), then
/// `_exit(2)` with the status (stdout buffers are not flushed: nothing more is
/// printed). Those steps take the locks the writer and the screen hold for their own
/// short critical sections, so neither a temp file nor a frame is cut in half; the main
/// thread is not needed, so a save in progress on it does not delay the exit.
///
/// Because cpick's handlers are installed before the screen is opened, ncurses does
/// not install its own SIGINT and SIGTERM handlers (`newterm` does so only when the
/// disposition is `SIG_DFL`; they end with `exit(1)`). A signal that the parent set to
/// be ignored (`nohup` for SIGHUP, a background job's SIGINT) stays ignored. Ctrl-C in
/// the picker is a key in raw mode, not SIGINT; it cancels with 130 as before.
public enum SignalExit {
  /// The signals handled: those whose default action ends the process, but SIGPIPE
  /// (ignored) and the faults'.
  public static let signals: [Int32] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR,
    SIGIO, SIGSTKFLT,
  ] + realTimeSignals

  /// SIGRTMIN…SIGRTMAX, as the C library gives them (it keeps the first few for its
  /// threads: macros in C, functions `__libc_current_sigrtmin`/`max` underneath).
  static let realTimeSignals: [Int32] = {
    typealias Bound = @convention(c) () -> Int32
    guard let low = dlsym(nil, "__libc_current_sigrtmin"), let high = dlsym(nil, "__libc_current_sigrtmax") else {
      return []
    }
    let first = unsafeBitCast(low, to: Bound.self)()
    let last = unsafeBitCast(high, to: Bound.self)()
    return first <= last ? Array(first...last) : []
  }()

  /// The exit status for a process ended by `signal`: `128 + signal`, the shell's
  /// convention (POSIX `$?` for a command killed by a signal): 143 for SIGTERM, 129
  /// for SIGHUP, 130 for SIGINT, 131 for SIGQUIT, 138 for SIGUSR1, 157 for SIGIO, ….
  public static func status(for signal: Int32) -> Int32 { 128 + signal }

  private static let installed = Locked(false)

  /// Installs the handlers and starts the thread that ends the process. Call it
  /// once, early in `main`, before the screen is opened; later calls do nothing.
  ///
  /// - Parameter cleanup: run on that thread before the process exits (remove temp
  ///   files, give the terminal back, stop child processes); it must not need the main
  ///   thread.
  public static func install(cleanup: @escaping @Sendable () -> Void) {
    let first = installed.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // The handler must never block: a full pipe (a storm of signals) drops the byte.
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    signalPipeWrite.store(ends[1], ordering: .sequentiallyConsistent)
    let readEnd = ends[0]
    Thread.detachNewThread {
      var number: UInt8 = 0
      while true {
        let count = read(readEnd, &number, 1)
        if count == 1 { break }
        if count < 0 && errno == EINTR { continue }
        return  // the pipe is gone: nothing to wait for
      }
      cleanup()
      _exit(status(for: Int32(number)))
    }
    for signal in signals {
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0 else { continue }
      // Left ignored when the parent ignored it (nohup, background jobs).
      if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        let saved = errno
        _ = write(signalPipeWrite.load(ordering: .relaxed), &byte, 1)
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
    }
  }
}
