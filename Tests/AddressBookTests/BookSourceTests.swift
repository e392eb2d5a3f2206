import ContactKit
import CpickSupport
import CpickTestSupport
import Foundation
import Testing

@testable import AddressBook
@testable import ContactStores

/// A book that is not a file, through the loader and the on-disk index: items with
/// versions of their own (as a CardDAV collection's hrefs and ETags), read only when
/// their version changed, and a source that lists only what changed since the sync
/// state the index kept for it (as a CardDAV sync token, RFC 6578).
@Suite("A book that is not a file")
struct BookSourceTests {
  /// An address book in memory: items by name, each with its card and a version
  /// raised at each change; a sync token per change, and the changes since each.
  final class MemoryBook: BookSource {
    struct State {
      var items: [String: (card: String, version: UInt64)] = [:]
      /// Each change in order: the item, and whether it was removed.
      var changes: [(item: String, removed: Bool)] = []
      var reads: [String] = []
      /// The sizes of the batches read (a server's multigets).
      var batches: [Int] = []
      var listings: [KnownBook?] = []
    }
    let state = Locked(State())
    let supportsSync: Bool
    let name = "mem://book"
    var key: String { name }
    var isIndexed: Bool { true }

    init(supportsSync: Bool) {
      self.supportsSync = supportsSync
    }

    func put(_ item: String, _ card: String) {
      state.withLock { state in
        let version = (state.items[item]?.version ?? 0) + 1
        state.items[item] = (card, version)
        state.changes.append((item, false))
      }
    }

    func remove(_ item: String) {
      state.withLock { state in
        state.items[item] = nil
        state.changes.append((item, true))
      }
    }

    /// The reads since the last call.
    func takeReads() -> [String] {
      state.withLock { state in
        defer { state.reads = [] }
        return state.reads.sorted()
      }
    }

    func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing {
      state.withLock { state in
        state.listings.append(known)
        var listing = ItemListing()
        let token = [UInt8](String(state.changes.count).utf8)
        if supportsSync, let since = known?.syncState.flatMap({ Int(String(decoding: $0, as: UTF8.self)) }) {
          // Only what changed since the token: the latest state of each item changed.
          listing.isComplete = false
          var changed: [String] = []
          for change in state.changes[since...] where !changed.contains(change.item) { changed.append(change.item) }
          listing.removed = changed.filter { state.items[$0] == nil }
          listing.collections = [
            (base: "", items: changed.compactMap { item in state.items[item].map { (item, Self.version($0.version)) } })
          ]
        } else {
          listing.collections = [
            (base: "", items: state.items.keys.sorted().map { ($0, Self.version(state.items[$0]!.version)) })
          ]
        }
        if supportsSync { listing.syncState = token }
        return listing
      }
    }

    func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
      let found = state.withLock { state in
        state.reads.append(item)
        return state.items[item]
      }
      guard let found else { throw ContactStoreError(source: item, reason: "gone") }
      let load = VCardLoading.contacts(fromBytes: Array(found.card.utf8), source: name)
      return ItemRead(load: load, version: Self.version(found.version))
    }

    func read(_ items: [String], wholeUpTo limit: Int64?) -> [Result<ItemRead, ContactStoreError>] {
      state.withLock { $0.batches.append(items.count) }
      return items.map { item in Result { () throws(ContactStoreError) -> ItemRead in try read(item, progress: nil) } }
    }

    func isSettled(_ version: ItemVersion) -> Bool { true }

    func store() -> any ContactStore { VCardFileStore(path: "-") }

