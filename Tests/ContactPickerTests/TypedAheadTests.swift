import ContactKit
import CpickTestSupport
import Matching
import Testing
import TerminalKit

@testable import ContactPicker

/// Keys already waiting when a typed character is handled (typed ahead, or text a
/// terminal sent without bracketed paste) are taken as one edit: one search and one
/// frame for the burst, with what typing them one by one gives.
@MainActor
@Suite("Keys typed ahead")
struct TypedAheadTests {
  /// Runs a picker over `TestContacts.book` on a 20 × 80 screen playing `keys`,
  /// waiting (`MemoryScreen.keysWaiting`) or one by one.
  private func pick(_ keys: [KeyEvent], waiting: Bool) -> (PeoplePickerResult, MemoryScreen, String) {
    let screen = MemoryScreen(rows: 20, columns: 80, keys: keys)
    screen.keysWaiting = waiting
    let picker = PeoplePickerController(contacts: TestContacts.book)
    let result = picker.run(on: screen)
    return (result, screen, picker.finalQuery)
  }

  private func chosenName(_ result: PeoplePickerResult) -> String? {
    if case .selectedPerson(let contact) = result { return contact.displayName }
    return nil
  }

  @Test("a query typed ahead, then Enter: the person typing it key by key chooses, after two frames, not nine")
  func burstThenEnter() {
    let keys = MemoryScreen.keys(typing: "grace h") + [.enter]
    let (oneByOne, slowScreen, slowQuery) = pick(keys, waiting: false)
    let (burst, screen, query) = pick(keys, waiting: true)
    #expect(chosenName(oneByOne) == "Grace Hopper")
    #expect(chosenName(burst) == "Grace Hopper")
    #expect(query == "grace h" && slowQuery == query)
    #expect(slowScreen.frames.count == 8)  // the first frame, and one per character
    #expect(screen.frames.count == 2)  // the first frame, and the burst's
    #expect(screen.text.contains("Grace Hopper"))
  }

  @Test("a letter after Ctrl-X jumps to its section even when typed ahead; the letters after it are the query")
  func sectionLetterIsNoTyping() {
    let keys: [KeyEvent] = [.control("x"), .character("t")] + MemoryScreen.keys(typing: "ur") + [.enter]
    let (oneByOne, _, slowQuery) = pick(keys, waiting: false)
    let (burst, _, query) = pick(keys, waiting: true)
    #expect(chosenName(burst) == chosenName(oneByOne))
    #expect(chosenName(burst) == "Alan Turing")
    #expect(query == "ur" && slowQuery == "ur")
  }

  @Test("a key bound to a command ends the burst and acts on the rows of the text before it")
  func boundKeyEndsBurst() {
    // ↓ moves from the first match of "a" to the second; the letters after it go on the query.
    let keys = MemoryScreen.keys(typing: "a") + [.down] + MemoryScreen.keys(typing: "l") + [.enter]
    let (oneByOne, _, _) = pick(keys, waiting: false)
    let (burst, _, query) = pick(keys, waiting: true)
    #expect(chosenName(oneByOne) != nil)
    #expect(chosenName(burst) == chosenName(oneByOne))
    #expect(query == "al")
  }

  @Test("10,000 characters typed ahead: the query's first 4,096 (SearchOptions.longestQuery), drawn once per 4,096 (the first frame and three)")
  func longBurst() {
    let text = String(repeating: "x", count: 10_000)
    let (result, screen, query) = pick(MemoryScreen.keys(typing: text), waiting: true)
    #expect(result == .cancelled)  // the script ended
    #expect(query == String(text.prefix(SearchOptions.longestQuery)))
    #expect(screen.frames.count == 4)
    #expect(PeoplePickerSession.burstLimit == 4096)
  }

  @Test("the new-person form takes keys typed ahead and draws once per burst; the contact is the same")
  func formBurst() {
    let keys = MemoryScreen.keys(typing: "Ada") + [.tab] + MemoryScreen.keys(typing: "Lovelace") + [.control("s")]
    var saved: [[String]] = []
    var frames: [Int] = []
    for waiting in [false, true] {
      let screen = MemoryScreen(rows: 30, columns: 80, keys: keys)
      screen.keysWaiting = waiting
      let controller = NewPersonViewController()
      if case .completed(let contact) = controller.run(on: screen) {
        saved.append([contact.givenName, contact.middleName, contact.familyName, contact.organizationName])
      }
      frames.append(screen.frames.count)
    }
    #expect(saved.count == 2 && saved[0] == saved[1])
    #expect(saved.first?.first == "Ada" && saved.first?.contains("Lovelace") == true)
    #expect(frames[0] == 1 + 12)  // the first frame and one per key before Ctrl-S
    #expect(frames[1] == 2)  // the first frame, and one after the burst "Ada⇥"
  }
}
