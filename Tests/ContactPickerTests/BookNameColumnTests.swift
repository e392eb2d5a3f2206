import ContactKit
import TerminalKit
import Testing

@testable import AddressBook
@testable import ContactPicker

/// A picker over several books shows each row's book at its right end (issue 18:
/// several accounts and local books in one list).
@Suite("The book of each row")
struct BookNameColumnTests {
  static let people: [Contact] = {
    var ada = Contact(identifier: "ada", source: "/books/personal/ada.vcf")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    ada.emailAddresses = [LabeledValue(identifier: "e1", label: "home", value: "ada@analytical-engines.example")]
    var grace = Contact(identifier: "grace", source: "/cache/dav/x/contacts/grace.vcf")
    grace.givenName = "Grace"
    grace.familyName = "Hopper"
    grace.emailAddresses = [LabeledValue(identifier: "e1", label: "work", value: "grace@navy.example")]
    return [ada, grace]
  }()

  static func line(_ name: String, bookName: (@Sendable (Contact) -> String?)?, columns: Int = 80) -> String? {
    let state = PeoplePickerState(list: ContactList(people), query: "")
    let frame = PeoplePickerView.render(state, rows: 10, columns: columns, color: false, bookName: bookName)
    return (0..<frame.rows).map { frame.text(row: $0) }.first { $0.contains(name) }
  }

  static let names: @Sendable (Contact) -> String? = { contact in
    contact.source.hasPrefix("/books/personal/") ? "personal" : contact.source.hasPrefix("/cache/") ? "Work \u{1B}[31m" : nil
  }

  @Test("each row ends with its book's name, right-aligned, control characters made visible")
  func rowsEndWithBook() throws {
    // The book's name ends the list's columns (only the section strip is right of it).
    let ada = try #require(Self.line("Lovelace", bookName: Self.names))
    let adaBook = try #require(ada.range(of: " personal"))
    #expect(ada[adaBook.upperBound...].trimmingCharacters(in: .whitespaces).count <= 1)
    #expect(ada.range(of: "ada@analytical-engines.example").map { $0.upperBound <= adaBook.lowerBound } == true)
    let grace = try #require(Self.line("Hopper", bookName: Self.names))
    #expect(!grace.contains("\u{1B}"))
    let graceBook = try #require(grace.range(of: TerminalText.visible("Work \u{1B}[31m")))
    #expect(grace[graceBook.upperBound...].trimmingCharacters(in: .whitespaces).count <= 1)
  }

  @Test("without book names the row is as before; a narrow row drops the detail before the book")
  func noBookNames() throws {
    let plain = try #require(Self.line("Lovelace", bookName: nil))
    #expect(!plain.contains("personal"))
    let narrow = try #require(Self.line("Lovelace", bookName: Self.names, columns: 44))
    #expect(narrow.contains("personal"))
  }
}
