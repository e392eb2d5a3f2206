import ContactKit
import CpickTestSupport
import Matching
import TerminalKit
import Testing

@testable import AddressBook
@testable import ContactPicker

/// The picker's query takes at most `SearchOptions.longestQuery` characters: a paste of
/// a megabyte (no bracketed paste, or a program's) is cut there, not searched term by
/// term on every contact (1.2 GB for 8,000 contacts).
@Suite("The query's length")
struct QueryLimitTests {
  @Test("a line editor with a limit takes what fits of a paste, then nothing more")
  func editorLimit() {
    var editor = LineEditor("ab")
    editor.limit = 5
    _ = editor.handle(.paste("cdefgh"))
    #expect(editor.text == "abcde")
    _ = editor.handle(.character("x"))
    #expect(editor.text == "abcde")
    _ = editor.handle(.backspace)
    _ = editor.handle(.character("z"))
    #expect(editor.text == "abcdz")
    // Without a limit (a form's field), all of it.
    var field = LineEditor()
    _ = field.handle(.paste(String(repeating: "n", count: 10_000)))
    #expect(field.text.count == 10_000)
  }

  @Test("the picker's query is cut at the longest query, typed or pasted or given")
  func pickerQuery() {
    var state = PeoplePickerState(list: ContactList(TestContacts.book))
    state.type(String(repeating: "ada ", count: 2_000))
    #expect(state.query.text.count == SearchOptions.longestQuery)
    let given = PeoplePickerState(list: state.list, query: String(repeating: "x", count: 5_000))
    #expect(given.query.text.count == SearchOptions.longestQuery)
  }
}
