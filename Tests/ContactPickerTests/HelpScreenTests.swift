import ContactKit
import CpickTestSupport
import Testing
import TerminalKit

@testable import ContactPicker

/// The help screen (F1 everywhere, `?` where nothing is typed): the keys of the screen
/// it is asked on, from the table that screen dispatches with.
@MainActor
@Suite("The help screen")
struct HelpScreenTests {
  /// The text of the frame drawn after `keys` on the picker (the frame of each key).
  static func picker(_ keys: [KeyEvent], rows: Int = 24) -> MemoryScreen {
    let screen = MemoryScreen(rows: rows, columns: 80, keys: keys)
    _ = PeoplePickerController(contacts: TestContacts.book).run(on: screen)
    return screen
  }

  @Test("F1 on the list shows the list's keys; any key goes back to the list as it was")
  func pickerList() {
    let screen = Self.picker(typing("ada") + [.function(1), .character("x"), .escape])
    let help = screen.frames[4].text
    #expect(help.hasPrefix(" Keys: the list"))
    #expect(help.contains("enter") && help.contains("choose the highlighted contact"))
    #expect(help.contains("^T") && help.contains("show the groups"))
    #expect(help.contains("other keys") && help.contains("edit the query"))
    #expect(help.contains("F1") && help.contains("this help"))
    #expect(!help.contains("mark or unmark"))  // Tab marks only with -m
    // The key that closed it did nothing else: the query is still "ada".
    #expect(screen.frames[5].text(row: 0).hasPrefix("> ada"))
  }

  @Test("? is typed into the picker's query, not taken for help")
  func questionMarkTypes() {
    let screen = Self.picker([.character("?"), .escape])
    #expect(screen.frames[1].text(row: 0).hasPrefix("> ?"))
  }

  @Test("the list's help lists every key the list dispatches, and the help line names F1")
  func everyKeyListed() {
    let keymap = PeoplePickerKeymap.list(multiple: true, adding: true, directory: true)
    let help = keymap.help(title: "list")
    let listed = Set(help.rows.flatMap(\.keys))
    let bound = Set(keymap.bindings.flatMap(\.keys))
    #expect(bound.subtracting(listed).isEmpty)
    #expect(listed.contains(.function(1)))
    #expect(keymap.hint.hasSuffix("F1 help"))
    for row in help.rows where !row.keys.contains(.function(1)) && !row.keys.isEmpty {
      let commands = Set(row.keys.map { keymap.command(for: $0).map { "\($0)" } ?? "nil" })
      #expect(commands.count == 1, "\(row.label) do different things")
    }
  }

  @Test("? and F1 on a card show its keys; e only where the card can be edited")
  func card() {
    var ada = Contact(identifier: "ada", source: "")
    ada.givenName = "Ada"
    ada.emailAddresses = [LabeledValue(identifier: "e1", label: "work", value: "ada@example.org")]
    let screen = MemoryScreen(rows: 24, columns: 80, keys: [.character("?"), .escape, .function(1), .escape, .escape])
    PersonViewController(contact: ada).run(on: screen)
    let help = screen.frames[1].text
    #expect(help.hasPrefix(" Keys: the card"))
    #expect(help.contains("choose the highlighted value") && help.contains("leave the card"))
    #expect(help.contains("F1 ?"))
    #expect(!help.contains("edit the contact"))
    #expect(screen.frames[2].text(row: 0).contains("Ada"))
    #expect(screen.frames[3].text == help)
  }

  @Test("F1 on the form shows the focused field's keys; ? is typed into the field")
  func form() {
    let run = runForm([.function(1), .character("q")] + typing("?") + [.control("c"), .character("y")])
    let help = run.screen.frames[1].text
    #expect(help.hasPrefix(" Keys: the form"))
    #expect(help.contains("^S") && help.contains("save"))
    #expect(help.contains("next field"))
    #expect(run.screen.frames[3].text.contains("?"))
  }

  @Test("a help screen taller than the screen ends in … and keeps its last line")
  func shortScreen() {
    let screen = Self.picker([.function(1), .escape, .escape], rows: 8)
    let lines = screen.frames[1].text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[5] == " …")
    #expect(lines[7] == " any key goes back")
  }
}
