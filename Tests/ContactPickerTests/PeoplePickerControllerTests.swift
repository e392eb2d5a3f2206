import ContactKit
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

@MainActor
final class RecordingDelegate: PeoplePickerDelegate {
  var selected: [Contact] = []
  var cancelled = 0
  func peoplePicker(_ picker: PeoplePickerController, didSelect contact: Contact) { selected.append(contact) }
  func peoplePickerDidCancel(_ picker: PeoplePickerController) { cancelled += 1 }
}

@MainActor
@Suite("People picker, headless")
struct PeoplePickerControllerTests {
  func run(_ keys: [KeyEvent], rows: Int = 20, columns: Int = 80) -> (MemoryScreen, RecordingDelegate, PeoplePickerResult) {
    let screen = MemoryScreen(rows: rows, columns: columns, keys: keys)
    let picker = PeoplePickerController(contacts: TestContacts.book)
    let delegate = RecordingDelegate()
    picker.delegate = delegate
    let result = picker.run(on: screen)
    return (screen, delegate, result)
  }

  @Test("the list is sorted by family name with section headers, Han under its pinyin initial")
  func sortedWithSections() {
    let (screen, _, _) = run([])
    let lines = screen.frames[0].text.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix(">"))
    #expect(lines[0].hasSuffix("7/7"))
    let names = lines.dropFirst().map { String($0.prefix(78)).replacingOccurrences(of: "▌", with: "").trimmingCharacters(in: .whitespaces) }
    // Álvarez, Babbage, Hopper, Lindqvist, Lovelace, Turing, 王 (W)
    #expect(names.first == "A")
    let order = ["José Álvarez", "Charles Babbage", "Grace Hopper", "Zoë Lindqvist", "Ada Lovelace", "Alan Turing", "王小明"]
    let positions = order.map { name in names.firstIndex { $0.hasPrefix(name) } }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    #expect(names.contains("W"))
    #expect(names.contains("L"))
  }

  @Test("typing filters as you type, ignoring accents, and Enter tells the delegate")
  func typeAndChoose() {
    let (screen, delegate, result) = run(MemoryScreen.keys(typing: "jose alv") + [.enter])
    #expect(delegate.selected.map(\.displayName) == ["José Álvarez"])
    #expect(delegate.cancelled == 0)
    #expect(result == .selectedPerson(delegate.selected[0]))
    let last = screen.frames.last!.text
    #expect(last.contains("> jose alv"))
    #expect(last.contains("1/7"))
    #expect(last.contains("jose.alvarez@example.com"))
  }

  @Test("phone digits find a number whatever its formatting")
  func phoneDigits() {
    let (_, delegate, _) = run(MemoryScreen.keys(typing: "5550100142") + [.enter])
    #expect(delegate.selected.map(\.displayName) == ["Grace Hopper"])
  }

  @Test("pinyin finds a Chinese name")
  func pinyin() {
    let (_, delegate, _) = run(MemoryScreen.keys(typing: "wang") + [.enter])
    #expect(delegate.selected.map(\.displayName) == ["王小明"])
  }

  @Test("Down moves to the next contact, skipping section headers")
  func moveDown() {
    let (_, delegate, _) = run([.down, .enter])
    #expect(delegate.selected.map(\.displayName) == ["Charles Babbage"])
    let (_, up, _) = run([.down, .down, .up, .control("n"), .control("p"), .enter])
    #expect(up.selected.map(\.displayName) == ["Charles Babbage"])
  }

  @Test("Esc, Ctrl-C and Ctrl-G cancel; the delegate hears didCancel once")
  func cancelKeys() {
    for key in [KeyEvent.escape, .control("c"), .control("g")] {
      let (_, delegate, result) = run(MemoryScreen.keys(typing: "ada") + [key])
      #expect(result == .cancelled)
      #expect(delegate.cancelled == 1)
      #expect(delegate.selected.isEmpty)
    }
  }

  @Test("readline keys edit the query line")
  func readlineEditing() {
    // "grace" then Ctrl-W clears the word, "ada" is typed, Ctrl-A and a leading word.
    let keys = MemoryScreen.keys(typing: "grace") + [.control("w")] + MemoryScreen.keys(typing: "lovelace")
      + [.control("a")] + MemoryScreen.keys(typing: "ada ") + [.control("e"), .backspace, .character("e")]
    let (screen, _, _) = run(keys)
    #expect(screen.frames.last!.text.split(separator: "\n")[0].hasPrefix("> ada lovelace"))
    let (cleared, _, _) = run(MemoryScreen.keys(typing: "zzz") + [.control("u")])
    #expect(cleared.frames.last!.text.contains("7/7"))
  }

  @Test("a query that matches nothing shows 0 and Enter does not choose")
  func noMatch() {
    let (screen, delegate, result) = run(MemoryScreen.keys(typing: "qqqq") + [.enter])
    #expect(screen.frames.last!.text.contains("0/7"))
    #expect(delegate.selected.isEmpty)
    #expect(result == .cancelled)  // the script ended: input closed
  }

  @Test("with endsWhenNothingMatches (the tool's fzf habit), Enter on no match ends it: cancelled, nothingMatched")
  func enterOnNoMatchEnds() {
    let screen = MemoryScreen(rows: 20, columns: 80, keys: MemoryScreen.keys(typing: "qqqq") + [.enter, .escape])
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.endsWhenNothingMatches = true
    let delegate = RecordingDelegate()
    picker.delegate = delegate
    #expect(picker.run(on: screen) == .cancelled)
    #expect(picker.nothingMatched)
    #expect(screen.pendingKeys == [.escape], "Enter ended it; Esc was never read")
    #expect(delegate.cancelled == 1)
    // A match: Enter chooses as before, and nothingMatched is false again.
    let again = MemoryScreen(rows: 20, columns: 80, keys: MemoryScreen.keys(typing: "grace") + [.enter])
    #expect(picker.run(on: again) != .cancelled)
    #expect(!picker.nothingMatched)
  }

  @Test("a bracketed paste with a line break becomes query text, not Enter")
  func pasteIsNotEnter() {
    let (screen, delegate, _) = run([.paste("Grace\rHopper")])
    #expect(delegate.selected.isEmpty)
    #expect(screen.frames.last!.text.hasPrefix("> Grace Hopper"))
  }

  @Test("a disabled contact is dimmed and cannot be chosen")
  func predicateForEnabling() {
    let screen = MemoryScreen(rows: 20, columns: 80, keys: MemoryScreen.keys(typing: "babbage") + [.enter])
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.predicateForEnablingContact = { !$0.emailAddresses.isEmpty }
    let delegate = RecordingDelegate()
    picker.delegate = delegate
    picker.run(on: screen)
    #expect(delegate.selected.isEmpty)
    let frame = screen.frames.last!
    let row = (0..<frame.rows).first { frame.text(row: $0).contains("Charles Babbage") }!
    #expect(frame[row, 3].style.dim)
  }

  @Test("a resize redraws at the new size")
  func resize() {
    let screen = MemoryScreen(rows: 20, columns: 80, keys: [])
    screen.scheduleResize(rows: 6, columns: 40, afterKeys: 0)
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.run(on: screen)
    let last = screen.frames.last!
    #expect(last.rows == 6 && last.columns == 40)
    #expect(last.text(row: 0).hasSuffix("7/7"))
  }

  @Test("paging keeps the highlighted row on screen")
  func paging() {
    var many: [Contact] = []
    for index in 0..<200 { many.append(TestContacts.person("Person\(index)", "Family\(1000 + index)")) }
    let screen = MemoryScreen(rows: 10, columns: 60, keys: [.pageDown, .pageDown, .pageDown])
    let picker = PeoplePickerController(contacts: many)
    picker.run(on: screen)
    let state = picker.state!
    #expect(state.cursor >= state.scrollTop && state.cursor < state.scrollTop + state.pageSize)
    #expect(state.cursor > 20)
    #expect(screen.frames.last!.text.contains("▌"))
  }
}

