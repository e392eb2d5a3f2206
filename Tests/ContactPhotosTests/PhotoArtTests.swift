import ContactPhotos
import Foundation
import TerminalKit
import Testing

@Suite("Drawing a photo with chafa: block symbols, kitty, sixels, iTerm2; which one a terminal gets")
struct PhotoArtTests {
  static let blockSymbols = Set((0x2580...0x259F).compactMap(Unicode.Scalar.init).map(String.init) + [" "])

  @Test("block symbols in colour cells, columns × rows of them, and no escape sequence")
  func symbols() throws {
    let art = PhotoArt(try PhotoImage.decode(try PhotoFixtures.png()), columns: 6, rows: 3, graphics: .symbols)
    #expect(art.cells.count == 18)
    #expect(art.cells.allSatisfy { Self.blockSymbols.contains($0.text) })
    #expect(art.cells.contains { $0.text != " " })
    #expect(art.cells.contains { $0.style.foreground != nil || $0.style.background != nil })
    #expect(art.pixels == nil)
  }

  @Test("kitty: a graphics command with the image (ESC _ G … ESC \\)")
  func kitty() throws {
    let art = PhotoArt(try PhotoImage.decode(try PhotoFixtures.png()), columns: 6, rows: 3, graphics: .kitty)
    let pixels = try #require(art.pixels)
    let text = String(decoding: pixels, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}_G"))
    #expect(text.contains("a=T"))
    #expect(text.hasSuffix("\u{1B}\\"))
    #expect(art.cells.count == 18)
  }

  @Test("sixels: a DCS … q sixel string")
  func sixels() throws {
    let art = PhotoArt(try PhotoImage.decode(try PhotoFixtures.jpeg()), columns: 6, rows: 3, graphics: .sixels)
    let text = String(decoding: try #require(art.pixels), as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}P"))
    #expect(text.contains("q\""))
    #expect(text.hasSuffix("\u{1B}\\"))
  }

  @Test("sixels cover their cells exactly: 6 × 3 cells are 60 × 60 pixels with 10 × 20 cells, 48 × 48 with 8 × 16")
  func sixelsSizedByCell() throws {
    let image = try PhotoImage.decode(try PhotoFixtures.png())
    for (cell, raster) in [(CellPixelSize.assumed, "\"1;1;60;60"), (CellPixelSize(width: 8, height: 16), "\"1;1;48;48")] {
      let art = PhotoArt(image, columns: 6, rows: 3, graphics: .sixels, cell: cell)
      #expect(String(decoding: try #require(art.pixels), as: UTF8.self).contains(raster))
    }
  }

  @Test("iTerm2: OSC 1337 File=inline")
  func iterm2() throws {
    let art = PhotoArt(try PhotoImage.decode(try PhotoFixtures.gif()), columns: 6, rows: 3, graphics: .iterm2)
    let text = String(decoding: try #require(art.pixels), as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}]1337;File="))
    #expect(text.contains("inline=1"))
  }

  @Test("detected from the environment as chafa's tool does; always symbols inside tmux")
  func detection() {
    #expect(TerminalGraphics.detect(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]) == .kitty)
    #expect(TerminalGraphics.detect(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"]) == .kitty)
    #expect(TerminalGraphics.detect(["TERM": "foot"]) == .sixels)
    #expect(TerminalGraphics.detect(["TERM": "mlterm"]) == .sixels)
    #expect(TerminalGraphics.detect(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm2)
    #expect(TerminalGraphics.detect(["TERM": "xterm-256color"]) == .symbols)
    #expect(TerminalGraphics.detect(["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"]) == .symbols)
    #expect(TerminalGraphics.detect(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]) == .symbols)
    #expect(TerminalGraphics.detect(["TERM": "screen.xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .symbols)
  }
}

@Suite("The bytes a screen writes for the pictures of a frame")
struct FrameImageBytesTests {
  static let kitty = Array("\u{1B}_Ga=T,f=32;AAAA\u{1B}\\".utf8)
  static let sixel = Array("\u{1B}Pq\"1;1;2;2#0~~\u{1B}\\".utf8)

  @Test("a new picture: the cursor saved, moved to its cell, its sequence, the cursor restored")
  func draw() {
    let image = FrameImage(row: 0, column: 1, rows: 3, columns: 6, sequence: Self.kitty)
    let bytes = FrameImage.update(from: [], to: [image])
    #expect(bytes == Array("\u{1B}7\u{1B}[1;2H".utf8) + Self.kitty + Array("\u{1B}8".utf8))
  }

  @Test("the same pictures again: nothing is written")
  func unchanged() {
    let image = FrameImage(row: 0, column: 1, rows: 3, columns: 6, sequence: Self.sixel)
    #expect(FrameImage.update(from: [image], to: [image]).isEmpty)
  }

  @Test("leaving a card with a kitty picture deletes kitty's placements")
  func cleared() {
    let image = FrameImage(row: 0, column: 1, rows: 3, columns: 6, sequence: Self.kitty)
    #expect(FrameImage.update(from: [image], to: []) == Array("\u{1B}7\u{1B}_Ga=d\u{1B}\\\u{1B}8".utf8))
    // Sixels are erased by the text drawn over them (the screen repaints every cell).
    let sixel = FrameImage(row: 0, column: 1, rows: 3, columns: 6, sequence: Self.sixel)
    #expect(FrameImage.update(from: [sixel], to: []) == Array("\u{1B}7\u{1B}8".utf8))
  }
}
