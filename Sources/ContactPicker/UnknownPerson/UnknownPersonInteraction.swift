import Localization
import ContactKit
import TerminalKit

/// The unknown-person card's interaction as a value (`UnknownPersonViewController`):
/// the card, and `handle(_:)` taking one input and saying what to do — draw, ask the
/// delegate, open the new-person form, a known contact's card or the picker of "Add
/// to Existing Contact", or end.
struct UnknownPersonInteraction {
  /// What goes in.
  enum Input {
    /// A key (or resize, mouse event).
    case key(KeyEvent)
    /// Input ended.
    case inputEnded
    /// The delegate answered whether choosing `property` ends the card.
    case answered(ContactProperty, ends: Bool)
    /// The new-person form ("Create New Contact") ended.
    case formEnded(NewPersonResult)
    /// A contact's card, opened from this one, was closed: how the card ends.
    case cardClosed(UnknownPersonResult)
    /// "Add to Existing Contact" ended: how the card ends, or `nil` when its picker
    /// was left (back to the card).
    case addEnded(UnknownPersonResult?)
    /// A value's action was performed (or not): what to tell the user.
    case acted(String)
  }

  /// What comes out, in order.
  enum Effect: Equatable {
    /// Present `frame(color:)`.
    case draw
    /// Ask the delegate about the chosen value, then hand back `.answered`.
    case ask(ContactProperty)
    /// Open the new-person form pre-filled with the person, then hand back `.formEnded`.
    case createNew
    /// Open this contact's card, then hand back `.cardClosed`.
    case openCard(Contact)
    /// Run "Add to Existing Contact", then hand back `.addEnded`.
    case addToExisting
    /// Ask the delegate about acting on the value, then perform its action
    /// (`ContactActions`, as the person card does) and hand back `.acted`.
    case act(ContactProperty, message: Bool)
    /// The card ended.
    case end(UnknownPersonResult)
  }

  /// The card shown.
  private(set) var card: UnknownPersonState
  /// The screen's size, set by the loop before each input.
  var size: (rows: Int, columns: Int) = (24, 80)
  /// What the help line says before the keys until the next key: what an action
  /// started, or why not.
  private var notice: [String] = []

  init(card: UnknownPersonState) {
    self.card = card
  }

  /// The effects of the first frame.
  mutating func start() -> [Effect] {
    layout()
    return [.draw]
  }

  /// Takes one input; returns what to do, in order. The card is laid out for the
  /// screen's size after each.
  mutating func handle(_ input: Input) -> [Effect] {
    defer { layout() }
    switch input {
    case .inputEnded:
      return [.end(.cancelled)]
    case .answered(let property, let ends):
      return ends ? [.end(.selectedProperty(property))] : [.draw]
    case .formEnded(.completed(let saved)):
      return [.end(.resolved(saved))]
    case .formEnded(.choseExisting(let existing)):
      return [.openCard(existing)]
    case .formEnded(.cancelled), .formEnded(.deleted), .addEnded(nil):  // a new contact's form deletes nothing
      return [.draw]
    case .cardClosed(let result), .addEnded(let result?):
      return [.end(result)]
    case .acted(let message):
      notice = [message]
      return [.draw]
    case .key(let key):
      if key != .resize { notice = [] }
      switch card.handle(key) {
      case .none: return [.draw]
      case .cancel: return [.end(.cancelled)]
      case .select(let property): return [.ask(property)]
      case .perform(.openKnown(let index)): return [.openCard(card.known[index])]
      case .perform(.createNew): return [.createNew]
      case .perform(.addToExisting): return [.addToExisting]
      case .act(let property, let message): return [.act(property, message: message)]
      }
    }
  }

  /// Keeps the highlighted row in view for the screen's size.
  private mutating func layout() {
    UnknownPersonView.scrollToCursor(&card, rows: size.rows, columns: size.columns)
  }

  /// The frame for the card, its help line made from its key table (pure: nothing
  /// changes).
  func frame(color: Bool) -> Frame {
    if card.help.isShown {
      return KeyHelpView.render(
        card.keymap.help(title: L10n.text("the card")), rows: size.rows, columns: size.columns, color: color)
    }
    let hint = card.keymap.hint(after: notice, columns: size.columns)
    return UnknownPersonView.render(card, rows: size.rows, columns: size.columns, color: color, hint: hint)
  }
}
