import ContactKit
import ContactStores
import Foundation
import Glibc
import Testing

@testable import AddressBook

/// A user trial: a vdir with a link to itself listed every card four times, through
/// the index as without it. The loader reads each folder and card file once too.
@Suite("Loading a vdir with symbolic links")
struct VdirLinkLoadingTests {
  /// `root/book`: `a.vcf`, `b.vcf`, `same.vcf` (a link to `a.vcf`), `loop` (a link to
  /// the book), `team` (a link to `root/shared`, holding `c.vcf` and `home`, a link
  /// back to the book).
  static func linkedBook(_ sandbox: ContactListLoaderTests.Sandbox) throws -> String {
    for (name, uid) in [("book/a.vcf", "a"), ("book/b.vcf", "b"), ("shared/c.vcf", "c")] {
      try sandbox.write(name, ContactListLoaderTests.card(uid, "Person", uid.uppercased(), email: "\(uid)@example.org"))
    }
    let book = sandbox.path("book")
    let files = FileManager.default
    try files.createSymbolicLink(atPath: book + "/same.vcf", withDestinationPath: "a.vcf")
    try files.createSymbolicLink(atPath: book + "/loop", withDestinationPath: book)
    try files.createSymbolicLink(atPath: book + "/team", withDestinationPath: sandbox.path("shared"))
    try files.createSymbolicLink(atPath: sandbox.path("shared/home"), withDestinationPath: book)
    return book
  }

  /// Each contact's file below `book/` and its UID, sorted.
  static func read(_ list: ContactList, book: String) -> [String] {
    Array(list.contacts).map { String($0.source.dropFirst(book.count + 1)) + " " + $0.identifier }.sorted()
  }

  static let expected = ["a.vcf a", "b.vcf b", "team/c.vcf c"]

  @Test("without the index, cold and warm: each card once, from the file it is in")
  func eachCardOnce() throws {
    let sandbox = try ContactListLoaderTests.Sandbox()
    let book = try Self.linkedBook(sandbox)
    let unindexed = try ContactListLoaderTests.loader([book], cache: nil).load()
    #expect(Self.read(unindexed.list, book: book) == Self.expected)
    let cold = try ContactListLoaderTests.loader([book], cache: sandbox.cache).load()
    #expect(Self.read(cold.list, book: book) == Self.expected)
    let warm = try ContactListLoaderTests.loader([book], cache: sandbox.cache).load()
    ContactListLoaderTests.expectFromIndex(warm.list, "the second load did not come from the index")
    #expect(Self.read(warm.list, book: book) == Self.expected)
    let loader = ContactListLoaderTests.loader([book], cache: nil)
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let indexed = cache.files(inBook: loader.bookKey(book)).map(\.path).sorted()
    #expect(indexed == ["a.vcf", "b.vcf", "team/c.vcf"].map { book + "/" + $0 })
  }

  @Test("a link to a card file, added after the book was indexed, is left out of the warm load too")
  func linkAddedLater() throws {
    let sandbox = try ContactListLoaderTests.Sandbox()
    let book = try Self.linkedBook(sandbox)
    _ = try ContactListLoaderTests.loader([book], cache: sandbox.cache).load()
    try FileManager.default.createSymbolicLink(atPath: book + "/again.vcf", withDestinationPath: book + "/b.vcf")
    let warm = try ContactListLoaderTests.loader([book], cache: sandbox.cache).load()
    #expect(Self.read(warm.list, book: book) == Self.expected)
  }
}
