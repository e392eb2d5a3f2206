import Localization
import ContactKit
import TerminalKit

/// The person card's interaction as a value (`PersonViewController`): the card, the
/// contact as last saved or reloaded, the notice on the help line; `handle(_:)` takes
/// one input and says what to do.
struct PersonCardInteraction {
  /// What goes in.
  enum Input {
    /// A key (or resize, mouse event).
    case key(KeyEvent)
    /// Input ended.
    case inputEnded
    /// The delegate answered whether choosing `property` ends the card.
    case answered(ContactProperty, ends: Bool)
    /// The form on the contact ended; what to say about its save, in forms from the
    /// longest (`ContactEditing.saveNotice`; empty: nothing).
    case editEnded(ContactEditing.EditOutcome, notice: [String])
    /// An action on a value was done, refused or vetoed: what to say on the help line.
    case acted(String)
  }

  /// What comes out, in order.
  enum Effect {
    /// Present `frame(color:)`.
    case draw
    /// Ask the delegate about the chosen value, then hand back `.answered`.
    case ask(ContactProperty)
    /// Open the form on this contact.
    case edit(Contact)
    /// Ask the delegate about acting on the value, then perform its action
    /// (`ContactActions`) and hand back `.acted`.
    case act(ContactProperty, message: Bool)
    /// The card ended.
    case end(PersonViewResult)
  }

  /// How the card was made, for rebuilding it after an edit.
  struct Settings {
    var keys = PersonCardState.defaultKeys
    var focusKey: ContactKey?
    var isEnabled: @Sendable (ContactProperty) -> Bool = { _ in true }
    var keymap = PersonCardKeymap.card(PersonCardKeymap.Context(leaving: L10n.text("close")))
    var editing = false
    /// Why the contact cannot be edited, said when `e` is pressed (when not `editing`).
    var notEditable: String?
    /// `o`/`m` act on values.
    var acting = false
  }

  let settings: Settings
  /// The card shown.
  private(set) var card: PersonCardState
  /// The contact shown: after a saved edit, as saved.
  private(set) var contact: Contact
  /// The screen's size, set by the loop before each input.
  var size: (rows: Int, columns: Int) = (24, 80)
  /// An edit was saved.
  private var saved = false
  /// Whether the card was left with Esc or ← (back) rather than cancelled (Ctrl-C,
  /// Ctrl-G, Ctrl-Q): `PersonViewController.wentBack`.
  private(set) var wentBack = false
  /// Said once on the help line, in the longest form that fits: the card was
  /// reloaded from disk (whose name, when there is room).
  private var notice: [String] = []
  /// Whether the help screen (F1, `?`) is shown.
  private var help = KeyHelpToggle()

  /// A card for `contact`, `highlighted` highlighted when given.
  init(contact: Contact, settings: Settings, highlighted identifier: String?) {
    self.settings = settings
    self.contact = contact
    card = PersonCardState(contact: contact, keys: settings.keys, focusKey: settings.focusKey, isEnabled: settings.isEnabled)
    if let identifier { card.highlight(identifier: identifier) }
  }

  /// The effects of the first frame.
  mutating func start() -> [Effect] {
    layout()
    return [.draw]
  }

  /// Takes one input; returns what to do, in order.
  mutating func handle(_ input: Input) -> [Effect] {
    let effects = react(to: input)
    layout()
    return effects
  }

  private mutating func react(to input: Input) -> [Effect] {
    switch input {
    case .inputEnded:
      return [.end(ending(.cancelled))]
    case .answered(let property, let ends):
      return ends ? [.end(.selectedProperty(property))] : [.draw]
    case .editEnded(let outcome, let said):
      switch outcome {
      case .saved(let edited):
        show(edited)
        saved = true
        notice = said
      case .reloaded(let reloaded):
        show(reloaded)
        let name = reloaded.displayName.isEmpty ? L10n.text("the contact") : reloaded.displayName
        notice = [L10n.format("reloaded: %s changed on disk", name), L10n.text("reloaded: changed on disk")]
      case .deleted(let deleted):
        return [.end(.deleted(deleted))]
      case .unchanged:
        break
      }
      return [.draw]
    case .acted(let message):
      notice = [message]
      return [.draw]
    case .key(let key):
      if help.take(key, in: settings.keymap) { return [.draw] }
      if key != .resize { notice = [] }
      switch card.handle(key) {
      case .select(let property): return [.ask(property)]
      case .back:
        wentBack = true
        return [.end(ending(.cancelled))]
      case .cancel: return [.end(ending(.cancelled))]
      case .edit:
        if settings.editing { return [.edit(contact)] }
        if let why = settings.notEditable { notice = [why] }
        return [.draw]
      case .act(let property, let message): return settings.acting ? [.act(property, message: message)] : [.draw]
      case .toggle, .none: return [.draw]
      }
    }
  }

  /// `result`, or `.edited` when the card closes after a saved edit.
  private func ending(_ result: PersonViewResult) -> PersonViewResult {
    result == .cancelled && saved ? .edited(contact) : result
  }

  private mutating func show(_ shown: Contact) {
    contact = shown
    let marked = card.marked
    card = PersonCardState(contact: shown, keys: settings.keys, focusKey: settings.focusKey, isEnabled: settings.isEnabled)
    card.marked = marked
  }

  /// Keeps the highlighted value in view for the screen's size.
  private mutating func layout() {
    PersonCardView.scrollToCursor(&card, rows: size.rows, columns: size.columns)
  }

  /// The frame for the card (pure: nothing changes).
  func frame(color: Bool) -> Frame {
    if help.isShown {
      return KeyHelpView.render(
        settings.keymap.help(title: L10n.text("the card")), rows: size.rows, columns: size.columns, color: color)
    }
    let help = settings.keymap.hint(after: notice, columns: size.columns)
    return PersonCardView.render(card, rows: size.rows, columns: size.columns, color: color, hint: help)
  }
}
