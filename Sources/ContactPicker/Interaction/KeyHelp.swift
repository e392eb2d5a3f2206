import Localization
import TerminalKit

/// A screen's help (F1, `?` where nothing is typed): its keys and what they do, made
/// from the screen's key table (`Keymap.help(title:typing:)`), so it says what the
/// keys do.
struct KeyHelp: Sendable, Equatable {
  /// One line: keys and what they do.
  struct Row: Sendable, Equatable {
    /// The keys; none: "other keys".
    let keys: [KeyEvent]
    /// What they do.
    let summary: String

    /// The keys as the help screen names them (`enter`, `^P`, `↑`, `F1`).
    var label: String {
      keys.isEmpty ? L10n.text("other keys") : keys.map(KeyHelp.name(of:)).joined(separator: " ")
    }
  }

  /// The screen's name.
  let title: String
  /// The lines.
  let rows: [Row]

  /// A key's name on the help screen and the help line: `^X` for Ctrl-X, `M-b` for
  /// Alt-B, arrows as arrows, `F1`, a character as itself (`space` for a space).
  static func name(of key: KeyEvent) -> String {
    switch key {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .control(let letter): "^" + letter.uppercased()
    case .alt(let character): "M-\(character)"
    case .enter: "enter"
    case .tab: "tab"
    case .backTab: "shift-tab"
    case .backspace: "bksp"
    case .altBackspace: "M-bksp"
    case .delete: "del"
    case .escape: "esc"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pgup"
    case .pageDown: "pgdn"
    case .function(let number): "F\(number)"
    case .paste: "paste"
    case .resize: "resize"
    case .mouse: "mouse"
    }
  }
}

/// Whether a screen's help is shown, and the keys that show and close it: a help key
/// of the screen's table shows it, any key then closes it (and does nothing else).
struct KeyHelpToggle: Sendable, Equatable {
  /// The help is shown over the screen.
  private(set) var isShown = false

  /// Takes `key` when it shows or closes the help; false: the screen handles it.
  mutating func take<Command>(_ key: KeyEvent, in keymap: Keymap<Command>) -> Bool {
    if isShown {
      if key == .resize { return true }
      if case .mouse(let event) = key, event.action != .click, event.action != .doubleClick { return true }
      isShown = false
      return true
    }
    if keymap.isHelp(key) {
      isShown = true
      return true
    }
    return false
  }

  /// Closes the help (the screen changed under it).
  mutating func close() { isShown = false }
}

/// Draws a `KeyHelp` as the whole screen.
enum KeyHelpView {
  /// The help screen, `rows` × `columns`: the title, a line per row (keys, then what
  /// they do, cut with `…` when too long), and how to close it on the last line.
  static func render(_ help: KeyHelp, rows: Int, columns: Int, color: Bool) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    guard rows > 0, columns > 0 else { return frame }
    frame.put(L10n.format("Keys: %s", help.title), row: 0, column: 1, style: Style(bold: true), maxWidth: columns - 2)
    let labels = help.rows.map(\.label)
    let keyWidth = min(max(0, (columns - 4) / 3), labels.map(TerminalText.width).max() ?? 0)
    let last = rows - 1
    let room = max(0, last - 3)  // title, blank, rows…, blank, footer
    for (index, row) in help.rows.prefix(room).enumerated() {
      let line = index + 2
      if index == room - 1 && help.rows.count > room {
        frame.put("…", row: line, column: 1)
        break
      }
      let keyStyle = color ? Style(bold: true, foreground: .cyan) : Style(bold: true)
      frame.put(labels[index], row: line, column: 1, style: keyStyle, maxWidth: keyWidth)
      frame.put(row.summary, row: line, column: keyWidth + 3, maxWidth: columns - keyWidth - 4)
    }
    if last > 0 { frame.put(L10n.text("any key goes back"), row: last, column: 1, style: Style(dim: true), maxWidth: columns - 2) }
    return frame
  }
}
