import AddressBook
import ContactKit
import ContactStores
import CpickSupport
import Foundation
import Glibc
import ServerBooks
import Localization

/// Server books (CardDAV) on the command line: kept fresh through the sync helper
/// (`SyncHelper`, `cpick-sync`), answered from their local copy.
extension CPick {
  /// `cpick sync` and `cpick books`: the helper in this process's place (its output
  /// and exit status are the command's), for the server books among `specs` — or,
  /// when none is, every account of the config.
  static func runSyncHelper(_ command: String, specs: [String], environment: [String: String]) -> ExitCode {
    if !specs.contains(where: ServerAccount.isServerSpec), ConfigFile.load(environment: environment).accounts.isEmpty {
      // Nothing to sync, whether or not the helper is there: say so, as the helper would.
      return fail(
        L10n.format("%s: no server account: give an [account NAME] section of the config a url, or a server with -s URL", command))
    }
    guard let helper = SyncHelper(environment: environment).executable() else {
      return fail(L10n.text("cpick-sync is not installed beside cpick or on PATH"))
    }
    StandardOutput.flush()
    let arguments = [helper, command] + specs.filter(ServerAccount.isServerSpec)
    let argv = arguments.map { strdup($0) } + [nil]
    execv(helper, argv)
    return fail(L10n.format("cannot run %s: %s", helper, String(cString: strerror(errno))))
  }

  /// Before `query`, `list`, `show`, `new`, `unknown` answer: the server books among
  /// `specs` whose copy is older than their account's `max-age` are synced, waiting
  /// at most the longest `timeout` of those accounts; a failure is one line on stderr
  /// and the answer comes from the copy as it is.
  ///
  /// - Returns: the books that have no copy still (never synced: the sync failed, the
  ///   server refused, the URL was refused): unreadable sources, as a missing file is.
  static func refreshServerBooks(_ specs: [String], environment: [String: String]) -> [String] {
    let now = Date().timeIntervalSince1970
    func lastSync(_ account: ServerAccount) -> Double? {
      AccountState.read(MirrorPaths(account: account, environment: environment).accountState).lastSync
    }
    let stale = ServerAccount.servers(in: specs, environment: environment)
      .filter { _, account in lastSync(account).map { now - $0 > account.maxAge } ?? true }
    guard let bound = stale.map(\.1.timeout).max() else { return [] }
    for problem in syncServerBooks(stale.map(\.0), environment: environment, timeout: bound).problems {
      printError("cpick: " + problem)
    }
    // A directory searched on the server (`mode = query`) keeps no copy.
    return stale.filter { !$0.1.isSearchedOnServer && lastSync($0.1) == nil }.map(\.0)
  }

  /// The failure of a command whose server books `unread` have no copy
  /// (`refreshServerBooks`), or nil when there is none.
  static func unreadServerBooks(_ unread: [String]) -> Completion? {
    guard let first = unread.first else { return nil }
    return Completion(fail(L10n.format("cannot read %s: never synced, and the sync failed", first)))
  }

  /// What a sync of server books gave: whether a copy changed, the problems (one
  /// line each), and what the picker's query line should say afterwards: "offline
  /// since …" and the first problem when a server could not be synced (unreachable,
  /// a wrong password, a TLS failure), the first problem alone when it was synced but
  /// an edit was not sent (a conflict: the edit is set aside, and the user is told).
  struct ServerSync {
    var changed = false
    var problems: [String] = []
    var status: String?
  }

