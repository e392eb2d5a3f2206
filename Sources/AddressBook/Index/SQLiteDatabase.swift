import CSQLite3

/// A failed SQLite call: the result code and SQLite's message.
///
/// `code` is the extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_IOERR_WRITE`, …);
/// `primaryCode` its low byte (`SQLITE_BUSY`, `SQLITE_IOERR`, …), which is what callers
/// usually compare with.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The extended result code.
  package var code: Int32
  /// What `sqlite3_errmsg` said (or, without a connection, `sqlite3_errstr` of the
  /// code, or a message of cpick's own).
  package var message: String

  /// An error with `code` and `message`.
  package init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// The error `code` left on `connection`: the message is `sqlite3_errmsg` of the
  /// connection when there is one, else `sqlite3_errstr` of the code.
  init(code: Int32, connection: OpaquePointer?) {
    self.code = code
    if let connection, let text = sqlite3_errmsg(connection) {
      message = String(cString: text)
    } else {
      message = String(cString: sqlite3_errstr(code))
    }
  }

  /// The primary result code (`code & 0xFF`): `SQLITE_BUSY`, `SQLITE_CORRUPT`, …
  package var primaryCode: Int32 { code & 0xFF }

  /// Whether the database file is damaged or not a database (`SQLITE_CORRUPT`,
  /// `SQLITE_NOTADB`): the cue to rebuild it.
  package var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

  /// `database is locked (SQLITE_BUSY, 5)`.
  package var description: String { "\(message) (\(String(cString: sqlite3_errstr(code))), \(code))" }
}

