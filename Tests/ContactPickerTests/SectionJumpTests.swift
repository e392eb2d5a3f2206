import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker

/// Ctrl-X then a letter jumps to that letter's section, through the whole picker (which
/// redraws between the two keys), and the letter does not go into the query.
@MainActor
@Suite("Jumping to a section")
struct SectionJumpTests {
  @Test("Ctrl-X then t chooses the first contact under T; Ctrl-X then w the one under W; the query stays empty", arguments: [
    ("t", "Alan Turing"), ("w", "王小明"), ("H", "Grace Hopper"),
  ])
  func jump(letter: Character, expected: String) {
    let screen = MemoryScreen(rows: 20, columns: 80, keys: [.control("x"), .character(letter), .enter])
    let picker = PeoplePickerController(contacts: TestContacts.book)
    let result = picker.run(on: screen)
    guard case .selectedPerson(let contact) = result else {
      Issue.record("nothing chosen: \(result)")
      return
    }
    #expect(contact.displayName == expected)
    #expect(picker.finalQuery.isEmpty)
    // The frame between the two keys says a letter is awaited.
    #expect(screen.frames.contains { $0.text.contains("jump to section: type a letter") })
  }
}
