import CpickSupport
import Dispatch
import Testing

/// `Locked`, the lock every shared value is behind (TempFileRegistry's paths, the
/// savers' and loaders' shared state); run under ThreadSanitizer in `.ci/run`.
@Suite("A value behind a lock")
struct LockedTests {
  @Test("threads that change the value at once lose no change")
  func noLostUpdates() {
    let counts = Locked<[Int: Int]>([:])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for round in 0..<2_000 {
        counts.withLock { $0[round % 16, default: 0] += 1 }
        if round % 100 == 0 { _ = counts.withLock { $0.count } }
      }
      _ = thread
    }
    let total = counts.withLock { $0.values.reduce(0, +) }
    #expect(total == 16_000)
    #expect(counts.withLock { $0[3] } == 1_000)
  }

  @Test("an error thrown inside gives the lock back")
  func throwing() {
    struct Failure: Error {}
    let value = Locked(1)
    #expect(throws: Failure.self) { try value.withLock { (_: inout Int) throws(Failure) in throw Failure() } }
    #expect(value.withLock { $0 } == 1)
  }
}
