import ContactKit
import CpickTestSupport
import Synchronization
import Testing

@testable import Matching

/// Counts the checks a search makes and says "cancelled" from the `after`-th on.
private final class CountingCancellation: Sendable {
  let checks = Atomic<Int>(0)
  let after: Int
  init(after: Int) { self.after = after }
  var token: SearchCancellation {
    SearchCancellation { [self] in checks.add(1, ordering: .relaxed).newValue >= after }
  }
  var count: Int { checks.load(ordering: .relaxed) }
}

@Suite("Cancelling a search")
struct SearchCancellationTests {
  /// 20,000 ASCII people: large enough for a parallel scan of several chunks.
  static let index: ContactIndex = {
    let contacts = (0..<20_000).map { number in
      TestContacts.person("Given\(number)", "Family\(number % 997)", emails: ["user\(number)@example.org"])
    }
    return ContactIndex(contacts)
  }()

  @Test("A search that is never cancelled checks once per chunk and finds what a search without a token finds")
  func uncancelled() {
    let counter = CountingCancellation(after: .max)
    let matches = Self.index.search("family12", cancellation: counter.token)
    #expect(matches == Self.index.search("family12"))
    #expect(!matches.isEmpty)
    // 20,000 contacts in 8 parallel parts of 2,500: one check each (a check every 4,096).
    #expect(counter.count >= 20_000 / ContactIndex.cancellationChunk)
  }

  @Test("A cancelled full scan stops at its first check in each part: it visits no chunk after that")
  func cancelledAtOnce() {
    let counter = CountingCancellation(after: 1)
    let matches = Self.index.search("family12", cancellation: counter.token)
    #expect(matches.isEmpty)
    #expect(counter.count <= 8, "one check per parallel part at most")
  }

  @Test("A serial scan cancelled after its second check has scanned one chunk only")
  func cancelledAfterOneChunk() {
    // Refining within 6,000 of the contacts scans them in one part (below the parallel threshold).
    let within = (0..<6_000).map { ContactMatch(index: $0, score: 0) }
    let complete = Self.index.search("given", options: .init(), within: within)
    #expect(complete.count == 6_000)
    let counter = CountingCancellation(after: 2)
    let partial = Self.index.search("given", options: .init(), within: within, cancellation: counter.token)
    #expect(counter.count == 2)
    #expect(partial.count == ContactIndex.cancellationChunk)
  }
}
