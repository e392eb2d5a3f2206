import TerminalKit

/// fzf's key names for `--expect` (`ctrl-a`…`ctrl-z`, `alt-a` and Alt with any other
/// printable ASCII character, `f1`…`f12`, `enter`/`return`, `space`, `tab`, `btab`, `left`, `right`,
/// `up`, `down`, `pgup`, `pgdn`, `home`, `end`, `del`, `bspace`, `alt-bspace`,
/// `esc`/`escape`, and a single printable character) and back. Not taken, as the
/// terminal screens do not tell them apart: `alt-enter`, `ctrl-space` and the other
/// modified keys.
enum ExpectKeys {
  /// The key for a name, or `nil` when the name is unknown.
  static func key(_ name: String) -> KeyEvent? {
    if name.hasPrefix("ctrl-"), name.count == 6, let letter = name.last, letter.isLetter {
      return .control(letter)
    }
    if name.hasPrefix("alt-"), name.count == 5, let character = name.last, character.isASCII, !character.isWhitespace {
      return .alt(character)
    }
    if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number), name.count <= 3 {
      return .function(number)
    }
    switch name {
    case "enter", "return": return .enter
    case "space": return .character(" ")
    case "alt-bspace", "alt-bs": return .altBackspace
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
