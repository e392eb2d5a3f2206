import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Matching
import Testing

@testable import AddressBook

/// The on-disk index seen from loading: a second load gives what the first gave, from
/// the index; a changed, added, deleted or replaced file is always seen; a damaged
/// index is rebuilt; two loads at once both succeed.
@Suite("Loading through the on-disk index")
struct ContactListLoaderTests {
  /// A temporary folder with a cache path inside it, removed at the end.
  final class Sandbox {
    let root: URL
    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-loader-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: root) }
    var cache: String { root.appendingPathComponent("cache/index.sqlite").path }
    func path(_ name: String) -> String { root.appendingPathComponent(name).path }
    func write(_ name: String, _ text: String) throws {
      let url = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  static func card(_ uid: String, _ given: String, _ family: String, email: String, extra: String = "") -> String {
    """
    BEGIN:VCARD\r
    VERSION:3.0\r
    UID:\(uid)\r
    N:\(family);\(given);;;\r
    FN:\(given) \(family)\r
    EMAIL;TYPE=work:\(email)\r
    \(extra)END:VCARD\r

    """
  }

  /// A loader that stores files however recently they changed (the test writes them
  /// just before loading).
  static func loader(_ sources: [String], cache: String?) -> ContactListLoader {
    var loader = ContactListLoader(sources: sources, cachePath: cache)
    loader.racyInterval = 0
    return loader
  }

  static var sampleBook: String { TestPaths.sampleBook.path }

  /// Every contact of `list`, decoded, in list order.
  static func contacts(_ list: ContactList) -> [Contact] { Array(list.contacts) }

  /// Records `failure` unless `list`'s contacts come from the index (not read anew).
  static func expectFromIndex(_ list: ContactList, _ failure: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
    if case .stored = list.contacts.segments.first { return }
    Issue.record(failure, sourceLocation: sourceLocation)
  }

  /// The list file `loader` stored in `sandbox`'s index, and its snapshot decoded.
  static func storedList(_ loader: ContactListLoader, _ sandbox: Sandbox) throws -> (
    snapshot: ListSnapshot.Contents, file: ListFile.Contents
  ) {
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let identity = try #require(cache.identity())
    let file = try #require(
      ListFile.read(
        path: ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache), view: loader.viewKey, identity: identity))
    let snapshot = try ListSnapshot.decode(
      file.snapshot, owner: file.file, cache: cache, sortOrder: loader.sortOrder, nameOrder: loader.nameOrder)
    return (snapshot, file)
  }

  @Test("a second load of the sample book comes from the index and equals the first, contact for contact")
  func warmEqualsCold() throws {
    let sandbox = try Sandbox()
    let reference = ContactList(try VCardFileStore(path: Self.sampleBook).load().contacts)
    let cold = try Self.loader([Self.sampleBook], cache: sandbox.cache).load()
    // The index now holds the file.
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(cache.files(inBook: Self.loader([Self.sampleBook], cache: nil).bookKey(Self.sampleBook)).count == 1)
    let warm = try Self.loader([Self.sampleBook], cache: sandbox.cache).load()
    Self.expectFromIndex(warm.list, "the second load did not come from the index")
    for book in [cold, warm] {
      #expect(book.list.displayNames == reference.displayNames)
      #expect(book.list.sections == reference.sections)
      #expect(Self.contacts(book.list) == Self.contacts(reference))
      #expect(book.list.groups == reference.groups)
      for query in ["wang", "wxm", "0170", "email:example", "ma", "jose !ruiz"] {
        #expect(book.list.index.search(query) == reference.index.search(query), "query \(query)")
      }
    }
    #expect(warm.list.contacts.count == 67)
  }

  @Test("a vdir: an edited, an added and a deleted card are seen on the next load")
  func vdirChangesAreSeen() throws {
    let sandbox = try Sandbox()
    try sandbox.write("book/a.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    try sandbox.write("book/b.vcf", Self.card("b", "Grace", "Hopper", email: "grace@example.org"))
    try sandbox.write("book/c.vcf", Self.card("c", "Alan", "Turing", email: "alan@example.org"))
    let folder = sandbox.path("book")
    let first = try Self.loader([folder], cache: sandbox.cache).load()
    #expect(first.list.displayNames == ["Grace Hopper", "Ada Lovelace", "Alan Turing"])

    // Same size, other content: caught by the times (and the inode, written anew).
    try sandbox.write("book/a.vcf", Self.card("a", "Ida", "Lovelace", email: "ida@example.org"))
    try FileManager.default.removeItem(atPath: sandbox.path("book/c.vcf"))
    try sandbox.write("book/d.vcf", Self.card("d", "Edsger", "Dijkstra", email: "ewd@example.org"))
    let second = try Self.loader([folder], cache: sandbox.cache).load()
    #expect(second.list.displayNames == ["Edsger Dijkstra", "Grace Hopper", "Ida Lovelace"])
    #expect(second.list.index.search("ida").map { second.list.displayNames[$0.index] } == ["Ida Lovelace"])
    #expect(second.list.index.search("turing").isEmpty)

    // And the index followed: one row per file, none for the deleted one.
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    let rows = cache.files(inBook: Self.loader([folder], cache: nil).bookKey(folder))
    #expect(Set(rows.map { URL(fileURLWithPath: $0.path).lastPathComponent }) == ["a.vcf", "b.vcf", "d.vcf"])
  }

  @Test("a .vcf file replaced by another of the same size is read again")
  func replacedFileIsSeen() throws {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    let path = sandbox.path("people.vcf")
    _ = try Self.loader([path], cache: sandbox.cache).load()
    // Written elsewhere and renamed over it, as editors and vdirsyncer do.
    try sandbox.write("tmp.vcf", Self.card("a", "Eve", "Lovelace", email: "eve@example.org"))
    #expect(rename(sandbox.path("tmp.vcf"), path) == 0)
    let book = try Self.loader([path], cache: sandbox.cache).load()
    #expect(book.list.displayNames == ["Eve Lovelace"])
    #expect(book.list.contacts[0].emailAddresses.map(\.value) == ["eve@example.org"])
  }

  @Test("a file changed just now is read but not stored: its next change could keep the same times")
  func racyFilesAreNotStored() throws {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    var loader = ContactListLoader(sources: [sandbox.path("people.vcf")], cachePath: sandbox.cache)
    loader.racyInterval = 3600
    #expect(try loader.load().list.displayNames == ["Ada Lovelace"])
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(cache.files(inBook: loader.bookKey(sandbox.path("people.vcf"))).isEmpty)
  }

  @Test("a damaged index is rebuilt and loading gives the same contacts")
  func damagedIndexIsRebuilt() throws {
    let sandbox = try Sandbox()
    // Its contacts only: a list whose contacts are in the index holds a connection to
    // it, whose shared memory the garbage below would cut short under it (SIGBUS).
    let expected = Self.contacts(try Self.loader([Self.sampleBook], cache: sandbox.cache).load().list)
    // Garbage over the database file (and its journal).
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: sandbox.cache + suffix) {
      try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: sandbox.cache + suffix))
    }
    let second = try Self.loader([Self.sampleBook], cache: sandbox.cache).load()
    #expect(Self.contacts(second.list) == expected)
    let third = try Self.loader([Self.sampleBook], cache: sandbox.cache).load()
    Self.expectFromIndex(third.list, "the rebuilt index was not used")
    #expect(Self.contacts(third.list) == expected)
  }

  @Test("a damaged payload (the index says the file is unchanged) is read from the file again")
  func damagedPayloadFallsBackToTheFile() throws {
    let sandbox = try Sandbox()
    try sandbox.write("people.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    let path = sandbox.path("people.vcf")
    let loader = Self.loader([path], cache: sandbox.cache)
    _ = try loader.load()
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    var row = try #require(cache.files(inBook: loader.bookKey(path)).first)
    row.payload = Array(row.payload.prefix(row.payload.count / 2))
    #expect(cache.update(book: loader.bookKey(path), upserting: [row]))
    #expect(try loader.load().list.displayNames == ["Ada Lovelace"])
  }

  @Test("two loads at once on an empty index both succeed and agree")
  func concurrentLoads() async throws {
    let sandbox = try Sandbox()
    let loader = Self.loader([Self.sampleBook], cache: sandbox.cache)
    async let one = Task.detached { try loader.load().list.displayNames }.value
    async let two = Task.detached { try loader.load().list.displayNames }.value
    let (a, b) = try await (one, two)
    #expect(a == b)
    #expect(a.count == 67)
  }

  @Test("group cards in a vdir name their members on a warm load too")
  func groupCardsFromTheIndex() throws {
    let sandbox = try Sandbox()
    try sandbox.write("book/a.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    try sandbox.write("book/b.vcf", Self.card("b", "Grace", "Hopper", email: "grace@example.org"))
    try sandbox.write(
      "book/g.vcf",
      "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Pioneers\r\nUID:g\r\nMEMBER:urn:uuid:a\r\nEND:VCARD\r\n")
    let folder = sandbox.path("book")
    for _ in 0..<2 {
      let book = try Self.loader([folder], cache: sandbox.cache).load()
      #expect(book.list.groups.map(\.name) == ["Pioneers"])
      #expect(book.list.members(of: "pioneers").map { book.list.displayNames[$0] } == ["Ada Lovelace"])
      #expect(book.list.index.search("group:pioneers").count == 1)
      // The contact itself carries the group too (output, the card, predicates).
      let ada = try #require(book.list.contacts.first { $0.givenName == "Ada" })
      #expect(ada.groups == ["Pioneers"])
      #expect(ada.sourceRecord?.outsideGroups == ["Pioneers"])
    }
  }

  @Test("a book's groups: those with members here by name, then group cards without, as named (cold and warm)")
  func emptyGroupCards() throws {
    let sandbox = try Sandbox()
    try sandbox.write("book/a.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    try sandbox.write("book/g.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Pioneers\r\nUID:g\r\nMEMBER:urn:uuid:a\r\nEND:VCARD\r\n")
    try sandbox.write("book/h.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Choir\r\nUID:h\r\nEND:VCARD\r\n")
    try sandbox.write("book/i.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Alumni\r\nUID:i\r\nMEMBER:urn:uuid:zz\r\nEND:VCARD\r\n")
    for _ in 0..<2 {
      let book = try Self.loader([sandbox.path("book")], cache: sandbox.cache).load()
      #expect(book.list.groups.map(\.name) == ["Pioneers"])
      #expect(book.groups.map(\.name) == ["Pioneers", "Choir", "Alumni"])  // the group files in name order
      #expect(book.groups.map(\.memberCount) == [1, 0, 0])
    }
  }

  @Test("progress counts every contact read, from the index too")
  func progressCounts() throws {
    let sandbox = try Sandbox()
    for warm in [false, true] {
      let seen = ProgressLog()
      _ = try Self.loader([Self.sampleBook], cache: sandbox.cache).load(progress: { seen.record($0) })
      #expect(seen.last == 67, "warm: \(warm)")
    }
  }

  final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    func record(_ value: Int) { lock.withLock { values.append(value) } }
    var last: Int? { lock.withLock { values.max() } }
  }

  @Test("a second load of an unchanged vdir comes from the snapshot; after a change, from the files' entries")
  func snapshotThenEntries() throws {
    let sandbox = try Sandbox()
    for index in 0..<40 {
      try sandbox.write(
        "book/\(index).vcf", Self.card("u\(index)", "Given\(index)", "Family\(index % 7)", email: "p\(index)@example.org"))
    }
    let folder = sandbox.path("book")
    let loader = Self.loader([folder], cache: sandbox.cache)
    let cold = try loader.load()
    let (stored, file) = try Self.storedList(loader, sandbox)
    #expect(stored.digest.count == 40)
    #expect(file.renderings.count == 40)
    let warm = try loader.load()
    #expect(warm.renderings?.count == 40)
    #expect(warm.list.displayNames == cold.list.displayNames)
    #expect(Self.contacts(warm.list) == Self.contacts(cold.list))
    #expect(warm.list.index.search("family3") == cold.list.index.search("family3"))
    // One file changes: the snapshot no longer fits; the others come from their entries.
    try sandbox.write("book/5.vcf", Self.card("u5", "Renamed", "Person", email: "renamed@example.org"))
    let changed = try loader.load()
    #expect(changed.list.contacts.count == 40)
    #expect(changed.list.index.search("renamed").map { changed.list.displayNames[$0.index] } == ["Renamed Person"])
    #expect(!changed.list.displayNames.contains("Given5 Family5"))
    #expect(changed.list.displayNames.filter { $0.hasPrefix("Given") }.count == 39)
  }

  @Test("the group filter and the sort order are part of what a snapshot is of")
  func viewsAreSeparate() throws {
    let sandbox = try Sandbox()
    var byGiven = Self.loader([Self.sampleBook], cache: sandbox.cache)
    byGiven.sortOrder = .given
    let byFamily = Self.loader([Self.sampleBook], cache: sandbox.cache)
    for _ in 0..<2 {
      let given = try byGiven.load().list
      let family = try byFamily.load().list
      #expect(given.displayNames == ContactList(Self.contacts(family), sortOrder: .given).displayNames)
      #expect(given.displayNames != family.displayNames)
    }
  }

  @Test("storing in the background: load returns first, the index is written after, and the next load uses it")
  func storesInBackground() throws {
    let sandbox = try Sandbox()
    var loader = Self.loader([Self.sampleBook], cache: sandbox.cache)
    loader.storesInBackground = true
    let first = try loader.load()
    #expect(first.list.contacts.count == 67)
    #expect(first.renderings == nil, "rendered in the background, not before load returns")
    let listPath = ListFile.path(forView: loader.viewKey, cachePath: sandbox.cache)
    let identity = try #require(try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version).identity())
    var waited = 0
    while ListFile.read(path: listPath, view: loader.viewKey, identity: identity) == nil && waited < 600 {
      usleep(50_000)
      waited += 1
    }
    #expect(ListFile.read(path: listPath, view: loader.viewKey, identity: identity) != nil, "the list file was written within 30 s")
    let second = try loader.load()
    Self.expectFromIndex(second.list, "the second load did not come from the index")
    #expect(Self.contacts(second.list) == Self.contacts(first.list))
  }

  @Test("a folder of collections: the store and the index read the same files (sub-folders, not dot-folders), cold and warm")
  func collections() throws {
    let sandbox = try Sandbox()
    try sandbox.write("book/root.vcf", Self.card("r", "Rosa", "Root", email: "r@example.org"))
    try sandbox.write("book/personal/b.vcf", Self.card("b", "Bea", "Personal", email: "b@example.org"))
    try sandbox.write("book/work/a.vcard", Self.card("a", "Abe", "Work", email: "a@example.org"))
    try sandbox.write("book/.hidden/h.vcf", Self.card("h", "Hal", "Hidden", email: "h@example.org"))
    try sandbox.write("book/notes.txt", "not a card")
    let folder = sandbox.path("book")
    let store = try VdirStore(path: folder).load()
    #expect(store.contacts.map(\.familyName) == ["Root", "Personal", "Work"])
    for _ in 0..<2 {
      let book = try Self.loader([folder], cache: sandbox.cache).load()
      #expect(Set(book.list.contacts.map(\.familyName)) == ["Root", "Personal", "Work"])
      #expect(Self.contacts(book.list) == ContactList(store.contacts).contacts.map { $0 })
    }
  }

  @Test("without an index every load reads the files")
  func noIndex() throws {
    let book = try Self.loader([Self.sampleBook], cache: nil).load()
    // In memory as read (values, or encodings for a file read in parts), not stored.
    if case .stored = book.list.contacts.segments.first { Issue.record("contacts did not come from the file") }
    #expect(book.list.contacts.count == 67)
  }

  @Test("a book deleted since it was indexed is forgotten at the next write of the index; others stay")
  func deletedBooksForgotten() throws {
    let sandbox = try Sandbox()
    try sandbox.write("a.vcf", Self.card("a", "Ada", "Lovelace", email: "ada@example.org"))
    try sandbox.write("b.vcf", Self.card("b", "Grace", "Hopper", email: "grace@example.org"))
    let a = Self.loader([sandbox.path("a.vcf")], cache: sandbox.cache)
    let b = Self.loader([sandbox.path("b.vcf")], cache: sandbox.cache)
    _ = try a.load()
    _ = try b.load()
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(cache.files(inBook: b.bookKey(sandbox.path("b.vcf"))).count == 1)
    try FileManager.default.removeItem(atPath: sandbox.path("b.vcf"))
    try sandbox.write("a.vcf", Self.card("a", "Ada", "King", email: "ada@example.org"))
    #expect(try a.load().list.displayNames == ["Ada King"])
    #expect(cache.files(inBook: b.bookKey(sandbox.path("b.vcf"))).isEmpty)
    #expect(cache.files(inBook: a.bookKey(sandbox.path("a.vcf"))).count == 1)
    #expect(try a.load().list.displayNames == ["Ada King"])
  }
}
