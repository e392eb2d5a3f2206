import ContactKit
import CpickTestSupport
import TerminalKit
import Testing

@testable import AddressBook
@testable import ContactPicker

/// A contact with nothing to show by (only a photo, a `LABEL`, or nothing) is listed
/// and shown as "No Name", Apple's wording, on its row and on its card.
@MainActor
@Suite("A contact without a name")
struct NoNameRowTests {
  @Test("its row and its card say No Name; a search for 'no name' does not find it")
  func shownAsNoName() {
    let empty = Contact(identifier: "empty", source: "test.vcf")
    let list = ContactList([TestContacts.person("Ada", "Lovelace"), empty])
    let frame = PeoplePickerView.render(PeoplePickerState(list: list, query: ""), rows: 10, columns: 60, color: false)
    let rows = (0..<frame.rows).map { frame.text(row: $0) }
    #expect(rows.contains { $0.contains("Ada Lovelace") })
    #expect(rows.contains { $0.contains("No Name") })

    let screen = MemoryScreen(rows: 12, columns: 60, keys: [])
    PersonViewController(contact: empty).run(on: screen)
    #expect(screen.frames[0].text(row: 0).contains("No Name"))

    #expect(PeoplePickerState(list: list, query: "no name").matchCount == 0, "the placeholder is not searched")
  }
}
