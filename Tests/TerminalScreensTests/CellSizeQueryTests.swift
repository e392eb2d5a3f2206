import Testing
import TerminalKit

@testable import TerminalScreens

/// A terminal's cell size in pixels (issue 21 item 3): from `TIOCGWINSZ`'s pixel
/// fields, else from the reply to `CSI 16 t` read with the start-up query's other
/// replies (no wait of its own), else none (10 × 20 assumed).
@Suite("The cell size in pixels")
struct CellSizeQueryTests {
  @Test("from the window size: pixels over cells; no pixels (0) is no size")
  func windowSize() {
    #expect(CellPixelSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384) == CellPixelSize(width: 8, height: 16))
    #expect(CellPixelSize(columns: 100, rows: 30, pixelWidth: 905, pixelHeight: 661) == CellPixelSize(width: 9, height: 22))
    #expect(CellPixelSize(columns: 80, rows: 24, pixelWidth: 0, pixelHeight: 0) == nil)
    #expect(CellPixelSize(columns: 0, rows: 0, pixelWidth: 640, pixelHeight: 384) == nil)
  }

  @Test("the CSI 16 t reply among the start-up replies: the size, and typed keys kept")
  func reply() throws {
    let bytes = Array("\u{1B}[?2004;2$y\u{1B}[6;22;9tab\u{1B}[?62;22c".utf8)
    let scanned = BracketedPasteQuery.scan(bytes)
    #expect(scanned.cellSize == CellPixelSize(width: 9, height: 22))
    #expect(scanned.state == .reset)
    #expect(scanned.deviceAttributes)
    #expect(scanned.rest == Array("ab".utf8))
    // Not a cell-size reply: kept as typed bytes; a zero size is none.
    #expect(BracketedPasteQuery.scan(Array("\u{1B}[6;0;0t\u{1B}[?1c".utf8)).cellSize == nil)
    #expect(CellPixelSize(reply: "4;600;800") == nil)
    #expect(CellPixelSize(reply: "6;20;10") == .assumed)
  }
}
