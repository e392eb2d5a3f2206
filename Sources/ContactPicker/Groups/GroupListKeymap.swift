import Localization
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

extension GroupListCommand: KeyCommand {
  var summary: String {
    switch self {
    case .up: L10n.text("previous group")
    case .down: L10n.text("next group")
    case .narrow: L10n.text("show the group's members")
    case .chooseMembers: L10n.text("choose every member")
    case .create: L10n.text("new group")
    case .rename: L10n.text("rename the group")
    case .delete: L10n.text("delete the group (asks first)")
    case .back: L10n.text("back to the list")
    case .cancel: L10n.text("cancel")
    }
  }
}

/// The groups view's key table.
enum GroupListKeymap {
  /// The keys; `multiple` (multi-select) names Tab on the help line, `editable` the
  /// keys that create, rename and delete groups (which work only then).
  static func groups(multiple: Bool, editable: Bool = false) -> Keymap<GroupListCommand> {
    Keymap([
      KeyBinding([.up, .control("p")], .up),
      KeyBinding([.down], .down),
      KeyBinding([.enter], .narrow, help: L10n.text("enter show group")),
      KeyBinding([.tab], .chooseMembers, help: multiple ? L10n.text("tab choose all members") : nil, listed: multiple),
      KeyBinding([.control("n")], .create, help: editable ? L10n.text("^N new") : nil, listed: editable),
      KeyBinding([.control("r")], .rename, help: editable ? L10n.text("^R rename") : nil, listed: editable),
      KeyBinding([.control("x"), .delete], .delete, help: editable ? L10n.text("^X delete") : nil, listed: editable),
      KeyBinding([.escape, .left, .control("t")], .back, help: L10n.text("esc back")),
      KeyBinding([.control("c"), .control("g"), .control("q")], .cancel),
    ], help: .f1)
  }

  /// The table `GroupListState.handle(_:)` uses.
  static let standard = groups(multiple: false)
}
