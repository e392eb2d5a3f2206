import ContactKit
import ContactStores
import CpickSupport
import Foundation
import Testing

@testable import AddressBook

/// A vdir the index holds nothing of is listed without a `stat` per file (every file is
/// read, and its reading gives its signature): what is stored from it must be what an
/// examined listing finds at the next start.
@Suite("A book listed without examining its files")
struct ColdListingTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  @Test("the first load reads everything; the list it stores is used as it is at the next start; an edit is seen")
  func coldThenWarm() throws {
    let sandbox = try Sandbox()
    for index in 0..<30 {
      try sandbox.write(
        "book/\(index).vcf", ContactListLoaderTests.card("u\(index)", "Given\(index)", "Family\(index)", email: "p\(index)@example.org"))
    }
    try sandbox.write("book/collection/inner.vcf", ContactListLoaderTests.card("in", "Inner", "Person", email: "in@example.org"))
    try sandbox.write("outside/linked.vcf", ContactListLoaderTests.card("ln", "Linked", "Person", email: "ln@example.org"))
    #expect(symlink(sandbox.path("outside/linked.vcf"), sandbox.path("book/link.vcf")) == 0)
    let folder = sandbox.path("book")
    let plain = try ContactListLoaderTests.loader([folder], cache: nil).load()
    let loader = ContactListLoaderTests.loader([folder], cache: sandbox.cache)
    let cold = try loader.load()
    #expect(Array(cold.list.displayNames) == Array(plain.list.displayNames))
    #expect(cold.list.contacts.count == 32)
    #expect(cold.renderings != nil, "the cold load made the list file")

    let previewed = Locked<ContactList?>(nil)
    let warm = try loader.load(preview: { list in previewed.withLock { $0 = list } })
    let shown = try #require(previewed.withLock { $0 }, "no stored list was offered")
    #expect(warm.list === shown, "the stored list was not used as it is: its digest differs from the files'")
    #expect(Array(warm.list.displayNames) == Array(plain.list.displayNames))

    try sandbox.write("book/3.vcf", ContactListLoaderTests.card("u3", "Edited", "Person", email: "edited@example.org"))
    let edited = try loader.load()
    #expect(edited.list.displayNames.contains("Edited Person"))
    #expect(!edited.list.displayNames.contains("Given3 Family3"))
  }

  @Test("an empty folder among the books (a new --save-to vdir) does not keep the stored list from being used")
  func emptyFolder() throws {
    let sandbox = try Sandbox()
    try sandbox.write("book.vcf", ContactListLoaderTests.card("u1", "Ada", "Lovelace", email: "ada@example.org"))
    try FileManager.default.createDirectory(atPath: sandbox.path("new"), withIntermediateDirectories: true)
    let loader = ContactListLoaderTests.loader([sandbox.path("book.vcf"), sandbox.path("new")], cache: sandbox.cache)
    _ = try loader.load()
    let previewed = Locked<ContactList?>(nil)
    let warm = try loader.load(preview: { list in previewed.withLock { $0 = list } })
    let shown = try #require(previewed.withLock { $0 }, "no stored list was offered")
    #expect(warm.list === shown, "the stored list was read again instead of used")
    #expect(Array(warm.list.displayNames) == ["Ada Lovelace"])
    // A card saved into the folder is seen next time.
    try sandbox.write("new/grace.vcf", ContactListLoaderTests.card("u2", "Grace", "Hopper", email: "grace@example.org"))
    #expect(Set(try loader.load().list.displayNames) == ["Ada Lovelace", "Grace Hopper"])
  }
}
