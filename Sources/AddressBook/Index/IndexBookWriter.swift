import CSQLite3
import CpickSupport

/// The first index of a book of many files (a vdir the index does not hold yet),
/// written while the book is still being read: each chunk of files read adds its rows
/// and cards (`add(_:)`), let go once written — a book of a million files need not
/// hold all their encodings until it is read (about 1.5 GB).
///
/// As `IndexFileWriter`: a connection of its own, and each chunk a transaction of its
/// own (`BEGIN IMMEDIATE` … `COMMIT`), so that the write-ahead log is copied into the
/// database as it grows (SQLite's automatic checkpoint, `IndexCache.bulkCheckpointPages`) instead of holding the whole
/// book until one commit; other writers can have the lock between chunks. A row is
/// written with its cards, so readers see whole files of the book, some before
/// others (a file they find no row for they read, as any file not indexed). The rows
/// are written with the page cache of a bulk update (`IndexCache.bulkCacheKiB`).
///
/// Only for a book with no row in the index when the writer is made, and it replaces
/// none: a chunk with a path another writer stored meanwhile (a second cpick reading
/// the same new book) fails the writer, whose caller then stores the book as any
/// update does, settling the versions it replaces (`IndexCache.update`). Each chunk
/// checks that the index is still the one the writer began in (payload version and
/// `identity`) and that the book was not forgotten meanwhile (`removeBooks`).
///
/// Its methods may be called from any thread: calls run one after another (the state
/// is behind a lock).
package final class IndexBookWriter: Sendable {
  /// The connection and the book's id; nil once finished or failed.
  private struct Open {
    var database: SQLiteDatabase
    var bookID: Int64
    var book: String
  }

  private let state: Locked<Open?>
  private let payloadVersion: Int64
  /// The index's `identity` when the writer was made.
  private let identity: Int64

  /// A writer of the rows of `book` into the index at `cache.path`, or nil when its
  /// write lock cannot be had, the database is not this cpick's, or the book has rows.
  package init?(cache: IndexCache, book: String) {
    payloadVersion = Int64(cache.payloadVersion)
    do throws(SQLiteError) {
      let database = try IndexCache.open(path: cache.path, payloadVersion: cache.payloadVersion)
      try database.execute(
        "PRAGMA cache_size = -\(IndexCache.bulkCacheKiB); PRAGMA wal_autocheckpoint = \(IndexCache.bulkCheckpointPages)")
      let found = try database.writeTransaction { () throws(SQLiteError) -> (bookID: Int64, identity: Int64)? in
        guard try IndexCache.storedPayloadVersion(database) == Int64(cache.payloadVersion) else { return nil }
        let identity = try IndexCache.ensuredIdentity(in: database)
        let bookID = try IndexCache.bookID(book, in: database)
        let rows = try database.prepare("SELECT EXISTS (SELECT 1 FROM files WHERE book = ?1)")
        try rows.bind(bookID, at: 1)
        guard try rows.step(), rows.int64(at: 0) == 0 else { return nil }
        return (bookID, identity)
      }
      guard let found else { return nil }
      identity = found.identity
      state = Locked(Open(database: database, bookID: found.bookID, book: book))
    } catch {
      return nil
    }
  }

  /// Writes the rows and cards of `files` (none written before by this writer), and
  /// commits them.
  ///
  /// - Returns: false when they could not be written: the writer has then failed,
  ///   every later call fails, and so does `finish`.
  package func add(_ files: [CachedFile]) -> Bool {
    state.withLock { open in
      guard let current = open.take() else { return false }
      let database = current.database
      let written = IndexCache.retryingBusy { () throws(SQLiteError) -> Bool in
        try database.writeTransaction { () throws(SQLiteError) -> Bool in
          guard try IndexCache.isSame(database, payloadVersion: payloadVersion, identity: identity) else {
            return false
          }
          let book = try database.prepare("SELECT EXISTS (SELECT 1 FROM books WHERE id = ?1 AND path = ?2)")
          try book.bind(current.bookID, at: 1)
          try book.bind(current.book, at: 2)
          guard try book.step(), book.int64(at: 0) == 1 else { return false }
          _ = try IndexCache.writeRows(files, ofBook: current.bookID, replacing: false, in: database)
          return true
        }
      }
      if written { open = current }
      return written
    }
  }

  /// Ends the writing.
  ///
  /// - Returns: whether every row added was written (false when an `add` failed: the
  ///   rows of the chunks before it are there, the others not).
  package func finish() -> Bool {
    state.withLock { open in open.take() != nil }
  }
}
