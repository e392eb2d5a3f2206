/// A picture a frame asks the terminal to draw in pixels over some of its cells: the
/// escape sequence (kitty graphics protocol, sixels, iTerm2's inline image) that draws
/// it from the cursor, and the cells it covers. The cells themselves hold a version in
/// characters (block symbols), which is what a screen without pixels shows.
public struct FrameImage: Sendable, Hashable {
  /// The top row of the cells covered (zero-based).
  public var row: Int
  /// The left column of the cells covered (zero-based).
  public var column: Int
  /// Rows covered.
  public var rows: Int
  /// Columns covered.
  public var columns: Int
  /// The escape sequence that draws the picture from the cursor.
  public var sequence: [UInt8]

  /// Creates a picture placed at (`row`, `column`), `rows` × `columns` cells.
  public init(row: Int, column: Int, rows: Int, columns: Int, sequence: [UInt8]) {
    self.row = row
    self.column = column
    self.rows = rows
    self.columns = columns
    self.sequence = sequence
  }

  /// What a screen writes after the text of a frame is on the terminal, when the
  /// pictures change from `shown` to `next`: the cursor saved (DECSC, `ESC 7`);
  /// kitty's "delete all placements" (`ESC _ G a=d ESC \`) when kitty pictures were
  /// shown; each picture of `next` at its place (`CSI row ; column H`, 1-based, then
  /// its sequence); the cursor restored (DECRC, `ESC 8`), where the screen's library
  /// (ncurses) believes it is. Empty when nothing changed. A screen must also repaint
  /// the cells the old pictures covered (sixels and iTerm2's pictures are erased only
  /// by text drawn over them).
  public static func update(from shown: [FrameImage], to next: [FrameImage]) -> [UInt8] {
    guard shown != next else { return [] }
    var out: [UInt8] = Array("\u{1B}7".utf8)
    if shown.contains(where: { $0.sequence.starts(with: kittyStart) }) {
      out += Array("\u{1B}_Ga=d\u{1B}\\".utf8)
    }
    for image in next {
      out += Array("\u{1B}[\(image.row + 1);\(image.column + 1)H".utf8)
      out += image.sequence
    }
    out += Array("\u{1B}8".utf8)
    return out
  }

  /// How a kitty graphics command begins (`ESC _ G`).
  static let kittyStart: [UInt8] = [0x1B, 0x5F, 0x47]
}
