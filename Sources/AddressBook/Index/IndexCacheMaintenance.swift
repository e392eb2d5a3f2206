import CSQLite3
import ContactStores
import Glibc
import CpickSupport

extension IndexCache {
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

  /// Copies the write-ahead log into the database and empties it, when no reader
  /// needs it (waiting at most 200 ms for one): a large update otherwise leaves a log
  /// as large as itself, which the next process to open the file must read through
  /// (recovery, when this one exited without closing), and whose pages are read with
  /// `pread` instead of from the memory map. Best effort: failures are ignored.
  static func truncateLog(_ database: SQLiteDatabase) {
    waitingBriefly(database) { () -> Void in _ = try? database.integer("PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  /// Runs `body` with the connection's busy timeout at 200 ms instead of
  /// `busyTimeout`: for a best-effort step that another connection's lock may put off
  /// (`truncateLog`, `startLog()`).
  static func waitingBriefly<Result, Failure: Error>(
    _ database: SQLiteDatabase, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    database.setBusyTimeout(milliseconds: 200)
    defer { database.setBusyTimeout(milliseconds: busyTimeout) }
    return try body()
  }

  /// After an update: marks the generations of `orphans` (files replaced or removed)
  /// that no row refers to any more as orphans since now, revives the generations
  /// `written` again, and deletes the cards of orphans older than `grace` seconds
  /// (a picker still open on the list they belong to reads them when one is chosen).
  static func settleOrphans(
    _ orphans: Set<Int64>, written generations: [Int64], grace orphanGrace: Int64, in database: SQLiteDatabase
  ) throws(SQLiteError) {
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
  }
}
