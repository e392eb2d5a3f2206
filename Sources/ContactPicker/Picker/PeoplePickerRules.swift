import ContactKit
import Matching

/// The people picker's settings that decide what can be chosen and how, taken from
/// the controller when it runs (a value, so that the interaction needs no controller).
struct PeoplePickerRules: Sendable {
  /// What choosing one contact (Enter on its row) leads to.
  enum Choosing: Equatable {
    /// The contact itself is chosen.
    case person
    /// Its only selectable value of the property asked for is chosen.
    case property(ContactProperty)
    /// Its card opens, a value to be chosen there.
    case card(Contact)
  }

  var selectionMode = PeoplePickerSelectionMode.person
  var allowsMultipleSelection = false
  var displayedPropertyKeys = PersonCardState.defaultKeys
  var predicateForEnablingContact: @Sendable (Contact) -> Bool = { _ in true }
  var predicateForSelectionOfContact: @Sendable (Contact) -> Bool = { _ in true }
  var predicateForSelectionOfProperty: @Sendable (ContactProperty) -> Bool = { _ in true }

  /// Whether `contact` can be chosen: enabled, and in `.property` mode has a value.
  var isEnabled: @Sendable (Contact) -> Bool {
    { [selectionMode, predicateForEnablingContact, predicateForSelectionOfProperty] contact in
      guard predicateForEnablingContact(contact) else { return false }
      if case .property(let key) = selectionMode {
        return contact.properties(for: key).contains(where: predicateForSelectionOfProperty)
      }
      return true
    }
  }

  /// The values of `contact` that can be chosen in `.property` mode.
  func selectableProperties(of contact: Contact) -> [ContactProperty] {
    guard case .property(let key) = selectionMode else { return [] }
    return contact.properties(for: key).filter { predicateForSelectionOfProperty($0) }
  }

  /// What choosing `contact` leads to, as Enter on its row: in `.property` mode its
  /// value when it has exactly one that may be chosen, else its card; otherwise the
  /// contact, unless `predicateForSelectionOfContact` sends it to its card.
  func choosing(_ contact: Contact) -> Choosing {
    if case .property = selectionMode {
      let values = selectableProperties(of: contact)
      return values.count == 1 ? .property(values[0]) : .card(contact)
    }
    return predicateForSelectionOfContact(contact) ? .person : .card(contact)
  }

  /// The value of the property asked for that `query` points at, among several of
  /// `contact` (`-p email -q lanternworks`: the address at that domain): the first
  /// selectable value that a word of the query matching nothing in the name matches
  /// (`SearchHighlighter.Query.chosenValue`). Only emails and phone numbers are
  /// searched, so only they can be pointed at; nil otherwise, or outside `.property` mode.
  func valueChosen(by query: SearchHighlighter.Query?, in contact: Contact) -> ContactProperty? {
    guard let query, case .property(let key) = selectionMode, let kind = SearchedValueKind(key) else { return nil }
    let values = selectableProperties(of: contact)
    guard values.count > 1 else { return nil }
    let index = query.chosenValue(name: contact.displayName, among: values.map { (kind, $0.value.singleLine) })
    return index.map { values[$0] }
  }

  /// The value of `contact` offered first in `.property` mode: the one `query` points
  /// at (`valueChosen(by:in:)`), else the first selectable (the preferred).
  func offeredProperty(of contact: Contact, query: SearchHighlighter.Query?) -> ContactProperty? {
    valueChosen(by: query, in: contact) ?? selectableProperties(of: contact).first
  }

  /// The card of `contact`, on the property asked for (shown first when the
  /// displayed keys lack it), with the values in `marked` marked; the value `query`
  /// points at highlighted (`valueChosen(by:in:)`), else the first of that property.
  func card(for contact: Contact, marked: Set<String>, query: SearchHighlighter.Query? = nil) -> PersonCardState {
    var keys = displayedPropertyKeys
    var focus: ContactKey? = nil
    if case .property(let key) = selectionMode {
      focus = key
      if !keys.contains(key) { keys.insert(key, at: 0) }
    }
    var card = PersonCardState(contact: contact, keys: keys, focusKey: focus) {
      [selectionMode, predicateForSelectionOfProperty] property in
      if case .property(let key) = selectionMode, property.key != key { return false }
      return predicateForSelectionOfProperty(property)
    }
    card.marked = marked
    if let chosen = valueChosen(by: query, in: contact) { card.highlight(identifier: chosen.identifier) }
    return card
  }
}
