import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Starts programs with `posix_spawn` and waits for them with `waitpid`.
///
/// Foundation's `Process` is not used: on Linux it only reports the end of `tmux
/// new-session -d` when the daemon that command starts has exited too, and it lets
/// children inherit the test runner's open descriptors. Here every child gets its
/// standard streams from files and nothing else (descriptors from 3 up are closed),
/// no blocked signals and default signal handlers: the test runner's threads block
/// most signals, and a tmux server or a cpick that inherited that mask would ignore
/// SIGHUP, SIGTERM and SIGWINCH.
public enum Spawn {
  /// A program that could not be started.
  public struct SpawnError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `executable` with `arguments`; stdin, stdout and stderr are opened from
  /// the given paths.
  ///
  /// - Returns: the child's process id.
  /// - Throws: `SpawnError` when it cannot be started.
  public static func start(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: String = "/dev/null", stdout: String, stderr: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [
      SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGCHLD, SIGUSR1, SIGUSR2, SIGWINCH, SIGTSTP,
      SIGTTIN, SIGTTOU, SIGCONT,
    ] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
      environment.sorted(by: { $0.key < $1.key }).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard error == 0 else {
      throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(error)))")
    }
    return pid
  }

  /// Waits for `pid` to end; kills it (SIGKILL) after `timeout` seconds.
  ///
  /// - Returns: its exit status, or 128 + the signal that ended it; `nil` on timeout.
  public static func wait(_ pid: pid_t, timeout: TimeInterval) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result == -1 && errno != EINTR { return nil }
      if Date() > deadline {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
      }
      usleep(2_000)
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at
  /// run time because Swift does not import it.
  private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private static let closeFrom: CloseFrom? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: CloseFrom.self)
  }()
}
