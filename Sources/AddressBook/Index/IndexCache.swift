import CSQLite3
import ContactStores
import Glibc
import Synchronization
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

  /// A cached file.
  package init(path: String, signature: FileSignature, payload: [UInt8], cards: [[UInt8]] = []) {
    self.cards = cards
    self.path = path
    self.signature = signature
    self.payload = payload
  }
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
/// CREATE TABLE books(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
/// CREATE TABLE files(id INTEGER PRIMARY KEY, book INTEGER NOT NULL REFERENCES books(id),
///   path TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
///   ctime_ns INTEGER NOT NULL, inode INTEGER NOT NULL, device INTEGER NOT NULL,
///   payload BLOB NOT NULL, generation INTEGER NOT NULL DEFAULT 0, checksum INTEGER);
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
package final class IndexCache: Sendable {
  /// The schema of the tables, kept in `PRAGMA user_version`. A database with
  /// another value is rebuilt.
  package static let schemaVersion: Int64 = 5

  /// The size above which a payload is read with `SQLiteDatabase.readBlob` rather
  /// than with its row, in bytes.
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

  /// The connection; `nil` after a rebuild that failed (the cache is then off: no
  /// files, no updates).
  private let connection: Mutex<SQLiteDatabase?>
  /// The statement of `card(generation:ordinal:)`, kept between calls; read and
  /// written only while `connection` is locked.
  nonisolated(unsafe) private var cardLookup: SQLiteStatement?

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
  package init(path: String, payloadVersion: Int, orphanGrace: Int64 = 3600) throws(SQLiteError) {
    self.path = path
    self.payloadVersion = payloadVersion
    self.orphanGrace = orphanGrace
    do {
      try FileSystem.makeFolders(FileSystem.directory(of: path), mode: 0o700)
    } catch {
      throw SQLiteError(code: SQLITE_CANTOPEN, message: error.description)
    }
    let database: SQLiteDatabase
    do {
      database = try Self.open(path: path, payloadVersion: payloadVersion)
    } catch where error.isCorruption {
      database = try Self.rebuild(path: path, payloadVersion: payloadVersion)
    }
    connection = Mutex(database)
  }

  // MARK: Reading and writing

  /// Every cached file of an address book, in the order stored: the order of their
  /// first `update`s, and within one update the order of `files` (an upsert keeps a
  /// file's place).
  ///
  /// - Parameter book: the address book's path: the `.vcf` file, or the vdir folder
  ///   (as passed to `update(book:…)`: the cache does not resolve paths).
  /// - Returns: the rows of the last committed update; `[]` for an unknown book, when
  ///   another process has meanwhile switched the database to another payload
  ///   version, or on any error. A damaged database (`SQLITE_CORRUPT`,
  ///   `SQLITE_NOTADB`) is rebuilt empty first.
  /// - Complexity: one index range scan, in row order. Payloads up to 1 MiB are
  ///   copied twice (into SQLite's buffer, into the array), larger ones once
  ///   (`SQLiteDatabase.readBlob`). Measured in a release build on this project's
  ///   (busy) 2-core machine: 100,000 rows of 500 bytes take about 120 ms of CPU time
  ///   in a new process and 80 ms once freed memory is reused — SQLite's part is about
  ///   45 ms, the rest making the 100,000 arrays and strings (a third of the first
  ///   call is the kernel handing out fresh zeroed pages); one row of 60 MB, 35 ms.
  package func files(inBook book: String) -> [CachedFile] {
    let payloadVersion = Int64(self.payloadVersion)
    return withConnection(default: []) { (database) throws(SQLiteError) -> [CachedFile] in
      try database.readTransaction { () throws(SQLiteError) -> [CachedFile] in
        guard try Self.storedPayloadVersion(database) == payloadVersion else { return [] }
        let lookup = try database.prepare("SELECT id FROM books WHERE path = ?1")
        try lookup.bind(book, at: 1)
        guard try lookup.step() else { return [] }
        // Payloads up to `largePayload` come with the row (SQLite copies each into its
        // buffer, then `blob(at:)` into the array); larger ones are read straight into
        // their array (`readBlob`: one copy instead of two; 60 MB: ~30 ms less).
        let select = try database.prepare(
          """
          SELECT path, size, mtime_ns, ctime_ns, inode, device, id,
            CASE WHEN length(payload) <= \(Self.largePayload) THEN payload END, checksum
          FROM files INDEXED BY files_by_book WHERE book = ?1 ORDER BY id
          """)
        try select.bind(lookup.int64(at: 0), at: 1)
        var found: [CachedFile] = []
        while try select.step() {
          let signature = FileSignature(
            size: select.int64(at: 1), modificationNanoseconds: select.int64(at: 2),
            statusChangeNanoseconds: select.int64(at: 3), inode: UInt64(bitPattern: select.int64(at: 4)),
            device: UInt64(bitPattern: select.int64(at: 5)))
          let payload =
            select.isNull(at: 7)
            ? try database.readBlob(table: "files", column: "payload", rowID: select.int64(at: 6))
            : select.blob(at: 7)
          // A payload that is not what was written (`Checksum`) is left out: its file
          // is read again. Rows written without a checksum (tests, older tools) pass.
          if !select.isNull(at: 8), select.int64(at: 8) != Checksum.of(payload) { continue }
          found.append(CachedFile(path: select.string(at: 0), signature: signature, payload: payload))
        }
        return found
      }
    }
  }

  /// Records what was read of an address book, in one transaction: every file of
  /// `files` is inserted or replaces the row of the same path; the rows of the paths
  /// in `removed` are deleted; with `replaceAll`, every row of the book whose path is
  /// not in `files` is deleted too (for a book whose file list is known exactly: a
  /// vdir folder just listed, or the one file of a `.vcf` book). A path both removed
  /// and upserted ends upserted.
  ///
  /// Payloads are written from the callers' arrays without an extra copy.
  ///
  /// - Returns: whether the update was committed. Errors are swallowed — the cache is
  ///   best effort: `false` when another writer held the lock for more than 2 s, the
  ///   disk is read-only or full, another process has switched the database to another
  ///   payload version, or the database is damaged (it is then rebuilt empty). Nothing
  ///   of a failed update is kept.
  /// - Complexity: 100,000 new rows of 500 bytes: about 0.45 s of CPU time (0.6–1.2 s
  ///   on the loaded 2-core machine); one changed file: well under a millisecond of
  ///   CPU, plus the disk's syncs (3–20 ms here).
  @discardableResult
  package func update(book: String, upserting files: [CachedFile], removing removed: [String] = [], replaceAll: Bool = false)
    -> Bool
  {
    let payloadVersion = Int64(self.payloadVersion)
    return withConnection(default: false) { (database) throws(SQLiteError) -> Bool in
      let committed = try database.writeTransaction { () throws(SQLiteError) -> Bool in
        guard try Self.storedPayloadVersion(database) == payloadVersion else { return false }
        let bookID = try Self.bookID(book, in: database)

        var stale = Set(removed)
        if replaceAll {
          let listing = try database.prepare("SELECT path FROM files WHERE book = ?1")
          try listing.bind(bookID, at: 1)
          while try listing.step() { stale.insert(listing.string(at: 0)) }
        }
        if !stale.isEmpty {
          for index in files.indices { stale.remove(files[index].path) }
        }
        // The versions of the files replaced or removed: their cards go when no row
        // (of any book) refers to them any more. A new book has none.
        var orphans = Set<Int64>()
        let hasRows = try database.prepare("SELECT EXISTS (SELECT 1 FROM files WHERE book = ?1)")
        try hasRows.bind(bookID, at: 1)
        let bookIsNew = try !hasRows.step() || hasRows.int64(at: 0) == 0
        let touched = bookIsNew ? [] : stale.union(files.lazy.map(\.path))
        if bookIsNew {
          // Nothing replaced, nothing removed.
        } else if touched.count > Self.pointLookups {
          // Many paths (a vdir read whole, a new book): one scan of the book's rows
          // instead of a lookup per path (none of which finds a row in a new book).
          let rows = try database.prepare("SELECT path, generation FROM files WHERE book = ?1")
          try rows.bind(bookID, at: 1)
          while try rows.step() {
            if touched.contains(rows.string(at: 0)) { orphans.insert(rows.int64(at: 1)) }
          }
        } else {
          let previous = try database.prepare("SELECT generation FROM files WHERE book = ?1 AND path = ?2")
          try previous.bind(bookID, at: 1)
          for path in touched {
            try previous.bind(path, at: 2)
            if try previous.step() { orphans.insert(previous.int64(at: 0)) }
            previous.reset()
          }
        }
        if !stale.isEmpty {
          let delete = try database.prepare("DELETE FROM files WHERE book = ?1 AND path = ?2")
          try delete.bind(bookID, at: 1)
          for path in stale {
            try delete.bind(path, at: 2)
            try delete.run()
          }
        }

        let upsert = try database.prepare(
          """
          INSERT INTO files(book, path, size, mtime_ns, ctime_ns, inode, device, payload, generation, checksum)
          VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
          ON CONFLICT(book, path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
            ctime_ns = excluded.ctime_ns, inode = excluded.inode, device = excluded.device,
            payload = excluded.payload, generation = excluded.generation, checksum = excluded.checksum
          """)
        let insertCard = try database.prepare(
          "INSERT OR REPLACE INTO cards(generation, ordinal, data, checksum) VALUES(?1, ?2, ?3, ?4)")
        try upsert.bind(bookID, at: 1)
        var generations: [Int64] = []
        generations.reserveCapacity(files.count)
        for index in files.indices {
          // Read in place (`files[index].…`): a copy of each file's row would retain
          // its path, payload and cards (100,000 times for a vdir).
          try upsert.bind(files[index].path, at: 2)
          try upsert.bind(files[index].signature.size, at: 3)
          try upsert.bind(files[index].signature.modificationNanoseconds, at: 4)
          try upsert.bind(files[index].signature.statusChangeNanoseconds, at: 5)
          try upsert.bind(Int64(bitPattern: files[index].signature.inode), at: 6)
          try upsert.bind(Int64(bitPattern: files[index].signature.device), at: 7)
          let generation = Self.generation(path: files[index].path, signature: files[index].signature)
          generations.append(generation)
          try upsert.bind(generation, at: 9)
          try upsert.bind(Checksum.of(files[index].payload), at: 10)
          orphans.remove(generation)
          try insertCard.bind(generation, at: 1)
          for (ordinal, card) in files[index].cards.enumerated() {
            try insertCard.bind(Int64(ordinal), at: 2)
            try insertCard.bind(Checksum.of(card), at: 4)
            // Bound without a copy, as the payload below: the card stays alive and
            // unchanged until its row is written and the binding is replaced.
            let inserted: Result<Void, SQLiteError> = card.withUnsafeBytes { data in
              do throws(SQLiteError) {
                try insertCard.bindUncopied(data, at: 3)
                try insertCard.run()
                return .success(())
              } catch {
                insertCard.clearBindings()
                return .failure(error)
              }
            }
            try inserted.get()
          }
          insertCard.clearBindings()
          let written: Result<Void, SQLiteError> = files[index].payload.withUnsafeBytes { payload in
            // Bound without a copy: the array stays alive and unchanged until the
            // bindings are cleared below.
            defer { upsert.clearBindings() }
            do throws(SQLiteError) {
              try upsert.bindUncopied(payload, at: 8)
              try upsert.run()
              return .success(())
            } catch {
              return .failure(error)
            }
          }
          try written.get()
          try upsert.bind(bookID, at: 1)  // cleared with the payload
        }
        // Cards no row refers to any more are kept `orphanGrace` seconds: a picker
        // still open on the list they belong to reads them when one is chosen.
        let now = Int64(time(nil))
        let mark = try database.prepare(
          """
          INSERT OR IGNORE INTO orphans(generation, since) SELECT ?1, ?2
          WHERE NOT EXISTS (SELECT 1 FROM files WHERE generation = ?1)
          """)
        for generation in orphans {
          try mark.bind(generation, at: 1)
          try mark.bind(now, at: 2)
          try mark.run()
        }
        // Versions written again are no orphans (nothing to do when there are none).
        if try database.integer("SELECT EXISTS (SELECT 1 FROM orphans)") == 1 {
          let revive = try database.prepare("DELETE FROM orphans WHERE generation = ?1")
          for generation in generations {
            try revive.bind(generation, at: 1)
            try revive.run()
          }
        }
        try database.execute(
          """
          DELETE FROM cards WHERE generation IN (SELECT generation FROM orphans WHERE since <= \(now - orphanGrace))
            AND NOT EXISTS (SELECT 1 FROM files WHERE files.generation = cards.generation);
          DELETE FROM orphans WHERE since <= \(now - orphanGrace);
          """)
        return true
      }
      if committed { Self.truncateLog(database) }
      return committed
    }
  }

  /// The version of a file's contents in the index: `FileSignature.hash` of its path
  /// and signature (a new card format empties the index: the payload version). Cards are stored under it, so two books of the
  /// same file (another sort order) share them, and a changed file gets new ones.
  package static func generation(path: String, signature: FileSignature) -> Int64 {
    Int64(bitPattern: signature.hash(name: path))
  }

  /// The stored encoding of contact `ordinal` (0-based, in file order) of the file
  /// version `generation`, or nil when there is none (the file's entry was replaced
  /// meanwhile, or any error).
  /// - Complexity: one indexed lookup with a statement kept between calls: a few µs.
  package func card(generation: Int64, ordinal: Int) -> [UInt8]? {
    withConnection(default: nil) { (database) throws(SQLiteError) -> [UInt8]? in
      let statement: SQLiteStatement
      if let known = cardLookup, known.database === database {
        statement = known
      } else {
        statement = try database.prepare(
          "SELECT data, checksum FROM cards INDEXED BY cards_by_generation WHERE generation = ?1 AND ordinal = ?2",
          persistent: true)
        cardLookup = statement
      }
      defer { statement.reset() }
      try statement.bind(generation, at: 1)
      try statement.bind(Int64(ordinal), at: 2)
      guard try statement.step() else { return nil }
      let data = statement.blob(at: 0)
      return Checksum.of(data) == statement.int64(at: 1) ? data : nil
    }
  }

  /// Forgets the address books whose name (`update(book:…)`'s) `isGone` says are
  /// gone — deleted books should not keep their contacts in the cache: their rows go
  /// at once, their cards once no row refers to them and `orphanGrace` has passed (a
  /// picker still open on them may need them).
  ///
  /// - Returns: whether it was committed (best effort, as `update`).
  @discardableResult
  package func removeBooks(where isGone: (String) -> Bool) -> Bool {
    let payloadVersion = Int64(self.payloadVersion)
    return withConnection(default: false) { (database) throws(SQLiteError) -> Bool in
      let books = try database.readTransaction { () throws(SQLiteError) -> [(id: Int64, path: String)] in
        let select = try database.prepare("SELECT id, path FROM books")
        var all: [(id: Int64, path: String)] = []
        while try select.step() { all.append((select.int64(at: 0), select.string(at: 1))) }
        return all
      }
      let gone = books.filter { isGone($0.path) }
      guard !gone.isEmpty else { return true }
      return try database.writeTransaction { () throws(SQLiteError) -> Bool in
        guard try Self.storedPayloadVersion(database) == payloadVersion else { return false }
        let now = Int64(time(nil))
        for book in gone {
          let orphan = try database.prepare(
            """
            INSERT OR IGNORE INTO orphans(generation, since)
            SELECT DISTINCT generation, ?2 FROM files WHERE book = ?1
            """)
          try orphan.bind(book.id, at: 1)
          try orphan.bind(now, at: 2)
          try orphan.run()
          let delete = try database.prepare("DELETE FROM files WHERE book = ?1")
          try delete.bind(book.id, at: 1)
          try delete.run()
          let forget = try database.prepare("DELETE FROM books WHERE id = ?1")
          try forget.bind(book.id, at: 1)
          try forget.run()
        }
        // Versions another book still refers to are no orphans.
        try database.execute(
          "DELETE FROM orphans WHERE EXISTS (SELECT 1 FROM files WHERE files.generation = orphans.generation)")
        return true
      }
    }
  }

  /// The stored encodings of the contacts of file version `generation` whose ordinals
  /// are `from` or more, in ordinal order, at most `limit` of them: a whole file's
  /// cards are read in batches (one statement each, the lock taken only meanwhile)
  /// instead of one lookup per card. A card whose checksum fails is left out.
  /// `[]` at the end, or on any error.
  /// - Complexity: one index range scan of `limit` rows.
  package func cards(generation: Int64, from ordinal: Int, limit: Int) -> [(ordinal: Int, data: [UInt8])] {
    withConnection(default: []) { (database) throws(SQLiteError) -> [(ordinal: Int, data: [UInt8])] in
      let select = try database.prepare(
        """
        SELECT ordinal, data, checksum FROM cards INDEXED BY cards_by_generation
        WHERE generation = ?1 AND ordinal >= ?2 ORDER BY ordinal LIMIT ?3
        """)
      try select.bind(generation, at: 1)
      try select.bind(Int64(ordinal), at: 2)
      try select.bind(Int64(limit), at: 3)
      var found: [(ordinal: Int, data: [UInt8])] = []
      found.reserveCapacity(limit)
      while try select.step() {
        let data = select.blob(at: 1)
        if Checksum.of(data) == select.int64(at: 2) { found.append((Int(select.int64(at: 0)), data)) }
      }
      return found
    }
  }

  /// A random number that names this database's contents: made anew whenever they
  /// are emptied (created, rebuilt after damage, switched to another payload
  /// version). Files kept beside the index that refer to its rows (a view's list file)
  /// record it and are trusted only while it is the same. Nil on any error.
  package func identity() -> Int64? {
    withConnection(default: nil) { (database) throws(SQLiteError) -> Int64? in
      if let known = try database.integer("SELECT value FROM meta WHERE key = 'identity'") { return known }
      // A database made before identities: given one now.
      return try database.writeTransaction { () throws(SQLiteError) -> Int64 in
        if let known = try database.integer("SELECT value FROM meta WHERE key = 'identity'") { return known }
        return try Self.setIdentity(in: database)
      }
    }
  }

  /// Copies the write-ahead log into the database and empties it, when no reader
  /// needs it (waiting at most 200 ms for one): a large update otherwise leaves a log
  /// as large as itself, which the next process to open the file must read through
  /// (recovery, when this one exited without closing), and whose pages are read with
  /// `pread` instead of from the memory map. Best effort: failures are ignored.
  private static func truncateLog(_ database: SQLiteDatabase) {
    database.setBusyTimeout(milliseconds: 200)
    defer { database.setBusyTimeout(milliseconds: busyTimeout) }
    _ = try? database.integer("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// Runs `body` on the connection, under the lock. A damaged database is rebuilt
  /// (and `fallback` returned); any other error returns `fallback`.
  private func withConnection<Result: Sendable>(
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

  // MARK: Opening, the schema, rebuilding

  /// Opens `path`, sets the connection up and makes sure the schema and payload
  /// version are this cpick's.
  ///
  /// - Throws: `SQLiteError`; `isCorruption` when the file is not a database or is
  ///   damaged where opening reads it.
  private static func open(path: String, payloadVersion: Int) throws(SQLiteError) -> SQLiteDatabase {
    let made = access(path, F_OK) != 0
    let database = try SQLiteDatabase(path: path)
    database.setBusyTimeout(milliseconds: busyTimeout)
    try configure(database, made: made)
    try prepareSchema(database, payloadVersion: Int64(payloadVersion))
    return database
  }

  /// The connection's settings. The page size only takes effect on a database not yet
  /// written; the journal mode is stored in the file (the first connection that
  /// switches it to WAL does so for all).
  /// A file this connection `made` has nothing to lose: it is filled without syncs.
  private static func configure(_ database: SQLiteDatabase, made: Bool = false) throws(SQLiteError) {
    try database.execute(
      """
      PRAGMA page_size = 16384;
      PRAGMA synchronous = \(made ? "OFF" : "NORMAL");
      PRAGMA mmap_size = 1073741824;
      PRAGMA journal_size_limit = 16777216;
      PRAGMA secure_delete = OFF;
      PRAGMA cache_size = -32768;
      """)
    do {
      _ = try database.text("PRAGMA journal_mode = WAL")
    } catch where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED {
      // Another connection is switching it (or holds a lock the switch needs): it
      // ends in WAL either way, and the rollback journal works meanwhile.
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
          CREATE TABLE books(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
          CREATE TABLE files(
            id INTEGER PRIMARY KEY,
            book INTEGER NOT NULL REFERENCES books(id),
            path TEXT NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            device INTEGER NOT NULL,
            payload BLOB NOT NULL,
            generation INTEGER NOT NULL DEFAULT 0,
            checksum INTEGER);
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
  private static func rebuild(path: String, payloadVersion: Int) throws(SQLiteError) -> SQLiteDatabase {
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
    return try open(path: path, payloadVersion: payloadVersion)
  }

  /// The payload version stored in `meta`, or `nil` when the row is missing.
  private static func storedPayloadVersion(_ database: SQLiteDatabase) throws(SQLiteError) -> Int64? {
    try database.integer("SELECT value FROM meta WHERE key = 'payload_version'")
  }

  /// Stores the payload version in `meta`, with a new `identity` (the rows are new).
  private static func setPayloadVersion(_ version: Int64, in database: SQLiteDatabase) throws(SQLiteError) {
    let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES('payload_version', ?1)")
    try statement.bind(version, at: 1)
    try statement.run()
    try setIdentity(in: database)
  }

  /// Stores a new random `identity` in `meta` and returns it.
  @discardableResult
  private static func setIdentity(in database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
    let identity = Int64.random(in: 1...Int64.max)
    let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES('identity', ?1)")
    try statement.bind(identity, at: 1)
    try statement.run()
    return identity
  }

  /// The id of the book at `path`, its row created when missing.
  private static func bookID(_ path: String, in database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
    let insert = try database.prepare("INSERT INTO books(path) VALUES(?1) ON CONFLICT(path) DO NOTHING")
    try insert.bind(path, at: 1)
    try insert.run()
    let select = try database.prepare("SELECT id FROM books WHERE path = ?1")
    try select.bind(path, at: 1)
    guard try select.step() else { throw SQLiteError(code: SQLITE_INTERNAL, message: "book row missing: \(path)") }
    return select.int64(at: 0)
  }
}

extension IndexCache {
  /// Whether the index holds files of `book` (of this payload version): when it does
  /// not, every file of the book is read (its listing need not examine them first).
  ///
  /// - Complexity: two indexed lookups.
  package func hasFiles(inBook book: String) -> Bool {
    let payloadVersion = Int64(self.payloadVersion)
    return withConnection(default: false) { (database) throws(SQLiteError) -> Bool in
      guard try Self.storedPayloadVersion(database) == payloadVersion else { return false }
      let lookup = try database.prepare(
        "SELECT EXISTS (SELECT 1 FROM files WHERE book = (SELECT id FROM books WHERE path = ?1))")
      try lookup.bind(book, at: 1)
      return try lookup.step() && lookup.int64(at: 0) == 1
    }
  }
}

extension IndexCache {
  /// The connection's `PRAGMA synchronous`: 0 (OFF) for the connection that made the
  /// file, 1 (NORMAL) otherwise; nil without a connection.
  package func synchronousMode() -> Int64? {
    withConnection(default: nil) { (database) throws(SQLiteError) -> Int64? in try database.integer("PRAGMA synchronous") }
  }
}
