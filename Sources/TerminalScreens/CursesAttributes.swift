@preconcurrency import CNcursesw
import TerminalKit

/// ncurses video attributes and colour pairs for a `Style`.
///
/// The `A_*` macros are built with a function-like macro Swift cannot import, so the
/// bit values of `<ncursesw/curses.h>` (`NCURSES_BITS(1, n)` = `1 << (n + 8)`) are
/// spelled out here.
enum CursesAttributes {
  static let underline: attr_t = 1 << 17  // A_UNDERLINE
  static let reverse: attr_t = 1 << 18  // A_REVERSE
  static let dim: attr_t = 1 << 20  // A_DIM
  static let bold: attr_t = 1 << 21  // A_BOLD

  /// The attribute bits for `style` (colour excluded).
  static func attributes(_ style: Style) -> attr_t {
    var bits: attr_t = 0
    if style.bold { bits |= bold }
    if style.dim { bits |= dim }
    if style.reverse { bits |= reverse }
    if style.underline { bits |= underline }
    return bits
  }

  /// Colour pairs set up by `setUpPairs()`:
  /// 1–8 foreground on the default background, 9–16 default foreground on a
  /// background, 17–80 foreground on background when the terminal has enough pairs.
  static func setUpPairs() -> Bool {
    guard start_color() != ERR else { return false }
    _ = use_default_colors()
    for color in 0..<8 {
      _ = init_pair(Int16(1 + color), Int16(color), -1)
      _ = init_pair(Int16(9 + color), -1, Int16(color))
    }
    guard COLOR_PAIRS >= 81 else { return true }
    for fg in 0..<8 {
      for bg in 0..<8 { _ = init_pair(Int16(17 + fg * 8 + bg), Int16(fg), Int16(bg)) }
    }
    return true
  }

  /// The colour pair for `style` (0: default colours).
  static func pair(_ style: Style) -> Int16 {
    switch (style.foreground, style.background) {
    case (nil, nil): return 0
    case (let fg?, nil): return Int16(1 + fg.rawValue)
    case (nil, let bg?): return Int16(9 + bg.rawValue)
    case (let fg?, let bg?):
      return COLOR_PAIRS >= 81 ? Int16(17 + fg.rawValue * 8 + bg.rawValue) : Int16(1 + fg.rawValue)
    }
  }
}
