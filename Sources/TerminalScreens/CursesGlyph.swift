@preconcurrency import CNcursesw
import TerminalKit

/// The C library's `wcwidth` (POSIX, X/Open): columns of one wide character in the
/// current locale, -1 when unprintable. glibc declares it only under `_XOPEN_SOURCE`,
/// which the Glibc module does not set, so it is bound by name.
@_silgen_name("wcwidth")
func cWidth(_ character: wchar_t) -> Int32

/// What ncurses is asked to draw for one grapheme cluster laid out `width` columns
/// wide: `TerminalGlyph`'s cells by the C library's `wcwidth`, at most `CCHARW_MAX`
/// characters each, as null-terminated wide characters for `setcchar`.
struct CursesGlyph {
  /// Null-terminated wide characters for `setcchar`, and the columns each takes.
  var parts: [(characters: [wchar_t], width: Int)]

  init(_ cluster: String, width: Int) {
    let glyph = TerminalGlyph(
      cluster, width: width, columns: { cWidth(wchar_t(bitPattern: $0)) }, charactersPerCell: Int(CCHARW_MAX))
    parts = glyph.cells.map { cell in (cell.scalars.map { wchar_t(bitPattern: $0) } + [0], cell.width) }
  }
}
