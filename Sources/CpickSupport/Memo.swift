/// A process-wide store of computed values by key, behind a lock, that keeps what it
/// stores only while it is asked again for what it holds — the forms, keys and
/// transforms of names, which recur in a book (`Maria`, `김`, `王`), made once.
///
/// Bounded twice: it holds at most `capacity` values (emptied when full), and it stops
/// storing when it does not pay. After every `window` lookups, when fewer than one in
/// sixteen of them found a value, what it holds is let go and nothing is stored for
/// the next `window` lookups; then it stores again for a window, to see. A book of
/// distinct texts (670,000 random Korean names: every form met once) is then not
/// memoized at all, rather than filling a store it never reads (about 0.1 GB).
///
/// What it gives is what was stored; a caller that finds nothing computes the value
/// and offers it (`store`), so the results are the same whether it stores or not.
package final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct State: Sendable {
    var values: [Key: Value] = [:]
    var lookups = 0
    var hits = 0
    var storing = true
  }

  private let state = Locked(State())
  /// The most values held.
  package let capacity: Int
  /// Lookups between two looks at how many found a value.
  package let window: Int

  /// An empty store of at most `capacity` values, looked at every `window` lookups.
  package init(capacity: Int, window: Int = 16_384) {
    self.capacity = capacity
    self.window = window
  }

  /// The value stored for `key`, if any.
  package func value(for key: Key) -> Value? {
    state.withLock { state in
      let found = state.values[key]
      state.lookups += 1
      if found != nil { state.hits += 1 }
      if state.lookups >= window {
        // Stores when it paid in the window past (or, having stored nothing in it, to
        // see whether it pays now).
        let pays = state.hits * 16 >= state.lookups
        if state.storing && !pays {
          state.values = [:]
          state.storing = false
        } else {
          state.storing = true
        }
        state.lookups = 0
        state.hits = 0
      }
      return found
    }
  }

  /// Stores `value` for `key` (when the store pays: see above).
  package func store(_ value: Value, for key: Key) {
    state.withLock { state in
      guard state.storing else { return }
      if state.values.count >= capacity { state.values.removeAll(keepingCapacity: true) }
      state.values[key] = value
    }
  }

  /// Lets every value go, with the table that held them.
  package func removeAll() {
    state.withLock { state in
      state.values = [:]
      state.lookups = 0
      state.hits = 0
      state.storing = true
    }
  }

  /// The number of values held.
  package var count: Int { state.withLock { $0.values.count } }
}
