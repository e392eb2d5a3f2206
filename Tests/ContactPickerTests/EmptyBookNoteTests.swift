import ContactKit
import TerminalKit
import Testing

@testable import AddressBook
@testable import ContactPicker

/// An empty book's note (what to do: `--source`, `CPICK_SOURCE`, `cpick new`) is cut
/// short on the query line at 80 columns; the empty list shows it whole.
@Suite("The empty book's note")
struct EmptyBookNoteTests {
  static let note =
    "no address book yet: use --source FILE|DIR, set CPICK_SOURCE, or add a contact with 'cpick new'"

  func lines(_ status: String, list: ContactList = ContactList([]), columns: Int = 80) -> [String] {
    PeoplePickerView.render(PeoplePickerState(list: list), rows: 12, columns: columns, color: false, status: status)
      .text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("a note longer than the query line is shown whole, wrapped, where the list would be")
  func wrappedInTheList() {
    let shown = lines(Self.note)
    #expect(shown[0].contains("…"))
    let body = shown[1...].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(body.contains("no address book yet: use --source FILE|DIR, set CPICK_SOURCE, or add a contact"))
    #expect(body.contains("with 'cpick new'"))
  }

  @Test("in Chinese the whole note shows too, within 80 columns")
  func chinese() {
    // Between the query line and the footer.
    let note = "还没有通讯录：请使用 --source FILE|DIR、设置 CPICK_SOURCE，或用“cpick new”添加联系人"
    let body = lines(note).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(body.joined().replacingOccurrences(of: " ", with: "") == note.replacingOccurrences(of: " ", with: ""))
    #expect(body.allSatisfy { TerminalText.width($0) <= 78 })
  }

  @Test("a note that fits the query line, or a list with people, is not repeated")
  func notRepeated() {
    var ada = Contact(identifier: "ada", source: "t")
    (ada.givenName, ada.familyName) = ("Ada", "Lovelace")
    #expect(!lines("no contacts in a.vcf").dropFirst().contains { $0.contains("no contacts") })
    #expect(!lines(Self.note, list: ContactList([ada])).dropFirst().contains { $0.contains("no address book") })
  }
}
