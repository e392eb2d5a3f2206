import ContactKit
import CpickTestSupport
import TerminalKit
import Testing

@testable import ContactPicker

/// Values shown as data, not words (issue 23): a long custom label is not cut at 12
/// columns, Google's tokens are words, Outlook's ROLE is in the header.
@MainActor
@Suite("The card's labels and header")
struct CardLabelTests {
  func screen(_ contact: Contact, columns: Int = 100) -> String {
    let screen = MemoryScreen(rows: 20, columns: columns, keys: [.escape])
    _ = PersonViewController(contact: contact).run(on: screen)
    return screen.frames.first?.text ?? ""
  }

  @Test("the label column is as wide as the longest label, up to a quarter of the screen")
  func wideLabels() {
    var contact = TestContacts.person("Greg", "Dartmouth")
    contact.phoneNumbers = [
      LabeledValue(identifier: "p1", label: "GRAND_CENTRAL", value: "555 555 2222"),
      LabeledValue(identifier: "p2", label: "mobile", value: "555 555 1111"),
    ]
    contact.contactRelations = [LabeledValue(identifier: "r1", label: "CustomRelationship", value: "MyCustom")]
    let text = screen(contact)
    #expect(text.contains("  Google Voice  555 555 2222"), "\(text)")
    #expect(text.contains("CustomRelationship  MyCustom"), "\(text)")
    #expect(!text.contains("…"), "\(text)")
    // On a narrow screen the column stops at a quarter and cuts the longest.
    let narrow = screen(contact, columns: 60)
    #expect(!narrow.contains("CustomRelationship") && narrow.contains("CustomRelation…"), "\(narrow)")
  }

  @Test("the header's work line: title, role, department, organization")
  func roleInHeader() {
    var contact = TestContacts.person("John", "Doe", org: "IBM")
    contact.jobTitle = "Money Counter"
    contact.role = "Counting Money"
    contact.departmentName = "Accounting"
    #expect(screen(contact).contains("Money Counter · Counting Money · Accounting · IBM"))
  }
}
