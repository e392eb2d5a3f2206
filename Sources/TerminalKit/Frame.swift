/// One screen cell: a grapheme cluster and its style.
///
/// A cluster `n` columns wide (a CJK character: 2; `प्रि`: 3, see
/// `TerminalText.width(_:)`) occupies its cell and the next `n - 1`, which hold the
/// empty string (continuations) so columns stay aligned.
public struct Cell: Sendable, Hashable {
  /// The grapheme cluster shown, `" "` for blank, `""` for a continuation of a wide one.
  public var text: String
  /// The attributes and colours of the cell.
  public var style: Style

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - text: One grapheme cluster, `" "` for blank, `""` for a continuation of a wide one.
  ///   - style: The cell's attributes and colours.
  public init(_ text: String = " ", style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// A blank cell: a space, plain.
  public static let blank = Cell()
}

/// A full picture of the screen: `rows` × `columns` cells and where the cursor is.
///
/// All text enters through `put(_:row:column:style:maxWidth:)`, which neutralises
/// control characters, escape sequences and bidi overrides (see `TerminalText.visible`)
/// and measures width per grapheme cluster (see `TerminalText.width`), so nothing
/// from an address book reaches the terminal raw.
public struct Frame: Sendable, Equatable {
  /// The number of rows (screen lines).
  public let rows: Int
  /// The number of columns (terminal cells per row).
  public let columns: Int
  /// The cells, row by row: `rows × columns` of them, row `r` column `c` at `r * columns + c`.
  public private(set) var cells: [Cell]
  /// Where the terminal cursor is left (row, column), or `nil` to hide it.
  public var cursor: (row: Int, column: Int)?
  /// Pictures a terminal that draws pixels shows over some cells (`FrameImage`); the
  /// cells hold their version in characters.
  public var images: [FrameImage] = []

  /// A blank frame of the given size.
  public init(rows: Int, columns: Int) {
    self.rows = max(0, rows)
    self.columns = max(0, columns)
    self.cells = Array(repeating: .blank, count: self.rows * self.columns)
    self.cursor = nil
  }

  public static func == (lhs: Frame, rhs: Frame) -> Bool {
    lhs.rows == rhs.rows && lhs.columns == rhs.columns && lhs.cells == rhs.cells
      && lhs.cursor?.row == rhs.cursor?.row && lhs.cursor?.column == rhs.cursor?.column && lhs.images == rhs.images
  }

  /// The cell at `row`, `column` (zero-based).
  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// Writes `text` at (`row`, `column`), sanitised, never past `maxWidth` columns nor
  /// the right edge. A grapheme that does not fit whole is not cut: when text is
  /// truncated, the last column that fits shows `…`.
  ///
  /// - Returns: the number of columns written.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    guard row >= 0, row < rows, column >= 0, column < columns else { return 0 }
    let limit = min(columns - column, maxWidth ?? Int.max)
    guard limit > 0 else { return 0 }
    let clusters = TerminalText.layout(TerminalText.visible(text), maxWidth: limit)
    guard !clusters.isEmpty else { return 0 }
    // Writing over the continuation of a wide cluster: blank the part of it on the left.
    if self[row, column].text.isEmpty {
      var head = column - 1
      while head > 0, self[row, head].text.isEmpty { head -= 1 }
      for col in max(0, head)..<column { self[row, col].text = " " }
    }
    var col = column
    for (cluster, width) in clusters {
      self[row, col] = Cell(cluster, style: style)
      for continuation in col + 1..<col + width { self[row, continuation] = Cell("", style: style) }
      col += width
    }
    // Wrote over the start of a wide cluster: blank its orphaned continuations.
    var orphan = col
    while orphan < columns, self[row, orphan].text.isEmpty {
      self[row, orphan].text = " "
      orphan += 1
    }
    return col - column
  }

  /// Applies `style` to `count` cells from (`row`, `column`) without changing text.
  public mutating func paint(row: Int, column: Int, count: Int, style: Style) {
    guard row >= 0, row < rows else { return }
    var col = max(0, column)
    while col < min(columns, column + count) {
      self[row, col].style = style
      col += 1
    }
  }

  /// The text of one row, continuation cells skipped, trailing blanks trimmed.
  public func text(row: Int) -> String {
    var line = ""
    for col in 0..<columns { line += self[row, col].text }
    while line.hasSuffix(" ") { line.removeLast() }
    return line
  }

  /// All rows' text joined by newlines (for tests and snapshots).
  public var text: String {
    (0..<rows).map { text(row: $0) }.joined(separator: "\n")
  }
}
