import ContactKit

/// The people picker's delegate (CNContactPickerDelegate,
/// ABPeoplePickerNavigationControllerDelegate): told what ended the interaction.
///
/// Exactly one of these is called, once, on the main actor; the picker is done after
/// it. Every requirement has a default that does nothing.
@MainActor
public protocol PeoplePickerDelegate: AnyObject {
  /// The user chose a contact (`contactPicker(_:didSelect:)`).
  func peoplePicker(_ picker: PeoplePickerController, didSelect contact: Contact)
  /// The user cancelled: Esc, Ctrl-C, Ctrl-G, or input ended (`contactPickerDidCancel(_:)`).
  func peoplePickerDidCancel(_ picker: PeoplePickerController)
}

extension PeoplePickerDelegate {
  public func peoplePicker(_ picker: PeoplePickerController, didSelect contact: Contact) {}
  public func peoplePickerDidCancel(_ picker: PeoplePickerController) {}
}

/// How a people picker ended, for callers of the `async` entry point.
public enum PeoplePickerResult: Sendable, Equatable {
  case selectedPerson(Contact)
  case cancelled
}
