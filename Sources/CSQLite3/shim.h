#ifndef CPICK_CSQLITE3_SHIM_H
#define CPICK_CSQLITE3_SHIM_H
#include <sqlite3.h>

/// `sqlite3_db_config` with one int argument and an int result (the C function is
/// variadic, which Swift cannot call).
static inline int cpick_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *result) {
  return sqlite3_db_config(db, op, value, result);
}

/// `SQLITE_TRANSIENT` (a cast of -1 to a function pointer, which Swift does not import):
/// SQLite copies the bound value before the bind call returns.
static inline sqlite3_destructor_type cpick_sqlite3_transient(void) { return SQLITE_TRANSIENT; }

#endif
