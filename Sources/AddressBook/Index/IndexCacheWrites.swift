import CSQLite3
import ContactStores
import Glibc
import CpickSupport

extension IndexCache {
  /// Records what was read of an address book, in one transaction: every file of
  /// `files` is inserted or replaces the row of the same path; the rows of the paths
  /// in `removed` are deleted; with `replaceAll`, every row of the book whose path is
  /// not in `files` is deleted too (for a book whose file list is known exactly: a
  /// vdir folder just listed, or the one file of a `.vcf` book). A path both removed
  /// and upserted ends upserted.
  ///
  /// With `syncState`, the book's sync state (`ItemListing.syncState`) is replaced by
  /// it in the same transaction. Payloads are written from the callers' arrays without
  /// an extra copy.
  ///
  /// - Returns: whether the update was committed. Errors are swallowed — the cache is
  ///   best effort: `false` when another writer held the lock for more than 2 s, the
  ///   disk is read-only or full, another process has switched the database to another
  ///   payload version, or the database is damaged (it is then rebuilt empty). Nothing
  ///   of a failed update is kept.
  /// - Complexity: 100,000 new rows of 500 bytes: about 0.45 s of CPU time (0.6–1.2 s
  ///   on the loaded 2-core machine); one changed file: well under a millisecond of
  ///   CPU, plus the disk's syncs (3–20 ms here). Memory: the connection's page cache
  ///   (at most `PRAGMA cache_size`, 8 MiB; 128 MiB for a bulk update) is let go once
  ///   the update is done.
  @discardableResult
  package func update(
    book: String, upserting files: [CachedFile], removing removed: [String] = [], replaceAll: Bool = false,
    syncState: [UInt8]? = nil
  ) -> Bool {
    let payloadVersion = Int64(self.payloadVersion)
    return withConnection(default: false) { (database) throws(SQLiteError) -> Bool in
      // Many rows (a vdir read whole) go into indexes in the random order of their
      // paths and versions: with the usual 8 MiB of cache their pages would be
      // written and read again for nearly every row (a million files: 45 s).
      let bulk = files.count >= Self.bulkRows
      if bulk { try database.execute("PRAGMA cache_size = -\(Self.bulkCacheKiB)") }
      defer { if bulk { try? database.execute("PRAGMA cache_size = -\(Self.cacheKiB)") } }
      let committed = try database.writeTransaction { () throws(SQLiteError) -> Bool in
        guard try Self.storedPayloadVersion(database) == payloadVersion else { return false }
        try Self.write(
          book: book, upserting: files, removing: removed, replaceAll: replaceAll, syncState: syncState,
          grace: orphanGrace, in: database)
        return true
      }
      if committed { Self.truncateLog(database) }
      // The pages written are not kept: a cold book's fill the whole cache, which
      // would stay beside the list file being rendered (and every later step).
      database.releaseMemory()
      return committed
    }
  }

  /// SQLite's page cache of a connection, in KiB (`PRAGMA cache_size`; see
  /// `configure`).
  static let cacheKiB = 8_192
  /// Rows from which an update is a bulk one: written with `bulkCacheKiB` of cache.
  static let bulkRows = 10_000
  /// SQLite's page cache, in KiB, while a bulk update is written: room for the
  /// indexes of a million files (their paths and versions, about 100 MB) to be
  /// written mostly in memory; let go after (`releaseMemory`).
  static let bulkCacheKiB = 131_072

