import ContactKit
import CpickSupport
import TerminalKit
import Testing

@testable import AddressBook
@testable import ContactPicker

/// Ctrl-D searches a directory on the server for the query (LDAP `mode = query`) and
/// shows its matches in a picker of their own, whose choice is the picker's.
@MainActor
@Suite("The directory search key")
struct DirectorySearchKeyTests {
  static let own: [Contact] = {
    var ada = Contact(identifier: "ada", source: "/books/ada.vcf")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    return [ada]
  }()

  static func picker(_ found: DirectoryMatches, asked: @escaping @Sendable (String) -> Void = { _ in })
    -> PeoplePickerController
  {
    let picker = PeoplePickerController(list: ContactList(own))
    picker.directorySearch = { query in
      asked(query)
      return found
    }
    return picker
  }

  static var grace: Contact {
    var grace = Contact(identifier: "grace", source: "ldap://dir.example/dc=example")
    grace.givenName = "Grace"
    grace.familyName = "Hopper"
    grace.emailAddresses = [LabeledValue(identifier: "m", label: "work", value: "grace@corp.example")]
    return grace
  }

  @Test("the query is asked of the directory; its match, chosen, is the picker's choice")
  func choosesFromDirectory() {
    let asked = Locked<[String]>([])
    let picker = Self.picker(DirectoryMatches(contacts: [Self.grace])) { query in asked.withLock { $0.append(query) } }
    let screen = MemoryScreen(rows: 12, columns: 100, keys: MemoryScreen.keys(typing: "hopper") + [.control("d"), .enter])
    let result = picker.run(on: screen)
    #expect(asked.withLock { $0 } == ["hopper"])
    #expect(result == .selectedPerson(Self.grace))
    #expect(screen.frames[0].text.contains("^D directory"))
    #expect(screen.frames.contains { $0.text.contains("Grace Hopper") && $0.text.contains("directory") })
  }

  @Test("Ctrl-D typed while the book is still read asks the directory at once (it needs no list)")
  func whileReading() {
    let asked = Locked<[String]>([])
    let never = Gate()
    defer { never.open() }  // lets the load's thread go once the test is over
    let (own, grace) = (Self.own, Self.grace)
    let loading = ContactListLoading { _ in
      never.wait()
      return (ContactList(own), [])
    }
    let picker = PeoplePickerController(loading: loading)
    picker.directorySearch = { query in
      asked.withLock { $0.append(query) }
      return DirectoryMatches(contacts: [grace])
    }
    let keys = MemoryScreen.keys(typing: "hopper") + [.control("d"), .enter]
    let screen = MemoryScreen(rows: 12, columns: 100, script: keys.map { .key($0) })
    let result = picker.run(on: screen)
    #expect(screen.frames[0].text.contains("reading…"))
    #expect(asked.withLock { $0 } == ["hopper"])
    #expect(result == .selectedPerson(Self.grace))
    #expect(loading.result == nil, "the book was still being read when the directory's match was chosen")
  }

  @Test("back from the directory's list (Esc), the picker is as it was; a failure is said there")
  func backFromDirectory() {
    let picker = Self.picker(DirectoryMatches(contacts: [], problem: "ldap://dir.example: cannot connect"))
    let screen = MemoryScreen(
      rows: 12, columns: 100, keys: MemoryScreen.keys(typing: "ada") + [.control("d"), .escape, .enter])
    let result = picker.run(on: screen)
    #expect(screen.frames.contains { $0.text.contains("ldap://dir.example: cannot connect") })
    #expect(result == .selectedPerson(Self.own[0]))
  }

  @Test("without a directory searched on the server, Ctrl-D is no key of the picker")
  func noDirectory() {
    let picker = PeoplePickerController(list: ContactList(Self.own))
    let screen = MemoryScreen(rows: 12, columns: 100, keys: [.escape])
    picker.run(on: screen)
    #expect(!screen.frames[0].text.contains("^D"))
  }
}
