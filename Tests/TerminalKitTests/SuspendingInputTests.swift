import Foundation
import Testing

@testable import TerminalKit

/// `Screen.input(timeout:)` waits for the terminal off the main actor: other
/// main-actor work goes on while no key is there, and a key is read once it comes.
@MainActor
@Suite("Waiting for a key without holding the main actor")
struct SuspendingInputTests {
  /// A screen whose keys are the bytes written into a pipe (one character per byte).
  final class PipeScreen: Screen {
    let descriptors: [Int32]
    var size: (rows: Int, columns: Int) { (24, 80) }
    var colorEnabled: Bool { false }
    var inputDescriptor: Int32? { descriptors[0] }

    init() throws {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
      descriptors = ends
    }

    deinit {
      close(descriptors[0])
      close(descriptors[1])
    }

    func present(_ frame: Frame) {}

    func nextKey() -> KeyEvent? {
      if case .key(let key) = nextInput(timeout: nil) { return key }
      return nil
    }

    /// How often input was looked for.
    private(set) var looks = 0

    func nextInput(timeout milliseconds: Int?) -> ScreenInput {
      looks += 1
      var poller = pollfd(fd: descriptors[0], events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(milliseconds ?? -1)) == 1 else { return .timedOut }
      var byte: UInt8 = 0
      guard read(descriptors[0], &byte, 1) == 1 else { return .ended }
      return .key(.character(Character(Unicode.Scalar(byte))))
    }

    /// Writes `text` where the screen reads its keys (from any thread).
    @discardableResult
    nonisolated static func type(_ text: String, into descriptor: Int32) -> Int {
      Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
  }

  @Test("while no key is there, other main-actor tasks run; the key typed then is the input")
  func otherWorkGoesOn() async throws {
    let screen = try PipeScreen()
    // A wait that held the main actor would keep this test from going on until its
    // time ran out, and end timed out. The time is long (10 min) because other suites
    // share the main actor: on a busy machine they may keep it for a minute or more
    // before this test's next step runs (a 60 s limit once ran out that way).
    let waiting = Task { @MainActor in await screen.input(timeout: 600_000) }
    // Main-actor work while the wait is under way: it runs only if the wait let go of
    // the main actor once it found no key.
    while screen.looks == 0 { await Task.yield() }
    var worked = 0
    for _ in 0..<3 {
      worked += 1
      await Task.yield()
    }
    #expect(PipeScreen.type("k", into: screen.descriptors[1]) == 1)
    #expect(await waiting.value == .key(.character("k")))
    #expect(worked == 3)
  }

  @Test("with a timeout and no key, the wait ends timed out")
  func timesOut() async throws {
    let screen = try PipeScreen()
    #expect(await screen.input(timeout: 30) == .timedOut)
  }

  @Test("a key already there is read at once")
  func keyAlreadyThere() async throws {
    let screen = try PipeScreen()
    PipeScreen.type("ab", into: screen.descriptors[1])
    #expect(await screen.input(timeout: nil) == .key(.character("a")))
    #expect(await screen.input(timeout: 0) == .key(.character("b")))
  }
}