  /// The changes of `update` (see there), made in the transaction open on `database`.
  static func write(
    book: String, upserting files: [CachedFile], removing removed: [String], replaceAll: Bool, syncState: [UInt8]?,
    grace: Int64, in database: SQLiteDatabase
  ) throws(SQLiteError) {
    let bookID = try Self.bookID(book, in: database)
    let stale = try Self.staleRows(ofBook: bookID, removed: removed, replaceAll: replaceAll, keeping: files, in: database)
    // The versions of the files replaced or removed: their cards go when no row
    // (of any book) refers to them any more.
    var orphans = try Self.generations(ofBook: bookID, paths: stale, and: files, in: database)
    if !stale.isEmpty {
      let delete = try database.prepare("DELETE FROM files WHERE book = ?1 AND path = ?2")
      try delete.bind(bookID, at: 1)
      for path in stale {
        try delete.bind(path, at: 2)
        try delete.run()
      }
    }
    if let syncState {
      let write = try database.prepare("UPDATE books SET sync_state = ?2 WHERE id = ?1")
      try write.bind(bookID, at: 1)
      try write.bind(syncState, at: 2)
      try write.run()
    }
    let generations = try Self.writeRows(files, ofBook: bookID, in: database)
    orphans.subtract(generations)
    try Self.settleOrphans(orphans, written: generations, grace: grace, in: database)
  }

  /// The paths of a book's rows that an update deletes: those `removed`, with
  /// `replaceAll` every row of the book, less the paths of the files it writes.
  private static func staleRows(
    ofBook bookID: Int64, removed: [String], replaceAll: Bool, keeping files: [CachedFile],
    in database: SQLiteDatabase
  ) throws(SQLiteError) -> Set<String> {
    var stale = Set(removed)
    if replaceAll {
      let listing = try database.prepare("SELECT path FROM files WHERE book = ?1")
      try listing.bind(bookID, at: 1)
      while try listing.step() { stale.insert(listing.string(at: 0)) }
    }
    if !stale.isEmpty {
      for index in files.indices { stale.remove(files[index].path) }
    }
    return stale
  }

  /// The generations of a book's rows for the paths of `stale` and of `files` (those
  /// of them it has): none for a new book, else a lookup per path, or for many paths
  /// one scan of the book's rows.
  private static func generations(
    ofBook bookID: Int64, paths stale: Set<String>, and files: [CachedFile], in database: SQLiteDatabase
  ) throws(SQLiteError) -> Set<Int64> {
    let hasRows = try database.prepare("SELECT EXISTS (SELECT 1 FROM files WHERE book = ?1)")
    try hasRows.bind(bookID, at: 1)
    // A new book: nothing replaced, nothing removed.
    guard try hasRows.step(), hasRows.int64(at: 0) != 0 else { return [] }
    let touched = stale.union(files.lazy.map(\.path))
    var found = Set<Int64>()
    if touched.count > pointLookups {
      // Many paths (a vdir read whole, a new book): one scan of the book's rows
      // instead of a lookup per path (none of which finds a row in a new book).
      let rows = try database.prepare("SELECT path, generation FROM files WHERE book = ?1")
      try rows.bind(bookID, at: 1)
      while try rows.step() {
        if touched.contains(rows.string(at: 0)) { found.insert(rows.int64(at: 1)) }
      }
    } else {
      let previous = try database.prepare("SELECT generation FROM files WHERE book = ?1 AND path = ?2")
      try previous.bind(bookID, at: 1)
      for path in touched {
        try previous.bind(path, at: 2)
        if try previous.step() { found.insert(previous.int64(at: 0)) }
        previous.reset()
      }
    }
    return found
  }

