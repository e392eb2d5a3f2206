import CSQLite3
import ContactStores
import Glibc
import CpickSupport

/// One cached file of an address book: where it is, which version of it was read, and
/// what its reader made of it.
package struct CachedFile: Sendable, Hashable {
  /// The file's path: a card file of a vdir folder, or the `.vcf` file itself.
  package var path: String
  /// The version of the file the payload was made from.
  package var signature: FileSignature
  /// The parsed cards, in the caller's format (opaque bytes to the cache; their format
  /// is the `payloadVersion` of `IndexCache`).
  package var payload: [UInt8]

  /// The file's contacts, one encoding each (`ContactArchive`), stored one row per
  /// card under the file's `generation` and read back one at a time
  /// (`IndexCache.card(generation:ordinal:)`); not returned by `files(inBook:)`.
  package var cards: [[UInt8]] = []

  /// The payload, when it is written a piece at a time instead (`payload` is then
  /// empty; a file read back has its `payload`).
  package var stream: PayloadStream?

  /// A cached file.
  package init(path: String, signature: FileSignature, payload: [UInt8], cards: [[UInt8]] = []) {
    self.cards = cards
    self.path = path
    self.signature = signature
    self.payload = payload
  }

  /// A cached file whose payload `stream` gives.
  package init(path: String, signature: FileSignature, stream: PayloadStream, cards: [[UInt8]] = []) {
    self.init(path: path, signature: signature, payload: [], cards: cards)
    self.stream = stream
  }

  /// The size of the payload, in bytes.
  package var payloadCount: Int { stream?.count ?? payload.count }
}

