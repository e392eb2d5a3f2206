#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value reached only under a lock: `withLock` runs a closure with exclusive access
/// to it, from any thread. What `Synchronization.Mutex` does, over a `pthread_mutex_t`.
///
/// Why not `Mutex`: on Linux a contended `Mutex` waits in `libswiftSynchronization`'s
/// futex code, which ThreadSanitizer does not see, so TSan reported races between two
/// accesses inside `withLock` (false positives; the concurrency tests run under TSan in
/// `.ci/run`). TSan intercepts `pthread_mutex_lock(3)` and `pthread_mutex_unlock(3)`,
/// so it sees this lock's hand-overs. Uncontended, both cost about the same.
///
/// The corresponding C functions are `pthread_mutex_init(3)`, `pthread_mutex_lock(3)`,
/// `pthread_mutex_unlock(3)` and `pthread_mutex_destroy(3)`.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  // Only touched between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`.
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A lock over `value`.
  package init(_ value: consuming sending Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held; other threads calling `withLock` wait.
  /// Not reentrant: `body` must not call `withLock` on the same lock.
  package func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