  /// Inserts or replaces the row of each of `files` in a book, and the rows of its
  /// cards, binding payloads and cards without a copy.
  ///
  /// - Parameter replacing: whether a row of the same path is replaced; when false,
  ///   one makes the write fail (`SQLITE_CONSTRAINT`).
  /// - Returns: the files' generations, in order.
  static func writeRows(
    _ files: [CachedFile], ofBook bookID: Int64, replacing: Bool = true, in database: SQLiteDatabase
  ) throws(SQLiteError) -> [Int64] {
    let onConflict =
      replacing
      ? """
        ON CONFLICT(book, path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
          ctime_ns = excluded.ctime_ns, inode = excluded.inode, device = excluded.device,
          payload = excluded.payload, generation = excluded.generation, checksum = excluded.checksum
        """ : ""
    let upsert = try database.prepare(
      """
      INSERT INTO files(book, path, size, mtime_ns, ctime_ns, inode, device, payload, generation, checksum)
      VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \(onConflict)
      """)
    let insertCard = try database.prepare(
      "INSERT OR REPLACE INTO cards(generation, ordinal, data, checksum) VALUES(?1, ?2, ?3, ?4)")
    let findRow = try database.prepare("SELECT id FROM files WHERE book = ?1 AND path = ?2")
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
      try writeCards(files[index].cards, generation: generation, with: insertCard)
      // A large payload: a row of zeros first, written over a piece at a time (a blob of
      // zeros binds no memory).
      func writeOverZeros(count: Int, _ pieces: ((UnsafeRawBufferPointer) -> Void) -> Void) throws(SQLiteError) {
        try upsert.bindZeroBlob(count: count, at: 8)
        try upsert.run()
        let rowID = try Self.rowID(of: files[index].path, ofBook: bookID, with: findRow)
        try database.writeBlob(count: count, table: "files", column: "payload", rowID: rowID, pieces)
      }
      if let stream = files[index].stream {
        // Never held whole.
        try upsert.bind(stream.checksum, at: 10)
        try writeOverZeros(count: stream.count, stream.write)
        continue
      }
      try upsert.bind(Checksum.of(files[index].payload), at: 10)
      let written: Result<Void, SQLiteError> = files[index].payload.withUnsafeBytes { payload in
        // Bound without a copy: the array stays alive and unchanged until the
        // bindings are cleared below. A large one (a book of a million in one
        // file: 100 MB and more) is a row of zeros first, then written over them.
        defer { upsert.clearBindings() }
        do throws(SQLiteError) {
          if payload.count > Self.largePayload {
            try writeOverZeros(count: payload.count) { piece in piece(payload) }
          } else {
            try upsert.bindUncopied(payload, at: 8)
            try upsert.run()
          }
          return .success(())
        } catch {
          return .failure(error)
        }
      }
      try written.get()
      try upsert.bind(bookID, at: 1)  // cleared with the payload
    }
    return generations
  }

  /// The rowid of the row of `path` in the book `bookID`, found with `findRow`
  /// (`SELECT id FROM files WHERE book = ?1 AND path = ?2`), which is reset after.
  private static func rowID(of path: String, ofBook bookID: Int64, with findRow: SQLiteStatement) throws(SQLiteError) -> Int64 {
    try findRow.bind(bookID, at: 1)
    try findRow.bind(path, at: 2)
    guard try findRow.step() else {
      throw SQLiteError(code: SQLITE_INTERNAL, message: "file row missing: \(path)")
    }
    let rowID = findRow.int64(at: 0)
    findRow.reset()
    return rowID
  }

  /// Writes one row per card of a file version with `insertCard` (`cards`' statement),
  /// each bound without a copy, the first as contact `first`; the statement's bindings
  /// are cleared after.
  static func writeCards(
    _ cards: [[UInt8]], generation: Int64, from first: Int = 0, with insertCard: SQLiteStatement
  ) throws(SQLiteError) {
    try insertCard.bind(generation, at: 1)
    for (ordinal, card) in cards.enumerated() {
      try insertCard.bind(Int64(first + ordinal), at: 2)
      try insertCard.bind(Checksum.of(card), at: 4)
      // Bound without a copy, as the payload: the card stays alive and unchanged
      // until its row is written and the binding is replaced.
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
  }

  /// The id of the book at `path`, its row created when missing.
  static func bookID(_ path: String, in database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
    let insert = try database.prepare("INSERT INTO books(path) VALUES(?1) ON CONFLICT(path) DO NOTHING")
    try insert.bind(path, at: 1)
    try insert.run()
    let select = try database.prepare("SELECT id FROM books WHERE path = ?1")
    try select.bind(path, at: 1)
    guard try select.step() else { throw SQLiteError(code: SQLITE_INTERNAL, message: "book row missing: \(path)") }
    return select.int64(at: 0)
  }
}
