import CSQLite3
import ContactStores
import CpickSupport

/// One file's entry in the index written while the file is still being read: its
/// cards part by part (`add(_:from:)`), then its row with the payload (`finish`), in
/// one transaction of a connection of its own — a large `.vcf` file's contacts need not
/// all be held as encodings until the file is read (a million: about 0.9 GB).
///
/// The transaction takes the write lock when the writer is made (`BEGIN IMMEDIATE`)
/// and holds it until `finish` commits or the writer is let go (rolled back): other
/// writers wait for it up to `IndexCache.busyTimeout`, then drop their update (the
/// index is a cache). Readers, of this process or others, see the cards only once
/// committed (WAL), and meanwhile the file's previous entry. What `finish` writes is
/// what `IndexCache.update(book:upserting:…)` writes for the file with all its cards.
///
/// Its methods are called one after another (from any thread: the state is behind a
/// lock).
package final class IndexFileWriter: Sendable {
  /// The connection, its transaction open, and the statement that inserts cards; nil
  /// once finished or failed.
  private struct Open {
    var database: SQLiteDatabase
    var insertCard: SQLiteStatement
  }

  private let state: Locked<Open?>
  /// The file's version in the index (`IndexCache.generation(path:signature:)`).
  package let generation: Int64
  private let orphanGrace: Int64

  /// A writer of the file at `path` with `signature` into the index at `cache.path`,
  /// or nil when its write lock cannot be had (another writer for more than
  /// `IndexCache.busyTimeout`) or the database is not this cpick's.
  package init?(cache: IndexCache, path: String, signature: FileSignature) {
    generation = IndexCache.generation(path: path, signature: signature)
    orphanGrace = cache.orphanGrace
    do throws(SQLiteError) {
      let database = try IndexCache.open(path: cache.path, payloadVersion: cache.payloadVersion)
      // The log this transaction fills (as large as the file's cards and payload) is
      // not copied into the database at its commit, as SQLite does by itself once a
      // log passes 1,000 pages: the loader's next update does it on the thread that
      // stores, while the list is built (`IndexCache.truncateLog`).
      try database.execute("PRAGMA wal_autocheckpoint = 0")
      try database.execute("BEGIN IMMEDIATE")
      guard try IndexCache.storedPayloadVersion(database) == Int64(cache.payloadVersion) else {
        database.rollBack()
        return nil
      }
      let insertCard = try database.prepare(
        "INSERT OR REPLACE INTO cards(generation, ordinal, data, checksum) VALUES(?1, ?2, ?3, ?4)")
      state = Locked(Open(database: database, insertCard: insertCard))
    } catch {
      return nil
    }
  }

  /// Writes `cards` (`ContactArchive` encodings) as the file's contacts `first…`.
  ///
  /// - Returns: false when they could not be written (the writer is then rolled back
  ///   and every later call fails).
  package func add(_ cards: [[UInt8]], from first: Int) -> Bool {
    state.withLock { open in
      guard let current = open.take() else { return false }
      do throws(SQLiteError) {
        try IndexCache.writeCards(cards, generation: generation, from: first, with: current.insertCard)
        open = current
        return true
      } catch {
        current.database.rollBack()
        return false
      }
    }
  }

  /// Writes the file's row (`file`: its path, signature and payload; its cards are
  /// those added) in `book`, and commits.
  ///
  /// - Returns: whether it was committed.
  package func finish(book: String, file: CachedFile) -> Bool {
    state.withLock { open in
      guard let current = open.take() else { return false }
      let database = current.database
      do throws(SQLiteError) {
        try IndexCache.write(
          book: book, upserting: [file], removing: [], replaceAll: false, syncState: nil, grace: orphanGrace,
          in: database)
        try database.execute("COMMIT")
      } catch {
        database.rollBack()
        return false
      }
      return true
    }
  }

  deinit {
    state.withLock { open in
      if let current = open.take() { current.database.rollBack() }
    }
  }
}
