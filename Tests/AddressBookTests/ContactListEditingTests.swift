import ContactKit
import ContactStores
import Foundation
import Matching
import Testing

@testable import AddressBook

/// `ContactList.replacing(_:original:)` puts one edited or added contact in place
/// without indexing the others again: the list it gives is the list built anew from
/// all the contacts.
@Suite("Editing one contact of a list")
struct ContactListEditingTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  static let people: [(uid: String, given: String, family: String, extra: String)] = [
    ("a1", "Ada", "Lovelace", "CATEGORIES:Team,Friends\r\n"), ("a2", "Alan", "Turing", ""),
    ("a3", "Grace", "Hopper", "CATEGORIES:Team\r\n"), ("a4", "Łukasz", "Żółw", ""), ("a5", "小明", "王", ""),
    ("a6", "Иван", "Петров", "CATEGORIES:Friends\r\n"), ("a7", "Zoë", "Åberg", ""), ("a8", "Edsger", "Dijkstra", ""),
    ("a9", "Barbara", "Liskov", "CATEGORIES:Team\r\n"), ("a10", "Donald", "Knuth", ""), ("a11", "Ken", "Thompson", ""),
    ("a12", "Dennis", "Ritchie", "CATEGORIES:Friends\r\n"), ("a13", "Frances", "Allen", ""), ("a14", "John", "Backus", ""),
  ]

  /// The books: the people in a vdir, loaded without an index (contacts in memory)
  /// and twice with one (the second from the list file: contacts decoded on access).
  static func lists() throws -> [(String, ContactList)] {
    let sandbox = try Sandbox()
    for person in people {
      try sandbox.write(
        "book/\(person.uid).vcf",
        ContactListLoaderTests.card(
          person.uid, person.given, person.family, email: "\(person.uid)@example.org", extra: person.extra))
    }
    let folder = sandbox.path("book")
    let plain = try ContactListLoaderTests.loader([folder], cache: nil).load().list
    let indexed = ContactListLoaderTests.loader([folder], cache: sandbox.cache)
    _ = try indexed.load()
    return [("in memory", plain), ("from the index", try indexed.load().list)]
  }

  /// Everything a picker reads of a list, position by position.
  static func expectSame(_ list: ContactList, _ expected: ContactList, _ note: String) {
    #expect(Array(list.displayNames) == Array(expected.displayNames), "\(note): names")
    #expect(list.contacts.map(\.identifier) == expected.contacts.map(\.identifier), "\(note): contacts")
    #expect(list.contacts.map(\.emailAddresses) == expected.contacts.map(\.emailAddresses), "\(note): emails")
    #expect(list.sections == expected.sections, "\(note): sections")
    #expect(list.widestName == expected.widestName, "\(note): widest name")
    #expect(list.groups == expected.groups, "\(note): groups")
    for group in expected.groups.map(\.name) {
      #expect(list.members(of: group) == expected.members(of: group), "\(note): members of \(group)")
    }
    for query in ["a", "ada", "wang", "wxm", "ivan", "lukasz", "example.org", "zz", "group:team", "t"] {
      #expect(list.index.search(query) == expected.index.search(query), "\(note): search \(query)")
    }
  }

  @Test("a name's columns are those it is shown in: an invisible character as its ⟨U+…⟩")
  func nameWidthAsShown() {
    #expect(ContactList.nameWidth("Ada Lovelace") == 12)
    #expect(ContactList.nameWidth("王小明") == 6)
    #expect(ContactList.nameWidth("In\u{200B}grid Zwo") == 2 + 8 + 8)
    #expect(ContactList.nameWidth("") == ContactFormatter.noName.count)
  }

  @Test("a renamed contact moves to its new place; names, sections, groups and search are those of a new list")
  func renamed() throws {
    for (note, list) in try Self.lists() {
      let original = try #require(list.contacts.first { $0.identifier == "a2" })
      var edited = original
      edited.familyName = "Zuse"
      edited.givenName = "Konrad"
      edited.formattedName = "Konrad Zuse"
      let replaced = list.replacing(edited, original: original)
      let all = list.contacts.map { $0.identifier == "a2" ? edited : $0 }
      Self.expectSame(replaced, ContactList(all, sortOrder: list.sortOrder, nameOrder: list.nameOrder), "\(note), renamed")
      #expect(replaced.position(of: edited).map { replaced.contacts[$0].formattedName } == "Konrad Zuse")
      #expect(list.position(of: original) != nil, "the list itself is unchanged")
    }
  }

  @Test("an added contact, a contact edited in place and one given a group are where a new list puts them")
  func addedAndEdited() throws {
    for (note, list) in try Self.lists() {
      var added = Contact(identifier: "new", source: "/elsewhere/new.vcf")
      added.givenName = "Anita"
      added.familyName = "Borg"
      added.groups = ["Team", "New group"]
      let withAdded = list.replacing(added, original: nil)
      Self.expectSame(
        withAdded, ContactList(Array(list.contacts) + [added], sortOrder: list.sortOrder, nameOrder: list.nameOrder),
        "\(note), added")

      let original = try #require(withAdded.contacts.first { $0.identifier == "a5" })
      var edited = original
      edited.emailAddresses = [LabeledValue(identifier: "e", label: "home", value: "wang@example.net")]
      edited.groups = ["Friends"]
      let replaced = withAdded.replacing(edited, original: original)
      let all = withAdded.contacts.map { $0.identifier == "a5" ? edited : $0 }
      Self.expectSame(
        replaced, ContactList(all, sortOrder: list.sortOrder, nameOrder: list.nameOrder), "\(note), edited in place")

      // The first and the last of the list, renamed to the other end.
      let first = replaced.contacts[0]
      var last = first
      last.formattedName = "Zzz Last"
      let moved = replaced.replacing(last, original: first)
      let expected = replaced.contacts.map { $0.identifier == first.identifier ? last : $0 }
      Self.expectSame(
        moved, ContactList(expected, sortOrder: list.sortOrder, nameOrder: list.nameOrder), "\(note), first to last")
    }
  }
}
