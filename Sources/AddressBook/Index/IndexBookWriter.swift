import CSQLite3
import CpickSupport

/// The first index of a book of many files (a vdir the index does not hold yet),
/// written while the book is still being read: each chunk of files read adds its rows
/// and cards (`add(_:)`), let go once written, and `finish` commits them — a book of a
/// million files need not hold all their encodings until it is read (about 1.5 GB).
///
/// As `IndexFileWriter`: one transaction on a connection of its own, which takes the
/// write lock when the writer is made (`BEGIN IMMEDIATE`) and keeps it until `finish`
/// commits or the writer is let go (rolled back); other writers wait for it up to
/// `IndexCache.busyTimeout`, then drop their update. Readers see the rows once
/// committed. The log is not copied into the database at the commit (the loader's next
/// update does it, `IndexCache.truncateLog`), and the rows are written with the page
/// cache of a bulk update (`IndexCache.bulkCacheKiB`).
///
/// Only for a book with no row in the index: nothing is replaced, so no version is
/// left an orphan (what `IndexCache.update` settles otherwise).
///
/// Its methods may be called from any thread: calls run one after another (the state
/// is behind a lock).
package final class IndexBookWriter: Sendable {
  /// The connection, its transaction open, and the book's id; nil once finished or
  /// failed.
  private struct Open {
    var database: SQLiteDatabase
    var bookID: Int64
  }

  private let state: Locked<Open?>

  /// A writer of the rows of `book` into the index at `cache.path`, or nil when its
  /// write lock cannot be had, the database is not this cpick's, or the book has rows.
  package init?(cache: IndexCache, book: String) {
    do throws(SQLiteError) {
      let database = try IndexCache.open(path: cache.path, payloadVersion: cache.payloadVersion)
      try database.execute("PRAGMA wal_autocheckpoint = 0")
      try database.execute("PRAGMA cache_size = -\(IndexCache.bulkCacheKiB)")
      try database.execute("BEGIN IMMEDIATE")
      guard try IndexCache.storedPayloadVersion(database) == Int64(cache.payloadVersion) else {
        database.rollBack()
        return nil
      }
      let bookID = try IndexCache.bookID(book, in: database)
      let rows = try database.prepare("SELECT EXISTS (SELECT 1 FROM files WHERE book = ?1)")
      try rows.bind(bookID, at: 1)
      guard try rows.step(), rows.int64(at: 0) == 0 else {
        database.rollBack()
        return nil
      }
      state = Locked(Open(database: database, bookID: bookID))
    } catch {
      return nil
    }
  }

  /// Writes the rows and cards of `files` (none written before by this writer).
  ///
  /// - Returns: false when they could not be written: the writer is then rolled back,
  ///   every later call fails, and so does `finish`.
  package func add(_ files: [CachedFile]) -> Bool {
    state.withLock { open in
      guard let current = open.take() else { return false }
      do throws(SQLiteError) {
        _ = try IndexCache.writeRows(files, ofBook: current.bookID, in: current.database)
        open = current
        return true
      } catch {
        current.database.rollBack()
        return false
      }
    }
  }

  /// Commits every row added.
  ///
  /// - Returns: whether they were committed (false also when an `add` failed).
  package func finish() -> Bool {
    state.withLock { open in
      guard let current = open.take() else { return false }
      do throws(SQLiteError) {
        try current.database.execute("COMMIT")
        return true
      } catch {
        current.database.rollBack()
        return false
      }
    }
  }

  deinit {
    state.withLock { open in
      if let current = open.take() { current.database.rollBack() }
    }
  }
}
