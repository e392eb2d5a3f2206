import Testing
@testable import TerminalKit

@MainActor
@Suite("MemoryScreen")
struct MemoryScreenTests {
  @Test("Keys come back in script order, then nil")
  func script() {
    let screen = MemoryScreen(rows: 4, columns: 20, keys: MemoryScreen.keys(typing: "ab") + [.down, .enter])
    #expect(screen.size.rows == 4 && screen.size.columns == 20)
    #expect(!screen.colorEnabled)
    #expect(screen.nextKey() == .character("a"))
    #expect(screen.nextKey() == .character("b"))
    #expect(screen.nextKey() == .down)
    #expect(screen.nextKey() == .enter)
    #expect(screen.nextKey() == nil)
    #expect(screen.nextKey() == nil)
  }

  @Test("keys(typing:) makes one character event per grapheme cluster")
  func typing() {
    #expect(MemoryScreen.keys(typing: "王👩‍💻e\u{301}") == [.character("王"), .character("👩‍💻"), .character("e\u{301}")])
  }

  @Test("Frames are recorded and text shows the last one")
  func frames() {
    let screen = MemoryScreen(rows: 2, columns: 10, colorEnabled: true)
    #expect(screen.lastFrame == nil && screen.text == "")
    var frame = Frame(rows: 2, columns: 10)
    frame.put("first", row: 0, column: 0)
    screen.present(frame)
    frame.put("second", row: 1, column: 0)
    screen.present(frame)
    #expect(screen.frames.count == 2)
    #expect(screen.text == "first\nsecond")
    #expect(screen.colorEnabled)
  }

  @Test("resize changes the size and makes .resize the next key")
  func resize() {
    let screen = MemoryScreen(rows: 5, columns: 20, keys: [.up])
    screen.resize(rows: 8, columns: 30)
    #expect(screen.size.rows == 8 && screen.size.columns == 30)
    #expect(screen.nextKey() == .resize)
    #expect(screen.nextKey() == .up)
    #expect(screen.nextKey() == nil)
  }

  @Test("A scheduled resize happens after the given number of keys")
  func scheduledResize() {
    let screen = MemoryScreen(rows: 5, columns: 20, keys: [.up, .down])
    screen.scheduleResize(rows: 3, columns: 12, afterKeys: 1)
    #expect(screen.nextKey() == .up)
    #expect(screen.size.rows == 5)
    #expect(screen.nextKey() == .resize)
    #expect(screen.size.rows == 3 && screen.size.columns == 12)
    #expect(screen.nextKey() == .down)
    #expect(screen.nextKey() == nil)
  }
}
