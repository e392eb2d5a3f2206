import ContactKit

/// The people picker's delegate (CNContactPickerDelegate,
/// ABPeoplePickerNavigationControllerDelegate): told what ended the interaction.
///
/// Exactly one of these is called, once, on the main actor; the picker is done after
/// it. Which one depends on the picker's `selectionMode` and
/// `allowsMultipleSelection` (Swift cannot ask whether a delegate implements a
/// method, so the mode is explicit, not guessed). Every requirement has a default
/// that does nothing.
@MainActor
public protocol PeoplePickerDelegate: AnyObject {
  /// The user chose a contact (`contactPicker(_:didSelect:)` with a CNContact).
  func peoplePicker(_ picker: PeoplePickerController, didSelect contact: Contact)
  /// The user chose a property of a contact (`contactPicker(_:didSelect:)` with a
  /// CNContactProperty): in `.property` mode, or on the card.
  func peoplePicker(_ picker: PeoplePickerController, didSelect property: ContactProperty)
  /// The user chose several contacts, in the order chosen (multi-select).
  func peoplePicker(_ picker: PeoplePickerController, didSelect contacts: [Contact])
  /// The user chose several properties, in the order chosen (multi-select, `.property` mode).
  func peoplePicker(_ picker: PeoplePickerController, didSelect properties: [ContactProperty])
  /// The user cancelled: Esc, Ctrl-C, Ctrl-G, or input ended (`contactPickerDidCancel(_:)`).
  func peoplePickerDidCancel(_ picker: PeoplePickerController)
}

extension PeoplePickerDelegate {
  /// Default: does nothing.
  public func peoplePicker(_ picker: PeoplePickerController, didSelect contact: Contact) {}
  /// Default: does nothing.
  public func peoplePicker(_ picker: PeoplePickerController, didSelect property: ContactProperty) {}
  /// Default: does nothing.
  public func peoplePicker(_ picker: PeoplePickerController, didSelect contacts: [Contact]) {}
  /// Default: does nothing.
  public func peoplePicker(_ picker: PeoplePickerController, didSelect properties: [ContactProperty]) {}
  /// Default: does nothing.
  public func peoplePickerDidCancel(_ picker: PeoplePickerController) {}
}

/// How a people picker ended, for callers of the `async` entry point.
public enum PeoplePickerResult: Sendable, Equatable {
  /// One contact was chosen.
  case selectedPerson(Contact)
  /// One property was chosen (`.property` mode, or on the card).
  case selectedProperty(ContactProperty)
  /// Several contacts were chosen, in the order chosen (multi-select).
  case selectedPeople([Contact])
  /// Several properties were chosen, in the order chosen (multi-select, `.property` mode).
  case selectedProperties([ContactProperty])
  /// The user cancelled (Esc, Ctrl-C, Ctrl-G, input ended).
  case cancelled
}

/// What the people picker returns: a person or one of their properties
/// (CNContactPickerViewController decides this by which delegate method exists;
/// here it is set explicitly).
public enum PeoplePickerSelectionMode: Sendable, Equatable {
  /// Choose a person (`didSelectPerson`).
  case person
  /// Choose a value of this key (`didSelectProperty`): a person with exactly one is
  /// resolved at once, one with several opens the card on them, one with none is
  /// dimmed.
  case property(ContactKey)
}
