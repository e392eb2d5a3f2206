import CSQLite3
import ContactStores
import Glibc
import CpickSupport

extension IndexCache {
  /// How a connection sets the index's journal at open.
  enum Journal {
    /// The write-ahead log (see `IndexCache`, Concurrency), synced unless the
    /// connection made the file.
    case log
    /// For a file the connection makes: SQLite's rollback journal, kept for a first
    /// fill (`IndexCache.logDeferred`), without syncs; an existing file as `log`.
    case logUnlessMade
    /// As the file is, without syncs, without the mapping, without spilling pages
    /// before the commit: the writer of a first fill of the process that made the
    /// file (`IndexBulkConnection`).
    case unchanged
  }

  /// Opens `path`, sets the connection up (its journal as `journal` says) and makes
  /// sure the schema and payload version are this cpick's.
  ///
  /// - Returns: the connection, and whether it made the file.
  /// - Throws: `SQLiteError`; `isCorruption` when the file is not a database or is
  ///   damaged where opening reads it.
  static func open(
    path: String, payloadVersion: Int, journal: Journal = .log
  ) throws(SQLiteError) -> (database: SQLiteDatabase, made: Bool) {
    let made = access(path, F_OK) != 0
    // Made readable by its owner alone, as the list files: SQLite would make it with
    // the umask's mode (0644), and gives its log and shared-memory files the
    // database's mode.
    if made {
      let descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
      if descriptor >= 0 { close(descriptor) }
    }
    let database = try SQLiteDatabase(path: path)
    database.setBusyTimeout(milliseconds: busyTimeout)
    switch journal {
    case .log: try configure(database, synced: !made, log: true)
    case .logUnlessMade: try configure(database, synced: !made, log: !made)
    case .unchanged:
      try configure(database, synced: false, log: false)
      // Without the log, what the writer reads back is the file it has just written:
      // mapped, it counted in the process's memory (a cold 100,000: 25 MB more). A
      // transaction's pages stay in memory until its commit (see `IndexCache`,
      // Concurrency: a spill locks readers out).
      try database.execute("PRAGMA mmap_size = 0; PRAGMA cache_spill = OFF")
    }
    try prepareSchema(database, payloadVersion: Int64(payloadVersion))
    return (database, made)
  }

  /// The connection's settings. The page size only takes effect on a database not yet
  /// written; the journal mode is stored in the file (the first connection that
  /// switches it to WAL does so for all).
  /// A file this connection made has nothing to lose: it is filled without syncs
  /// (not `synced`). The page cache is 8 MiB: reads go through the mapping
  /// (`mmap_size`), so the cache holds mostly the pages a write makes, which spill to
  /// the log (or the database) when it is full (a cold book's 100,000 cards would
  /// otherwise keep 32 MiB of them in memory).
  private static func configure(_ database: SQLiteDatabase, synced: Bool = true, log: Bool = true) throws(SQLiteError) {
    try database.execute(
      """
      PRAGMA page_size = 16384;
      PRAGMA synchronous = \(synced ? "NORMAL" : "OFF");
      PRAGMA mmap_size = 1073741824;
      PRAGMA journal_size_limit = 16777216;
      PRAGMA secure_delete = OFF;
      PRAGMA cache_size = -\(cacheKiB);
      """)
    if log { try startLog(database) }
  }

  /// Switches the file to the write-ahead log, when it is not yet: left as it is when
  /// another connection holds a lock the switch needs (or is switching it) — the
  /// rollback journal works meanwhile, and the next connection to open the file
  /// switches it.
  ///
  /// - Returns: whether the file is in the log now (the journal mode SQLite answers).
  /// - Throws: `SQLiteError` but `SQLITE_BUSY` and `SQLITE_LOCKED`.
  @discardableResult
  static func startLog(_ database: SQLiteDatabase) throws(SQLiteError) -> Bool {
    do {
      return try database.text("PRAGMA journal_mode = WAL") == "wal"
    } catch where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED {
      // See above: it ends in WAL either way.
      return false
    }
  }

  /// What the database holds, as read at open.
  private enum Contents {
    /// This schema, with rows of `payloadVersion` (nil: the version row is missing).
    case ours(payloadVersion: Int64?)
    /// No tables at all: a new file.
    case empty
    /// Tables of another schema or another program.
    case foreign
  }

  /// Reads `PRAGMA user_version`, the number of tables, and the payload version.
  private static func contents(_ database: SQLiteDatabase) throws(SQLiteError) -> Contents {
    let version = try database.integer("PRAGMA user_version") ?? 0
    if version == schemaVersion { return .ours(payloadVersion: try storedPayloadVersion(database)) }
    let tables = try database.integer("SELECT count(*) FROM sqlite_schema") ?? 0
    return version == 0 && tables == 0 ? .empty : .foreign
  }

