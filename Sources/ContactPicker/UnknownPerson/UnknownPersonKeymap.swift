import Localization
import TerminalKit

/// What a key does on the unknown-person card (`UnknownPersonKeymap.card`).
enum UnknownPersonCardCommand: Sendable, Equatable {
  /// Choose the highlighted value, or perform the highlighted action.
  case choose
  /// Perform this action, wherever the cursor is (`n`, `a`).
  case perform(UnknownPersonState.Command)
  /// `o`: the highlighted value's action (`ContactActions`), as on the person card;
  /// elsewhere (or for a value without one) open the known contact's card.
  case act
  /// `m`: the highlighted value's message action.
  case message
  /// End the card without a person.
  case cancel
  /// Move to the previous or next row (scroll at either end).
  case up, down
  /// The first or last row.
  case first, last
  /// Scroll a page.
  case pageUp, pageDown
}

extension UnknownPersonCardCommand: KeyCommand {
  var summary: String {
    switch self {
    case .choose: L10n.text("choose the value, or do the action")
    case .perform(.createNew): L10n.text("create a new contact")
    case .perform(.addToExisting): L10n.text("add to an existing contact")
    case .perform: L10n.text("open the known contact")
    case .act: L10n.text("open the value: mail, call, browse, map")
    case .message: L10n.text("send a text message to the number")
    case .cancel: L10n.text("cancel")
    case .up: L10n.text("previous row")
    case .down: L10n.text("next row")
    case .first: L10n.text("first row")
    case .last: L10n.text("last row")
    case .pageUp: L10n.text("previous page")
    case .pageDown: L10n.text("next page")
    }
  }
}

/// What a key does on the confirmation of "Add to Existing Contact"
/// (`UnknownPersonKeymap.confirmation`).
enum UnknownPersonConfirmationCommand: Sendable, Equatable {
  /// Save the merged contact (or end with it when nothing is added).
  case confirm
  /// Back to the picker.
  case back
  /// Cancel the whole card.
  case cancel
  /// What the key does on the merged card (moving over the added values, scrolling).
  case card(PersonCardCommand)
}

/// The unknown-person card's key tables: the card's and its confirmation's. The
/// wheel moves like ↑/↓ on both (`UnknownPersonState.handle(_:)`,
/// `PersonCardState.handle(_:)`).
enum UnknownPersonKeymap {
  /// The card's keys.
  ///
  /// - Parameters:
  ///   - choosing: some value may be chosen: the help says Enter chooses (else it opens).
  ///   - adding: "Create New Contact" and "Add to Existing Contact" are offered: `n` and `a` do them.
  ///   - known: a known contact is offered: `o` opens the first one's card (on a row
  ///     that is no value with an action).
  ///   - acting: `o` and `m` act on values (`ContactActions`), as on the person card;
  ///     `messaging`: some value has a message action (`m` named).
  static func card(choosing: Bool, adding: Bool, known: Bool, acting: Bool = false, messaging: Bool = false)
    -> Keymap<UnknownPersonCardCommand>
  {
    var bindings = [
      KeyBinding([.up, .control("p"), .backTab], UnknownPersonCardCommand.up, help: L10n.text("↑↓ move")),
      KeyBinding([.down, .control("n"), .tab], .down),
      KeyBinding([.enter], .choose, help: choosing ? L10n.text("enter choose") : L10n.text("enter open")),
    ]
    if adding {
      bindings += [
        KeyBinding([.character("n")], .perform(.createNew), help: L10n.text("n new")),
        KeyBinding([.character("a")], .perform(.addToExisting), help: L10n.text("a add to existing")),
      ]
    }
    if known || acting { bindings.append(KeyBinding([.character("o")], .act, help: L10n.text("o open"))) }
    if acting { bindings.append(KeyBinding([.character("m")], .message, help: messaging ? L10n.text("m message") : nil)) }
    return Keymap(
      bindings + [
        KeyBinding([.escape, .left, .control("c"), .control("g"), .control("q")], .cancel, help: L10n.text("esc cancel")),
        KeyBinding([.home], .first),
        KeyBinding([.end], .last),
        KeyBinding([.pageUp], .pageUp),
        KeyBinding([.pageDown], .pageDown),
      ], help: .f1AndQuestionMark)
  }

  /// The confirmation's keys: its own, then the card's (`PersonCardKeymap`: moving
  /// over the added values, scrolling) for the keys it does not take; `adding` (the
  /// merge adds something) words the help.
  static func confirmation(adding: Bool) -> Keymap<UnknownPersonConfirmationCommand> {
    let own = [
      KeyBinding(
        [.enter, .character("y"), .character("Y"), .control("s")], UnknownPersonConfirmationCommand.confirm,
        help: adding ? L10n.text("enter/y save") : L10n.text("enter done")),
      KeyBinding(
        [.escape, .left, .backspace, .character("n"), .character("N")], .back,
        help: adding ? L10n.text("esc/n back") : L10n.text("esc back")),
      KeyBinding([.control("c"), .control("g"), .control("q")], .cancel),
    ]
    let card = PersonCardKeymap.standard.bindings.map { row in
      let help = adding && row.command == .up ? L10n.text("↑↓ added values") : nil
      return KeyBinding(row.keys, UnknownPersonConfirmationCommand.card(row.command), help: help)
    }
    return Keymap(own + card)
  }
}
