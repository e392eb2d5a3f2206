import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Screen {
  /// The next input, waited for without holding the main actor: the wait for the
  /// terminal to have input (`poll(2)` on `inputDescriptor`) runs off the main
  /// actor, in slices of at most `inputWaitSlice` milliseconds (a window resize
  /// comes as a signal, not as input, and is seen between slices); what is there is
  /// then read as `nextInput(timeout: 0)` reads it. A screen without a descriptor
  /// (the in-memory screen, whose input is always there) gives the main actor to
  /// other tasks once, then reads.
  ///
  /// - Parameter milliseconds: the longest wait, or `nil` for no limit.
  /// - Returns: as `nextInput(timeout:)`.
  public func input(timeout milliseconds: Int?) async -> ScreenInput {
    guard let descriptor = inputDescriptor else {
      await Task.yield()
      return nextInput(timeout: milliseconds)
    }
    let deadline = milliseconds.map { ScreenClock.milliseconds() + UInt64(max(0, $0)) }
    while true {
      let input = nextInput(timeout: 0)
      guard case .timedOut = input else { return input }
      var slice = ScreenClock.inputWaitSlice
      if let deadline {
        let now = ScreenClock.milliseconds()
        if now >= deadline { return .timedOut }
        slice = min(slice, Int32(clamping: deadline - now))
      }
      await ScreenClock.waitForInput(on: descriptor, milliseconds: slice)
    }
  }
}

/// The clock and the off-main wait of `Screen.input(timeout:)`.
package enum ScreenClock {
  /// The longest wait between two looks at a screen's state, in milliseconds.
  static let inputWaitSlice: Int32 = 200

  /// Milliseconds of the monotonic clock.
  package static func milliseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
  }

  /// Suspends until `descriptor` has input (or hangs up), or `milliseconds` passed;
  /// the `poll(2)` runs on a thread of its own (not a global queue, whose threads
  /// the book's loading and searching may all hold: a key must never wait for them).
  static func waitForInput(on descriptor: Int32, milliseconds: Int32) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, milliseconds)
        continuation.resume()
      }
    }
  }
}
