import ContactStores
import Foundation
import LDAPDirectory
import ServerBooks

/// One sync of an LDAP directory (RFC 4511) in `mirror` mode: every entry the filter
/// selects, page by page (RFC 2696 paged results: the server's size limit is per
/// page), written to the copy as a vCard (`LDAPCardMapping`) — a card whose bytes did
/// not change is not rewritten — and the cards of entries gone removed. A full
/// refresh each time (`max-age`, default an hour): RFC 4533's sync cookie is not used.
/// In `query` mode, `search(_:)` asks the server per query instead.
public struct DirectorySync {
  /// The directory's account.
  public let account: ServerAccount
  /// Its copy.
  public let paths: MirrorPaths
  private let environment: [String: String]

  /// The folder of the copy that holds the entries.
  static let folder = "directory"

  /// A sync of `account`, for `environment`.
  public init(account: ServerAccount, environment: [String: String]) {
    self.account = account
    self.paths = MirrorPaths(account: account, environment: environment)
    self.environment = environment
  }

  /// Copies the directory (in `query` mode: removes a copy left from `mirror` mode).
  public func run() -> AccountSync.Outcome {
    var outcome = AccountSync.Outcome()
    guard account.mode == .mirror else {
      try? FileManager.default.removeItem(atPath: paths.root)
      return outcome
    }
    let lock: AccountLock
    do {
      lock = try AccountLock(paths)
    } catch {
      outcome.failure = SyncFailure(account: account, message: "cannot lock \(paths.lock): \(error)")
      return outcome
    }
    defer { withExtendedLifetime(lock) {} }
    var state = AccountState.read(paths.accountState)
    do {
      outcome.books = [try mirror()]
      state.books = [AccountState.Book(url: account.url, name: account.name, folder: Self.folder)]
      state.lastSync = Date().timeIntervalSince1970
      CopyJournal(root: paths.root).start()
      state.lastError = nil
      state.lastFailure = nil
    } catch let failure as SyncFailure {
      outcome.failure = failure
    } catch let error as LDAPError {
      outcome.failure = SyncFailure(error)
    } catch {
      outcome.failure = SyncFailure(account: account, message: "\(error)")
    }
    if let failure = outcome.failure {
      state.lastError = failure.message
      state.lastFailure = Date().timeIntervalSince1970
    }
    try? state.write(paths.accountState)
    return outcome
  }

  /// The entries matching `terms` (query mode, or a directory searched without its
  /// copy), as cards: at most `limit`, and whether the server had more.
  public func search(_ terms: [String], limit: Int) throws(SyncFailure) -> (cards: [[UInt8]], truncated: Bool) {
    do {
      let connection = try LDAPConnection(options: try options())
      defer { connection.close() }
      let found = try connection.search(terms: terms, limit: limit)
      return (found.entries.map { LDAPCardMapping.card(from: $0) }, found.truncated)
    } catch let error as LDAPError {
      throw SyncFailure(error)
    } catch let failure as SyncFailure {
      throw failure
    } catch {
      throw SyncFailure(account: account, message: "\(error)")
    }
  }

  /// The connection options of the account (the bind password from its command).
  private func options() throws(SyncFailure) -> LDAPOptions {
    LDAPOptions(
      url: account.url, bindDN: account.bindDN,
      password: try AccountCredentials.directoryPassword(for: account, environment: environment),
      startTLS: account.startTLS, caFile: account.caFile, filter: account.filter)
  }

