import ContactKit
import ContactPicker
import CpickTestSupport
import TerminalKit
import Testing
import AddressBook

/// The picker's rows after each key — written over the previous rows when the list
/// narrows, anew when it grows — must be those of a state that searched the query
/// afresh.
@Suite("Search rows")
struct SearchRowsTests {
  /// A book of 600 people from a few names, so that queries keep many rows and erasing
  /// brings more back.
  static let book: [Contact] = (0..<600).map { i in
    let given = ["Ada", "Alan", "Grace", "Maria", "José", "Siobhán", "Mikkel", "Wang"][i % 8]
    let family = ["Lovelace", "Turing", "Hopper", "Martinez", "Álvarez", "Smith", "Tanaka"][i % 7]
    return TestContacts.person(
      "\(given)\(i % 5 == 0 ? "" : String(i))", family, email: "\(given.lowercased()).\(i)@example\(i % 3).com")
  }

  @Test("should show a fresh search's rows after every key typed and erased, searched in place or deferred")
  func rowsMatchFreshState() {
    let list = ContactList(Self.book)
    for deferred in [false, true] {
      for query in ["maria", "ada lo", "example1", "al", "smith j", "zzz"] {
        var state = PeoplePickerState(list: list)
        state.defersSearch = deferred
        var typed = ""
        func check(_ note: String) {
          if let search = state.pendingSearch { state.apply(search.run(on: list.index), for: search) }
          let fresh = PeoplePickerState(list: list, query: typed)
          #expect(state.rows == fresh.rows, "\(note) \(String(reflecting: typed)) deferred: \(deferred)")
          #expect(state.matchCount == fresh.matchCount)
        }
        for character in query {
          typed.append(character)
          _ = state.handle(.character(character))
          check("typed")
        }
        for _ in query {
          typed.removeLast()
          _ = state.handle(.backspace)
          check("erased")
        }
      }
    }
    // Real rows: "maria" lists the Marias, and more than a handful.
    let maria = PeoplePickerState(list: list, query: "maria")
    #expect(maria.matchCount >= 75)
    #expect(maria.rows.allSatisfy { row in
      if case .contact(let position) = row { return list.contacts[position].givenName.hasPrefix("Maria") }
      return false
    })
  }
}
