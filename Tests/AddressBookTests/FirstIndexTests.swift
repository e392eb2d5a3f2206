import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

@testable import AddressBook

/// A vdir the index does not hold yet, of many files, is indexed while it is read
/// (`IndexBookWriter`, `BookRenderings`): what the load gives, the list file it writes
/// and the next load are what indexing after reading gave.
@Suite struct FirstIndexTests {
  typealias Loaders = ContactListLoaderTests

  /// A vdir of `count` card files (the third holds two cards), in `sandbox`.
  static func vdir(_ sandbox: Loaders.Sandbox, count: Int) throws -> String {
    for number in 0..<count {
      var text = Loaders.card("uid-\(number)", "Given\(number)", number % 2 == 0 ? "García" : "李", email: "p\(number)@example.com")
      if number == 2 { text += Loaders.card("uid-extra", "Extra", "Zed", email: "extra@example.com") }
      try sandbox.write("vdir/\(number).vcf", text)
    }
    return sandbox.path("vdir")
  }

  @Test("indexed while read: the contacts, their JSON, the index's rows and the warm load are those of indexing after")
  func sameAsIndexedAfter() throws {
    let sandbox = try Loaders.Sandbox()
    let book = try Self.vdir(sandbox, count: 7)
    let other = try Loaders.Sandbox()
    // Indexed after reading: the reference.
    var after = Loaders.loader([book], cache: other.cache)
    after.firstIndexFrom = .max
    let reference = try after.load()
    var loader = Loaders.loader([book], cache: sandbox.cache)
    loader.firstIndexFrom = 2
    let cold = try loader.load()
    // Its contacts come from the index already (their encodings were not kept).
    Loaders.expectFromIndex(cold.list, "the first load's contacts are not read from the index")
    #expect(cold.list.contacts.count == 8)
    #expect(Loaders.contacts(cold.list) == Loaders.contacts(reference.list))
    #expect(cold.list.displayNames == reference.list.displayNames)
    #expect(cold.list.index.search("garcia") == reference.list.index.search("garcia"))
    try ListFileTests.expectRenderingsMatch(cold, "first load")
    // The JSON rendered as the files were read stays in that order (García and 李
    // alternate in the files, not in the list): the temp file it was rendered into
    // became the list file, its JSON not rendered again in the list's order.
    let renderings = try #require(cold.renderings)
    let inListOrder = cold.list.contacts.flatMap { ListFileTests.json($0, cold.list.nameOrder) }
    #expect(renderings.json.count == inListOrder.count)
    #expect(Array(renderings.json) != inListOrder)
    let listFile = ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: listFile)).prefix(inListOrder.count)) == Array(renderings.json))
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(cache.files(inBook: loader.bookKey(book)).count == 7)
    // The next load finds the list it stored (the digest counts the files written).
    let warm = try loader.load()
    Loaders.expectFromIndex(warm.list, "the second load did not come from the index")
    #expect(Loaders.contacts(warm.list) == Loaders.contacts(reference.list))
    try ListFileTests.expectRenderingsMatch(warm, "second load")
    // A file changed since is seen.
    try sandbox.write("vdir/1.vcf", Loaders.card("uid-1", "Changed", "Name", email: "c@example.com"))
    let changed = try loader.load()
    #expect(changed.list.displayNames.contains("Changed Name"))
    #expect(changed.list.contacts.count == 8)
  }

  @Test("a group's view of a book new to the index keeps only its contacts' JSON, not the book's")
  func groupViewOfFirstIndex() throws {
    let sandbox = try Loaders.Sandbox()
    for number in 0..<6 {
      try sandbox.write(
        "vdir/\(number).vcf",
        Loaders.card(
          "uid-\(number)", "Given\(number)", "Family", email: "p\(number)@example.com",
          extra: number < 2 ? "CATEGORIES:Team\r\n" : ""))
    }
    var loader = Loaders.loader([sandbox.path("vdir")], cache: sandbox.cache)
    loader.firstIndexFrom = 2
    loader.group = "Team"
    let book = try loader.load()
    #expect(book.list.displayNames.sorted() == ["Given0 Family", "Given1 Family"])
    try ListFileTests.expectRenderingsMatch(book, "group view")
    // The list file holds the two contacts' JSON, not the six the book's temp file does.
    let renderings = try #require(book.renderings)
    let inListOrder = book.list.contacts.flatMap { ListFileTests.json($0, book.list.nameOrder) }
    #expect(renderings.json.count == inListOrder.count)
    let listFile = ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: listFile)[.size] as? Int)
    #expect(size < inListOrder.count * 3, "a list file of \(size) bytes for \(inListOrder.count) bytes of JSON")
  }

  @Test("a book the index holds already is updated after reading, as before")
  func knownBookUpdatedAfter() throws {
    let sandbox = try Loaders.Sandbox()
    let book = try Self.vdir(sandbox, count: 4)
    var loader = Loaders.loader([book], cache: sandbox.cache)
    loader.firstIndexFrom = 2
    _ = try loader.load()
    for number in 4..<8 {
      try sandbox.write("vdir/\(number).vcf", Loaders.card("uid-\(number)", "New\(number)", "Person", email: "n\(number)@example.com"))
    }
    let again = try loader.load()
    #expect(again.list.contacts.count == 9)
    try ListFileTests.expectRenderingsMatch(again, "after new files")
    #expect(try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version).files(inBook: loader.bookKey(book)).count == 8)
  }
}
