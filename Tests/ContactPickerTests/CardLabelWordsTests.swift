import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker

/// The person card shows labels in words, the same as the edit form
/// (`LabelWords`), and the most preferred value of a key first (case 45).
@MainActor
@Suite("The card's labels and order")
struct CardLabelWordsTests {
  static func screenText(_ contact: Contact) -> String {
    let screen = MemoryScreen(rows: 16, columns: 70, keys: [])
    PersonViewController(contact: contact).run(on: screen)
    return (0..<16).map { screen.frames[0].text(row: $0) }.joined(separator: "\n")
  }

  @Test("workFax shows as 'work fax', homePage as 'home page', a custom label as written")
  func labelsInWords() {
    var ada = Contact(identifier: "a", source: "")
    ada.givenName = "Ada"
    ada.phoneNumbers = [
      LabeledValue(identifier: "f", label: "workFax", value: "+44 20 7946 0001"),
      LabeledValue(identifier: "j", label: "Jonas mobil", value: "+47 900 55 011"),
    ]
    ada.urlAddresses = [LabeledValue(identifier: "u", label: "homePage", value: "https://ada.example")]
    let text = Self.screenText(ada)
    #expect(text.contains("work fax"))
    #expect(!text.contains("workFax"))
    #expect(text.contains("home page"))
    #expect(text.contains("Jonas mobil"))
    #expect(NewPersonState.displayLabel("workFax", section: .phone) == "work fax")
  }

  @Test("the PREF=1 email is the card's first email row, PREF=20 after it")
  func preferredFirst() throws {
    var wren = Contact(identifier: "w", source: "")
    wren.givenName = "Wren"
    wren.emailAddresses = [
      LabeledValue(identifier: "1", label: "other", value: "w.talbot@oldisp.example", preference: 20),
      LabeledValue(identifier: "2", label: "home", value: "wren.talbot@fastmail.example", preference: 1),
    ]
    let text = Self.screenText(wren)
    let first = try #require(text.range(of: "wren.talbot@fastmail.example"))
    let second = try #require(text.range(of: "w.talbot@oldisp.example"))
    #expect(first.lowerBound < second.lowerBound)
  }
}
