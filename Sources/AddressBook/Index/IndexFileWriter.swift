import CSQLite3
import ContactStores
import CpickSupport
import Glibc

/// One file's entry in the index written while the file is still being read: its
/// cards part by part (`add(_:from:)`), then its row with the payload (`finish`), on
/// a connection of its own — a large `.vcf` file's contacts need not all be held as
/// encodings until the file is read (a million: about 0.9 GB).
///
/// Each call is a transaction of its own (`BEGIN IMMEDIATE` … `COMMIT`), so the
/// write-ahead log is copied into the database as it grows (SQLite's automatic
/// checkpoint every `IndexCache.bulkCheckpointPages`, on the thread that writes) and
/// used again from its start, instead of
/// holding every card until the commit (100,000 contacts: a log of 116 MB, new pages
/// of the page cache each, then copied; the system time of a cold read varied from
/// 0.9 to 2.3 s with it). Between calls other writers can have the lock.
///
/// Nothing refers to the cards until `finish` writes the file's row, so readers never
/// see a part of the file. Until then the version is marked an orphan since the last
/// call (`orphans`): cards of a writer that never finishes (its process killed, the
/// file changed while read, an error) are deleted by a later update once
/// `IndexCache.orphanGrace` has passed, as those of a replaced version are. A writer
/// stopped for longer than that (a suspended process) may find its first cards gone:
/// `finish` writes the row only when every card added is there. Each call checks that
/// the index is still the one it began in (its payload version and `identity`): when
/// it was emptied meanwhile the writer fails. The cards of one version are the same
/// whoever writes them, so two processes writing the same file at once do no harm.
/// Another writer keeping the lock longer than `IndexCache.busyTimeout` is waited for
/// again (`IndexCache.retryingBusy`).
///
/// Its methods are called one after another (from any thread: the state is behind a
/// lock).
package final class IndexFileWriter: Sendable {
  /// The connection, the statement that inserts cards, and how many cards the file
  /// has so far (the ordinal after the last one added); nil once finished or failed.
  private struct Open {
    var database: SQLiteDatabase
    var insertCard: SQLiteStatement
    var cardCount = 0
  }

  private let state: Locked<Open?>
  /// The file's version in the index (`IndexCache.generation(path:signature:)`).
  package let generation: Int64
  private let orphanGrace: Int64
  private let payloadVersion: Int64
  /// The index's `identity` when the writer was made.
  private let identity: Int64

  /// A writer of the file at `path` with `signature` into the index at `cache.path`,
  /// or nil when its write lock cannot be had (another writer for more than
  /// `IndexCache.busyTimeout`) or the database is not this cpick's.
  package init?(cache: IndexCache, path: String, signature: FileSignature) {
    let generation = IndexCache.generation(path: path, signature: signature)
    self.generation = generation
    orphanGrace = cache.orphanGrace
    payloadVersion = Int64(cache.payloadVersion)
    do throws(SQLiteError) {
      let database = try IndexCache.open(path: cache.path, payloadVersion: cache.payloadVersion)
      try database.execute("PRAGMA wal_autocheckpoint = \(IndexCache.bulkCheckpointPages)")
      let found = try database.writeTransaction { () throws(SQLiteError) -> Int64? in
        guard try IndexCache.storedPayloadVersion(database) == Int64(cache.payloadVersion) else { return nil }
        let identity = try IndexCache.ensuredIdentity(in: database)
        try Self.markOrphan(generation, in: database)
        return identity
      }
      guard let found else { return nil }
      identity = found
      let insertCard = try database.prepare(
        "INSERT OR REPLACE INTO cards(generation, ordinal, data, checksum) VALUES(?1, ?2, ?3, ?4)")
      state = Locked(Open(database: database, insertCard: insertCard))
    } catch {
      return nil
    }
  }

  /// Writes `cards` (`ContactArchive` encodings) as the file's contacts `first…`,
  /// and commits them.
  ///
  /// - Returns: false when they could not be written (the writer has then failed:
  ///   every later call fails).
  package func add(_ cards: [[UInt8]], from first: Int) -> Bool {
    state.withLock { open in
      guard var current = open.take() else { return false }
      let written = IndexCache.retryingBusy { () throws(SQLiteError) -> Bool in
        try current.database.writeTransaction { () throws(SQLiteError) -> Bool in
          guard try IndexCache.isSame(current.database, payloadVersion: payloadVersion, identity: identity) else {
            return false
          }
          try Self.markOrphan(generation, in: current.database)
          try IndexCache.writeCards(cards, generation: generation, from: first, with: current.insertCard)
          return true
        }
      }
      guard written else { return false }
      current.cardCount = max(current.cardCount, first + cards.count)
      open = current
      return true
    }
  }

  /// Writes the file's row (`file`: its path, signature and payload; its cards are
  /// those added, `file.cards` is empty) in `book`, which makes its version no orphan,
  /// and commits.
  ///
  /// - Returns: whether it was committed: false also when a card added is missing or
  ///   `file.cards` is not empty.
  package func finish(book: String, file: CachedFile) -> Bool {
    state.withLock { open in
      guard let current = open.take(), file.cards.isEmpty else { return false }
      let database = current.database
      return IndexCache.retryingBusy { () throws(SQLiteError) -> Bool in
        try database.writeTransaction { () throws(SQLiteError) -> Bool in
          guard try IndexCache.isSame(database, payloadVersion: payloadVersion, identity: identity),
            try Self.cardCount(generation, in: database) == current.cardCount
          else { return false }
          try IndexCache.write(
            book: book, upserting: [file], removing: [], replaceAll: false, syncState: nil, grace: orphanGrace,
            in: database)
          return true
        }
      }
    }
  }

  /// The number of cards stored under `generation`.
  private static func cardCount(_ generation: Int64, in database: SQLiteDatabase) throws(SQLiteError) -> Int {
    let count = try database.prepare("SELECT count(*) FROM cards INDEXED BY cards_by_generation WHERE generation = ?1")
    try count.bind(generation, at: 1)
    guard try count.step() else { return 0 }
    return Int(count.int64(at: 0))
  }

  /// Marks `generation` an orphan since now, unless a row refers to it (the same
  /// version already stored: its cards, written again, are the same).
  private static func markOrphan(_ generation: Int64, in database: SQLiteDatabase) throws(SQLiteError) {
    let mark = try database.prepare(
      """
      INSERT OR REPLACE INTO orphans(generation, since) SELECT ?1, ?2
      WHERE NOT EXISTS (SELECT 1 FROM files WHERE generation = ?1)
      """)
    try mark.bind(generation, at: 1)
    try mark.bind(Int64(time(nil)), at: 2)
    try mark.run()
  }
}
