import Testing
import TerminalKit

@testable import TerminalScreens

/// The inline area's layout after a resize: its height for the new terminal, and the
/// bytes that erase it and make room for it again (`InlineScreen.relayout`).
@Suite("Inline screen: layout after a resize")
struct InlineScreenLayoutTests {
  @Test("a percentage is recomputed from the new height; fixed rows are kept while they fit")
  func areaRows() {
    // --height 40%: 16 of 40 rows, 8 of 20, 20 of 50; at least 3.
    #expect(InlineScreen.areaRows(for: .percent(40), terminalRows: 40) == 16)
    #expect(InlineScreen.areaRows(for: .percent(40), terminalRows: 20) == 8)
    #expect(InlineScreen.areaRows(for: .percent(40), terminalRows: 50) == 20)
    #expect(InlineScreen.areaRows(for: .percent(40), terminalRows: 5) == 3)
    // --height 10: 10 rows, all of a smaller terminal, 10 again when it grows back.
    #expect(InlineScreen.areaRows(for: .rows(10), terminalRows: 40) == 10)
    #expect(InlineScreen.areaRows(for: .rows(10), terminalRows: 6) == 6)
    #expect(InlineScreen.areaRows(for: .rows(10), terminalRows: 30) == 10)
    // Never more rows than the terminal, never fewer than 1.
    #expect(InlineScreen.areaRows(for: .percent(40), terminalRows: 2) == 2)
    #expect(InlineScreen.areaRows(for: .full, terminalRows: 24) == 24)
    #expect(InlineScreen.areaRows(for: .rows(10), terminalRows: 0) == 1)
  }

  @Test("room for n rows: n-1 line feeds, back up n-1 rows, column 1")
  func room() {
    #expect(text(InlineScreen.roomSequence(rows: 8)) == "\n\n\n\n\n\n\n\u{1B}[7A\r")
    #expect(text(InlineScreen.roomSequence(rows: 1)) == "\r")
  }

  @Test("the area is erased from its first row down, reached from the cursor's row by a relative move")
  func erase() {
    #expect(text(InlineScreen.eraseSequence(cursorRow: 0)) == "\r\u{1B}[J")
    #expect(text(InlineScreen.eraseSequence(cursorRow: 3)) == "\r\u{1B}[3A\u{1B}[J")
  }

  @Test("an area that ended on the last row is scrolled back down to it; one higher up stays")
  func bottom() {
    // tmux rewrapped 120-column rows at 50 columns: the first row came up to row 5 of 20.
    #expect(InlineScreen.bottomGap(top: 5, rows: 8, terminalRows: 20, atBottom: true) == 8)
    #expect(InlineScreen.bottomGap(top: 13, rows: 8, terminalRows: 20, atBottom: true) == 0)
    #expect(InlineScreen.bottomGap(top: 31, rows: 20, terminalRows: 50, atBottom: true) == 0)
    #expect(InlineScreen.bottomGap(top: 5, rows: 8, terminalRows: 20, atBottom: false) == 0)
    #expect(text(InlineScreen.scrollDownSequence(gap: 3, top: 5)) == "\u{1B}[1;1H\u{1B}M\u{1B}M\u{1B}M\u{1B}[8;1H")
    #expect(InlineScreen.scrollDownSequence(gap: 0, top: 5).isEmpty)
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
