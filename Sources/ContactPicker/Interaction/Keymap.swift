import TerminalKit

/// One row of a screen's key table: the keys, what they do, and how the key help
/// line names them (`nil`: not named there).
struct KeyBinding<Command: Sendable>: Sendable {
  /// The keys that do `command`.
  let keys: [KeyEvent]
  /// What they do.
  let command: Command
  /// The entry on the key help line, such as `enter choose`; `nil` for keys the line
  /// does not name (moves).
  let help: String?

  init(_ keys: [KeyEvent], _ command: Command, help: String? = nil) {
    self.keys = keys
    self.command = command
    self.help = help
  }
}

/// A screen's key table (after fzf's `defaultKeymap` and fzy's `keybindings[]`):
/// what each key does on that screen, in one place. A key that is not in the table
/// does nothing there, or is typed into the field being edited (the picker's query).
/// The key help line is made from the same rows.
struct Keymap<Command: Sendable>: Sendable {
  /// The rows, in the order the help line names them.
  let bindings: [KeyBinding<Command>]
  private let commands: [KeyEvent: Command]

  /// A table of `bindings`; a key bound twice does what its first row says.
  init(_ bindings: [KeyBinding<Command>]) {
    self.bindings = bindings
    var commands: [KeyEvent: Command] = [:]
    for binding in bindings {
      for key in binding.keys where commands[key] == nil { commands[key] = binding.command }
    }
    self.commands = commands
  }

  /// What `key` does on this screen, or `nil` when the table does not bind it.
  func command(for key: KeyEvent) -> Command? { commands[key] }

  /// The key help line: the rows' `help` entries, joined by ` · `.
  var hint: String { bindings.compactMap(\.help).joined(separator: " · ") }

  /// The help line with a notice before the keys (what an action started, or why not;
  /// its shorter forms after it): the first form that fits `columns`, with the keys
  /// when they fit too; the keys alone when there is no notice.
  func hint(after notice: [String], columns: Int) -> String {
    let candidates = notice.flatMap { ["\($0) · \(hint)", $0] }
    return candidates.first { TerminalText.width($0) <= columns } ?? candidates.last ?? hint
  }
}
