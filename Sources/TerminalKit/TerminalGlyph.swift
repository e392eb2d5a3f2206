/// What is sent to a terminal for one grapheme cluster laid out `width` columns wide,
/// so that the terminal's cursor ends where the layout says.
///
/// A terminal (and ncurses) places characters by the C library's `wcwidth`: each
/// character of width 1 or 2 starts a cell, and the zero-width ones after it go into
/// that cell. So a cluster is sent as such cells side by side — every character of it
/// reaches the terminal, in order — when their widths add up to `width`
/// (`TerminalText.width` counts the same way):
/// - `é` (e + U+0301) is one cell; `प्रि` (प ् र ि) three: `प्`, `र`, `ि`;
/// - a flag is its two regional indicators (1 column each for `wcwidth`), which the
///   terminal joins into one 2-column flag;
/// - a joiner (U+200D) outside emoji is left out (see `TerminalText.drawn`).
///
/// When they do not add up (❤️ is 2 columns for `TerminalText.width` but
/// `wcwidth(U+2764)` is 1; 👍🏽 is 2 columns but 2 + 2 for `wcwidth`; a ZWJ sequence
/// such as 👩‍💻 holds several 2-column characters), the base character is sent alone
/// and the caller pads the rest of the columns with spaces (❤️ → ❤ + space, 👩‍💻 → 👩),
/// so the terminal's cursor never drifts from the layout and columns stay aligned
/// (case 23); U+FFFD stands for a base the C library does not know or finds too wide.
public struct TerminalGlyph: Sendable {
  /// The C library's `wcwidth` of a code point in the terminal's locale (-1:
  /// unprintable).
  public typealias Columns = @Sendable (UInt32) -> Int32

  /// The cells to send, in order: the code points of each (one of width 1 or 2, then
  /// zero-width ones) and the columns it takes. Their widths add up to `width` or less;
  /// the caller pads the rest with spaces.
  public var cells: [(scalars: [UInt32], width: Int)]

  /// - Parameters:
  ///   - cluster: one grapheme cluster, as a frame's cell holds it.
  ///   - width: the columns the layout gives it (`TerminalText.width`).
  ///   - columns: the C library's `wcwidth`.
  ///   - charactersPerCell: the most code points one cell may hold (ncurses'
  ///     `CCHARW_MAX`): a cluster that needs more (🏴 and its seven tags) is sent as
  ///     its base, never half of it.
  public init(_ cluster: String, width: Int, columns: Columns, charactersPerCell: Int = .max) {
    let scalars = TerminalText.drawn(cluster).unicodeScalars.map(\.value)
    guard let first = scalars.first, width > 0 else {
      cells = []
      return
    }
    if first < 0x80, scalars.count == 1 {
      cells = [([first < 0x20 || first == 0x7F ? 0x20 : first], 1)]
      return
    }
    if let split = Self.cells(scalars, columns: columns, charactersPerCell: charactersPerCell),
      split.reduce(0, { $0 + $1.width }) == width
    {
      cells = split
      return
    }
    var base = first
    var baseWidth = Int(columns(base))
    if baseWidth < 1 || baseWidth > width {
      base = 0xFFFD
      baseWidth = 1
    }
    cells = [([base], baseWidth)]
  }

  /// `scalars` as cells, or `nil` when one is unprintable, the first has no width, or a
  /// cell would hold more than `charactersPerCell`.
  private static func cells(_ scalars: [UInt32], columns: Columns, charactersPerCell: Int) -> [(
    scalars: [UInt32], width: Int
  )]? {
    var cells: [(scalars: [UInt32], width: Int)] = []
    for scalar in scalars {
      let width = Int(columns(scalar))
      if width < 0 { return nil }
      if width > 0 {
        cells.append(([scalar], width))
      } else if cells.isEmpty || cells[cells.count - 1].scalars.count >= charactersPerCell {
        return nil
      } else {
        cells[cells.count - 1].scalars.append(scalar)
      }
    }
    return cells
  }
}
