import CSQLite3
import CpickSupport

/// The connection of a writer that stores a first index part by part while a book is
/// read (`IndexFileWriter`, `IndexBookWriter`): its own, each part a transaction of
/// its own, so that other writers can have the lock between parts and the
/// write-ahead log is copied into the database as it grows (SQLite's automatic
/// checkpoint, every `checkpointPages`) instead of holding the whole book until one
/// commit (a cold 100,000: a log of 122 MB; a million: about 1.1 GB). The first fill
/// of a file its process made (`IndexCache.logDeferred`) has no log: its pages go
/// straight into the database, each part's under SQLite's rollback journal.
///
/// Every transaction first checks that the index is still the one the writer began
/// in — rows of its payload version, the same `identity` — so that nothing is written
/// among another version's rows after a cpick of another version emptied it; and one
/// kept waiting past `IndexCache.busyTimeout` by another writer is tried again (up to
/// `attempts` times in all).
struct IndexBulkConnection {
  /// The connection.
  let database: SQLiteDatabase
  private let payloadVersion: Int64
  /// The index's `identity` when the connection was opened.
  private let identity: Int64

  /// The pages of log after which a commit copies the log into the database: 64 MiB
  /// (SQLite's default is 1,000 pages). Each checkpoint syncs the log and the database
  /// (`synchronous=NORMAL`, which keeps what other connections committed safe from a
  /// power loss; a first fill's writer does not sync, see `IndexCache`): at 1,000
  /// pages a cold 100,000 made 18 `fdatasync`s and took 0.2 s longer.
  static let checkpointPages = 4_096
  /// How many times a transaction another writer keeps waiting past the busy timeout
  /// is tried before the writer gives up (the file or book is then read again and
  /// stored whole).
  static let attempts = 3

  /// Opens the index at `cache.path` (with `cacheKiB` of page cache; nil: the usual)
  /// and runs `begin` in a first transaction, once the index is found to hold rows of
  /// `cache.payloadVersion`.
  ///
  /// - Returns: the connection and what `begin` gave; nil when the index cannot be
  ///   opened, its write lock cannot be had, it is not this cpick's, or `begin` gives
  ///   nil or throws.
  static func open<Begun>(
    cache: IndexCache, cacheKiB: Int? = nil, begin: (SQLiteDatabase) throws(SQLiteError) -> Begun?
  ) -> (connection: IndexBulkConnection, begun: Begun)? {
    do throws(SQLiteError) {
      // The first fill of a file this process made keeps its rollback journal.
      let database = try IndexCache.open(
        path: cache.path, payloadVersion: cache.payloadVersion, journal: cache.logDeferred ? .unchanged : .log
      ).database
      try database.execute("PRAGMA wal_autocheckpoint = \(checkpointPages)")
      if let cacheKiB { try database.execute("PRAGMA cache_size = -\(cacheKiB)") }
      let payloadVersion = Int64(cache.payloadVersion)
      let opened = try database.writeTransaction { () throws(SQLiteError) -> (identity: Int64, begun: Begun)? in
        guard try IndexCache.storedPayloadVersion(database) == payloadVersion else { return nil }
        let identity = try IndexCache.ensuredIdentity(in: database)
        return try begin(database).map { (identity, $0) }
      }
      guard let opened else { return nil }
      return (IndexBulkConnection(database: database, payloadVersion: payloadVersion, identity: opened.identity), opened.begun)
    } catch {
      return nil
    }
  }

  /// Runs `body` in a write transaction (committed unless it throws) once the index is
  /// found to be the one the connection began in.
  ///
  /// - Returns: `body`'s answer; false when the index changed meanwhile, or `body` or
  ///   the transaction throws (rolled back), busy `attempts` times included.
  func transaction(_ body: () throws(SQLiteError) -> Bool) -> Bool {
    for attempt in 1...Self.attempts {
      do {
        return try database.writeTransaction { () throws(SQLiteError) -> Bool in
          guard try IndexCache.storedPayloadVersion(database) == payloadVersion,
            try IndexCache.identity(in: database) == identity
          else { return false }
          return try body()
        }
      } catch where error.primaryCode == SQLITE_BUSY && attempt < Self.attempts {
        continue
      } catch {
        return false
      }
    }
    return false
  }
}
