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
  /// Enter or Return (CR, LF).
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (`CSI Z`).
  case backTab
  /// Backspace (BS or DEL byte).
  case backspace
  /// Alt-Backspace (ESC then DEL or BS, in one write): deletes the word before the
  /// cursor (readline's and fzf's `backward-kill-word`).
  case altBackspace
  /// The Delete key (`CSI 3 ~`).
  case delete
  /// A lone Esc.
  case escape
  /// The ↑ arrow key.
  case up
  /// The ↓ arrow key.
  case down
  /// The ← arrow key.
  case left
  /// The → arrow key.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// A function key: `.function(1)` is F1 (`SS3 P`, `CSI 11 ~`, ncurses' `KEY_F(1)`).
  case function(Int)
  /// Text that arrived as one bracketed paste (`CSI 200~ … CSI 201~`); line breaks kept.
  case paste(String)
  /// The terminal changed size; the controller redraws.
  case resize
  /// A mouse click, double click or wheel turn at a screen cell.
  case mouse(MouseEvent)
}

/// What the mouse did, and where (zero-based screen row and column).
public struct MouseEvent: Sendable, Hashable {
  /// What the mouse did.
  public enum Action: Sendable, Hashable {
    /// A left-button click.
    case click
    /// Two left-button clicks on one row in quick succession.
    case doubleClick
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down (towards the user).
    case wheelDown
  }

  /// What the mouse did.
  public var action: Action
  /// The zero-based screen row.
  public var row: Int
  /// The zero-based screen column.
  public var column: Int

  /// Creates a mouse event.
  public init(_ action: Action, row: Int, column: Int) {
    self.action = action
    self.row = row
    self.column = column
  }
}