    static func version(_ number: UInt64) -> ItemVersion { ItemVersion(number, 0xE7A6, 0, 0, 0) }
  }

  static func card(_ given: String, _ family: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(given)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\nEND:VCARD\r\n"
  }

  /// A book of Ada Lovelace, Alan Turing and Grace Hopper, one item each.
  static func threePeople(supportsSync: Bool) -> MemoryBook {
    let book = MemoryBook(supportsSync: supportsSync)
    book.put("/ada.vcf", card("Ada", "Lovelace"))
    book.put("/alan.vcf", card("Alan", "Turing"))
    book.put("/grace.vcf", card("Grace", "Hopper"))
    return book
  }

  static func names(_ book: ContactBook) -> [String] {
    book.list.contacts.map(\.displayName)
  }

  @Test("only the items whose version changed are read again; an unchanged book is read from the index")
  func versionsDecideWhatIsRead() throws {
    let folder = try TempFolder("book-source")
    defer { folder.remove() }
    let book = Self.threePeople(supportsSync: false)
    let loader = ContactListLoader(books: [book], cachePath: folder.file("cache/index.sqlite"))

    #expect(Self.names(try loader.load()) == ["Grace Hopper", "Ada Lovelace", "Alan Turing"])
    #expect(book.takeReads() == ["/ada.vcf", "/alan.vcf", "/grace.vcf"])
    #expect(book.state.withLock { $0.batches } == [3])  // one multiget, not a request per card

    #expect(Self.names(try loader.load()) == ["Grace Hopper", "Ada Lovelace", "Alan Turing"])
    #expect(book.takeReads() == [])

    book.put("/alan.vcf", Self.card("Alan", "Kay"))
    #expect(Self.names(try loader.load()) == ["Grace Hopper", "Alan Kay", "Ada Lovelace"])
    #expect(book.takeReads() == ["/alan.vcf"])
    #expect(book.state.withLock { $0.batches } == [3, 1])
  }

  @Test("a source that lists only changes: the sync state is kept and handed back, unlisted items stay, removed ones go")
  func partialRefresh() throws {
    let folder = try TempFolder("book-source-sync")
    defer { folder.remove() }
    let book = Self.threePeople(supportsSync: true)
    let loader = ContactListLoader(books: [book], cachePath: folder.file("cache/index.sqlite"))

    #expect(Self.names(try loader.load()) == ["Grace Hopper", "Ada Lovelace", "Alan Turing"])
    #expect(book.takeReads().count == 3)
    #expect(book.state.withLock { $0.listings.last! }?.syncState == nil)

    book.put("/alan.vcf", Self.card("Alan", "Kay"))
    book.remove("/grace.vcf")
    book.put("/edsger.vcf", Self.card("Edsger", "Dijkstra"))
    #expect(Self.names(try loader.load()) == ["Edsger Dijkstra", "Alan Kay", "Ada Lovelace"])
    #expect(book.takeReads() == ["/alan.vcf", "/edsger.vcf"])
    #expect(book.state.withLock { $0.listings.last! }?.syncState == Array("3".utf8))

    // Nothing changed since: nothing listed, nothing read, the same list.
    #expect(Self.names(try loader.load()) == ["Edsger Dijkstra", "Alan Kay", "Ada Lovelace"])
    #expect(book.takeReads() == [])
    #expect(book.state.withLock { $0.listings.last! }?.syncState == Array("6".utf8))
  }

  @Test("file books are sources too: a .vcf, a vdir and stdin, told apart by what the path is")
  func fileSources() throws {
    let folder = try TempFolder("book-source-files")
    defer { folder.remove() }
    _ = try folder.write("vdir/a.vcf", Array(Self.card("Ada", "Lovelace").utf8))
    _ = try folder.write("book.vcf", Array(Self.card("Alan", "Turing").utf8))
    #expect(BookSources.source(for: folder.file("vdir")) is VdirSource)
    #expect(BookSources.source(for: folder.file("book.vcf")) is VCardFileSource)
    #expect(BookSources.source(for: "-") is StandardInputSource)
    #expect(!BookSources.source(for: "-").isIndexed)
    let listing = try BookSources.source(for: folder.file("vdir")).listItems(known: KnownBook(hasItems: true))
    #expect(listing.items.map(\.item) == [folder.file("vdir") + "/a.vcf"])
    #expect(!listing.items[0].version.isUnknown)
    #expect(try BookSources.source(for: folder.file("vdir")).listItems(known: nil).items[0].version.isUnknown)
  }

  @Test("a book named twice — spelled otherwise, through a symbolic or hard link, or inside a folder named — is read once")
  func distinctBooks() throws {
    let folder = try TempFolder("book-source-distinct")
    defer { folder.remove() }
    _ = try folder.write("vd/sub/a.vcf", Array(Self.card("Ada", "Lovelace").utf8))
    let file = try folder.write("book.vcf", Array(Self.card("Alan", "Turing").utf8))
    try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: folder.file("vd"))
    try FileManager.default.linkItem(atPath: file, toPath: folder.file("hard.vcf"))
    let specs = [
      folder.file("vd"), folder.file("vd/./"), folder.file("link"), folder.file("vd/sub"), file,
      folder.file("hard.vcf"), folder.file("missing.vcf"), folder.file("./missing.vcf"), "-",
    ]
    #expect(BookSources.distinct(specs) == [folder.file("vd"), file, folder.file("missing.vcf"), "-"])
  }
}
