// The program of the README's "In a Swift program", as it is there (HostTests checks
// that the README shows this text): run `swift run readme-example VDIR`.
import ContactKit      // Contact, ContactProperty, LabeledValue
import ContactPicker   // the controllers and their delegate protocols
import ContactStores   // VdirStore, VCardFileStore
import TerminalScreens // CursesScreen, InlineScreen

final class Host: PeoplePickerDelegate {
  var chosen: String?
  func peoplePicker(_ picker: PeoplePickerController, didSelect property: ContactProperty) {
    chosen = property.value.singleLine
  }
}
let dir = CommandLine.arguments.dropFirst().first ?? "."
let host = Host()
let picker = PeoplePickerController(contacts: try VdirStore(path: dir).load().contacts)
picker.selectionMode = .property(.emailAddresses)
picker.delegate = host
let screen = try CursesScreen(colorEnabled: true)
picker.run(on: screen)        // or: let result = await picker.present(on: screen)
screen.end()                  // the terminal is the picker's until here: print after it
if let chosen = host.chosen { print("mail to", chosen) }
