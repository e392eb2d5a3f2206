import Localization
import TerminalKit

/// A command a key table binds, with the words the help screen says for it.
protocol KeyCommand: Sendable {
  /// What the command does, in the user's language (`L10n`), for the help screen.
  var summary: String { get }
}

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
  /// Whether the help screen lists the row: false where the screen's settings make the
  /// command do nothing (`e` on a card that cannot be edited).
  let listed: Bool

  init(_ keys: [KeyEvent], _ command: Command, help: String? = nil, listed: Bool = true) {
    self.keys = keys
    self.command = command
    self.help = help
    self.listed = listed
  }
}

/// A screen's key table (after fzf's `defaultKeymap` and fzy's `keybindings[]`):
/// what each key does on that screen, in one place. A key that is not in the table
/// does nothing there, or is typed into the field being edited (the picker's query).
/// The key help line and the help screen (`KeyHelp`, its keys `helpKeys`) are made
/// from the same rows.
struct Keymap<Command: Sendable>: Sendable {
  /// The rows, in the order the help line names them.
  let bindings: [KeyBinding<Command>]
  /// The keys that show the help screen: F1, and `?` on screens where nothing is
  /// typed; none where the screen has no help (a y/n question).
  let helpKeys: [KeyEvent]
  private let commands: [KeyEvent: Command]

  /// Which keys show a screen's help.
  enum HelpKeys {
    /// None: the screen has no help screen.
    case none
    /// F1: the screen types characters (a query, a field), `?` among them.
    case f1
    /// F1 and `?`: nothing is typed on the screen.
    case f1AndQuestionMark
  }

  /// A table of `bindings`; a key bound twice does what its first row says; `help`
  /// says which keys show the screen's help (and the help line then names F1).
  init(_ bindings: [KeyBinding<Command>], help: HelpKeys = .none) {
    self.bindings = bindings
    switch help {
    case .none: helpKeys = []
    case .f1: helpKeys = [.function(1)]
    case .f1AndQuestionMark: helpKeys = [.function(1), .character("?")]
    }
    var commands: [KeyEvent: Command] = [:]
    for binding in bindings {
      for key in binding.keys where commands[key] == nil { commands[key] = binding.command }
    }
    self.commands = commands
  }

  /// What `key` does on this screen, or `nil` when the table does not bind it.
  func command(for key: KeyEvent) -> Command? { commands[key] }

  /// Whether `key` shows the help screen (and is bound to nothing else).
  func isHelp(_ key: KeyEvent) -> Bool { commands[key] == nil && helpKeys.contains(key) }

  /// The key help line: the rows' `help` entries, then `F1 help` when the screen has
  /// a help screen, joined by ` · `.
  var hint: String {
    (bindings.compactMap(\.help) + (helpKeys.isEmpty ? [] : [KeyHintLine.helpEntry])).joined(separator: " · ")
  }

  /// The help line with a notice before the keys (what an action started, or why not;
  /// its shorter forms after it): the first form that fits `columns`, with the keys
  /// when they fit too; the keys alone when there is no notice.
  func hint(after notice: [String], columns: Int) -> String {
    let candidates = notice.flatMap { ["\($0) · \(hint)", $0] }
    return candidates.first { TerminalText.width($0) <= columns } ?? candidates.last ?? hint
  }
}

extension Keymap where Command: KeyCommand {
  /// The help screen of this table: each listed row's keys and what they do, then
  /// the help keys; `typing` says what the other keys do (`nil`: nothing).
  func help(title: String, typing: String? = nil) -> KeyHelp {
    var rows = bindings.filter(\.listed).map { KeyHelp.Row(keys: $0.keys, summary: $0.command.summary) }
    if let typing { rows.append(KeyHelp.Row(keys: [], summary: typing)) }
    rows.append(KeyHelp.Row(keys: helpKeys, summary: L10n.text("this help")))
    return KeyHelp(title: title, rows: rows)
  }
}

/// Fitting a key help line to the screen's width.
enum KeyHintLine {
  /// The help line's last entry on a screen with a help screen.
  static var helpEntry: String { L10n.text("F1 help") }

  /// `hint` (entries joined by ` · `) with entries before its last left out, from the
  /// end, until it fits `width` columns, so that a narrow screen loses whole entries
  /// rather than cutting one in the middle, and keeps `F1 help` (`helpEntry`, last),
  /// from which every key can be found; that goes too only when the first entry with
  /// it does not fit. As it is when even its first entry does not fit (the frame then
  /// cuts it with `…`).
  static func fitted(_ hint: String, width: Int) -> String {
    var entries = hint.components(separatedBy: " · ")
    var help = entries.count > 1 && entries.last == helpEntry ? entries.removeLast() : nil
    var line = hint
    while TerminalText.width(line) > width && entries.count + (help == nil ? 0 : 1) > 1 {
      if entries.count > 1 { entries.removeLast() } else { help = nil }
      line = (entries + (help.map { [$0] } ?? [])).joined(separator: " · ")
    }
    return line
  }
}
