@preconcurrency import CNcursesw
import TerminalKit

/// The C library's `wcwidth` (POSIX, X/Open): columns of one wide character in the
/// current locale, -1 when unprintable. glibc declares it only under `_XOPEN_SOURCE`,
/// which the Glibc module does not set, so it is bound by name.
@_silgen_name("wcwidth")
func cWidth(_ character: wchar_t) -> Int32

/// What ncurses is asked to draw for one grapheme cluster laid out `width` columns
/// wide.
///
/// ncurses places characters by the C library's `wcwidth`, as the terminal does: each
/// character of width 1 or 2 starts a cell, and the zero-width ones after it (up to
/// four, `CCHARW_MAX`) go into that cell. So a cluster is drawn as such cells side by
/// side — every character of it reaches the terminal, in order — when their widths
/// add up to `width` (`TerminalText.width` counts the same way):
/// - `é` (e + U+0301) is one cell; `प्रि` (प ् र ि) three: `प्`, `र`, `ि`;
/// - a flag is its two regional indicators (1 column each for `wcwidth`), which the
///   terminal joins into one 2-column flag;
/// - a joiner (U+200D) outside emoji is left out (see `TerminalText.drawn`).
///
/// When they do not add up (❤️ is 2 columns in a terminal but `wcwidth(U+2764)` is 1;
/// a ZWJ sequence such as 👩‍💻 holds several 2-column characters that the terminal
/// joins into one), the base character is drawn alone and the caller pads the rest of
/// the columns with spaces (❤️ → ❤ + space, 👩‍💻 → 👩), so ncurses' idea of the cursor
/// never drifts from the terminal's and columns stay aligned; U+FFFD stands for a base
/// the C library does not know or finds too wide.
struct CursesGlyph {
  /// Null-terminated wide characters for `setcchar`, and the columns each takes.
  var parts: [(characters: [wchar_t], width: Int)]

  init(_ cluster: String, width: Int) {
    let scalars = Array(TerminalText.drawn(cluster).unicodeScalars)
    guard let first = scalars.first, width > 0 else {
      parts = []
      return
    }
    if first.isASCII, scalars.count == 1 {
      parts = [([first.value < 0x20 || first.value == 0x7F ? 0x20 : wchar_t(first.value), 0], 1)]
      return
    }
    let values = scalars.map { wchar_t(bitPattern: $0.value) }
    if let cells = Self.cells(values), cells.reduce(0, { $0 + $1.width }) == width {
      parts = cells
      return
    }
    var base = values[0]
    var baseWidth = Int(cWidth(base))
    if baseWidth < 1 || baseWidth > width {
      base = 0xFFFD
      baseWidth = 1
    }
    parts = [([base, 0], baseWidth)]
  }

  /// `values` as ncurses cells: each character of width 1 or 2 with the zero-width
  /// ones after it, or `nil` when one is unprintable for the C library, the first has
  /// no width, or a cell would hold more than `CCHARW_MAX` (an emoji tag sequence, 🏴
  /// and its seven tags: the part that fits would reach the terminal, half a
  /// sequence; the base is then drawn alone).
  private static func cells(_ values: [wchar_t]) -> [(characters: [wchar_t], width: Int)]? {
    var cells: [(characters: [wchar_t], width: Int)] = []
    for value in values {
      let columns = Int(cWidth(value))
      if columns < 0 { return nil }
      if columns > 0 {
        cells.append(([value], columns))
      } else if cells.isEmpty || cells[cells.count - 1].characters.count >= Int(CCHARW_MAX) {
        return nil
      } else {
        cells[cells.count - 1].characters.append(value)
      }
    }
    return cells.map { ($0.characters + [0], $0.width) }
  }
}
