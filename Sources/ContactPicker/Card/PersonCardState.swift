import ContactKit
import TerminalKit

/// What the person card shows and where the user is on it: the contact, its
/// properties (one selectable row each), which of them may be chosen, the
/// highlighted one, the scroll position and the values marked in multi-select.
public struct PersonCardState: Sendable {
  /// What a key asked the controller to do.
  public enum Action: Sendable, Equatable {
    /// Nothing for the controller: the key moved the cursor, scrolled, or was ignored.
    case none
    /// Enter on a value that may be chosen.
    case select(ContactProperty)
    /// Tab / Shift-Tab in multi-select: the value was marked or unmarked.
    case toggle(ContactProperty)
    /// Esc or ←: leave the card.
    case back
    /// Ctrl-C, Ctrl-G: cancel the whole interaction.
    case cancel
    /// `e` or Ctrl-E: edit the contact (when the card allows editing).
    case edit
  }

  /// The contact on the card (displayedPerson, CNContactViewController's `contact`).
  public let contact: Contact
  /// The rows that carry a value, in card order.
  public let properties: [ContactProperty]
  /// Whether each property may be chosen (others are dimmed), parallel to `properties`.
  public let enabled: [Bool]
  /// The highlighted property, an index into `properties`, or `nil` when none may be chosen.
  public private(set) var cursor: Int?
  /// The first line of the scrolling part shown.
  public var scrollTop = 0
  /// Identifiers of the values marked in multi-select.
  public var marked: Set<String> = []
  /// The key the card opened on (`-p`), if any: its first enabled value is highlighted.
  public let focusKey: ContactKey?

  /// The keys the card shows, in order (displayedPropertyKeys defaults to all).
  public static let defaultKeys: [ContactKey] = [
    .phoneNumbers, .emailAddresses, .postalAddresses, .urlAddresses, .instantMessageAddresses,
    .socialProfiles, .contactRelations, .birthday, .dates, .note,
  ]

  /// A card for `contact` showing `keys`; `isEnabled` decides which values may be chosen.
  public init(
    contact: Contact, keys: [ContactKey] = PersonCardState.defaultKeys, focusKey: ContactKey? = nil,
    isEnabled: (ContactProperty) -> Bool = { _ in true }
  ) {
    self.contact = contact
    self.focusKey = focusKey
    properties = contact.properties(for: keys)
    enabled = properties.map(isEnabled)
    let focused = properties.indices.first { enabled[$0] && properties[$0].key == focusKey }
    cursor = focused ?? enabled.firstIndex(of: true)
  }

  /// Highlights the value with `identifier` when it may be chosen.
  public mutating func highlight(identifier: String) {
    if let index = properties.firstIndex(where: { $0.identifier == identifier }), enabled[index] { cursor = index }
  }

  /// The highlighted property, if any.
  public var selectedProperty: ContactProperty? {
    cursor.map { properties[$0] }
  }

  /// Applies one key.
  public mutating func handle(_ key: KeyEvent) -> Action {
    switch key {
    case .enter:
      guard let property = selectedProperty else { return .none }
      return .select(property)
    case .escape, .left:
      return .back
    case .character("e"), .control("e"):
      return .edit
    case .control("c"), .control("g"), .control("q"):
      return .cancel
    case .up, .control("p"):
      move(by: -1)
    case .down, .control("n"):
      move(by: 1)
    case .tab, .backTab:
      guard let property = selectedProperty else { return .none }
      if marked.contains(property.identifier) {
        marked.remove(property.identifier)
      } else {
        marked.insert(property.identifier)
      }
      move(by: key == .tab ? 1 : -1)
      return .toggle(property)
    case .mouse(let event) where event.action == .wheelUp:
      move(by: -1)
    case .mouse(let event) where event.action == .wheelDown:
      move(by: 1)
    case .pageUp:
      scrollTop = max(0, scrollTop - 5)
    case .pageDown:
      scrollTop += 5
    default:
      break
    }
    return .none
  }

  private mutating func move(by step: Int) {
    guard let cursor else { return }
    var index = cursor + step
    while index >= 0 && index < properties.count {
      if enabled[index] {
        self.cursor = index
        return
      }
      index += step
    }
  }
}
