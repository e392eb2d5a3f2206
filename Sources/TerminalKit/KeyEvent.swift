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
  case enter, tab, backTab, backspace, delete, escape
  case up, down, left, right, home, end, pageUp, pageDown
  /// Text that arrived as one bracketed paste (`CSI 200~ … CSI 201~`); line breaks kept.
  case paste(String)
  /// The terminal changed size; the controller redraws.
  case resize
}