  /// Syncs the server books `specs` (waiting at most `timeout` seconds; nil: the
  /// helper's own time bounds).
  nonisolated static func syncServerBooks(_ specs: [String], environment: [String: String], timeout: Double?)
    -> ServerSync
  {
    var outcome = ServerSync()
    guard !specs.isEmpty else { return outcome }
    let run = SyncHelper(environment: environment).sync(specs, timeout: timeout)
    var offline = !run.finished
    for line in run.lines {
      switch line["event"] as? String {
      case "synced":
        let counts = ["added", "changed", "removed"].compactMap { line[$0] as? Int }
        if counts.contains(where: { $0 > 0 }) { outcome.changed = true }
      case "edit":
        outcome.changed = true
        if line["result"] as? String == "conflict", let message = line["message"] as? String {
          outcome.problems.append(message)
        }
      case "error":
        offline = true
        outcome.problems.append((line["message"] as? String) ?? L10n.text("the sync failed"))
      default:
        break
      }
    }
    if !run.finished {
      outcome.problems.append(
        L10n.format("%s: no answer within %d s; the local copy is shown", specs.joined(separator: ", "), Int(timeout ?? 0)))
    }
    if let first = outcome.problems.first {
      outcome.status = offline ? offlineStatus(specs, environment: environment) + " · " + first : first
    }
    return outcome
  }

  /// "offline since 14:02" (the last successful sync of the books), or "offline".
  private nonisolated static func offlineStatus(_ specs: [String], environment: [String: String]) -> String {
    let times = ServerAccount.servers(in: specs, environment: environment).compactMap { _, account in
      AccountState.read(MirrorPaths(account: account, environment: environment).accountState).lastSync
    }
    guard let last = times.min() else { return L10n.text("offline: never synced") }
    let formatter = DateFormatter()
    formatter.dateFormat = Date().timeIntervalSince1970 - last < 86_400 ? "HH:mm" : "yyyy-MM-dd HH:mm"
    return L10n.format("offline since %s", formatter.string(from: Date(timeIntervalSince1970: last)))
  }
}

extension CPick {
  /// The entries of the directories among `specs` that are searched on the server
  /// (`mode = query`), for `query`: each asked for the words of `query` (every word in
  /// a name, email, phone or user id; RFC 4515-escaped), at most its `limit`, within
  /// its `timeout`; a failure is one line on stderr. Their `source` is the directory's URL.
  nonisolated static func directoryMatches(
    _ query: String, specs: [String], environment: [String: String],
    report: @Sendable (String) -> Void = { CPick.printError($0) }
  ) -> [Contact] {
    let terms = query.split(whereSeparator: \.isWhitespace).map(String.init)
    guard !terms.isEmpty else { return [] }
    var found: [Contact] = []
    for (spec, account) in ServerAccount.servers(in: specs, environment: environment) where account.isSearchedOnServer {
      let run = SyncHelper(environment: environment).run(
        ["search", "--json", "--limit", String(account.limit), spec] + terms, timeout: account.timeout)
      for line in run.lines {
        switch line["event"] as? String {
        case "card":
          if let card = line["card"] as? String {
            found += CardBytesEditing.contacts(in: Array(card.utf8), source: account.url)
          }
        case "error":
          report("cpick: " + ((line["message"] as? String) ?? L10n.format("%s: the search failed", account.url)))
        default:
          break
        }
      }
      if !run.finished { report("cpick: " + L10n.format("%s: no answer within %d s", account.url, Int(account.timeout))) }
    }
    return found
  }
}

/// `CPick.directoryMatches` started on a thread of its own, so that the directory
/// answers while the books are read; `matches()` waits for it.
final class DirectorySearch: Sendable {
  private let found = Locked<[Contact]>([])
  private let done = DispatchGroup()

  /// Starts the search of `query` in the query-mode directories among `specs` (none: nothing runs).
  init?(_ query: String, specs: [String], environment: [String: String]) {
    guard ServerAccount.servers(in: specs, environment: environment).contains(where: { $0.account.isSearchedOnServer })
    else { return nil }
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let contacts = CPick.directoryMatches(query, specs: specs, environment: environment)
      found.withLock { $0 = contacts }
      done.leave()
    }
  }

  /// The entries found, once the search is done.
  func matches() -> [Contact] {
    done.wait()
    return found.withLock { $0 }
  }
}
