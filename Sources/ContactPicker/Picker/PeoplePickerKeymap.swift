import TerminalKit

/// What a key does in the people picker's list (`PeoplePickerKeymap`).
enum PeoplePickerCommand: Sendable, Equatable {
  /// Choose the highlighted contact (in multi-select with marks: end with them).
  case choose
  /// End without choosing.
  case cancel
  /// Move the highlight by one row.
  case up, down
  /// Move the highlight by a page.
  case pageUp, pageDown
  /// Mark or unmark the highlighted contact (multi-select), then move down or up.
  case markDown, markUp
  /// Show the highlighted contact's card.
  case openCard
  /// Show the card when the query's cursor is at its end; else move it right.
  case openCardAtEndOfQuery
  /// Show the groups.
  case groups
  /// Jump to the next section; a letter typed next jumps to its section.
  case nextSection
  /// Open the new-person form.
  case newContact
  /// Search the directories searched on the server for the query (their own list).
  case searchDirectory

  /// Whether the command may act on a contact (choose, mark, open its card, add
  /// one), so that a stored list shown while its files are checked must be checked
  /// first; moving and cancelling need not wait (nor does typing, bound to nothing).
  var needsCheckedList: Bool {
    switch self {
    case .cancel, .up, .down, .pageUp, .pageDown, .searchDirectory: false
    case .choose, .markDown, .markUp, .openCard, .openCardAtEndOfQuery, .groups, .nextSection, .newContact: true
    }
  }

  /// Whether the command acts on the rows (moves, chooses, marks…), so that the rows
  /// of a search still running must be waited for; cancelling need not wait (nor
  /// does typing).
  var needsCurrentRows: Bool { self != .cancel }
}

/// The people picker's key tables: the list's, the card's (`PersonCardKeymap`) and
/// the groups' (`GroupListKeymap`) are the three screens of the picker.
enum PeoplePickerKeymap {
  /// The list's keys. Keys not in it edit the query (`LineEditor`).
  ///
  /// - Parameters:
  ///   - multiple: multi-select (`-m`): the help names Tab, and Enter ends with the marks.
  ///   - adding: contacts can be added: Ctrl-N opens the new-person form (else it moves down).
  ///   - directory: a directory is searched on the server: Ctrl-D searches it for the query.
  static func list(multiple: Bool, adding: Bool, directory: Bool = false) -> Keymap<PeoplePickerCommand> {
    Keymap([
      KeyBinding([.tab], .markDown, help: multiple ? "tab mark" : nil),
      KeyBinding([.backTab], .markUp),
      KeyBinding([.enter], .choose, help: multiple ? "enter done" : "enter choose"),
      KeyBinding([.right], .openCardAtEndOfQuery, help: "→ card"),
      KeyBinding([.control("o")], .openCard),
      KeyBinding([.control("t")], .groups, help: "^T groups"),
      KeyBinding([.control("x")], .nextSection, help: "^X section"),
      KeyBinding([.escape, .control("c"), .control("g"), .control("q")], .cancel, help: "esc cancel"),
      KeyBinding([.control("n")], adding ? .newContact : .down, help: adding ? "^N new" : nil),
    ] + (directory ? [KeyBinding([.control("d")], .searchDirectory, help: "^D directory")] : []) + [
      KeyBinding([.up, .control("p")], .up),
      KeyBinding([.down], .down),
      KeyBinding([.pageUp], .pageUp),
      KeyBinding([.pageDown], .pageDown),
    ])
  }

  /// The list's keys with one choice and no adding: what `PeoplePickerState.handle(_:)` uses.
  static let standard = list(multiple: false, adding: false)
}
