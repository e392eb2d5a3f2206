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
    /// What Esc does: `back` (to the picker's list) or `close`.
    var leaving = "back"
  }

  /// The card's keys, their help worded for `context`.
  static func card(_ context: Context = Context()) -> Keymap<PersonCardCommand> {
    let choose: String? = !context.choosing ? nil : context.multiple ? "enter done" : "enter choose"
    return Keymap([
      KeyBinding([.up, .control("p")], .up, help: "↑↓ move"),
      KeyBinding([.down, .control("n")], .down),
      KeyBinding([.tab], .markDown, help: context.multiple ? "tab mark" : nil),
      KeyBinding([.backTab], .markUp),
      KeyBinding([.enter], .choose, help: choose),
      KeyBinding([.escape, .left], .back, help: "esc \(context.leaving)"),
      KeyBinding([.character("e"), .control("e")], .edit, help: context.editing ? "e edit" : nil),
      KeyBinding([.character("o")], .act, help: context.acting ? "o open" : nil),
      KeyBinding([.character("m")], .message, help: context.acting && context.messaging ? "m message" : nil),
      KeyBinding([.control("c"), .control("g"), .control("q")], .cancel),
      KeyBinding([.pageUp], .pageUp),
      KeyBinding([.pageDown], .pageDown),
      KeyBinding([.home], .first),
      KeyBinding([.end], .last),
    ])
  }

  /// The table `PersonCardState.handle(_:)` uses (the help words do not matter there).
  static let standard = card()
}
