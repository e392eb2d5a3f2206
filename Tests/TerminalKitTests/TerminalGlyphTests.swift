import Testing

@testable import TerminalKit

/// What the inline renderer sends for a cluster when it knows the terminal's `wcwidth`
/// (`AnsiRenderer.glyphColumns`): the cluster whole when its characters advance the
/// terminal's cursor by its layout width, else its base padded with spaces, so the
/// columns after it line up (case 23, in the `--height` picker as in the full screen).
@Suite("Terminal glyphs")
struct TerminalGlyphTests {
  /// glibc 2.36's `wcwidth` for the code points used here.
  static let columns: TerminalGlyph.Columns = { scalar in
    switch scalar {
    case 0x301, 0xFE0F, 0x200D, 0x1F3FD: 0  // combining acute, VS16, joiner… (the tone: 2, below)
    case 0x2764, 0x263A, 0x31, 0x1F1E6, 0x1F1FF, 0x600, 0x661: 1
    case 0x1F44D, 0x1F469, 0x1F4BB, 0x4E00: 2
    default: scalar < 0x80 ? 1 : -1
    }
  }

  /// A tone modifier is 2 columns for `wcwidth` (an emoji presentation character).
  static let withTone: TerminalGlyph.Columns = { $0 == 0x1F3FD ? 2 : columns($0) }

  @Test("clusters the terminal advances by their width are sent whole; others as their base and spaces", arguments: [
    ("e\u{301}", 1, [[0x65, 0x301]], [1]),
    ("\u{4E00}", 2, [[0x4E00]], [2]),
    ("\u{600}\u{661}", 2, [[0x600], [0x661]], [1, 1]),  // the Arabic number sign and a digit
    ("\u{2764}\u{FE0F}", 2, [[0x2764]], [1]),  // ❤️: ❤ and a space
    ("1\u{FE0F}\u{20E3}", 2, [[0x31]], [1]),  // a keycap whose mark the C library knows not: 1 and a space
    ("\u{1F469}\u{200D}\u{1F4BB}", 2, [[0x1F469]], [2]),  // 👩‍💻: 👩
    ("\u{1F1E6}\u{1F1FF}", 2, [[0x1F1E6], [0x1F1FF]], [1, 1]),  // a flag: its two letters, which the terminal joins
  ] as [(String, Int, [[UInt32]], [Int])])
  func glyph(cluster: String, width: Int, scalars: [[UInt32]], widths: [Int]) {
    let glyph = TerminalGlyph(cluster, width: width, columns: Self.columns)
    #expect(glyph.cells.map(\.scalars) == scalars)
    #expect(glyph.cells.map(\.width) == widths)
  }

  @Test("👍🏽, 2 columns in the layout and 4 for wcwidth, is sent as 👍")
  func tone() {
    let glyph = TerminalGlyph("\u{1F44D}\u{1F3FD}", width: 2, columns: Self.withTone)
    #expect(glyph.cells.map(\.scalars) == [[0x1F44D]])
  }

  @Test("the inline renderer pads ❤️ to its two columns when it knows wcwidth, and sends it whole when not")
  func renderer() {
    var frame = Frame(rows: 1, columns: 20)
    frame.put("Juno \u{2764}\u{FE0F} Farrow", row: 0, column: 0)
    frame.put("j@x", row: 0, column: 16)
    var plain = AnsiRenderer(origin: .absolute(top: 1), colorEnabled: false)
    #expect(String(decoding: plain.render(frame), as: UTF8.self).contains("Juno \u{2764}\u{FE0F} Farrow  j@x"))
    var placed = AnsiRenderer(origin: .absolute(top: 1), colorEnabled: false)
    placed.glyphColumns = Self.withTone
    let bytes = String(decoding: placed.render(frame), as: UTF8.self)
    #expect(bytes.contains("Juno \u{2764}  Farrow  j@x"))
    #expect(!bytes.contains("\u{FE0F}"))
  }

  @Test("a prepended concatenation mark takes its column, and the letter after it stays")
  func prependedMark() {
    #expect(TerminalText.width(Character("\u{600}\u{661}")) == 2)
    #expect(TerminalText.width(Character("\u{70F}\u{710}")) == 2)
    var frame = Frame(rows: 1, columns: 20)
    frame.put("Num \u{600}\u{661}\u{662} End", row: 0, column: 0)
    #expect(frame.text == "Num \u{600}\u{661}\u{662} End")
  }
}
