import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker

/// A user trial showed `प्रिया शर्मा` as `पय शर`: vowel signs and conjuncts were lost in
/// the list, the query line and the card. The picker drawn headless keeps them.
@MainActor
@Suite("Indic names and emoji sequences in the picker")
struct ComplexScriptNamesTests {
  static let book: [Contact] = [
    TestContacts.person("प्रिया", "शर्मा", email: "priya@example.in", fn: "प्रिया शर्मा"),
    TestContacts.person("সৌমিত্র", "নীলগিরি", email: "soumitra@example.in", fn: "সৌমিত্র নীলগিরি"),
    TestContacts.person("தமிழ்", "செல்வி", email: "tamil@example.in", fn: "தமிழ் செல்வி"),
    TestContacts.person("Ada", "Lovelace", email: "ada@example.org", fn: "Ada 👨‍👩‍👧‍👦 Lovelace"),
  ]

  /// The screen column where `needle` starts in `row` of `frame`, continuation cells counted.
  static func column(of needle: String, in frame: Frame, row: Int) -> Int? {
    for start in 0..<frame.columns {
      var text = ""
      for column in start..<frame.columns { text += frame[row, column].text }
      if text.hasPrefix(needle) { return start }
    }
    return nil
  }

  /// Columns of each display name of `book` as glibc's `wcswidth` and tmux count them.
  static let nameColumns = [10, 14, 10, 15]

  @Test("list rows show the names whole in their terminal width; the emails start in one column")
  func listRows() throws {
    let screen = MemoryScreen(rows: 12, columns: 80, keys: [])
    PeoplePickerController(contacts: Self.book).run(on: screen)
    let frame = try #require(screen.frames.first)
    let nameWidth = Self.nameColumns.max()!
    for (contact, columns) in zip(Self.book, Self.nameColumns) {
      let name = contact.formattedName
      let row = try #require((0..<frame.rows).first { frame.text(row: $0).contains(name) }, "\(name)")
      let email = contact.emailAddresses[0].value
      #expect(Self.column(of: name, in: frame, row: row) == 2)
      #expect(Self.column(of: email, in: frame, row: row) == 2 + nameWidth + 2, "\(name)")
      let padding = String(repeating: " ", count: nameWidth + 2 - columns)
      #expect(frame.text(row: row).contains(name + padding + email), "\(name)")
    }
  }

  @Test("the query line echoes a typed Devanagari query whole, the cursor after it")
  func queryLine() throws {
    let screen = MemoryScreen(rows: 12, columns: 80, keys: MemoryScreen.keys(typing: "प्रिया"))
    PeoplePickerController(contacts: Self.book).run(on: screen)
    let frame = try #require(screen.lastFrame)
    #expect(frame.text(row: 0).hasPrefix("> प्रिया"))
    #expect(frame.cursor?.column == 2 + 5)  // प्रि is 3 columns, या 2
    #expect(frame.text.contains("प्रिया शर्मा"))
  }

  @Test("the person card shows the name whole")
  func card() throws {
    for contact in Self.book {
      let screen = MemoryScreen(rows: 12, columns: 60, keys: [])
      PersonViewController(contact: contact).run(on: screen)
      let frame = try #require(screen.frames.first)
      #expect(frame.text.contains(contact.formattedName), "\(contact.formattedName)")
    }
  }
}
