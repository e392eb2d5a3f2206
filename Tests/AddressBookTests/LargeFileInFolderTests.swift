import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

@testable import AddressBook

/// A file of a folder too large to read whole beside the others (more than
/// `ContactListLoader.partSize` bytes: a 100 MB book dropped into a vdir) is read in
/// parts, as a `.vcf` book is, in its place among the folder's files: the list, its
/// order, warnings, JSON, the index's rows and the next load are those of reading it
/// whole.
@Suite("A large file in a folder")
struct LargeFileInFolderTests {
  typealias Loaders = ContactListLoaderTests

  /// A folder of three files in name order: a card, a large book
  /// (`PartReadingTests.book(count:)`, 240 cards, two damaged), a card.
  static func folder(_ sandbox: Loaders.Sandbox) throws -> String {
    try sandbox.write("vdir/a.vcf", Loaders.card("first", "Aaron", "First", email: "first@example.org"))
    try sandbox.write("vdir/m.vcf", PartReadingTests.book(count: 240))
    try sandbox.write("vdir/z.vcf", Loaders.card("last", "Zed", "Last", email: "last@example.org"))
    return sandbox.path("vdir")
  }

  /// The folder read with every file whole, unsorted (file order), into an index of its own.
  static func readWhole(_ folder: String) throws -> (book: ContactBook, rows: [CachedFile], sandbox: Loaders.Sandbox) {
    let other = try Loaders.Sandbox()
    var loader = Loaders.loader([folder], cache: other.cache)
    loader.partSize = nil
    loader.firstIndexFrom = .max
    loader.sortOrder = .unsorted
    let book = try loader.load()
    let rows = try IndexCache(path: other.cache, payloadVersion: IndexFormat.version).files(inBook: loader.bookKey(folder))
    return (book, rows, other)
  }

  @Test(
    "read in parts in its place: the contacts in file order, warnings, JSON, index rows and the warm load of the whole read",
    arguments: [Int.max, 2])
  func readInPartsInItsPlace(firstIndexFrom: Int) throws {
    let sandbox = try Loaders.Sandbox()
    let folder = try Self.folder(sandbox)
    let whole = try Self.readWhole(folder)
    #expect(whole.book.list.contacts.count == 242)
    var loader = Loaders.loader([folder], cache: sandbox.cache)
    loader.partSize = 700
    loader.firstIndexFrom = firstIndexFrom
    loader.sortOrder = .unsorted
    let cold = try loader.load()
    // Whole: a segment for the three files read together; in parts, the large one's
    // parts each give one or more.
    #expect(cold.list.contacts.segments.count > 3, "not read in parts")
    let contacts = Loaders.contacts(cold.list)
    #expect(contacts == Loaders.contacts(whole.book.list))
    #expect(contacts.first?.displayName == "Aaron First")
    #expect(contacts.last?.displayName == "Zed Last")
    #expect(cold.list.displayNames == whole.book.list.displayNames)
    for query in ["ada", "xiao", "0170 555 1", "aaron", "email:last"] {
      #expect(cold.list.index.search(query) == whole.book.list.index.search(query), "query \(query)")
    }
    #expect(cold.warnings == whole.book.warnings)
    #expect(cold.warnings.count == 2)
    try ListFileTests.expectRenderingsMatch(cold, "cold")
    // Every file has its row, the large one's as reading it whole stores it.
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let rows = cache.files(inBook: loader.bookKey(folder)).sorted { $0.path < $1.path }
    #expect(rows.map { ($0.path as NSString).lastPathComponent } == ["a.vcf", "m.vcf", "z.vcf"])
    #expect(rows.map(\.payload) == whole.rows.sorted { $0.path < $1.path }.map(\.payload), "the stored rows differ")
    // The list file's digest counts all three files: the next load is its snapshot.
    #expect(try Loaders.storedList(loader, sandbox).snapshot.digest.count == 3)
    let warm = try loader.load()
    Loaders.expectFromIndex(warm.list, "the second load did not come from the index")
    #expect(Loaders.contacts(warm.list) == contacts)
    #expect(warm.warnings == cold.warnings)
    try ListFileTests.expectRenderingsMatch(warm, "warm")
  }

  @Test("a picker's cold folder (stored in the background): the large file's row is committed before the list is given")
  func rowCommittedInBackground() throws {
    let sandbox = try Loaders.Sandbox()
    let folder = try Self.folder(sandbox)
    let whole = try Self.readWhole(folder)
    var loader = Loaders.loader([folder], cache: sandbox.cache)
    loader.partSize = 700
    loader.sortOrder = .unsorted
    loader.storesInBackground = true
    let cold = try loader.load()
    #expect(cold.list.contacts.segments.count > 3, "not read in parts")
    #expect(Loaders.contacts(cold.list) == Loaders.contacts(whole.book.list))
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let large = cache.files(inBook: loader.bookKey(folder)).filter { $0.path.hasSuffix("/m.vcf") }
    #expect(large.map(\.payload) == whole.rows.filter { $0.path.hasSuffix("/m.vcf") }.map(\.payload))
  }

  @Test("without an index (CPICK_NO_CACHE), the large file is read in parts all the same, its contacts kept encoded")
  func withoutIndex() throws {
    let sandbox = try Loaders.Sandbox()
    let folder = try Self.folder(sandbox)
    let whole = try Self.readWhole(folder)
    var loader = Loaders.loader([folder], cache: nil)
    loader.partSize = 700
    loader.sortOrder = .unsorted
    let book = try loader.load()
    #expect(book.list.contacts.segments.count > 3, "not read in parts")
    #expect(Loaders.contacts(book.list) == Loaders.contacts(whole.book.list))
    #expect(book.warnings == whole.book.warnings)
  }

  /// A folder whose files cannot be read in parts (`readInParts` refuses): a large
  /// one is read whole after all.
  struct WholeOnlyFolder: BookSource {
    let folder: VdirSource
    var name: String { folder.name }
    var key: String { folder.key }
    var isIndexed: Bool { true }
    func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing { try folder.listItems(known: known) }
    func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
      try folder.read(item, progress: progress)
    }
    func read(_ items: [String], wholeUpTo limit: Int64?) -> [Result<ItemRead, ContactStoreError>] {
      folder.read(items, wholeUpTo: limit)
    }
    func readInParts(
      _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
    ) -> (read: PartsRead, version: ItemVersion?) {
      (.whole, nil)
    }
    func isSettled(_ version: ItemVersion) -> Bool { true }
    func store() -> any ContactStore { folder.store() }
  }

  @Test("a large file that cannot be read in parts is read whole, in its place")
  func readWholeWhenPartsRefused() throws {
    let sandbox = try Loaders.Sandbox()
    let folder = try Self.folder(sandbox)
    let whole = try Self.readWhole(folder)
    var loader = ContactListLoader(books: [WholeOnlyFolder(folder: VdirSource(path: folder, racyInterval: 0))], cachePath: sandbox.cache)
    loader.partSize = 700
    loader.sortOrder = .unsorted
    let book = try loader.load()
    #expect(Loaders.contacts(book.list) == Loaders.contacts(whole.book.list))
    #expect(book.warnings == whole.book.warnings)
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(cache.files(inBook: loader.bookKey(WholeOnlyFolder(folder: VdirSource(path: folder)))).count == 3)
  }
}
