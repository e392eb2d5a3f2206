import CSQLite3
import ContactStores
import CpickSupport
import Glibc

/// One file's entry in the index written while the file is still being read: its
/// cards part by part (`add(_:from:)`), then its row with the payload (`finish`), on
/// a connection of its own — a large `.vcf` file's contacts need not all be held as
/// encodings until the file is read (a million: about 0.9 GB).
///
/// Each call is a transaction of its own (`IndexBulkConnection`): between calls
/// other writers can have the lock, and the write-ahead log is copied into the
/// database as it grows instead of holding every card until one commit (a new
/// index's first fill has no log: see `IndexCache`, Concurrency).
///
/// Nothing refers to the cards until `finish` writes the file's row, so readers never
/// see a part of the file. Until then the version is marked an orphan since the last
/// call (`orphans`): cards of a writer that never finishes (its process killed, the
/// file changed while read, an error) are deleted by a later update once
/// `IndexCache.orphanGrace` has passed, as those of a replaced version are. A writer
/// stopped for longer than that (a suspended process) may find its first cards gone:
/// `finish` writes the row only when every card added is there. Each call checks that
/// the index is still the one it began in: when it was emptied meanwhile the writer
/// fails. The cards of one version are the same whoever writes them, so two processes
/// writing the same file at once do no harm.
///
/// Its methods are called one after another (from any thread: the state is behind a
/// lock).
package final class IndexFileWriter: Sendable {
  /// The connection, the statement that inserts cards, and how many cards the file
  /// has so far (the ordinal after the last one added); nil once finished or failed.
  private struct Open {
    var connection: IndexBulkConnection
    var insertCard: SQLiteStatement
    var cardCount = 0
  }

  private let state: Locked<Open?>
  /// The file's version in the index (`IndexCache.generation(path:signature:)`).
  package let generation: Int64
  private let orphanGrace: Int64

  /// A writer of the file at `path` with `signature` into the index at `cache.path`,
  /// or nil when its write lock cannot be had (another writer for more than
  /// `IndexCache.busyTimeout`) or the database is not this cpick's.
  package init?(cache: IndexCache, path: String, signature: FileSignature) {
    let generation = IndexCache.generation(path: path, signature: signature)
    self.generation = generation
    orphanGrace = cache.orphanGrace
    guard
      let (connection, _) = IndexBulkConnection.open(cache: cache, begin: { database throws(SQLiteError) in
        try Self.markOrphan(generation, in: database)
      }),
      let insertCard = try? connection.database.prepare(
        "INSERT OR REPLACE INTO cards(generation, ordinal, data, checksum) VALUES(?1, ?2, ?3, ?4)")
    else { return nil }
    state = Locked(Open(connection: connection, insertCard: insertCard))
  }

  /// Writes `cards` (`ContactArchive` encodings) as the file's contacts `first…`,
  /// and commits them.
  ///
  /// - Returns: false when they could not be written (the writer has then failed:
  ///   every later call fails).
  package func add(_ cards: [[UInt8]], from first: Int) -> Bool {
    state.withLock { open in
      guard var current = open.take() else { return false }
      let written = current.connection.transaction { () throws(SQLiteError) -> Bool in
        try Self.markOrphan(generation, in: current.connection.database)
        try IndexCache.writeCards(cards, generation: generation, from: first, with: current.insertCard)
        return true
      }
      guard written else { return false }
      current.cardCount = max(current.cardCount, first + cards.count)
      open = current
      return true
    }
  }

  /// Whether every call so far succeeded (false once an `add` failed, or after `finish`).
  package var isOpen: Bool { state.withLock { $0 != nil } }

  /// Writes the file's row (`file`: its path, signature and payload; its cards are
  /// those added, `file.cards` is empty) in `book`, which makes its version no orphan,
  /// and commits.
  ///
  /// - Returns: whether it was committed: false also when a card added is missing or
  ///   `file.cards` is not empty.
  package func finish(book: String, file: CachedFile) -> Bool {
    state.withLock { open in
      guard let current = open.take(), file.cards.isEmpty else { return false }
      let database = current.connection.database
      // The pages of a large payload spill to the file as they are written rather than
      // stay in memory beside the payload until the commit (see `IndexCache`,
      // Concurrency): the last transaction of the writer.
      if file.payloadCount > Self.spilledPayload { try? database.execute("PRAGMA cache_spill = ON") }
      return current.connection.transaction { () throws(SQLiteError) -> Bool in
        guard try Self.cardCount(generation, in: database) == current.cardCount else { return false }
        try IndexCache.write(
          book: book, upserting: [file], removing: [], replaceAll: false, syncState: nil, grace: orphanGrace,
          in: database)
        return true
      }
    }
  }

  /// The payload size, in bytes, above which `finish` lets SQLite spill the pages it
  /// writes to the file before the commit, under a first fill too (whose pages would
  /// otherwise stay until the commit, a second copy of the payload): a cold book of
  /// 160,000 Korean names (24 MB, a payload of 160 MB) peaked 0.15 GB lower (0.75 →
  /// 0.60 GB). A reader of the index meanwhile waits for the commit (up to
  /// `IndexCache.busyTimeout`); a spill that cannot have the lock is not made.
  static let spilledPayload = 32 << 20

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
