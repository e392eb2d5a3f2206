import CSQLite3

/// A compiled SQL statement of an `SQLiteDatabase`: bind parameters, step through the
/// rows, read columns, reset and run again.
///
/// Parameters are numbered from 1 (`?` is the next number, `?NNN` a given one), as
/// in SQLite; result columns from 0. Threading: that of its connection (one thread at
/// a time). The statement is finalized when the value is released
/// (`sqlite3_finalize`); it keeps its connection open until then.
package final class SQLiteStatement {
  /// The `sqlite3_stmt *` handle.
  let handle: OpaquePointer
  /// The connection, kept open while the statement lives.
  let database: SQLiteDatabase

  init(handle: OpaquePointer, database: SQLiteDatabase) {
    self.handle = handle
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  // MARK: Binding

  /// Binds an integer to parameter `index` (from 1). The corresponding C function is
  /// `sqlite3_bind_int64`.
  package func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds UTF-8 text to parameter `index` (from 1); SQLite copies it. The
  /// corresponding C function is `sqlite3_bind_text64` (`SQLITE_TRANSIENT`,
  /// `SQLITE_UTF8`).
  package func bind(_ value: String, at index: Int32) throws(SQLiteError) {
    var value = value
    let result = value.withUTF8 { utf8 in
      // An empty string must still be text, not NULL: give SQLite a valid pointer.
      guard let base = utf8.baseAddress, utf8.count > 0 else {
        return sqlite3_bind_text64(handle, index, "", 0, cpick_sqlite3_transient(), UInt8(SQLITE_UTF8))
      }
      return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
        sqlite3_bind_text64(
          handle, index, $0, sqlite3_uint64(utf8.count), cpick_sqlite3_transient(), UInt8(SQLITE_UTF8))
      }
    }
    try check(result)
  }

  /// Binds a blob to parameter `index` (from 1); SQLite copies the bytes. The
  /// corresponding C function is `sqlite3_bind_blob64` (`SQLITE_TRANSIENT`).
  package func bind(_ bytes: [UInt8], at index: Int32) throws(SQLiteError) {
    let result = bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return sqlite3_bind_zeroblob(handle, index, 0) }
      return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), cpick_sqlite3_transient())
    }
    try check(result)
  }

  /// Binds a blob to parameter `index` (from 1) **without copying it**: the memory
  /// must stay valid and unchanged until the statement has been stepped for the last
  /// time with it and `clearBindings()` (or another bind of `index`) has been
  /// called. For large payloads, written straight from the caller's buffer. An empty
  /// buffer binds an empty blob (not `NULL`). The corresponding C functions are
  /// `sqlite3_bind_blob64` (`SQLITE_STATIC`) and, when empty, `sqlite3_bind_zeroblob`.
  package func bindUncopied(_ buffer: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
    guard let base = buffer.baseAddress, buffer.count > 0 else {
      try check(sqlite3_bind_zeroblob(handle, index, 0))
      return
    }
    try check(sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), nil))
  }

  /// Binds a blob of `count` zero bytes to parameter `index` (from 1), which SQLite
  /// writes without making it in memory; its content is then written with
  /// `SQLiteDatabase.writeBlob`. The corresponding C function is
  /// `sqlite3_bind_zeroblob64`.
  package func bindZeroBlob(count: Int, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_zeroblob64(handle, index, sqlite3_uint64(count)))
  }

  /// Binds `NULL` to parameter `index` (from 1). The corresponding C function is
  /// `sqlite3_bind_null`.
  package func bindNull(at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_null(handle, index))
  }

  /// Sets every parameter back to `NULL` (and releases uncopied blobs). The
  /// corresponding C function is `sqlite3_clear_bindings`.
  package func clearBindings() {
    sqlite3_clear_bindings(handle)
  }

  // MARK: Running

  /// Runs the statement to its next row.
  ///
  /// The corresponding C function is `sqlite3_step`.
  ///
  /// - Returns: `true` when a row is ready to be read with the column accessors,
  ///   `false` when the statement has finished (`SQLITE_DONE`).
  /// - Throws: `SQLiteError` (`SQLITE_BUSY` once the busy timeout has passed,
  ///   `SQLITE_CORRUPT`, `SQLITE_CONSTRAINT`, `SQLITE_FULL`, …). The statement must
  ///   then be `reset()` before it is run again.
  @discardableResult
  package func step() throws(SQLiteError) -> Bool {
    let result = sqlite3_step(handle)
    switch result {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteError(code: sqlite3_extended_errcode(database.handle), connection: database.handle)
    }
  }

  /// Runs the statement until it has finished, discarding any rows (an `INSERT`,
  /// `DELETE`, …), then resets it; bindings are kept. The corresponding C functions
  /// are `sqlite3_step` and `sqlite3_reset`.
  package func run() throws(SQLiteError) {
    defer { reset() }
    while try step() {}
  }

  /// Makes the statement ready to run again from the start; bindings are kept. The
  /// corresponding C function is `sqlite3_reset` (whose result, the error of the last
  /// step, has already been thrown by `step()` and is ignored here).
  package func reset() {
    sqlite3_reset(handle)
  }

  // MARK: Columns of the current row

  /// The number of columns of the result. The corresponding C function is
  /// `sqlite3_column_count`.
  package var columnCount: Int32 { sqlite3_column_count(handle) }

  /// Whether column `index` (from 0) of the current row is `NULL`. The corresponding
  /// C function is `sqlite3_column_type`.
  package func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Column `index` (from 0) of the current row as an integer (`NULL` is 0, text is
  /// converted as by `CAST`). The corresponding C function is `sqlite3_column_int64`.
  package func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// Column `index` (from 0) of the current row as text (`NULL` is `""`; invalid
  /// UTF-8 is repaired with U+FFFD). One copy, from SQLite's buffer into the string.
  /// The corresponding C functions are `sqlite3_column_text` and
  /// `sqlite3_column_bytes`.
  package func string(at index: Int32) -> String {
    guard let text = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Calls `body` with the bytes of blob column `index` (from 0) of the current row,
  /// where SQLite keeps them: no copy. The buffer is valid only inside `body` (until
  /// the next step, reset or column conversion); it is empty for `NULL` or an empty
  /// blob. The corresponding C functions are `sqlite3_column_blob` and
  /// `sqlite3_column_bytes`.
  package func withBlob<Result>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    // sqlite3_column_blob first, then sqlite3_column_bytes: the order SQLite documents.
    let base = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: count > 0 ? base : nil, count: base == nil ? 0 : count))
  }

  /// Blob column `index` (from 0) of the current row as an array: one copy, from
  /// SQLite's buffer into the array (`[]` for `NULL`). The corresponding C functions
  /// are `sqlite3_column_blob` and `sqlite3_column_bytes`.
  package func blob(at index: Int32) -> [UInt8] {
    withBlob(at: index) { bytes in
      guard let base = bytes.baseAddress, bytes.count > 0 else { return [] }
      return [UInt8](unsafeUninitializedCapacity: bytes.count) { array, initialized in
        array.baseAddress!.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        initialized = bytes.count
      }
    }
  }

  /// Throws the connection's error unless `result` is `SQLITE_OK`.
  private func check(_ result: Int32) throws(SQLiteError) {
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: database.handle) }
  }
}
