import Localization
import TerminalKit

/// What a key does on the person card (`PersonCardKeymap`).
enum PersonCardCommand: Sendable, Equatable {
  /// Choose the highlighted value.
  case choose
  /// Leave the card (back to the list, or close it).
  case back
  /// Open the form on the contact (when the card allows editing).
  case edit
  /// The highlighted value's default action (`ContactActions`): mail, call, browse, map.
  case act
  /// The highlighted value's message action: a text message to a phone number.
  case message
  /// End the whole interaction.
  case cancel
  /// Move to the previous or next value (scroll at either end).
  case up, down
  /// Mark or unmark the highlighted value (multi-select), then move.
  case markDown, markUp
  /// Scroll a page.
  case pageUp, pageDown
  /// The first or last value.
  case first, last
}

extension PersonCardCommand: KeyCommand {
  var summary: String {
    switch self {
    case .choose: L10n.text("choose the highlighted value")
    case .back: L10n.text("leave the card")
    case .edit: L10n.text("edit the contact")
    case .act: L10n.text("open the value: mail, call, browse, map")
    case .message: L10n.text("send a text message to the number")
    case .cancel: L10n.text("cancel")
    case .up: L10n.text("previous value")
    case .down: L10n.text("next value")
    case .markDown: L10n.text("mark or unmark, then down")
    case .markUp: L10n.text("mark or unmark, then up")
    case .pageUp: L10n.text("previous page")
    case .pageDown: L10n.text("next page")
    case .first: L10n.text("first value")
    case .last: L10n.text("last value")
    }
  }
}

/// The person card's key table, shared by `PersonViewController` and the people
/// picker's card. The wheel moves like ↑/↓ (`PersonCardState.handle(_:)`).
enum PersonCardKeymap {
  /// Where the card is shown, for the words of its help line.
  struct Context: Sendable {
    /// Values can be chosen (allowsActions).
    var choosing = true
    /// Several values may be marked (the picker's `-m`).
    var multiple = false
    /// `e` opens the form.
    var editing = false
    /// `o` and `m` act on values (`ContactActions`); `m` named only when some value has
    /// a message action.
    var acting = false
    var messaging = false
    /// What Esc does: back (to the picker's list) or close, as the help line says it.
    var leaving = L10n.text("back")
  }

  /// The card's keys, their help worded for `context`.
  static func card(_ context: Context = Context()) -> Keymap<PersonCardCommand> {
    let choose: String? =
      !context.choosing ? nil : context.multiple ? L10n.text("enter done") : L10n.text("enter choose")
    let messaging = context.acting && context.messaging
    return Keymap(
      [
        KeyBinding([.up, .control("p")], .up, help: L10n.text("↑↓ move")),
        KeyBinding([.down, .control("n")], .down),
        KeyBinding([.tab], .markDown, help: context.multiple ? L10n.text("tab mark") : nil, listed: context.multiple),
        KeyBinding([.backTab], .markUp, listed: context.multiple),
        KeyBinding([.enter], .choose, help: choose, listed: context.choosing),
        KeyBinding([.escape, .left], .back, help: L10n.format("esc %s", context.leaving)),
        KeyBinding(
          [.character("e"), .control("e")], .edit, help: context.editing ? L10n.text("e edit") : nil,
          listed: context.editing),
        KeyBinding([.character("o")], .act, help: context.acting ? L10n.text("o open") : nil, listed: context.acting),
        KeyBinding([.character("m")], .message, help: messaging ? L10n.text("m message") : nil, listed: messaging),
        KeyBinding([.control("c"), .control("g"), .control("q")], .cancel),
        KeyBinding([.pageUp], .pageUp),
        KeyBinding([.pageDown], .pageDown),
        KeyBinding([.home], .first),
        KeyBinding([.end], .last),
      ], help: .f1AndQuestionMark)
  }

  /// The table `PersonCardState.handle(_:)` uses (the help words do not matter there).
  static let standard = card()
}
