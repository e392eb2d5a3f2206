import ContactKit
import Testing

@testable import ContactPicker
@testable import AddressBook

/// The query line names the group the list is narrowed to, beside the count.
@Suite("The narrowed group in the query line")
struct GroupCountTests {
  static func people() -> ContactList {
    var ada = Contact(identifier: "ada", source: "t")
    (ada.givenName, ada.familyName, ada.groups) = ("Ada", "Lovelace", ["Book club"])
    var grace = Contact(identifier: "grace", source: "t")
    (grace.givenName, grace.familyName, grace.groups) = ("Grace", "Hopper", ["Navy"])
    var alan = Contact(identifier: "alan", source: "t")
    (alan.givenName, alan.familyName, alan.groups) = ("Alan", "Turing", ["Book club", "Navy"])
    return ContactList([ada, grace, alan])
  }

  func firstLine(_ state: PeoplePickerState, columns: Int) -> String {
    String(PeoplePickerView.render(state, rows: 10, columns: columns, color: false).text.split(separator: "\n")[0])
  }

  @Test("narrowed to a group, the count follows its name; the whole list shows the count alone")
  func named() {
    var state = PeoplePickerState(list: Self.people())
    #expect(firstLine(state, columns: 60).hasSuffix(" 3/3"))
    #expect(!firstLine(state, columns: 60).contains("·"))
    state.narrow(toGroup: "Book club")
    #expect(firstLine(state, columns: 60).hasSuffix("Book club · 2/3"))
    state.narrow(toGroup: nil)
    #expect(firstLine(state, columns: 60).hasSuffix(" 3/3"))
  }

  @Test("on a narrow screen the name gives way to the count; a name with controls is shown inert")
  func narrowAndHostile() {
    var state = PeoplePickerState(list: Self.people())
    state.narrow(toGroup: "Book club")
    let narrow = firstLine(state, columns: 24)
    #expect(narrow.hasSuffix(" 2/3") && !narrow.contains("Book"))
    var hostile = Contact(identifier: "x", source: "t")
    (hostile.givenName, hostile.groups) = ("X", ["Evil\u{1B}[2J"])
    var other = PeoplePickerState(list: ContactList([hostile]))
    other.narrow(toGroup: "Evil\u{1B}[2J")
    let line = firstLine(other, columns: 60)
    #expect(line.contains("Evil␛[2J · 1/1") && !line.contains("\u{1B}"))
  }
}