/// One connection to an SQLite database file: the thin typed layer over the C API
/// that the index cache uses (in the style of swift-system: each wrapper names the C
/// function it calls, and every failure is a `SQLiteError`).
///
/// Threading: the connection is opened with `SQLITE_OPEN_NOMUTEX` (SQLite's
/// "multi-thread" mode), so it does no locking of its own: use a connection and its
/// statements from one thread at a time (the owner serializes, as `IndexCache` does
/// with a mutex). Several connections, in this process or others, may use the same
/// file at once; SQLite's file locks keep them apart.
///
/// The connection closes when the value is released (`sqlite3_close_v2`).
package final class SQLiteDatabase {
  /// The `sqlite3 *` handle.
  let handle: OpaquePointer
  /// The file's path, as opened.
  package let path: String

  /// Opens the database file at `path`, creating it when `create` is true.
  ///
  /// The corresponding C function is `sqlite3_open_v2`, with `SQLITE_OPEN_READWRITE`,
  /// `SQLITE_OPEN_NOMUTEX`, `SQLITE_OPEN_NOFOLLOW` (a symbolic link at `path` is
  /// refused: the index never writes through one to a file elsewhere) and, when
  /// `create`, `SQLITE_OPEN_CREATE`. Extended result
  /// codes are turned on (`sqlite3_extended_result_codes`). SQLite opens its files
  /// with `O_CLOEXEC`.
  ///
  /// - Throws: `SQLiteError` (`SQLITE_CANTOPEN` for a missing folder or one that
  ///   cannot be written, …). Whether the file is a database is only known at the
  ///   first statement (`SQLITE_NOTADB`).
  package init(path: String, create: Bool = true) throws(SQLiteError) {
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
    if create { flags |= SQLITE_OPEN_CREATE }
    var raw: OpaquePointer?
    let result = sqlite3_open_v2(path, &raw, flags, nil)
    guard result == SQLITE_OK, let raw else {
      let error = SQLiteError(code: result, connection: raw)
      sqlite3_close_v2(raw)
      throw error
    }
    sqlite3_extended_result_codes(raw, 1)
    handle = raw
    self.path = path
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// How long a statement waits for another connection's lock before it fails with
  /// `SQLITE_BUSY`, in milliseconds (SQLite sleeps and retries meanwhile). The
  /// corresponding C function is `sqlite3_busy_timeout`.
  package func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs `sql`: one or more statements separated by `;`, with no parameters, their
  /// rows discarded. The corresponding C function is `sqlite3_exec`.
  package func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    guard result == SQLITE_OK else {
      let error: SQLiteError
      if let message {
        error = SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: message))
      } else {
        error = SQLiteError(code: result, connection: handle)
      }
      sqlite3_free(message)
      throw error
    }
  }

  /// Compiles one statement. The corresponding C function is `sqlite3_prepare_v3`
  /// (with `SQLITE_PREPARE_PERSISTENT` when `persistent`: a statement kept and reused).
  ///
  /// - Throws: `SQLiteError` for a syntax error, a missing table, `SQLITE_NOTADB`, …
  package func prepare(_ sql: String, persistent: Bool = false) throws(SQLiteError) -> SQLiteStatement {
    var raw: OpaquePointer?
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    let result = sqlite3_prepare_v3(handle, sql, -1, flags, &raw, nil)
    guard result == SQLITE_OK, let raw else {
      sqlite3_finalize(raw)
      throw SQLiteError(code: result == SQLITE_OK ? SQLITE_MISUSE : result, connection: handle)
    }
    return SQLiteStatement(handle: raw, database: self)
  }

  /// Bytes of memory the connection's page cache holds now. The corresponding C
  /// function is `sqlite3_db_status` (`SQLITE_DBSTATUS_CACHE_USED`).
  package var cacheUsed: Int {
    var current: Int32 = 0
    var highest: Int32 = 0
    sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
    return Int(current)
  }

  /// Lets go of the pages the connection's cache holds that no statement is using
  /// (after a large write, whose pages fill the whole cache: `PRAGMA cache_size`).
  /// The corresponding C function is `sqlite3_db_release_memory`.
  package func releaseMemory() {
    sqlite3_db_release_memory(handle)
  }

  /// The first column of the first row of `sql` as an integer (`nil` when there is no
  /// row or the value is `NULL`), e.g. `PRAGMA user_version`. The corresponding C
  /// functions are those of `SQLiteStatement` (`sqlite3_prepare_v3`,
  /// `sqlite3_step`, `sqlite3_column_int64`).
  package func integer(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step(), !statement.isNull(at: 0) else { return nil }
    return statement.int64(at: 0)
  }

  /// The first column of the first row of `sql` as text (`nil` when there is no row or
  /// the value is `NULL`), e.g. `PRAGMA journal_mode=WAL`. The corresponding C
  /// functions are `sqlite3_prepare_v3`, `sqlite3_step` and `sqlite3_column_text`.
  package func text(_ sql: String) throws(SQLiteError) -> String? {
    let statement = try prepare(sql)
    guard try statement.step(), !statement.isNull(at: 0) else { return nil }
    return statement.string(at: 0)
  }

  /// Reads a whole blob straight from the database pages into a new array: one copy
  /// (a `SELECT` of the column copies it once more, into SQLite's own buffer first).
  /// For large values in a rowid table.
  ///
  /// The corresponding C functions are `sqlite3_blob_open` (read-only), `sqlite3_blob_bytes`,
  /// `sqlite3_blob_read` and `sqlite3_blob_close`.
  ///
  /// - Parameters:
  ///   - table: the table (of the `main` database).
  ///   - column: the blob column.
  ///   - rowID: the row's rowid (its `INTEGER PRIMARY KEY`).
  /// - Throws: `SQLiteError` (`SQLITE_ERROR` for a missing row, …).
  package func readBlob(table: String, column: String, rowID: Int64) throws(SQLiteError) -> [UInt8] {
    var blob: OpaquePointer?
    let opened = sqlite3_blob_open(handle, "main", table, column, rowID, 0, &blob)
    guard opened == SQLITE_OK, let blob else {
      sqlite3_blob_close(blob)
      throw SQLiteError(code: opened, connection: handle)
    }
    defer { sqlite3_blob_close(blob) }
    let count = Int(sqlite3_blob_bytes(blob))
    var result = SQLITE_OK
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if count > 0 { result = sqlite3_blob_read(blob, buffer.baseAddress, Int32(count), 0) }
      initialized = result == SQLITE_OK ? count : 0
    }
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle) }
    return bytes
  }

  /// Writes a blob of `count` bytes over one of that size (a row written with
  /// `SQLiteStatement.bindZeroBlob`), straight into the database pages, a piece at a
  /// time as `pieces` gives them, in order, to the function it is given (in writes of
  /// at most 1 MiB): no copy of the whole value, which binding it would make, and a
  /// value never held whole. For large values in a rowid table, in the transaction that
  /// wrote the row.
  ///
  /// The corresponding C functions are `sqlite3_blob_open` (read-write),
  /// `sqlite3_blob_write` and `sqlite3_blob_close`.
  ///
  /// - Parameters:
  ///   - count: the value's size, in bytes; it must be the blob's.
  ///   - table: the table (of the `main` database).
  ///   - column: the blob column.
  ///   - rowID: the row's rowid (its `INTEGER PRIMARY KEY`).
  /// - Throws: `SQLiteError` (`SQLITE_ERROR` for a missing row, another size, or pieces
  ///   that do not add up to `count`, …).
  package func writeBlob(
    count: Int, table: String, column: String, rowID: Int64,
    _ pieces: ((UnsafeRawBufferPointer) -> Void) -> Void
  ) throws(SQLiteError) {
    var blob: OpaquePointer?
    let opened = sqlite3_blob_open(handle, "main", table, column, rowID, 1, &blob)
    guard opened == SQLITE_OK, let blob else {
      sqlite3_blob_close(blob)
      throw SQLiteError(code: opened, connection: handle)
    }
    guard Int(sqlite3_blob_bytes(blob)) == count else {
      sqlite3_blob_close(blob)
      throw SQLiteError(code: SQLITE_ERROR, message: "blob of another size in \(table).\(column)")
    }
    var offset = 0
    var failure: SQLiteError?
    pieces { bytes in
      guard failure == nil else { return }
      guard offset + bytes.count <= count else {
        failure = SQLiteError(code: SQLITE_ERROR, message: "more than \(count) bytes for \(table).\(column)")
        return
      }
      var written = 0
      while written < bytes.count {
        let length = min(1 << 20, bytes.count - written)
        let result = sqlite3_blob_write(blob, bytes.baseAddress! + written, Int32(length), Int32(offset))
        guard result == SQLITE_OK else {
          failure = SQLiteError(code: result, connection: handle)
          return
        }
        written += length
        offset += length
      }
    }
    if failure == nil && offset != count {
      failure = SQLiteError(code: SQLITE_ERROR, message: "\(offset) of \(count) bytes for \(table).\(column)")
    }
    if let failure {
      sqlite3_blob_close(blob)
      throw failure
    }
    let closed = sqlite3_blob_close(blob)
    guard closed == SQLITE_OK else { throw SQLiteError(code: closed, connection: handle) }
  }

  /// Runs `body` in a write transaction: `BEGIN IMMEDIATE` (which takes the write lock
  /// at once, waiting up to the busy timeout, so the transaction cannot fail halfway
  /// on a lock), then `COMMIT` when `body` returns, `ROLLBACK` when it throws. The
  /// corresponding C function is `sqlite3_exec`.
  ///
  /// - Throws: what `body` throws (after the rollback), or the `SQLiteError` of
  ///   `BEGIN` or `COMMIT` (`SQLITE_BUSY` after the timeout, `SQLITE_FULL`, …).
  package func writeTransaction<Result>(
    _ body: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    try transaction(begin: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a read transaction (`BEGIN` … `COMMIT`): every statement of
  /// `body` sees the same snapshot of the database. In WAL mode it never waits for a
  /// writer. The corresponding C function is `sqlite3_exec`.
  package func readTransaction<Result>(
    _ body: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    try transaction(begin: "BEGIN", body)
  }

  /// `begin`, `body`, then `COMMIT`, or `ROLLBACK` when `body` or the commit throws.
  private func transaction<Result>(
    begin: String, _ body: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      rollBack()
      throw error
    }
  }

  /// Ends the open transaction, if any, discarding its changes; errors are ignored
  /// (SQLite may already have rolled back, e.g. after `SQLITE_FULL`). The
  /// corresponding C functions are `sqlite3_get_autocommit` and `sqlite3_exec`.
  package func rollBack() {
    if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
  }

  /// Turns one of the connection's boolean options on or off (`SQLITE_DBCONFIG_…`).
  /// The corresponding C function is `sqlite3_db_config`.
  package func configure(_ option: Int32, _ on: Bool) throws(SQLiteError) {
    var state: Int32 = 0
    let result = cpick_sqlite3_db_config_int(handle, option, on ? 1 : 0, &state)
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle) }
  }

  /// The rowid of the last row inserted on this connection. The corresponding C
  /// function is `sqlite3_last_insert_rowid`.
  package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed. The
  /// corresponding C function is `sqlite3_changes64`.
  package var changes: Int64 { sqlite3_changes64(handle) }
}