  /// Brings the copy's folder up to date: with the cookie of the last sync, only what
  /// changed (RFC 4533 refreshOnly, when the server synchronizes: slapd's syncprov);
  /// else every entry — in one synchronization that also gives a cookie, or, when the
  /// server refuses one (no syncprov, or its size limit), page by page (RFC 2696).
  private func mirror() throws -> BookReport {
    let folder = paths.book(Self.folder)
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var copy = DirectoryCopy(folder: folder, account: account)
    var state = BookState.read(paths.bookState(Self.folder)) ?? BookState(url: account.url)
    let connection = try LDAPConnection(options: try options())
    defer { connection.close() }
    if let cookie = state.syncToken.flatMap({ Data(base64Encoded: $0) }).map(Array.init) {
      do {
        let changes = try connection.sync(cookie: cookie)
        try copy.apply(changes)
        state.syncToken = Data(changes.cookie).base64EncodedString()
        try state.write(paths.bookState(Self.folder))
        return copy.report
      } catch let error as LDAPError where error.kind != .unreachable && error.kind != .invalidCredentials {
        copy = DirectoryCopy(folder: folder, account: account)  // the cookie refused: everything again
      }
    }
    do {
      let everything = try connection.sync(cookie: nil)
      try copy.apply(everything)
      state.syncToken = everything.cookie.isEmpty ? nil : Data(everything.cookie).base64EncodedString()
    } catch let error as LDAPError where error.kind != .unreachable && error.kind != .invalidCredentials {
      try connection.searchAll(attributes: nil) { entries in try copy.write(entries) }
      copy.removeUnseen()
      state.syncToken = nil
    }
    try state.write(paths.bookState(Self.folder))
    return copy.report
  }
}

/// The copy of a directory's entries as card files, `e-<hash of the entry's UUID>.vcf`
/// (of its DN when it has none), and what a sync changed in it.
struct DirectoryCopy {
  let folder: String
  let journal: CopyJournal
  let before: Set<String>
  var seen = Set<String>()
  var report: BookReport
  /// Managers named by the entries read so far.
  var names: [String: String] = [:]

  init(folder: String, account: ServerAccount) {
    self.folder = folder
    journal = CopyJournal(root: (folder as NSString).deletingLastPathComponent)
    before = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".vcf") })
    report = BookReport(url: account.url, name: nil)
  }

  /// The file of the entry with `key` (its entryUUID in lower case, else its DN's key).
  static func file(_ key: String) -> String { "e-" + StableName.hex(key) + ".vcf" }

  static func key(_ entry: LDAPEntry) -> String {
    entry.first("entryUUID")?.lowercased() ?? LDAPCardMapping.nameKey(entry.dn)
  }

  /// Writes the cards of `entries` whose bytes changed (those recorded in the copy's
  /// journal: an unchanged entry costs its reading only).
  mutating func write(_ entries: [LDAPEntry]) throws {
    var changed: [(file: String, card: [UInt8])] = []
    for entry in entries {
      names[LDAPCardMapping.nameKey(entry.dn)] = LDAPCardMapping.displayName(entry)
      let file = Self.file(Self.key(entry))
      guard seen.insert(file).inserted else { continue }
      let card = LDAPCardMapping.card(from: entry, names: names)
      if before.contains(file) {
        if FileManager.default.contents(atPath: folder + "/" + file).map(Array.init) == card { continue }
        report.changed += 1
      } else {
        report.added += 1
      }
      changed.append((file, card))
    }
    try journal.recording(changed.map { DirectorySync.folder + "/" + $0.file }) {
      for (file, card) in changed { try MirrorFiles.writeCard(card, to: folder + "/" + file) }
    }
  }

  /// Removes the cards of the entries not seen in a full read.
  mutating func removeUnseen() {
    for file in before.subtracting(seen) { remove(file) }
  }

  /// Applies a synchronization: the changed entries written, the deleted removed, and
  /// after a present phase every card of an entry not present removed.
  mutating func apply(_ changes: LDAPSyncResult) throws {
    try write(changes.changed)
    for uuid in changes.deleted { remove(Self.file(uuid.lowercased())) }
    if let present = changes.present {
      let kept = Set(present.map { Self.file($0.lowercased()) }).union(seen)
      for file in before.subtracting(kept) { remove(file) }
    }
  }

  private mutating func remove(_ file: String) {
    guard FileManager.default.fileExists(atPath: folder + "/" + file) else { return }
    journal.recording([DirectorySync.folder + "/" + file]) {
      try? FileManager.default.removeItem(atPath: folder + "/" + file)
    }
    report.removed += 1
  }
}
