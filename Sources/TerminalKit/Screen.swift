/// A place a controller draws on and reads keys from.
///
/// Two back-ends: `CursesScreen` (ncursesw on `/dev/tty`, module TerminalCurses) and
/// `MemoryScreen` (in memory, with scripted keys, for tests and host programs' tests).
/// Controllers never write to a terminal directly: they build a `Frame` and
/// `present` it.
@MainActor
public protocol Screen: AnyObject {
  /// The drawable size in cells: `rows` lines of `columns` columns.
  var size: (rows: Int, columns: Int) { get }
  /// Whether colour may be used (false with `NO_COLOR` or `--no-color`).
  var colorEnabled: Bool { get }
  /// Shows `frame` (of exactly `size`), replacing what was shown before.
  func present(_ frame: Frame)
  /// Blocks until the next key; `nil` when input has ended (in-memory script done,
  /// terminal closed).
  func nextKey() -> KeyEvent?
  /// Gives the terminal back as it was (idempotent). The in-memory screen has nothing
  /// to give back.
  func end()
}

extension Screen {
  /// Default: does nothing (nothing to give back).
  public func end() {}
}
