import CpickSupport

/// Turns frames into the bytes a terminal needs to show them, with ECMA-48 / xterm
/// control sequences (CUP/CUU/CUD cursor movement, EL erase, SGR attributes), for the
/// inline screen that draws below the prompt without ncurses' alternate screen.
///
/// Only rows that changed since the previous frame are rewritten; each written row
/// is erased to its end first, so nothing stale is left (case 23's stray cells).
public struct AnsiRenderer: Sendable {
  /// How to reach row `n` of the drawing area: `.absolute(top)` when the terminal told
  /// where the area starts (1-based), `.relative` when it did not answer (rows are
  /// reached from the area's first row, where the cursor is parked after each frame).
  public enum Origin: Sendable, Equatable {
    /// The area starts at terminal row `top` (1-based); rows are reached with CUP.
    case absolute(top: Int)
    /// Where the area starts is unknown; rows are reached with CUU/CUD from its first row.
    case relative
  }

  /// How rows of the area are reached.
  public let origin: Origin
  /// Whether SGR colours are sent; attributes are sent either way.
  public let colorEnabled: Bool
  private var previous: Frame?
  /// The terminal's `wcwidth`: when set, a cluster whose characters the terminal would
  /// not advance by its layout width is sent as `TerminalGlyph` says (its base, padded),
  /// so columns line up whatever the terminal makes of emoji; `nil`: clusters are sent
  /// whole.
  public var glyphColumns: TerminalGlyph.Columns?

  /// A renderer for an area starting at `origin`; in `.relative` mode the cursor is
  /// on the area's first row.
  public init(origin: Origin, colorEnabled: Bool) {
    self.origin = origin
    self.colorEnabled = colorEnabled
  }

  /// The bytes that turn the screen into `frame`. In `.relative` mode the terminal
  /// cursor must be on the area's row `cursorRow` when this is called; it is left on
  /// the frame's cursor (or the first row) and `cursorRow` says which.
  public mutating func render(_ frame: Frame) -> [UInt8] {
    var out = "\u{1B}[?25l"  // hide the cursor while drawing
    for line in 0..<frame.rows {
      if let previous, previous.rows == frame.rows, previous.columns == frame.columns,
        (0..<frame.columns).allSatisfy({ previous[line, $0] == frame[line, $0] })
      {
        continue
      }
      out += move(to: line)
      out += "\u{1B}[0m\u{1B}[2K" + rowText(frame, line) + "\u{1B}[0m"
    }
    if let cursor = frame.cursor {
      out += move(to: cursor.row) + "\u{1B}[\(cursor.column + 1)G\u{1B}[?25h"
    } else {
      out += move(to: 0)
    }
    previous = frame
    return Array(out.utf8)
  }

  /// The area's row the terminal cursor is on (relative mode), 0-based.
  public private(set) var cursorRow = 0

  /// Forgets the previous frame, so the next one is drawn whole (after a resize).
  public mutating func invalidate() {
    previous = nil
  }

  /// The bytes that clear the area (`rows` rows) and leave the cursor on its first
  /// row, column 1 — what an inline picker leaves behind.
  public mutating func clear(rows: Int) -> [UInt8] {
    var out = ""
    for line in 0..<rows { out += move(to: line) + "\u{1B}[2K" }
    out += move(to: 0) + "\u{1B}[0m\u{1B}[?25h"
    previous = nil
    return Array(out.utf8)
  }

  /// Cursor movement to column 1 of the area's row `target`.
  private mutating func move(to target: Int) -> String {
    switch origin {
    case .absolute(let top):
      cursorRow = target
      return "\u{1B}[\(top + target);1H"
    case .relative:
      defer { cursorRow = target }
      if target > cursorRow { return "\r\u{1B}[\(target - cursorRow)B" }
      if target < cursorRow { return "\r\u{1B}[\(cursorRow - target)A" }
      return "\r"
    }
  }

  private func rowText(_ frame: Frame, _ line: Int) -> String {
    var text = ""
    var style = Style.plain
    var trailing = frame.columns
    while trailing > 0 && frame[line, trailing - 1] == .blank { trailing -= 1 }
    for column in 0..<trailing {
      let cell = frame[line, column]
      if cell.text.isEmpty { continue }  // continuation of a wide cluster
      if cell.style != style {
        text += sgr(cell.style)
        style = cell.style
      }
      guard let glyphColumns, !cell.text.utf8.allSatisfy({ $0 < 0x80 }) else {
        text += TerminalText.drawn(cell.text)
        continue
      }
      var width = 1
      while column + width < frame.columns && frame[line, column + width].text.isEmpty { width += 1 }
      var sent = 0
      for part in TerminalGlyph(cell.text, width: width, columns: glyphColumns).cells {
        text.unicodeScalars.appendEach(part.scalars.lazy.compactMap(Unicode.Scalar.init))
        sent += part.width
      }
      if sent < width { text += String(repeating: " ", count: width - sent) }
    }
    return text
  }

  /// SGR for `style` from a reset state.
  func sgr(_ style: Style) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    if colorEnabled {
      if let foreground = style.foreground { codes.append(String(30 + foreground.rawValue)) }
      if let background = style.background { codes.append(String(40 + background.rawValue)) }
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
