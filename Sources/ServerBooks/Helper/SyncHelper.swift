import Foundation
import Glibc
import CpickSupport
import Localization

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
    // A password written into an account's URL never reaches the helper's arguments.
    if let refusal = arguments.lazy.compactMap(ServerAccount.userInfoRefusal).first {
      return ([["event": "error", "message": refusal]], true)
    }
    guard let path = executable() else {
      return ([["event": "error", "message": L10n.text("cpick-sync is not installed beside cpick or on PATH; server books are not synced")]], true)
    }
    guard let run = ChildProcess.run(path, arguments, environment: environment, timeout: timeout) else {
      return ([["event": "error", "message": L10n.format("cannot run %s", path)]], true)
    }
    let lines = run.output.split(separator: 0x0A).compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any]
    }
    return (lines, run.inTime)
  }
}
