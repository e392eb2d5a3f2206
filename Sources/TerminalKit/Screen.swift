/// A place a controller draws on and reads keys from.
///
/// Two back-ends: `CursesScreen` (ncursesw on `/dev/tty`, module TerminalScreens) and
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
  /// Waits for the next key, or at most `milliseconds` when a timeout is given.
  ///
  /// A controller with work going on elsewhere (an address book being read, a search
  /// on another thread) passes a timeout so that it can look at that work and redraw
  /// between keys; with nothing going on it passes `nil` and waits as long as it
  /// takes, like `nextKey()`. Called on the main actor; the timeout is a bound on the
  /// wait, not a promise (a key sequence that has begun is read to its end first).
  ///
  /// - Parameter milliseconds: the longest wait, in milliseconds (0: only what is
  ///   already there), or `nil` for no limit.
  /// - Returns: `.key` for a key; `.timedOut` when the time passed with no key (only
  ///   when a timeout was given); `.ended` when input has ended (as `nextKey()`'s
  ///   `nil`).
  func nextInput(timeout milliseconds: Int?) -> ScreenInput
  /// The next key if it is already there (typed ahead, or the rest of text a terminal
  /// sent without bracketed paste), without waiting; `nil` when none is. A controller
  /// takes such a burst of typed characters as one edit: one search and one frame.
  /// Default: for a terminal (a screen with an `inputDescriptor`) `nextInput(timeout:
  /// 0)`'s key; for a screen whose input is always there, `nil` (every key handled on
  /// its own).
  func waitingKey() -> KeyEvent?
  /// The file descriptor the screen reads its input from (`/dev/tty`), for waiting
  /// for input off the main actor (`input(timeout:)`); nil for a screen whose input
  /// is always there (the in-memory screen).
  var inputDescriptor: Int32? { get }
  /// The size of a cell in pixels, as the terminal tells it (`CellPixelSize`); nil
  /// when it does not, or the screen has no pixels (the in-memory screen).
  var cellPixelSize: CellPixelSize? { get }
  /// Gives the terminal back as it was (idempotent). The in-memory screen has nothing
  /// to give back.
  func end()
}

/// What waiting for input gave (`Screen.nextInput(timeout:)`).
public enum ScreenInput: Sendable, Hashable {
  /// A key (or paste, resize, mouse event).
  case key(KeyEvent)
  /// The timeout passed with no key.
  case timedOut
  /// Input has ended: the terminal closed, the in-memory script is used up.
  case ended
}

extension Screen {
  /// Default: does nothing (nothing to give back).
  public func end() {}

  /// Default: what a terminal has read or can read now (`nextInput(timeout: 0)`); `nil`
  /// for a screen without a descriptor, whose input is always there.
  public func waitingKey() -> KeyEvent? {
    guard inputDescriptor != nil, case .key(let key) = nextInput(timeout: 0) else { return nil }
    return key
  }

  /// Default: none (input is read at once).
  public var inputDescriptor: Int32? { nil }

  /// Default: not known.
  public var cellPixelSize: CellPixelSize? { nil }

  /// Default, for screens that can only block: `nextKey()`, ignoring the timeout.
  /// It never returns `.timedOut`, so a controller sees its background work only when
  /// a key comes.
  public func nextInput(timeout milliseconds: Int?) -> ScreenInput {
    nextKey().map { .key($0) } ?? .ended
  }
}
