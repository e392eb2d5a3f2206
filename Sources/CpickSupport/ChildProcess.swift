import Foundation
import Glibc

/// A program run with `posix_spawn` (Foundation's `Process` waits on a run loop: 63 ms
/// against 16 ms here), its output read, its standard input and error `/dev/null`.
public enum ChildProcess {
  /// What a run gave.
  public struct Run: Sendable {
    /// Everything it wrote to standard output (up to when it was stopped).
    public var output: [UInt8]
    /// Its exit status (`exit`'s code), or nil when a signal ended it.
    public var exitCode: Int32?
    /// False when it was still running after the time bound, and was stopped.
    public var inTime: Bool
  }

  /// Runs `path` with `arguments` and `environment`; stops it (`SIGTERM`) after
  /// `timeout` seconds (nil: no bound).
  ///
  /// With a bound, the program runs in a process group of its own, and what is stopped
  /// is that group: the program and what it started (`/bin/sh -c 'pass show …'`: the
  /// shell and `pass`; cpick-sync and the `password-command` it runs), so that nothing
  /// is left running, reparented to init, once the caller has given up. The group's
  /// leader is also stopped with the others by `stopAll()` (a signal ending the caller).
  /// Without a bound, the program stays in the caller's group (a command that asks on
  /// the terminal, as `cpick sync` may run one, stays in its foreground).
  ///
  /// - Returns: nil when it cannot be started.
  public static func run(_ path: String, _ arguments: [String], environment: [String: String], timeout: Double?) -> Run? {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return nil }
    _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let ownGroup = timeout != nil
    var flags = signalsAsAShellSetsThem(&attributes)
    if ownGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var pid: pid_t = 0
    // Registered under the lock that `stopAll` takes, so that a signal's thread either
    // sees the group or runs before it exists (and the caller exits before spawning).
    let spawned = groups.withLock { groups in
      let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
      if spawned == 0 && ownGroup { groups.insert(pid) }
      return spawned
    }
    close(pipe[1])
    defer { close(pipe[0]) }
    guard spawned == 0 else { return nil }
    let (output, inTime) = readAll(pipe[0], timeout: timeout)
    if !inTime { kill(-pid, SIGTERM) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if ownGroup { _ = groups.withLock { $0.remove(pid) } }
    let exited = status & 0x7f == 0
    return Run(output: output, exitCode: exited ? (status >> 8) & 0xff : nil, inTime: inTime)
  }

  /// The process groups of the programs `run` is running with a time bound.
  private static let groups = Locked(Set<pid_t>())

  /// Stops (`SIGTERM`) every program `run` is running with a time bound, with what
  /// each started: called when a signal ends the caller (`SignalExit`), so that a
  /// helper or a `password-command` does not outlive it.
  public static func stopAll() {
    groups.withLock { groups in
      for group in groups { kill(-group, SIGTERM) }
    }
  }

  /// glibc's `POSIX_SPAWN_SETSID` (`<spawn.h>`, since 2.26), declared only under
  /// `_GNU_SOURCE` and so not imported.
  private static let spawnSetSID: Int32 = 0x80

  /// Why a program could not be started.
  public struct StartFailure: Error, Sendable, CustomStringConvertible {
    /// The program (the first word of the command).
    public var program: String
    /// `posix_spawnp`'s error number.
    public var errno: Int32
    /// `program: why` (`strerror`).
    public var description: String { "\(program): \(String(cString: strerror(errno)))" }
  }

  /// Starts `command` (its first word looked up in `PATH`, the others its arguments,
  /// each passed as it is: no shell) detached from cpick's terminal: in a session of
  /// its own (`POSIX_SPAWN_SETSID`: no controlling terminal, and Ctrl-C on the tty or
  /// SIGHUP when the terminal closes do not reach it), standard input, output and
  /// error `/dev/null`. It is not waited for; a thread reaps it when it ends.
  ///
  /// - Returns: its process ID.
  /// - Throws: `StartFailure` when it cannot be started (not found, not executable).
  @discardableResult
  public static func startDetached(_ command: [String], environment: [String: String]) throws(StartFailure) -> pid_t {
    let pid = try spawn(command, environment: environment, newSession: true)
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    return pid
  }

  /// Starts `command` (its first word looked up in `PATH`; no shell) with standard
  /// input, output and error `/dev/null`, the signal mask empty and the signals'
  /// dispositions the defaults (as a shell starts a program; the caller's threads may
  /// block some), in a session of its own when `newSession`. The caller waits for it
  /// (`waitpid`). The corresponding C function is `posix_spawnp(3)`.
  ///
  /// - Returns: its process ID.
  /// - Throws: `StartFailure` when it cannot be started.
  public static func spawn(_ command: [String], environment: [String: String], newSession: Bool = false)
    throws(StartFailure) -> pid_t
  {
    guard let program = command.first else { throw StartFailure(program: "", errno: ENOENT) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let flags = signalsAsAShellSetsThem(&attributes) | (newSession ? spawnSetSID : 0)
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let failed = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    guard failed == 0 else { throw StartFailure(program: program, errno: failed) }
    return pid
  }

  /// Sets `attributes` to start a program with the signal mask empty and every
  /// signal's disposition the default, as a shell starts one: a thread of cpick may
  /// block some (the picker's background sync blocked SIGTERM), and a child inheriting
  /// that would never end on it (cpick-sync's parent-death signal, a group stopped).
  ///
  /// - Returns: the flags that make `posix_spawn` use them, for `posix_spawnattr_setflags`.
  private static func signalsAsAShellSetsThem(_ attributes: inout posix_spawnattr_t) -> Int32 {
    var defaults = sigset_t()
    sigfillset(&defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    return POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
  }

  /// Reads `descriptor` to its end, or until `timeout` seconds have passed.
  private static func readAll(_ descriptor: Int32, timeout: Double?) -> (bytes: [UInt8], inTime: Bool) {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    while true {
      var waitMilliseconds: Int32 = -1
      if let deadline {
        let left = deadline.timeIntervalSinceNow
        if left <= 0 { return (bytes, false) }
        waitMilliseconds = Int32(min(left * 1000, 60_000)) + 1
      }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, waitMilliseconds)
      if ready < 0 && errno == EINTR { continue }
      if ready == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return (bytes, true) }
      bytes.append(contentsOf: buffer[0..<count])
    }
  }
}
