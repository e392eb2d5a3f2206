import ContactKit
import AddressBook

/// What the user has chosen so far in the people picker's multi-select, in order,
/// and the marks that follow from it.
struct PeoplePickerChoices {
  /// One chosen item.
  enum Item: Equatable {
    /// A contact, by its position in the list.
    case person(Int)
    /// A value of a contact.
    case property(ContactProperty)
  }

  /// The items chosen, in the order chosen.
  private(set) var items: [Item] = []
  /// Where each contact is in the list, built once, when a chosen property first
  /// needs its owner marked (and again after the list changed, see `reset()`).
  private var positions: [String: Int] = [:]

  /// Chooses `item`, or unchooses it when it was chosen.
  mutating func toggle(_ item: Item) {
    if let index = items.firstIndex(of: item) { items.remove(at: index) } else { items.append(item) }
  }

  /// Chooses `item` unless it is chosen.
  mutating func add(_ item: Item) {
    if !items.contains(item) { items.append(item) }
  }

  /// Forgets every choice (the list changed: positions no longer hold).
  mutating func reset() {
    items = []
    positions = [:]
  }

  /// The identifiers of the chosen values (marked on a card).
  var markedProperties: Set<String> {
    Set(items.compactMap {
      if case .property(let property) = $0 { return property.identifier }
      return nil
    })
  }

  /// Puts the marks in `state`: the chosen people and the owners of chosen values.
  mutating func mark(in state: inout PeoplePickerState) {
    state.chosenCount = items.count
    var marked = Set<Int>()
    for item in items {
      switch item {
      case .person(let position):
        marked.insert(position)
      case .property(let property):
        if positions.isEmpty {
          for (position, listed) in state.list.contacts.enumerated() { positions[Self.key(listed)] = position }
        }
        if let position = positions[Self.key(property.contact)] { marked.insert(position) }
      }
    }
    state.marked = marked
  }

  private static func key(_ contact: Contact) -> String { contact.identifier + "\u{0}" + contact.source }

  /// How the picker ends when `single` is chosen (Enter, or a value on a card): with
  /// it alone, or in multi-select with everything chosen (`single` when nothing is).
  func result(choosing single: Item, rules: PeoplePickerRules, list: ContactList) -> PeoplePickerResult {
    guard rules.allowsMultipleSelection else {
      switch single {
      case .person(let position): return .selectedPerson(list.contacts[position])
      case .property(let property): return .selectedProperty(property)
      }
    }
    let items = items.isEmpty ? [single] : items
    let properties = items.compactMap { item -> ContactProperty? in
      if case .property(let property) = item { return property }
      return nil
    }
    if case .property = rules.selectionMode { return .selectedProperties(properties) }
    if !properties.isEmpty { return .selectedProperties(properties) }
    return .selectedPeople(items.compactMap {
      if case .person(let position) = $0 { return list.contacts[position] }
      return nil
    })
  }
}
