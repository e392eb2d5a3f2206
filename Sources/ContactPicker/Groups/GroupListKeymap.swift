import TerminalKit

/// What a key does in the people picker's groups view (`GroupListKeymap`).
enum GroupListCommand: Sendable, Equatable {
  /// Move the highlight.
  case up, down
  /// Narrow the list to the highlighted group.
  case narrow
  /// Choose every member of the highlighted group (multi-select).
  case chooseMembers
  /// Ask for the name of a new group (Ctrl-N).
  case create
  /// Ask for a new name of the highlighted group (Ctrl-R).
  case rename
  /// Ask whether to delete the highlighted group (Ctrl-X, Delete).
  case delete
  /// Back to the list.
  case back
  /// End the whole interaction.
  case cancel
}

/// The groups view's key table.
enum GroupListKeymap {
  /// The keys; `multiple` (multi-select) names Tab on the help line, `editable` the
  /// keys that create, rename and delete groups (which work only then).
  static func groups(multiple: Bool, editable: Bool = false) -> Keymap<GroupListCommand> {
    Keymap([
      KeyBinding([.up, .control("p")], .up),
      KeyBinding([.down], .down),
      KeyBinding([.enter], .narrow, help: "enter show group"),
      KeyBinding([.tab], .chooseMembers, help: multiple ? "tab choose all members" : nil),
      KeyBinding([.control("n")], .create, help: editable ? "^N new" : nil),
      KeyBinding([.control("r")], .rename, help: editable ? "^R rename" : nil),
      KeyBinding([.control("x"), .delete], .delete, help: editable ? "^X delete" : nil),
      KeyBinding([.escape, .left, .control("t")], .back, help: "esc back"),
      KeyBinding([.control("c"), .control("g"), .control("q")], .cancel),
    ])
  }

  /// The table `GroupListState.handle(_:)` uses.
  static let standard = groups(multiple: false)
}
