import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import AddressBook

/// `--sort-by none` (`ContactFormatter.SortOrder.unsorted`): the books' own order, as
/// fzf's `--no-sort` keeps its input's, so that an export keeps the file's order.
@Suite("The books' own order (--sort-by none)")
struct UnsortedListTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  /// Names in an order no sort gives: neither by family nor by given name.
  static let people: [(uid: String, given: String, family: String)] = [
    ("u1", "Zoë", "Åberg"), ("u2", "Ada", "Lovelace"), ("u3", "小明", "王"), ("u4", "Alan", "Turing"),
    ("u5", "Grace", "Hopper"),
  ]

  static func card(_ person: (uid: String, given: String, family: String)) -> String {
    ContactListLoaderTests.card(person.uid, person.given, person.family, email: "\(person.uid)@example.org")
  }

  @Test("a file's cards stay in file order, the same when the list comes from the on-disk index")
  func fileOrder() throws {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.people.map(Self.card).joined())
    var loader = ContactListLoaderTests.loader([sandbox.path("people.vcf")], cache: sandbox.cache)
    loader.sortOrder = .unsorted
    let cold = try loader.load().list
    let warm = try loader.load().list
    for list in [cold, warm] {
      #expect((0..<list.contacts.count).map { list.contacts[$0].identifier } == Self.people.map(\.uid))
      #expect(Set(list.sections) == ["#"])
    }
    var sorted = loader
    sorted.sortOrder = .family
    let byFamily = try sorted.load().list
    #expect(byFamily.displayNames[0] == "Zoë Åberg" && byFamily.displayNames[1] == "Grace Hopper")
  }

  @Test("a folder's files are in the order of their names, each file's cards in file order")
  func folderOrder() throws {
    let sandbox = try Sandbox()
    try sandbox.write("book/b.vcf", Self.card(Self.people[3]) + Self.card(Self.people[0]))
    try sandbox.write("book/a.vcf", Self.card(Self.people[4]))
    try sandbox.write("book/c.vcf", Self.card(Self.people[1]))
    var loader = ContactListLoaderTests.loader([sandbox.path("book")], cache: nil)
    loader.sortOrder = .unsorted
    let list = try loader.load().list
    #expect((0..<list.contacts.count).map { list.contacts[$0].identifier } == ["u5", "u4", "u1", "u2"])
  }

  @Test("a folder's files keep the order of their names when some changed since they were indexed")
  func folderOrderAfterChanges() throws {
    let sandbox = try Sandbox()
    for (name, person) in zip(["a", "b", "c", "d", "e"], Self.people) {
      try sandbox.write("book/\(name).vcf", Self.card(person))
    }
    var loader = ContactListLoaderTests.loader([sandbox.path("book")], cache: sandbox.cache)
    loader.sortOrder = .unsorted
    _ = try loader.load()
    // b and d changed (each a byte longer), the others as indexed: before, the
    // changed files' contacts came after the others'.
    try sandbox.write("book/b.vcf", Self.card((Self.people[1].uid, "Adaa", Self.people[1].family)))
    try sandbox.write("book/d.vcf", Self.card((Self.people[3].uid, "Alann", Self.people[3].family)))
    let changed = try loader.load().list
    #expect((0..<changed.contacts.count).map { changed.contacts[$0].identifier } == Self.people.map(\.uid))
    #expect(changed.displayNames[1] == "Adaa Lovelace" && changed.displayNames[3] == "Alann Turing")
    // The segments: a's from the index, b's read, c's from the index, d's read, e's from the index.
    #expect(changed.contacts.segments.count == 5)
    let warm = try loader.load().list
    #expect((0..<warm.contacts.count).map { warm.contacts[$0].identifier } == Self.people.map(\.uid))
  }

  @Test("an edited contact keeps its place and a new one goes last")
  func editing() throws {
    let contacts = Self.people.map { TestContacts.person($0.given, $0.family, id: $0.uid) }
    let list = ContactList(contacts, sortOrder: .unsorted)
    var renamed = contacts[1]
    renamed.givenName = "Augusta"
    let edited = list.replacing(renamed, original: contacts[1])
    #expect((0..<edited.contacts.count).map { edited.contacts[$0].identifier } == Self.people.map(\.uid))
    #expect(edited.displayNames[1] == "Augusta Lovelace")
    let added = TestContacts.person("Aaron", "", id: "u6")
    let grown = list.replacing(added, original: nil)
    #expect((0..<grown.contacts.count).map { grown.contacts[$0].identifier } == Self.people.map(\.uid) + ["u6"])
  }
}
