import ContactKit
import ContactStores
import Foundation
import Testing

@testable import AddressBook

/// A stored list whose cards the index can no longer give (damaged, rebuilt, removed)
/// reads a chosen contact from its card file instead of failing.
@Suite("Contacts the index lost")
struct IndexRecoveryTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  /// `source` read without an index (what to expect), then loaded into `cache`, its
  /// cards deleted from the index, and loaded again from the stored list.
  static func loadedWithoutCards(_ source: String, cache: String) throws -> (expected: ContactList, book: ContactBook) {
    let loader = ContactListLoaderTests.loader([source], cache: cache)
    let expected = try ContactListLoaderTests.loader([source], cache: nil).load().list
    _ = try loader.load()
    let database = try SQLiteDatabase(path: cache)
    try database.execute("DELETE FROM cards")
    let book = try loader.load()
    ContactListLoaderTests.expectFromIndex(book.list, "\(source): not from the stored list")
    return (expected, book)
  }

  @Test("with the index's cards gone, every contact of the stored list is read from its file, in a vdir and a .vcf")
  func cardsGone() throws {
    let sandbox = try Sandbox()
    var text = ""
    for index in 0..<12 {
      let card = ContactListLoaderTests.card("u\(index)", "Given\(index)", "Family\(index)", email: "p\(index)@example.org")
      try sandbox.write("book/\(index).vcf", card)
      text += card
    }
    try sandbox.write("all.vcf", text)
    for source in [sandbox.path("book"), sandbox.path("all.vcf")] {
      let (expected, book) = try Self.loadedWithoutCards(source, cache: sandbox.cache)
      #expect(book.list.contacts.count == 12)
      for (position, contact) in book.list.contacts.enumerated() {
        #expect(!contact.isUnreadableFromIndex, "\(source): position \(position)")
        #expect(contact.identifier == expected.contacts[position].identifier)
        #expect(contact.emailAddresses.map(\.value) == expected.contacts[position].emailAddresses.map(\.value))
        #expect(contact.source == expected.contacts[position].source)
      }
      // Read in a batch (`contacts(at:)`, as `list` in other formats does): the same.
      let batch = book.list.contacts.contacts(at: Array((0..<12).reversed()))
      #expect(batch.map(\.identifier) == expected.contacts.reversed().map(\.identifier), "\(source)")
      #expect(!batch.contains { $0.isUnreadableFromIndex }, "\(source)")
    }
  }

  @Test("a .vcf file whose every card the index lost is read once for all its contacts, not once per contact")
  func fileReadOnce() throws {
    let sandbox = try Sandbox()
    var text = ""
    for index in 0..<40 {
      text += ContactListLoaderTests.card("u\(index)", "Given\(index)", "Family\(index)", email: "p\(index)@example.org")
    }
    try sandbox.write("all.vcf", text)
    let source = sandbox.path("all.vcf")
    let (expected, book) = try Self.loadedWithoutCards(source, cache: sandbox.cache)
    // The first contact read recovers from the file; the file then goes: the others
    // come from that one reading (read per contact, they would be lost).
    #expect(!book.list.contacts[0].isUnreadableFromIndex)
    try FileManager.default.removeItem(atPath: source)
    let rest = book.list.contacts.contacts(at: Array(1..<40))
    #expect(rest.map(\.identifier) == Array(expected.contacts.map(\.identifier)[1...]))
    #expect(!rest.contains { $0.isUnreadableFromIndex })
  }
}
