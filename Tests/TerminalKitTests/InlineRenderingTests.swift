import Testing

@testable import TerminalKit

@Suite("Inline drawing: heights, ANSI frames, mouse reports")
struct InlineRenderingTests {
  @Test("--height takes rows or a percentage; the full height or more means the full screen")
  func heights() {
    #expect(ScreenHeight(parsing: "10") == .rows(10))
    #expect(ScreenHeight(parsing: "40%") == .percent(40))
    #expect(ScreenHeight(parsing: "100%") == .full)
    #expect(ScreenHeight(parsing: "0") == nil && ScreenHeight(parsing: "x%") == nil && ScreenHeight(parsing: "-3") == nil)
    #expect(ScreenHeight.rows(10).rows(of: 40) == 10)
    #expect(ScreenHeight.rows(50).rows(of: 40) == nil)
    #expect(ScreenHeight.percent(50).rows(of: 40) == 20)
    #expect(ScreenHeight.rows(1).rows(of: 40) == 3)
  }

  @Test("a frame becomes cursor moves, erased lines, SGR and text; unchanged rows are not rewritten")
  func ansiFrames() {
    var frame = Frame(rows: 2, columns: 10)
    frame.put("> ada", row: 0, column: 0)
    frame.put("Ada", row: 1, column: 2, style: Style(bold: true, foreground: .green))
    frame.cursor = (0, 5)
    var renderer = AnsiRenderer(origin: .absolute(top: 5), colorEnabled: true)
    let first = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(first.contains("\u{1B}[5;1H\u{1B}[0m\u{1B}[2K> ada"))
    #expect(first.contains("\u{1B}[6;1H\u{1B}[0m\u{1B}[2K  \u{1B}[0;1;32mAda"))
    #expect(first.hasSuffix("\u{1B}[5;1H\u{1B}[6G\u{1B}[?25h"))
    frame.put("> adam", row: 0, column: 0)
    frame.cursor = (0, 6)
    let second = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(second.contains("> adam"))
    #expect(!second.contains("Ada"))
    let plain = AnsiRenderer(origin: .relative, colorEnabled: false)
    #expect(plain.sgr(Style(bold: true, foreground: .green)) == "\u{1B}[0;1m")
  }

  @Test("relative drawing moves up and down from the first row and clears back to it")
  func relative() {
    var frame = Frame(rows: 3, columns: 5)
    frame.put("x", row: 2, column: 0)
    var renderer = AnsiRenderer(origin: .relative, colorEnabled: false)
    let out = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(out.contains("\r\u{1B}[1B") && out.contains("\r\u{1B}[1B\u{1B}[0m\u{1B}[2Kx"))
    #expect(out.hasSuffix("\r\u{1B}[2A"))
    #expect(renderer.cursorRow == 0)
    let cleared = String(decoding: renderer.clear(rows: 3), as: UTF8.self)
    #expect(cleared.hasSuffix("\r\u{1B}[2A\u{1B}[0m\u{1B}[?25h"))
  }

  @Test("SGR mouse reports become clicks and wheel turns with 0-based cells; releases are dropped")
  func mouseReports() {
    let events = KeyDecoder.decode(Array("\u{1B}[<0;5;4M\u{1B}[<0;5;4m\u{1B}[<64;1;1M\u{1B}[<65;2;2Ma".utf8))
    #expect(events == [
      .mouse(MouseEvent(.click, row: 3, column: 4)), .mouse(MouseEvent(.wheelUp, row: 0, column: 0)),
      .mouse(MouseEvent(.wheelDown, row: 1, column: 1)), .character("a"),
    ])
  }
}
