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
    /// `o` (or, with `message`, `m`) on a value: perform its action (`ContactActions`).
    case act(ContactProperty, message: Bool)
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
  /// Lines of the scrolling part on screen, set by the view (`PersonCardView.scrollToCursor`):
  /// what PgUp and PgDn move by.
  public var pageSize = 10
  /// The highlighted property when the view last placed the scroll position: a
  /// highlight that did not move since may be scrolled through.
  var scrolledCursor: Int?
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

  /// Applies one key, as the card's key table (`PersonCardKeymap`) says; the mouse
  /// wheel moves like ↑/↓.
  public mutating func handle(_ key: KeyEvent) -> Action {
    if case .mouse(let event) = key {
      if event.action == .wheelUp { move(by: -1) }
      if event.action == .wheelDown { move(by: 1) }
      return .none
    }
    guard let command = PersonCardKeymap.standard.command(for: key) else { return .none }
    return perform(command)
  }

  /// Does what `command` says.
  mutating func perform(_ command: PersonCardCommand) -> Action {
    switch command {
    case .choose:
      guard let property = selectedProperty else { return .none }
      return .select(property)
    case .back: return .back
    case .edit: return .edit
    case .act, .message:
      guard let property = selectedProperty else { return .none }
      return .act(property, message: command == .message)
    case .cancel: return .cancel
    case .up:
      // At the first value the card scrolls instead (up through a long note).
      if !move(by: -1) { scrollTop = max(0, scrollTop - 1) }
    case .down:
      if !move(by: 1) { scrollTop += 1 }
    case .markDown, .markUp:
      guard let property = selectedProperty else { return .none }
      if marked.contains(property.identifier) {
        marked.remove(property.identifier)
      } else {
        marked.insert(property.identifier)
      }
      move(by: command == .markDown ? 1 : -1)
      return .toggle(property)
    case .pageUp:
      scrollTop = max(0, scrollTop - pageSize)
      move(upTo: -pageSize)
    case .pageDown:
      scrollTop += pageSize
      move(upTo: pageSize)
    case .first:
      scrollTop = 0
      if let first = enabled.firstIndex(of: true) { cursor = first }
    case .last:
      scrollTop = Int.max / 2  // the layout keeps it in range
      if let last = enabled.lastIndex(of: true) { cursor = last }
    }
    return .none
  }

  /// Highlights the next value that may be chosen in the direction of `step`; false
  /// when there is none.
  @discardableResult
  private mutating func move(by step: Int) -> Bool {
    guard let cursor else { return false }
    var index = cursor + step
    while index >= 0 && index < properties.count {
      if enabled[index] {
        self.cursor = index
        return true
      }
      index += step
    }
    return false
  }

  /// Highlights the value that may be chosen furthest in the direction of `distance`,
  /// at most `abs(distance)` values away (PgUp, PgDn).
  private mutating func move(upTo distance: Int) {
    guard let cursor, distance != 0 else { return }
    let step = distance < 0 ? -1 : 1
    var index = cursor
    var best = cursor
    for _ in 0..<abs(distance) {
      index += step
      guard index >= 0 && index < properties.count else { break }
      if enabled[index] { best = index }
    }
    self.cursor = best
  }
}
