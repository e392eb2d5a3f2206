import CSQLite3
import CpickSupport

/// The first index of a book of many files (a vdir the index does not hold yet),
/// written while the book is still being read: each chunk of files read adds its rows
/// and cards (`add(_:)`), let go once written — a book of a million files need not
/// hold all their encodings until it is read (about 1.5 GB).
///
/// As `IndexFileWriter`, each chunk is a transaction of its own
/// (`IndexBulkConnection`). A row is written with its cards, so readers see whole
/// files of the book, some before others (a file they find no row for they read, as
/// any file not indexed). The rows are written with the page cache of a bulk update
/// (`IndexCache.bulkCacheKiB`).
///
/// Only for a book with no row in the index when the writer is made, and it replaces
/// none: a chunk with a path another writer stored meanwhile (a second cpick reading
/// the same new book) fails the writer, whose caller then stores the book as any
/// update does, settling the versions it replaces (`IndexCache.update`); and so does
/// a chunk of a book forgotten meanwhile (`removeBooks`).
///
/// Its methods may be called from any thread: calls run one after another (the state
/// is behind a lock).
package final class IndexBookWriter: Sendable {
  /// The connection and the book (its path and id); nil once finished or failed.
  private struct Open {
    var connection: IndexBulkConnection
    var book: String
    var bookID: Int64
  }

  private let state: Locked<Open?>

  /// A writer of the rows of `book` into the index at `cache.path`, or nil when its
  /// write lock cannot be had, the database is not this cpick's, or the book has rows.
  package init?(cache: IndexCache, book: String) {
    guard
      let (connection, bookID) = IndexBulkConnection.open(
        cache: cache, cacheKiB: IndexCache.bulkCacheKiB,
        begin: { database throws(SQLiteError) -> Int64? in
          let bookID = try IndexCache.bookID(book, in: database)
          let rows = try database.prepare("SELECT EXISTS (SELECT 1 FROM files WHERE book = ?1)")
          try rows.bind(bookID, at: 1)
          guard try rows.step(), rows.int64(at: 0) == 0 else { return nil }
          return bookID
        })
    else { return nil }
    state = Locked(Open(connection: connection, book: book, bookID: bookID))
  }

  /// Writes the rows and cards of `files` (none written before by this writer), and
  /// commits them.
  ///
  /// - Returns: false when they could not be written: the writer has then failed,
  ///   every later call fails, and so does `finish`.
  package func add(_ files: [CachedFile]) -> Bool {
    state.withLock { open in
      guard let current = open.take() else { return false }
      let database = current.connection.database
      let written = current.connection.transaction { () throws(SQLiteError) -> Bool in
        let book = try database.prepare("SELECT EXISTS (SELECT 1 FROM books WHERE id = ?1 AND path = ?2)")
        try book.bind(current.bookID, at: 1)
        try book.bind(current.book, at: 2)
        guard try book.step(), book.int64(at: 0) == 1 else { return false }
        _ = try IndexCache.writeRows(files, ofBook: current.bookID, replacing: false, in: database)
        return true
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