/// The index on disk: each parsed address-book file with the signature (size, times,
/// inode) of the version it was parsed from, so that the next start re-reads only the
/// files that changed. An SQLite database, by default
/// `$XDG_CACHE_HOME/cpick/index.sqlite`.
///
/// The index is only a cache: deleting it loses nothing, and nothing here fails
/// loudly. Every payload and card is stored with its `Checksum`, checked
/// when it is read: one that changed in the file counts as missing. A database that is not one, is damaged, or has another schema is rebuilt
/// empty (at open, or when a read or write meets `SQLITE_CORRUPT`/`SQLITE_NOTADB`);
/// rows of another payload format are cleared at open; a write that cannot be made
/// (locked for more than 2 s, read-only or full disk) is dropped and reported as
/// `false`.
///
/// Schema (`PRAGMA user_version` = `schemaVersion`):
/// ```sql
/// CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID;
///   -- ('payload_version', n), ('identity', a random number: `identity()`)
/// CREATE TABLE books(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, sync_state BLOB);
///   -- path: the book's key (`BookSource.key`); sync_state: its source's `ItemListing.syncState`
/// CREATE TABLE files(id INTEGER PRIMARY KEY, book INTEGER NOT NULL REFERENCES books(id),
///   path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
///   ctime_ns INTEGER NOT NULL, inode INTEGER NOT NULL, device INTEGER NOT NULL,
///   generation INTEGER NOT NULL DEFAULT 0, checksum INTEGER, payload BLOB NOT NULL);
/// CREATE INDEX files_by_book ON files(book);               -- a book's rows, in id order
/// CREATE UNIQUE INDEX files_by_path ON files(book, path);  -- upserts and removals
/// CREATE INDEX files_by_generation ON files(generation);
/// CREATE TABLE cards(id INTEGER PRIMARY KEY, generation INTEGER NOT NULL,
///   ordinal INTEGER NOT NULL, data BLOB NOT NULL, checksum INTEGER NOT NULL);  -- one per contact
/// CREATE UNIQUE INDEX cards_by_generation ON cards(generation, ordinal);
/// CREATE TABLE orphans(generation INTEGER PRIMARY KEY, since INTEGER NOT NULL);
///   -- versions no file refers to any more, since when (seconds): their cards go
///   -- after `orphanGrace`
/// ```
/// Times are nanoseconds since the Unix epoch; inode and device are stored as the
/// `Int64` with the same bits. Pages are 16 KiB (fewer overflow pages for large
/// payloads) and the file is memory-mapped for reading (`PRAGMA mmap_size`, 1 GiB).
/// `files` is a rowid table on purpose: in a `WITHOUT ROWID` table clustered on
/// (book, path), every seek that passes a 60 MB row loads all of it to compare keys.
/// Its payload is the last column so that a large one can be a `zeroblob` first,
/// written over afterwards (`writeBlob`): SQLite leaves out a zeroblob's zeros from
/// the record only when nothing follows it, and makes a bound value's whole record
/// in memory (a copy of 134 MB for a book of 1.29 million cards).
///
/// Concurrency: the journal is a write-ahead log (`PRAGMA journal_mode=WAL`), so
/// readers never wait for a writer and see the last committed state; writers take the
/// lock at the start of their transaction (`BEGIN IMMEDIATE`) and wait for each other
/// up to 2 s (`busy_timeout`). Two processes starting at once on an empty cache both
/// open the file; the schema is created in a write transaction that first checks
/// again whether another connection created it meanwhile, so one of them creates it
/// and the other uses it. A process killed in the middle of a write leaves an
/// uncommitted tail in the log, which SQLite ignores (rolls back) at the next open:
/// the cache holds the last committed update, never half of one.
/// A first fill is the exception (`init(path:payloadVersion:orphanGrace:firstFill:)`,
/// the cold start of `ContactListLoader`): the file it makes keeps SQLite's rollback
/// journal until the fill is over (`startLog()`), since a page added to the end of the
/// file is written once there, where the log writes it three times (the log, the
/// checkpoint's read of it, the database: a cold million's 1.2 GB index made 4.3 GB of
/// reads and writes, and 20–25 % of its time). Its writers keep each part's pages in
/// memory until the part's commit (`cache_spill` off: a spill would take the exclusive
/// lock until the commit, and wait for every reader), so that meanwhile a reader waits
/// only while a part is committed (up to `busyTimeout`) — except the last, the file's
/// row, when its payload is large (`IndexFileWriter.spilledPayload`: its pages would
/// double it in memory; its transaction takes a fraction of a second); another process that opens
/// the file switches it to the log when no part is being written (else it leaves it:
/// the fill goes on either way); a process killed in the middle of a part leaves a
/// journal that the next open rolls back. The connections of a first fill write
/// without syncs, also once another process has switched the file to the log (their
/// checkpoints then copy that process's pages unsynced too): a power loss may damage
/// the new file, which is then rebuilt.
/// (`PRAGMA synchronous=NORMAL`: after a power loss the last updates may be gone,
/// never the database's consistency — except for the connection that made the file,
/// which fills it without syncs (`synchronous=OFF`, 0.2–0.3 s less for a first index
/// of 100,000 files): a power loss in the half minute before the system writes it
/// out may leave that new file damaged, and a damaged index is rebuilt; it held
/// nothing but what the books hold.) After each update the log is copied into the
/// database and emptied when no reader needs it, so that it never stays as large as
/// the largest update.
///
/// Threading: an instance has one SQLite connection (opened `SQLITE_OPEN_NOMUTEX`),
/// guarded by a mutex: its methods may be called from any thread, and calls on one
/// instance run one after another (hence `Sendable`, checked by the compiler). Several
/// instances, in this process or in others, may use the same file at once. The
/// connection is closed when the instance is released (which also merges and deletes
/// the log); an instance kept until `exit` leaves the log for the next start to read.
///
/// Here: the connection and its lock. Beside it: `IndexCacheSchema.swift` (opening,
/// the schema, rebuilding), `IndexCacheReads.swift`, `IndexCacheWrites.swift`
/// (`update`), `IndexCacheMaintenance.swift` (books that are gone, orphaned cards,
/// the log).
package final class IndexCache: Sendable {
  /// The schema of the tables, kept in `PRAGMA user_version`. A database with
  /// another value is rebuilt.
  package static let schemaVersion: Int64 = 7

  /// The size above which a payload is read with `SQLiteDatabase.readBlob` rather
  /// than with its row, and written over a row's zeros with `writeBlob` rather than
  /// bound (see the schema above), in bytes.
  static let largePayload = 1 << 20

  /// Above this many paths, `update` reads the generations of a book's rows in one
  /// scan rather than looking each path up.
  static let pointLookups = 256

  /// How long a writer waits for another one before giving up, in milliseconds.
  static let busyTimeout: Int32 = 2000

  /// The database file's path.
  package let path: String
  /// The format of the payloads this instance reads and writes.
  package let payloadVersion: Int
  /// How long, in seconds, the cards of a file version no book refers to any more are
  /// kept (another cpick may still show them): an hour by default.
  package let orphanGrace: Int64

  /// Whether this instance made the file and left it with SQLite's rollback journal
  /// for a first fill, until `startLog()` switched it: its writers
  /// (`IndexBulkConnection`) keep the journal as it is, without syncs.
  package var logDeferred: Bool { deferred.withLock { $0 } }
  private let deferred: Locked<Bool>

  /// The connection; `nil` after a rebuild that failed (the cache is then off: no
  /// files, no updates).
  private let connection: Locked<SQLiteDatabase?>
  /// The statement of `card(generation:ordinal:)`, kept between calls; read and
  /// written only while `connection` is locked.
  nonisolated(unsafe) var cardLookup: SQLiteStatement?

  /// The default place of the index: `$XDG_CACHE_HOME/cpick/index.sqlite`, else
  /// `$HOME/.cache/cpick/index.sqlite`.
  ///
  /// - Returns: `nil` when `CPICK_NO_CACHE` is set to anything but the empty string,
  ///   or when neither `XDG_CACHE_HOME` nor `HOME` is set. An empty or relative
  ///   `XDG_CACHE_HOME` counts as unset (the XDG base-directory rule), as does an
  ///   empty `HOME`.
  package static func defaultPath(environment: [String: String]) -> String? {
    if let off = environment["CPICK_NO_CACHE"], !off.isEmpty { return nil }
    if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
      return join(cacheHome, "cpick/index.sqlite")
    }
    if let home = environment["HOME"], !home.isEmpty {
      return join(home, ".cache/cpick/index.sqlite")
    }
    return nil
  }

  /// `folder/name` with one slash between.
  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Opens the index at `path`, or creates it (and its folder, mode 0700).
  ///
  /// `payloadVersion` is the format of the caller's payloads: when the database holds
  /// rows of another version, they are all deleted (rows of an older or newer cpick
  /// are never handed out). A file that is not a database, is damaged, or has another
  /// schema is emptied in place (`SQLITE_DBCONFIG_RESET_DATABASE` + `VACUUM`, which
  /// takes SQLite's locks and so is safe while another process has it open), or,
  /// when even that fails, deleted with its `-wal`, `-shm` and `-journal` files and
  /// created again.
  ///
  /// Damage deeper in the file, which opening does not read, is found by the reads
  /// and writes that meet it (the same rebuild, then an empty result).
  ///
  /// - Throws: `SQLiteError` only when no usable database can be made at `path`
  ///   (folder not writable, read-only or full disk, a folder in the way), or when
  ///   the schema must be set up and another process holds the write lock for more
  ///   than 2 s (`SQLITE_BUSY`): callers then run without a cache. A folder that
  ///   cannot be created is reported as `SQLITE_CANTOPEN` with the system's message.
  ///
  /// With `firstFill`, a file this instance makes keeps SQLite's rollback journal
  /// until `startLog()` (`logDeferred`; see Concurrency above).
  package init(path: String, payloadVersion: Int, orphanGrace: Int64 = 3600, firstFill: Bool = false) throws(SQLiteError) {
    self.path = path
    self.payloadVersion = payloadVersion
    self.orphanGrace = orphanGrace
    do {
      try FileSystem.makeFolders(FileSystem.directory(of: path), mode: 0o700)
    } catch {
      throw SQLiteError(code: SQLITE_CANTOPEN, message: error.description)
    }
    let database: SQLiteDatabase
    var logDeferred = false
    do {
      let opened = try Self.open(path: path, payloadVersion: payloadVersion, journal: firstFill ? .logUnlessMade : .log)
      database = opened.database
      logDeferred = firstFill && opened.made
    } catch where error.isCorruption {
      database = try Self.rebuild(path: path, payloadVersion: payloadVersion)
    }
    deferred = Locked(logDeferred)
    connection = Locked(database)
  }

  /// Switches a file this instance made for a first fill (`logDeferred`) to the
  /// write-ahead log, once the fill is over (its writers closed); nothing for any
  /// other. Best effort, waiting at most 200 ms for another connection's lock: when
  /// the switch cannot be made, the next connection to open the file makes it.
  package func startLog() {
    guard logDeferred else { return }
    let switched = withConnection(default: false) { (database) throws(SQLiteError) -> Bool in
      try Self.waitingBriefly(database) { () throws(SQLiteError) -> Bool in try Self.startLog(database) }
    }
    if switched { deferred.withLock { $0 = false } }
  }

  /// Runs `body` on the connection, under the lock. A damaged database is rebuilt
  /// (and `fallback` returned); any other error returns `fallback`.
  func withConnection<Result: Sendable>(
    default fallback: Result, _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
  ) -> Result {
    connection.withLock { connection in
      let outcome: Swift.Result<Result, SQLiteError>
      do throws(SQLiteError) {
        guard let database = connection else { return fallback }
        outcome = .success(try body(database))
      } catch {
        outcome = .failure(error)
      }
      switch outcome {
      case .success(let result):
        return result
      case .failure(let error) where error.isCorruption:
        cardLookup = nil  // it holds the connection too
        connection = nil  // the last reference: closed before its files may be deleted
        connection = try? Self.rebuild(path: path, payloadVersion: payloadVersion)
        return fallback
      case .failure:
        return fallback
      }
    }
  }
}
