@preconcurrency import CNcursesw
import TerminalKit

/// Mapping `wget_wch` results to `KeyEvent`s.
enum CursesKeys {
  /// Key codes given to `define_key` for the bracketed-paste markers (xterm mode
  /// 2004: `CSI 200 ~` starts a paste, `CSI 201 ~` ends it); above ncurses' own codes.
  static let pasteStart: Int32 = 0x4000
  static let pasteEnd: Int32 = 0x4001

  /// Escape sequences taught to ncurses on top of the terminfo entry: the CSI (normal
  /// cursor mode) and SS3 (application mode) forms of the cursor and editing keys,
  /// since a terminal may send either whatever terminfo says (ECMA-48, xterm).
  static let extraSequences: [(String, Int32)] = [
    ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
    ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
    ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
    ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
    ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[Z", KEY_BTAB),
    ("\u{1B}[200~", pasteStart), ("\u{1B}[201~", pasteEnd),
  ] + modifiedSequences

  /// xterm's cursor and editing keys with Shift, Alt or Ctrl (`CSI 1 ; m A`, `CSI 3 ; m ~`,
  /// m = 2…8: PC-style function keys), taken as the keys without them, as the inline
  /// screen's `KeyDecoder` does: terminfo names some of them (`kri`, `kind`, `kDN5`) as
  /// keys of their own, which the picker would ignore.
  static let modifiedSequences: [(String, Int32)] = (2...8).flatMap { modifier in
    [("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT), ("H", KEY_HOME), ("F", KEY_END)].map {
      ("\u{1B}[1;\(modifier)\($0.0)", $0.1)
    } + [("3", KEY_DC), ("5", KEY_PPAGE), ("6", KEY_NPAGE)].map { ("\u{1B}[\($0.0);\(modifier)~", $0.1) }
  }

  /// ncurses mouse masks (NCURSES_MOUSE_VERSION 2: five bits per button).
  static func mouseMask(button: Int, _ bits: UInt) -> mmask_t { mmask_t(bits << ((button - 1) * 5)) }
  static let clicked: UInt = 0o4, doubleClicked: UInt = 0o10, pressed: UInt = 0o2

  /// The buttons the picker listens to: button 1 clicks and double clicks, the wheel.
  static var mouseEvents: mmask_t {
    mouseMask(button: 1, clicked) | mouseMask(button: 1, doubleClicked) | mouseMask(button: 1, pressed)
      | mouseMask(button: 4, pressed) | mouseMask(button: 5, pressed)
  }

  /// The event for the mouse report `getmouse` gave, or nil to ignore it.
  static func event(forMouse report: MEVENT) -> KeyEvent? {
    let state = UInt(report.bstate)
    let row = Int(report.y), column = Int(report.x)
    if state & UInt(mouseMask(button: 4, pressed)) != 0 { return .mouse(MouseEvent(.wheelUp, row: row, column: column)) }
    if state & UInt(mouseMask(button: 5, pressed)) != 0 { return .mouse(MouseEvent(.wheelDown, row: row, column: column)) }
    if state & UInt(mouseMask(button: 1, doubleClicked)) != 0 {
      return .mouse(MouseEvent(.doubleClick, row: row, column: column))
    }
    if state & UInt(mouseMask(button: 1, clicked) | mouseMask(button: 1, pressed)) != 0 {
      return .mouse(MouseEvent(.click, row: row, column: column))
    }
    return nil
  }

  /// Registers `extraSequences` with the current ncurses screen.
  static func defineExtraSequences() {
    for (sequence, code) in extraSequences where key_defined(sequence) != code {
      _ = define_key(sequence, code)
    }
  }

  /// The event for a function-key code (`wget_wch` returned `KEY_CODE_YES`), or nil
  /// to ignore it.
  static func event(forKeyCode code: Int32) -> KeyEvent? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_HOME, KEY_A1: .home
    case KEY_END, KEY_C1: .end
    case KEY_PPAGE, KEY_A3: .pageUp
    case KEY_NPAGE, KEY_C3: .pageDown
    case KEY_DC: .delete
    case KEY_BACKSPACE: .backspace
    case KEY_BTAB: .backTab
    case KEY_ENTER: .enter
    case KEY_RESIZE: .resize
    case KEY_F0 + 1...KEY_F0 + 12: .function(Int(code - KEY_F0))
    default: nil
    }
  }

  /// The event for a character (`wget_wch` returned `OK`), or nil to ignore it.
  static func event(forCharacter value: UInt32) -> KeyEvent? {
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x1B: return .escape
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(0x60 + value)!))
    case 0x00...0x1F, 0x80...0x9F: return nil
    default:
      guard let scalar = Unicode.Scalar(value) else { return nil }
      return .character(Character(scalar))
    }
  }
}
