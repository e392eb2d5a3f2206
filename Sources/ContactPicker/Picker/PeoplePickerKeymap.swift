import Localization
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

extension PeoplePickerCommand: KeyCommand {
  var summary: String {
    switch self {
    case .choose: L10n.text("choose the highlighted contact")
    case .cancel: L10n.text("cancel")
    case .up: L10n.text("previous contact")
    case .down: L10n.text("next contact")
    case .pageUp: L10n.text("previous page")
    case .pageDown: L10n.text("next page")
    case .markDown: L10n.text("mark or unmark, then down")
    case .markUp: L10n.text("mark or unmark, then up")
    case .openCard: L10n.text("open the contact's card")
    case .openCardAtEndOfQuery: L10n.text("open the card (at the end of the query)")
    case .groups: L10n.text("show the groups")
    case .nextSection: L10n.text("next section; then a letter: its section")
    case .newContact: L10n.text("new contact")
    case .searchDirectory: L10n.text("search the directory for the query")
    }
  }
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
      KeyBinding([.tab], .markDown, help: multiple ? L10n.text("tab mark") : nil, listed: multiple),
      KeyBinding([.backTab], .markUp, listed: multiple),
      KeyBinding([.enter], .choose, help: multiple ? L10n.text("enter done") : L10n.text("enter choose")),
      KeyBinding([.right], .openCardAtEndOfQuery, help: L10n.text("→ card")),
      KeyBinding([.control("o")], .openCard),
      KeyBinding([.control("t")], .groups, help: L10n.text("^T groups")),
      KeyBinding([.control("x")], .nextSection, help: L10n.text("^X section")),
      KeyBinding([.escape, .control("c"), .control("g"), .control("q")], .cancel, help: L10n.text("esc cancel")),
      KeyBinding([.control("n")], adding ? .newContact : .down, help: adding ? L10n.text("^N new") : nil),
    ] + (directory ? [KeyBinding([.control("d")], .searchDirectory, help: L10n.text("^D directory"))] : []) + [
      KeyBinding([.up, .control("p")], .up),
      KeyBinding([.down], .down),
      KeyBinding([.pageUp], .pageUp),
      KeyBinding([.pageDown], .pageDown),
    ], help: .f1)
  }

  /// The list's keys with one choice and no adding: what `PeoplePickerState.handle(_:)` uses.
  static let standard = list(multiple: false, adding: false)
}
