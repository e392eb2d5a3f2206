/// One key press (or paste, or resize) as the controllers see it.
///
/// Back-ends decode their input into these: the ncursesw screen from `get_wch`,
/// the in-memory screen from a script. Control keys are `.control("a")` for Ctrl-A
/// (lower-case letter); Enter, Tab, Backspace and Esc have their own cases.
public enum KeyEvent: Sendable, Hashable {
  /// A printable character (one grapheme cluster).
  case character(Character)
  /// Ctrl plus a letter, lower case: `.control("u")` is Ctrl-U.
  case control(Character)
  /// Alt (Meta) plus a character, sent by terminals as ESC and the character:
  /// `.alt("b")` is Alt-B.
  case alt(Character)
  case enter, tab, backTab, backspace, delete, escape
  case up, down, left, right, home, end, pageUp, pageDown
  /// Text that arrived as one bracketed paste (`CSI 200~ … CSI 201~`); line breaks kept.
  case paste(String)
  /// The terminal changed size; the controller redraws.
  case resize
  /// A mouse click, double click or wheel turn at a screen cell.
  case mouse(MouseEvent)
}

/// What the mouse did, and where (zero-based screen row and column).
public struct MouseEvent: Sendable, Hashable {
  public enum Action: Sendable, Hashable {
    case click, doubleClick, wheelUp, wheelDown
  }

  public var action: Action
  public var row: Int
  public var column: Int

  /// Creates a mouse event.
  public init(_ action: Action, row: Int, column: Int) {
    self.action = action
    self.row = row
    self.column = column
  }
}
