@preconcurrency import CNcursesw
import TerminalKit

/// The C library's `wcwidth` (POSIX, X/Open): columns of one wide character in the
/// current locale, -1 when unprintable. glibc declares it only under `_XOPEN_SOURCE`,
/// which the Glibc module does not set, so it is bound by name.
@_silgen_name("wcwidth")
func cWidth(_ character: wchar_t) -> Int32

/// What ncurses is asked to draw for one grapheme cluster.
///
/// ncurses places characters by the C library's `wcwidth`, one base character plus
/// up to four zero-width ones per cell (`CCHARW_MAX`). When that disagrees with
/// `TerminalText.width` (❤️ is 2 columns in a terminal but `wcwidth(U+2764)` is 1; a ZWJ
/// sequence holds several base characters), the cluster is drawn in a form both
/// agree on — its base character alone, padded with spaces to the frame's width — so
/// ncurses' idea of the cursor never drifts from the terminal's and columns stay
/// aligned.
struct CursesGlyph {
  /// Null-terminated wide characters for `setcchar`.
  var characters: [wchar_t]
  /// Spaces to draw after it, in the following cells.
  var padding: Int

  init(_ cluster: String, width: Int) {
    let scalars = Array(cluster.unicodeScalars)
    guard let first = scalars.first, width > 0 else {
      characters = [wchar_t(0x20), 0]
      padding = max(0, width - 1)
      return
    }
    var base = wchar_t(bitPattern: first.value)
    var baseWidth = Int(cWidth(base))
    if baseWidth < 1 || baseWidth > width {
      base = 0xFFFD  // unknown to the C library, or wider than laid out
      baseWidth = 1
    }
    let marks = scalars.dropFirst().map { wchar_t(bitPattern: $0.value) }
    let allZeroWidth = marks.allSatisfy { cWidth($0) == 0 && $0 != 0x200D }
    if baseWidth == width, allZeroWidth, marks.count < Int(CCHARW_MAX) {
      characters = [base] + marks + [0]
      padding = 0
    } else {
      characters = [base, 0]
      padding = width - baseWidth
    }
  }
}
