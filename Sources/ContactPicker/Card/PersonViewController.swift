import ContactKit
import TerminalKit

/// The person view's delegate (ABPersonViewControllerDelegate / CNContactViewControllerDelegate).
@MainActor
public protocol PersonViewDelegate: AnyObject {
  /// The user chose a value on the card. Return `true` to perform the default action
  /// — in a terminal: end the card and return the property — or `false` to stay on
  /// the card (`personViewController(_:shouldPerformDefaultActionForPerson:property:identifier:)`).
  func personViewController(_ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty)
    -> Bool
  /// The card was closed without choosing (Esc, Ctrl-C, Ctrl-G, input ended).
  func personViewControllerDidCancel(_ controller: PersonViewController)
  /// The card was closed after the contact was edited and saved
  /// (`contactViewController(_:didCompleteWith:)`).
  func personViewController(_ controller: PersonViewController, didCompleteWith contact: Contact)
}

extension PersonViewDelegate {
  /// Default: `true`, so choosing a value ends the card with it.
  public func personViewController(
    _ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty
  ) -> Bool { true }
  /// Default: does nothing.
  public func personViewControllerDidCancel(_ controller: PersonViewController) {}
  /// Default: does nothing.
  public func personViewController(_ controller: PersonViewController, didCompleteWith contact: Contact) {}
}

/// How a person card ended.
public enum PersonViewResult: Sendable, Equatable {
  /// The user chose this value and the delegate allowed the default action.
  case selectedProperty(ContactProperty)
  /// Closed after an edit was saved: the contact as saved.
  case edited(Contact)
  /// Closed without choosing (Esc, Ctrl-C, Ctrl-G, input ended).
  case cancelled
}

/// The person card (ABPersonViewController / CNContactViewController): one contact
/// with its values, one of which the user may choose.
///
/// Keys: ↑/↓ or Ctrl-P/Ctrl-N move between values, PgUp/PgDn scroll, Enter chooses
/// the value (asking the delegate), Esc, ←, Ctrl-C or Ctrl-G close the card.
@MainActor
public final class PersonViewController {
  /// Told what the user chose. Held weakly.
  public weak var delegate: (any PersonViewDelegate)?
  /// The contact shown (displayedPerson); after a saved edit, the contact as saved.
  public private(set) var contact: Contact
  /// Adding and editing (allowsEditing when set): `e` or Ctrl-E opens the form on the
  /// contact, Ctrl-S there saves through `editing.save`.
  public var editing: ContactEditing?
  /// Whether the card can be edited (ABPersonViewController's allowsEditing): true
  /// when `editing` is set.
  public var allowsEditing: Bool { editing != nil }
  /// The keys the card shows, in order (displayedPropertyKeys).
  public var displayedPropertyKeys = PersonCardState.defaultKeys
  /// Whether values can be chosen (allowsActions); when false the card only shows.
  public var allowsActions = true
  /// Which values may be chosen (predicateForSelectionOfProperty); others are dimmed.
  public var predicateForSelectionOfProperty: @Sendable (ContactProperty) -> Bool = { _ in true }
  /// The value highlighted when the card opens (highlightProperty), by key and identifier.
  public var highlightedProperty: (key: ContactKey, identifier: String?)?

  /// A card for `contact`.
  public init(contact: Contact) {
    self.contact = contact
  }

  /// Runs the card on `screen` until a value is chosen or the card is closed.
  @discardableResult
  public func run(on screen: any Screen) -> PersonViewResult {
    let allowsActions = self.allowsActions
    let predicate = predicateForSelectionOfProperty
    var card = PersonCardState(contact: contact, keys: displayedPropertyKeys, focusKey: highlightedProperty?.key) {
      allowsActions && predicate($0)
    }
    if let identifier = highlightedProperty?.identifier {
      card.highlight(identifier: identifier)
    }
    let edit = editing == nil ? "" : " · e edit"
    let hint = (allowsActions ? "↑↓ move · enter choose · esc close" : "↑↓ move · esc close") + edit
    var saved = false
    // Said once on the key-help line, in the longest form that fits: the card was
    // reloaded from disk (whose name, when there is room).
    var notice: [String] = []
    func draw() {
      let size = screen.size
      PersonCardView.scrollToCursor(&card, rows: size.rows, columns: size.columns)
      let candidates = notice.flatMap { ["\($0) · \(hint)", $0] }
      let help = candidates.first { TerminalText.width($0) <= size.columns } ?? candidates.last ?? hint
      screen.present(PersonCardView.render(card, rows: size.rows, columns: size.columns, color: screen.colorEnabled, hint: help))
    }
    func show(_ shown: Contact) {
      contact = shown
      let marked = card.marked
      card = PersonCardState(contact: shown, keys: displayedPropertyKeys, focusKey: highlightedProperty?.key) {
        allowsActions && predicate($0)
      }
      card.marked = marked
    }
    draw()
    var result = PersonViewResult.cancelled
    keys: while let key = screen.nextKey() {
      if key != .resize { notice = [] }
      switch card.handle(key) {
      case .select(let property):
        if delegate?.personViewController(self, shouldPerformDefaultActionFor: property) ?? true {
          result = .selectedProperty(property)
          break keys
        }
      case .back, .cancel:
        break keys
      case .edit:
        guard let editing else { break }
        // A save refused because the card changed on disk reloads it: the card shows
        // that version from then on, saved over or not.
        switch editing.runEditForm(on: screen, editing: contact) {
        case .saved(let edited):
          show(edited)
          saved = true
        case .reloaded(let reloaded):
          show(reloaded)
          let name = reloaded.displayName.isEmpty ? "the contact" : reloaded.displayName
          notice = ["reloaded: \(name) changed on disk", "reloaded: changed on disk"]
        case .unchanged:
          break
        }
      case .toggle, .none:
        break
      }
      draw()
    }
    if result == .cancelled && saved { result = .edited(contact) }
    switch result {
    case .cancelled: delegate?.personViewControllerDidCancel(self)
    case .edited(let contact): delegate?.personViewController(self, didCompleteWith: contact)
    case .selectedProperty: break
    }
    return result
  }

  /// Presents the card and returns how it ended.
  public func present(on screen: any Screen) async -> PersonViewResult {
    run(on: screen)
  }
}
