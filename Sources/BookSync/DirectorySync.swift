import ContactStores
import CpickSupport
import Foundation
import LDAPDirectory
import Localization
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
    guard !account.isSearchedOnServer else {
      try? FileManager.default.removeItem(atPath: paths.root)
      return AccountSync.Outcome()
    }
    return LockedSync.run(account, paths: paths) { state, outcome in
      let mirrored = try mirror()
      outcome.books = [mirrored.report]
      state.books = [AccountState.Book(url: account.url, name: account.name, folder: Self.folder)]
      state.lastSync = Date().timeIntervalSince1970
      CopyJournal(root: paths.root).start()
      if mirrored.cutShort {
        // The entries that came are kept (a directory is not emptied for it); the
        // sync fails, saying why and what to do.
        outcome.failure = SyncFailure(
          account: account,
          message: L10n.format(
            "the server's size limit ended the copy after %d entries (ask for a paged-results limit, slapd: limits … size.prtotal=unlimited; or set mode = query, or a narrower filter)",
            mirrored.report.added + mirrored.report.changed + mirrored.unchanged))
      }
    }
  }

  /// The entries matching `terms` (query mode, or a directory searched without its
  /// copy), as cards: at most `limit`, and whether the server had more.
  public func search(_ terms: [String], limit: Int) throws(SyncFailure) -> (cards: [[UInt8]], truncated: Bool) {
    do {
      // A search answers a query as it is typed: the account's `timeout` bounds it (a
      // mirror's sync, of every entry, keeps the connection's own).
      var options = try options()
      options.queryTimeout = account.timeout
      options.connectTimeout = min(options.connectTimeout, account.timeout)
      let connection = try LDAPConnection(options: options)
      defer { connection.close() }
      let found = try connection.search(terms: terms, limit: limit)
      return (found.entries.map { LDAPCardMapping.card(from: $0) }, found.truncated)
    } catch {
      throw SyncFailure(error, account: account)
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
  /// - Returns: what changed; `cutShort` when the server's size limit ended a paged
  ///   read (slapd's `sizelimit` without `size.prtotal`): the entries read are kept,
  ///   none removed, and `unchanged` counts those read that did not change.
  private func mirror() throws -> (report: BookReport, cutShort: Bool, unchanged: Int) {
    let folder = paths.book(Self.folder)
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var copy = DirectoryCopy(folder: folder, account: account)
    var state = BookState.read(paths.bookState(Self.folder)) ?? BookState(url: account.url)
    let connection = try LDAPConnection(options: try options())
    defer { connection.close() }
    // A cookie describes the copy it was given with: without that copy (removed, or
    // made in files per entry before shards) everything is read again.
    if !copy.hasShards { state.syncToken = nil }
    if let cookie = state.syncToken.flatMap({ Data(base64Encoded: $0) }).map(Array.init) {
      do {
        let changes = try connection.sync(cookie: cookie)
        copy.apply(changes)
        try copy.flush()
        state.syncToken = copy.damaged ? nil : Data(changes.cookie).base64EncodedString()
        try state.write(paths.bookState(Self.folder))
        return (copy.report, false, 0)
      } catch let error as LDAPError where error.kind != .unreachable && error.kind != .invalidCredentials {
        copy = DirectoryCopy(folder: folder, account: account)  // the cookie refused: everything again
      }
    }
    do {
      let everything = try connection.sync(cookie: nil)
      copy.apply(everything)
      try copy.flush()
      state.syncToken = everything.cookie.isEmpty ? nil : Data(everything.cookie).base64EncodedString()
    } catch let error as LDAPError where error.kind != .unreachable && error.kind != .invalidCredentials {
      var read = 0
      do {
        try connection.searchAll(attributes: nil) { entries in
          read += entries.count
          copy.write(entries)
        }
      } catch let error as LDAPError where error.kind == .sizeLimit && read > 0 {
        try copy.flush()
        state.syncToken = nil
        try state.write(paths.bookState(Self.folder))
        return (copy.report, true, read - copy.report.added - copy.report.changed)
      }
      copy.removeUnseen()
      try copy.flush()
      state.syncToken = nil
    }
    try state.write(paths.bookState(Self.folder))
    return (copy.report, false, 0)
  }
}

/// The copy of a directory's entries: their cards in 256 shard files, `shard-XX.vcf` (XX
/// from a hash of the entry's key: its entryUUID, else its DN), each beside a
/// `.shard-XX.keys` naming its cards in order (`key TAB length`). A directory of 100,000
/// entries is then 256 items for the address book — listed and checked as quickly as
/// a few files — and a change rewrites one shard of about 400 cards.
struct DirectoryCopy {
  let folder: String
  let journal: CopyJournal
  var report: BookReport
  /// Managers named by the entries read so far.
  var names: [String: String] = [:]
  /// The shards read or changed: each card by key.
  private var shards: [String: [String: [UInt8]]] = [:]
  private var dirty = Set<String>()
  /// The keys met in a full read.
  private var seen = Set<String>()
  /// Whether a shard's two files did not agree: the next sync must read everything.
  private(set) var damaged = false

  /// The first line of a shard's keys file: its size and checksum.
  static func signature(_ bytes: [UInt8]) -> String { "cpick-shard \(bytes.count) \(Checksum.of(bytes))" }

  init(folder: String, account: ServerAccount) {
    self.folder = folder
    journal = CopyJournal(root: (folder as NSString).deletingLastPathComponent)
    report = BookReport(url: account.url, name: nil)
    // Copies made before shards: one file per entry, gone at once (the readers list in full).
    let old = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("e-") }
    if !old.isEmpty {
      journal.recording([DirectorySync.folder + "/"]) {
        for file in old { try? FileManager.default.removeItem(atPath: folder + "/" + file) }
      }
    }
  }

  /// Whether the folder holds shard files.
  var hasShards: Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasPrefix("shard-") }
  }

  /// The key of an entry: its entryUUID in lower case, else its DN's key.
  static func key(_ entry: LDAPEntry) -> String {
    entry.first("entryUUID")?.lowercased() ?? LDAPCardMapping.nameKey(entry.dn)
  }

  /// The shard file of the entry with `key`.
  static func shard(_ key: String) -> String { "shard-" + StableName.hex(key).prefix(2) + ".vcf" }

  private func keysFile(_ shard: String) -> String { folder + "/." + shard.dropLast(4) + ".keys" }

  /// The cards of `shard`, read from its files the first time.
  private mutating func cards(of shard: String) -> [String: [UInt8]] {
    if let cards = shards[shard] { return cards }
    var cards: [String: [UInt8]] = [:]
    if let bytes = FileManager.default.contents(atPath: folder + "/" + shard).map(Array.init),
      let keys = try? String(contentsOfFile: keysFile(shard), encoding: .utf8)
    {
      // The first line names the shard's bytes: a pair written half (a crash between
      // the two files) is not trusted, and the next sync reads everything again.
      var lines = keys.split(separator: "\n")[...]
      guard lines.popFirst() == Substring(Self.signature(bytes)) else {
        damaged = true
        shards[shard] = [:]
        return [:]
      }
      var offset = 0
      for line in lines {
        let parts = line.split(separator: "\t")
        guard parts.count == 2, let length = Int(parts[1]), offset + length <= bytes.count else { break }
        cards[String(parts[0])] = Array(bytes[offset..<(offset + length)])
        offset += length
      }
    }
    shards[shard] = cards
    return cards
  }

  /// Takes the cards of `entries`; a card whose bytes changed marks its shard.
  mutating func write(_ entries: [LDAPEntry]) {
    for entry in entries {
      names[LDAPCardMapping.nameKey(entry.dn)] = LDAPCardMapping.displayName(entry)
      let key = Self.key(entry)
      guard seen.insert(key).inserted else { continue }
      let card = LDAPCardMapping.card(from: entry, names: names)
      let shard = Self.shard(key)
      var cards = cards(of: shard)
      if let old = cards[key] {
        if old == card { continue }
        report.changed += 1
      } else {
        report.added += 1
      }
      cards[key] = card
      shards[shard] = cards
      dirty.insert(shard)
    }
  }

  /// Removes the card of the entry with `key`.
  private mutating func delete(_ key: String) {
    let shard = Self.shard(key)
    var cards = cards(of: shard)
    guard cards.removeValue(forKey: key) != nil else { return }
    shards[shard] = cards
    dirty.insert(shard)
    report.removed += 1
  }

  /// Removes the cards of the entries not met in a full read (`keeping` more).
  mutating func removeUnseen(keeping present: Set<String> = []) {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasPrefix("shard-") && $0.hasSuffix(".vcf")
    }
    for shard in Set(files).union(shards.keys) {
      for key in cards(of: shard).keys where !seen.contains(key) && !present.contains(key) { delete(key) }
    }
  }

  /// Applies a synchronization: the changed entries taken, the deleted removed, and
  /// after a present phase every entry not present removed.
  mutating func apply(_ changes: LDAPSyncResult) {
    write(changes.changed)
    for uuid in changes.deleted { delete(uuid.lowercased()) }
    if let present = changes.present { removeUnseen(keeping: Set(present.map { $0.lowercased() })) }
  }

  /// Writes the shards changed (their cards in key order), recorded in the journal.
  mutating func flush() throws {
    let changed = dirty.sorted()
    try journal.recording(changed.map { DirectorySync.folder + "/" + $0 }) {
      for shard in changed {
        let cards = shards[shard] ?? [:]
        if cards.isEmpty {
          try? FileManager.default.removeItem(atPath: folder + "/" + shard)
          try? FileManager.default.removeItem(atPath: keysFile(shard))
          continue
        }
        var bytes: [UInt8] = []
        var keys = ""
        for key in cards.keys.sorted() {
          bytes += cards[key]!
          keys += key + "\t" + String(cards[key]!.count) + "\n"
        }
        keys = Self.signature(bytes) + "\n" + keys
        // The keys first: a shard is read only with both, and its cards then found by them.
        try MirrorFiles.writeCard(Array(keys.utf8), to: keysFile(shard))
        try MirrorFiles.writeCard(bytes, to: folder + "/" + shard)
      }
    }
    dirty.removeAll()
  }
}