@MainActor
@Suite("People picker, scrolling")
struct PeoplePickerScrollingTests {
  func highlightedName(_ frame: Frame) -> String? {
    (0..<frame.rows).map { frame.text(row: $0) }.first { $0.hasPrefix("▌") }
  }

  @Test("PageDown past section headers keeps the highlighted row on screen")
  func pageDownWithHeaders() {
    var contacts: [Contact] = []
    for letter in "ABCDEFGH" {
      for index in 0..<3 { contacts.append(TestContacts.person("P\(index)", "\(letter)family\(index)")) }
    }
    for rows in [4, 6, 10] {
      let screen = MemoryScreen(rows: rows, columns: 40, keys: [.pageDown, .pageDown])
      let picker = PeoplePickerController(contacts: contacts)
      picker.run(on: screen)
      for frame in screen.frames { #expect(highlightedName(frame) != nil, "rows \(rows):\n\(frame.text)") }
    }
  }

  @Test("on a two-line screen the first contact, not its header, is shown")
  func tinyScreen() {
    let screen = MemoryScreen(rows: 2, columns: 40, keys: [])
    PeoplePickerController(contacts: TestContacts.book).run(on: screen)
    #expect(highlightedName(screen.frames[0])?.contains("José Álvarez") == true)
  }

  @Test("moving up onto the first contact of a section shows its header")
  func headerShownGoingUp() {
    let screen = MemoryScreen(rows: 4, columns: 40, keys: Array(repeating: .down, count: 5) + Array(repeating: .up, count: 5))
    PeoplePickerController(contacts: TestContacts.book).run(on: screen)
    #expect(screen.frames.last!.text(row: 1) == "A")
  }

  @Test("a narrow screen shows the query rather than the count")
  func narrow() {
    let screen = MemoryScreen(rows: 5, columns: 8, keys: MemoryScreen.keys(typing: "ada"))
    PeoplePickerController(contacts: TestContacts.book).run(on: screen)
    #expect(screen.frames.last!.text(row: 0) == "> ada")
  }
}

@MainActor
@Suite("People picker, mouse")
struct PeoplePickerMouseTests {
  @Test("a click moves to the row under the pointer, a double click chooses it, the wheel scrolls")
  func mouse() {
    // Rows: 0 query, 1 "A", 2 José Álvarez, 3 "B", 4 Charles Babbage.
    let keys: [KeyEvent] = [.mouse(MouseEvent(.click, row: 4, column: 5)), .enter]
    let delegate = RecordingDelegate()
    let picker = PeoplePickerController(contacts: TestContacts.book)
    picker.delegate = delegate
    picker.run(on: MemoryScreen(rows: 20, columns: 80, keys: keys))
    #expect(delegate.selected.map(\.displayName) == ["Charles Babbage"])

    let double = RecordingDelegate()
    let second = PeoplePickerController(contacts: TestContacts.book)
    second.delegate = double
    second.run(on: MemoryScreen(rows: 20, columns: 80, keys: [.mouse(MouseEvent(.doubleClick, row: 2, column: 3))]))
    #expect(double.selected.map(\.displayName) == ["José Álvarez"])

    let wheel = RecordingDelegate()
    let third = PeoplePickerController(contacts: TestContacts.book)
    third.delegate = wheel
    third.run(on: MemoryScreen(rows: 20, columns: 80, keys: [.mouse(MouseEvent(.wheelDown, row: 5, column: 3)), .enter]))
    #expect(wheel.selected.count == 1)
    #expect(wheel.selected.first?.displayName != "José Álvarez")
    // A click on a section header or below the list changes nothing.
    let header = RecordingDelegate()
    let fourth = PeoplePickerController(contacts: TestContacts.book)
    fourth.delegate = header
    fourth.run(on: MemoryScreen(rows: 20, columns: 80, keys: [.mouse(MouseEvent(.click, row: 1, column: 0)),
                                                              .mouse(MouseEvent(.click, row: 19, column: 0)), .enter]))
    #expect(header.selected.map(\.displayName) == ["José Álvarez"])
  }
}
