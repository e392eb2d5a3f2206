import CSQLite3
import ContactStores
import Glibc
import CpickSupport

extension IndexCache {
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

  /// The stored encodings of the contacts `wanted` (file version and ordinal each), in
  /// that order, nil for one there is none of (or whose checksum fails): what `card`
  /// gives for each, read in one read transaction under one hold of the lock. A
  /// lookup each took the lock and SQLite's file locks (`fcntl`) once per contact,
  /// and two threads decoding contacts spent more time handing the lock to each
  /// other than reading (`list -f tsv` of 1.29 million contacts: 12 s of system time).
  ///
  /// A file's cards are written in ordinal order, one row after another
  /// (`writeCards`), so the row of ordinal *n* is nearly always the row of ordinal 0
  /// plus *n*: that row is read first by its id (one search of the table instead of
  /// one of `cards_by_generation` and then one of the table: a warm `list -f tsv` of
  /// 100,000 about 10 % sooner), and taken when it holds that version and ordinal;
  /// otherwise (rows of a file written by two runs at once) it is looked up by the index.
  /// - Complexity: one search of the table per card (two for a card not in place),
  ///   one indexed lookup per file version.
  package func cards(_ wanted: [(generation: Int64, ordinal: Int)]) -> [[UInt8]?] {
    guard !wanted.isEmpty else { return [] }
    return withConnection(default: Array(repeating: nil, count: wanted.count)) {
      (database) throws(SQLiteError) -> [[UInt8]?] in
      try database.readTransaction { () throws(SQLiteError) -> [[UInt8]?] in
        let lookup = try database.prepare(
          "SELECT data, checksum FROM cards INDEXED BY cards_by_generation WHERE generation = ?1 AND ordinal = ?2")
        let byRow = try database.prepare("SELECT generation, ordinal, data, checksum FROM cards WHERE id = ?1")
        let firstRow = try database.prepare(
          "SELECT id - ordinal FROM cards INDEXED BY cards_by_generation WHERE generation = ?1 ORDER BY ordinal LIMIT 1")
        // Each version's row id less its first card's ordinal (nil: no card).
        var rowBase: [Int64: Int64?] = [:]
        func base(of generation: Int64) throws(SQLiteError) -> Int64? {
          if let known = rowBase[generation] { return known }
          try firstRow.bind(generation, at: 1)
          let found: Int64? = try firstRow.step() ? firstRow.int64(at: 0) : nil
          firstRow.reset()
          rowBase[generation] = found
          return found
        }
        var found: [[UInt8]?] = []
        found.reserveCapacity(wanted.count)
        for (generation, ordinal) in wanted {
          if let base = try base(of: generation) {
            try byRow.bind(base + Int64(ordinal), at: 1)
            if try byRow.step(), byRow.int64(at: 0) == generation, byRow.int64(at: 1) == Int64(ordinal) {
              let data = byRow.blob(at: 2)
              found.append(Checksum.of(data) == byRow.int64(at: 3) ? data : nil)
              byRow.reset()
              continue
            }
            byRow.reset()
          }
          try lookup.bind(generation, at: 1)
          try lookup.bind(Int64(ordinal), at: 2)
          if try lookup.step() {
            let data = lookup.blob(at: 0)
            found.append(Checksum.of(data) == lookup.int64(at: 1) ? data : nil)
          } else {
            found.append(nil)
          }
          lookup.reset()
        }
        return found
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

  /// The stored encodings of every card after row `id`, in the order they were
  /// written, at most `limit` of them, each with its row, file version and ordinal: the
  /// cards of many versions (a vdir's files, one version each) read in one pass
  /// instead of one range scan per version. A card whose checksum fails is left out.
  /// `[]` at the end, or on any error.
  /// - Complexity: one scan of `limit` rows of the table.
  package func cards(after id: Int64, limit: Int) -> [(id: Int64, generation: Int64, ordinal: Int, data: [UInt8])] {
    withConnection(default: []) { (database) throws(SQLiteError) -> [(id: Int64, generation: Int64, ordinal: Int, data: [UInt8])] in
      let select = try database.prepare(
        "SELECT id, generation, ordinal, data, checksum FROM cards WHERE id > ?1 ORDER BY id LIMIT ?2")
      try select.bind(id, at: 1)
      try select.bind(Int64(limit), at: 2)
      var found: [(id: Int64, generation: Int64, ordinal: Int, data: [UInt8])] = []
      found.reserveCapacity(limit)
      while try select.step() {
        let data = select.blob(at: 3)
        guard Checksum.of(data) == select.int64(at: 4) else { continue }
        found.append((select.int64(at: 0), select.int64(at: 1), Int(select.int64(at: 2)), data))
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
      if let known = try Self.identity(in: database) { return known }
      // A database made before identities: given one now.
      return try database.writeTransaction { () throws(SQLiteError) -> Int64 in try Self.ensuredIdentity(in: database) }
    }
  }

  /// What the index holds of `book` (of this payload version), for its listing:
  /// whether it has any of its files — when it does not, every file of the book is
  /// read, and its listing need not examine them first — and the sync state last
  /// stored for it (`update(book:…:syncState:)`).
  ///
  /// - Complexity: two indexed lookups, in one statement.
  package func known(book: String) -> KnownBook {
    let payloadVersion = Int64(self.payloadVersion)
    let nothing = KnownBook(hasItems: false)
    return withConnection(default: nothing) { (database) throws(SQLiteError) -> KnownBook in
      guard try Self.storedPayloadVersion(database) == payloadVersion else { return nothing }
      let lookup = try database.prepare(
        "SELECT EXISTS (SELECT 1 FROM files WHERE book = books.id), sync_state FROM books WHERE path = ?1")
      try lookup.bind(book, at: 1)
      guard try lookup.step() else { return nothing }
      return KnownBook(hasItems: lookup.int64(at: 0) == 1, syncState: lookup.isNull(at: 1) ? nil : lookup.blob(at: 1))
    }
  }

  /// The connection's `PRAGMA synchronous`: 0 (OFF) for the connection that made the
  /// file, 1 (NORMAL) otherwise; nil without a connection.
  package func synchronousMode() -> Int64? {
    withConnection(default: nil) { (database) throws(SQLiteError) -> Int64? in try database.integer("PRAGMA synchronous") }
  }
}