  /// Makes the database hold this schema with rows of `payloadVersion` only: creates
  /// the tables in an empty file, clears rows of another version, empties a database
  /// of another schema. Each change is made in a write transaction that reads the
  /// state again first, so that two processes opening at once agree.
  ///
  /// - Parameter resets: how many times the file has been emptied for holding another
  ///   schema (once is enough; a second time means it cannot be done).
  private static func prepareSchema(_ database: SQLiteDatabase, payloadVersion: Int64, resets: Int = 0)
    throws(SQLiteError)
  {
    // A read first: the usual case (all is in order) takes no write lock.
    let found = try database.readTransaction { () throws(SQLiteError) in try contents(database) }
    if case .ours(let stored) = found, stored == payloadVersion { return }
    let foreign = try database.writeTransaction { () throws(SQLiteError) -> Bool in
      switch try contents(database) {
      case .ours(let stored):
        if stored != payloadVersion {
          try database.execute(
            "DELETE FROM files; DELETE FROM books; DELETE FROM cards; DELETE FROM orphans;")
          try setPayloadVersion(payloadVersion, in: database)
        }
        return false
      case .empty:
        try database.execute(
          """
          CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL) WITHOUT ROWID;
          CREATE TABLE books(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, sync_state BLOB);
          CREATE TABLE files(
            id INTEGER PRIMARY KEY,
            book INTEGER NOT NULL REFERENCES books(id),
            path TEXT NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            device INTEGER NOT NULL,
            generation INTEGER NOT NULL DEFAULT 0,
            checksum INTEGER,
            payload BLOB NOT NULL);
          CREATE INDEX files_by_book ON files(book);
          CREATE UNIQUE INDEX files_by_path ON files(book, path);
          CREATE INDEX files_by_generation ON files(generation);
          CREATE TABLE cards(
            id INTEGER PRIMARY KEY,
            generation INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            data BLOB NOT NULL,
            checksum INTEGER NOT NULL);
          CREATE UNIQUE INDEX cards_by_generation ON cards(generation, ordinal);
          CREATE TABLE orphans(generation INTEGER PRIMARY KEY, since INTEGER NOT NULL);
          PRAGMA user_version = \(schemaVersion);
          """)
        try setPayloadVersion(payloadVersion, in: database)
        return false
      case .foreign:
        return true
      }
    }
    guard foreign else { return }
    guard resets == 0 else { throw SQLiteError(code: SQLITE_SCHEMA, message: "the index keeps another schema") }
    try reset(database)
    try configure(database)
    try prepareSchema(database, payloadVersion: payloadVersion, resets: resets + 1)
  }

  /// Empties the database file in place, whatever it holds, even when damaged or not
  /// a database at all: `SQLITE_DBCONFIG_RESET_DATABASE`, then `VACUUM` (SQLite's
  /// documented way; it takes the usual locks, so other connections are not harmed).
  private static func reset(_ database: SQLiteDatabase) throws(SQLiteError) {
    try database.configure(SQLITE_DBCONFIG_RESET_DATABASE, true)
    defer { try? database.configure(SQLITE_DBCONFIG_RESET_DATABASE, false) }
    try database.execute("VACUUM")
  }

  /// Makes a damaged database usable again, empty: in place when possible (`reset`,
  /// which also works while other processes have the file open), else by deleting the
  /// file with its `-wal`, `-shm` and `-journal` files and creating it again (a
  /// process that still has the old file open goes on with it unharmed, and its
  /// updates are lost with it).
  ///
  /// The caller must have closed its own connection to the file (released its last
  /// reference) first.
  ///
  /// - Throws: when even a new file cannot be made.
  static func rebuild(path: String, payloadVersion: Int) throws(SQLiteError) -> SQLiteDatabase {
    if let database = try? SQLiteDatabase(path: path) {
      database.setBusyTimeout(milliseconds: busyTimeout)
      do {
        try reset(database)
        try configure(database)
        try prepareSchema(database, payloadVersion: Int64(payloadVersion))
        return database
      } catch {
        // Closed when this scope ends, before the files are deleted below.
      }
    }
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileSystem.unlink(path + suffix) }
    return try open(path: path, payloadVersion: payloadVersion).database
  }

  /// The payload version stored in `meta`, or `nil` when the row is missing.
  static func storedPayloadVersion(_ database: SQLiteDatabase) throws(SQLiteError) -> Int64? {
    try database.integer("SELECT value FROM meta WHERE key = 'payload_version'")
  }

  /// Stores the payload version in `meta`, with a new `identity` (the rows are new).
  private static func setPayloadVersion(_ version: Int64, in database: SQLiteDatabase) throws(SQLiteError) {
    let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES('payload_version', ?1)")
    try statement.bind(version, at: 1)
    try statement.run()
    try setIdentity(in: database)
  }

  /// The `identity` stored in `meta`, or nil when the row is missing.
  static func identity(in database: SQLiteDatabase) throws(SQLiteError) -> Int64? {
    try database.integer("SELECT value FROM meta WHERE key = 'identity'")
  }

  /// The `identity` stored in `meta`, stored first when missing (a database made
  /// before identities); call it in a write transaction.
  static func ensuredIdentity(in database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
    if let known = try identity(in: database) { return known }
    return try setIdentity(in: database)
  }

  /// Stores a new random `identity` in `meta` and returns it.
  @discardableResult
  static func setIdentity(in database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
    let identity = Int64.random(in: 1...Int64.max)
    let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES('identity', ?1)")
    try statement.bind(identity, at: 1)
    try statement.run()
    return identity
  }
}
