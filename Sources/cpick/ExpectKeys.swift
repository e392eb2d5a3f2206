import TerminalKit

/// fzf's key names for `--expect` (`ctrl-a`…`ctrl-z`, `tab`, `btab`, `left`, `right`,
/// `up`, `down`, `pgup`, `pgdn`, `home`, `end`, `del`, `bspace`, `esc`/`escape`, and a
/// single printable character) and back.
enum ExpectKeys {
  /// The key for a name, or `nil` when the name is unknown.
  static func key(_ name: String) -> KeyEvent? {
    if name.hasPrefix("ctrl-"), name.count == 6, let letter = name.last, letter.isLetter {
      return .control(letter)
    }
    switch name {
    case "tab": return .tab
    case "btab", "shift-tab": return .backTab
    case "left": return .left
    case "right": return .right
    case "up": return .up
    case "down": return .down
    case "pgup", "page-up": return .pageUp
    case "pgdn", "page-down": return .pageDown
    case "home": return .home
    case "end": return .end
    case "del": return .delete
    case "bspace", "bs": return .backspace
    case "esc", "escape": return .escape
    default:
      if name.count == 1, let character = name.first { return .character(character) }
      return nil
    }
  }

  /// The name printed for `key` (the first spelling `key(_:)` accepts).
  static func name(_ key: KeyEvent, among names: [String]) -> String {
    names.first { self.key($0) == key } ?? ""
  }
}
