import Foundation
import Glibc

/// Runs `cpick-sync`, the helper that holds every line of network code: cpick itself
/// never links an HTTP library, so a run that does not touch a server starts as fast
/// as before (linking one raised start-up from 9 ms to 15 ms here), and the helper is
/// started with `posix_spawn` (about 16 ms) only when a server book is read or saved.
///
/// The helper is found as `$CPICK_SYNC`, else beside the running executable, else on
/// `PATH`. It prints one JSON object per line on stdout (`--json`); its stderr is
/// discarded (it would break a screen), so every problem it has is one of those lines.
public struct SyncHelper: Sendable {
  /// The environment the helper runs with (credentials are found by the helper itself,
  /// from the config: none ever passes through its arguments).
  let environment: [String: String]

  /// A runner with `environment`.
  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// What the helper said about one queued edit.
  public struct EditOutcome: Sendable, Equatable {
    /// `sent`, `queued` (not sent: offline, or the server refused for now) or `conflict`.
    public var result: String
    /// The book folder and file that now hold the card, when it moved (a new card's
    /// name was taken on the server).
    public var folder: String?
    /// See `folder`.
    public var file: String?
    /// Why, for a user: one line.
    public var message: String?
  }

  /// Sends `account`'s queued edits, waiting at most `timeout` seconds.
  ///
  /// - Returns: the outcome of each edit the helper reported, by edit id (an edit not
  ///   reported is still queued).
  public func push(_ account: ServerAccount, timeout: Double) -> [String: EditOutcome] {
    var outcomes: [String: EditOutcome] = [:]
    for line in run(["push", "--json", account.url], timeout: timeout).lines {
      guard line["event"] as? String == "edit", let id = line["id"] as? String, let result = line["result"] as? String
      else { continue }
      outcomes[id] = EditOutcome(
        result: result, folder: line["folder"] as? String, file: line["file"] as? String,
        message: line["message"] as? String)
    }
    return outcomes
  }

  /// Brings the copies of the books `specs` (server URLs) up to date, waiting at most
  /// `timeout` seconds (nil: as long as it takes).
  ///
  /// - Returns: the helper's report lines, and whether it finished in time.
  public func sync(_ specs: [String], timeout: Double?) -> (lines: [[String: Any]], finished: Bool) {
    run(["sync", "--json"] + specs, timeout: timeout)
  }

  /// The helper's path, or nil when it cannot be found.
  public func executable() -> String? {
    if let path = environment["CPICK_SYNC"], !path.isEmpty { return path }
    if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      let beside = (own as NSString).deletingLastPathComponent + "/cpick-sync"
      if access(beside, X_OK) == 0 { return beside }
    }
    for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = String(folder) + "/cpick-sync"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Runs the helper with `arguments`; kills it after `timeout` seconds.
  ///
  /// - Returns: its JSON lines, and whether it ended by itself in time. When the helper
  ///   cannot be found, one `error` line says so.
  public func run(_ arguments: [String], timeout: Double?) -> (lines: [[String: Any]], finished: Bool) {
    guard let path = executable() else {
      return ([["event": "error", "message": "cpick-sync is not installed beside cpick or on PATH; server books are not synced"]], true)
    }
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return ([], false) }
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
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    close(pipe[1])
    defer { close(pipe[0]) }
    guard spawned == 0 else {
      return ([["event": "error", "message": "cannot run \(path): \(String(cString: strerror(spawned)))"]], true)
    }
    let (output, inTime) = readAll(pipe[0], timeout: timeout)
    if !inTime { kill(pid, SIGTERM) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let lines = output.split(separator: 0x0A).compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any]
    }
    return (lines, inTime)
  }

  /// Reads `descriptor` to its end, or until `timeout` seconds have passed.
  private func readAll(_ descriptor: Int32, timeout: Double?) -> (bytes: [UInt8], inTime: Bool) {
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
