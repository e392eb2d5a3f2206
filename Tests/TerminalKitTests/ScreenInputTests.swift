import Testing

@testable import TerminalKit

/// A screen that can only block: it gets `nextInput(timeout:)` from the protocol.
@MainActor
private final class BlockingScreen: Screen {
  var keys: [KeyEvent]
  init(keys: [KeyEvent]) { self.keys = keys }
  var size: (rows: Int, columns: Int) { (1, 1) }
  var colorEnabled: Bool { false }
  func present(_ frame: Frame) {}
  func nextKey() -> KeyEvent? { keys.isEmpty ? nil : keys.removeFirst() }
}

@MainActor
@Suite("Waiting for a key or a wake-up")
struct ScreenInputTests {
  @Test("A screen with only nextKey() gets a nextInput that blocks: keys, then .ended, never .timedOut")
  func defaultImplementation() {
    let screen = BlockingScreen(keys: [.up])
    #expect(screen.nextInput(timeout: 10) == .key(.up))
    #expect(screen.nextInput(timeout: 10) == .ended)
    #expect(screen.nextInput(timeout: nil) == .ended)
  }

  @Test("A .timeout step is one wake-up for a caller that waits with a timeout, skipped by one that blocks")
  func timeoutStep() {
    let screen = MemoryScreen(rows: 2, columns: 10, script: [.key(.up), .timeout, .key(.down), .timeout, .key(.enter)])
    #expect(screen.nextInput(timeout: 100) == .key(.up))
    #expect(screen.nextInput(timeout: 100) == .timedOut)
    #expect(screen.nextInput(timeout: nil) == .key(.down))
    #expect(screen.nextKey() == .enter)
    #expect(screen.nextInput(timeout: 100) == .ended)
    #expect(screen.timeoutsReturned == 1)
    #expect(screen.keysReturned == 3)
  }

  @Test(".settle times out while the caller waits with a timeout, and goes on once it stops")
  func settle() {
    let screen = MemoryScreen(rows: 2, columns: 10, script: [.settle, .key(.enter)])
    #expect(screen.nextInput(timeout: 0) == .timedOut)
    #expect(screen.nextInput(timeout: 1) == .timedOut)
    #expect(screen.nextInput(timeout: nil) == .key(.enter))
    #expect(screen.nextInput(timeout: nil) == .ended)
  }

  @Test(".run steps run when the script reaches them, in order with the keys")
  func runStep() {
    var log: [String] = []
    let screen = MemoryScreen(
      rows: 2, columns: 10, script: [.run { log.append("one") }, .key(.up), .run { log.append("two") }])
    #expect(log.isEmpty)
    #expect(screen.nextKey() == .up)
    #expect(log == ["one"])
    #expect(screen.nextKey() == nil)
    #expect(log == ["one", "two"])
  }

  @Test("pendingKeys lists the keys still to come; append(script:) and append(keys:) add at the end")
  func pendingKeys() {
    let screen = MemoryScreen(rows: 2, columns: 10, keys: [.up])
    screen.append(script: [.timeout, .key(.down)])
    screen.append(keys: [.enter])
    #expect(screen.pendingKeys == [.up, .down, .enter])
    #expect(screen.script.count == 4)
  }

  @Test("A scheduled resize comes before the next step, also through nextInput")
  func resizeThroughNextInput() {
    let screen = MemoryScreen(rows: 5, columns: 20, script: [.key(.up), .timeout])
    screen.scheduleResize(rows: 3, columns: 12, afterKeys: 1)
    #expect(screen.nextInput(timeout: 10) == .key(.up))
    #expect(screen.nextInput(timeout: 10) == .key(.resize))
    #expect(screen.size.rows == 3)
    #expect(screen.nextInput(timeout: 10) == .timedOut)
  }
}
