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
/// ncurses places characters by the C library's `wcwidth`: one base character plus up
/// to four zero-width ones per cell (`CCHARW_MAX`). When that disagrees with
/// `TerminalText.width` (❤️ is 2 columns in a terminal but `wcwidth(U+2764)` is 1; a ZWJ
/// sequence holds several base characters), the cluster is drawn in a form both agree
/// on, so ncurses' idea of the cursor never drifts from the terminal's and columns
/// stay aligned:
/// - a flag (two regional indicators, 1 column each for `wcwidth`) as its two
///   indicators in consecutive cells, which the terminal joins into one 2-column flag;
/// - otherwise the base character alone, the rest of the columns padded with spaces
///   by the caller (❤️ → ❤ + space, 👩‍💻 → 👩);
/// - U+FFFD for a base the C library does not know or finds too wide.
struct CursesGlyph {
  /// Null-terminated wide characters for `setcchar`, and the columns each takes.
  var parts: [(characters: [wchar_t], width: Int)]

  init(_ cluster: String, width: Int) {
    let scalars = Array(cluster.unicodeScalars)
    guard let first = scalars.first, width > 0 else {
      parts = []
      return
    }
    if first.isASCII, scalars.count == 1 {
      parts = [([first.value < 0x20 || first.value == 0x7F ? 0x20 : wchar_t(first.value), 0], 1)]
      return
    }
    let values = scalars.map { wchar_t(bitPattern: $0.value) }
    if width == 2, values.count == 2, values.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0) }),
      values.allSatisfy({ cWidth($0) == 1 })
    {
      parts = [([values[0], 0], 1), ([values[1], 0], 1)]
      return
    }
    var base = values[0]
    var baseWidth = Int(cWidth(base))
    if baseWidth < 1 || baseWidth > width {
      base = 0xFFFD
      baseWidth = 1
    }
    let marks = values.dropFirst()
    let allZeroWidth = marks.allSatisfy { cWidth($0) == 0 && $0 != 0x200D }
    if baseWidth == width, allZeroWidth, marks.count < Int(CCHARW_MAX) {
      parts = [([base] + marks + [0], baseWidth)]
    } else {
      parts = [([base, 0], baseWidth)]
    }
  }
}
