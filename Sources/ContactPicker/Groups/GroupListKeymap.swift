import TerminalKit

/// What a key does in the people picker's groups view (`GroupListKeymap`).
enum GroupListCommand: Sendable, Equatable {
  /// Move the highlight.
  case up, down
  /// Narrow the list to the highlighted group.
  case narrow
  /// Choose every member of the highlighted group (multi-select).
  case chooseMembers
  /// Back to the list.
  case back
  /// End the whole interaction.
  case cancel
}

/// The groups view's key table.
enum GroupListKeymap {
  /// The keys; `multiple` (multi-select) names Tab on the help line.
  static func groups(multiple: Bool) -> Keymap<GroupListCommand> {
    Keymap([
      KeyBinding([.up, .control("p")], .up),
      KeyBinding([.down, .control("n")], .down),
      KeyBinding([.enter], .narrow, help: "enter show group"),
      KeyBinding([.tab], .chooseMembers, help: multiple ? "tab choose all members" : nil),
      KeyBinding([.escape, .left, .control("t")], .back, help: "esc back"),
      KeyBinding([.control("c"), .control("g"), .control("q")], .cancel),
    ])
  }

  /// The table `GroupListState.handle(_:)` uses.
  static let standard = groups(multiple: false)
}
