import CpickTestSupport
import Foundation
import Testing

@testable import AddressBook
@testable import ContactStores

/// A new index filled for the first time (`IndexCache.logDeferred`): written under
/// SQLite's rollback journal, each page once, then switched to the write-ahead log —
/// and switched by any other connection that opens it meanwhile, the fill going on.
@Suite("The first fill of a new index")
struct IndexFirstFillTests {
  typealias Writer = IndexFileWriterTests

  /// The journal mode a connection of the test's own sees (`delete`, `wal`).
  static func journalMode(of cache: IndexCache) throws -> String? {
    try SQLiteDatabase(path: cache.path).text("PRAGMA journal_mode")
  }

  /// Whether the index has a write-ahead log file beside it.
  static func hasLog(_ cache: IndexCache) -> Bool {
    FileManager.default.fileExists(atPath: cache.path + "-wal")
  }

  /// A temp folder labelled `label` and a new index in it, made for a first fill.
  static func newIndex(_ label: String) throws -> (TempFolder, IndexCache) {
    let folder = try TempFolder(label)
    return (folder, try IndexCache(path: folder.file("cache/index.sqlite"), payloadVersion: 1, firstFill: true))
  }

  /// A writer's connection to `cache` (`IndexBulkConnection`), as the index writers open it.
  static func bulkConnection(_ cache: IndexCache) -> (connection: IndexBulkConnection, begun: Bool)? {
    IndexBulkConnection.open(cache: cache, begin: { (_: SQLiteDatabase) throws(SQLiteError) -> Bool? in true })
  }

  @Test("a file made for a first fill is written without a log, then switched to it; an existing one keeps it")
  func filledWithoutLog() throws {
    let (folder, cache) = try Self.newIndex("first-fill")
    defer { folder.remove() }
    #expect(cache.logDeferred)
    #expect(try Self.journalMode(of: cache) == "delete")
    let writer = try Writer.writer(in: cache)
    // Three parts of 2 MB: in the log, a part would be there until a checkpoint.
    for part in 0..<3 {
      #expect(writer.add(Writer.cards(1_000, from: part * 1_000, size: 2_000), from: part * 1_000))
      #expect(!Self.hasLog(cache))
    }
    let row = Writer.row(payload: [4, 5, 6])
    #expect(writer.finish(book: Writer.path, file: row))
    #expect(!Self.hasLog(cache))
    #expect(cache.files(inBook: Writer.path) == [row])
    for ordinal in [0, 1_234, 2_999] {
      #expect(cache.card(generation: Writer.generation, ordinal: ordinal) == Writer.cards(1, from: ordinal, size: 2_000)[0])
    }

    cache.startLog()
    #expect(try Self.journalMode(of: cache) == "wal")
    #expect(!cache.logDeferred)
    // The file exists now: a later first-fill instance neither defers nor changes it.
    let later = try IndexCache(path: cache.path, payloadVersion: 1, firstFill: true)
    #expect(!later.logDeferred)
    #expect(later.files(inBook: Writer.path) == [row])
    #expect(try Self.journalMode(of: later) == "wal")
  }

  @Test("another connection opening the file during the fill switches it to the log; the fill goes on there and lands whole")
  func switchedMeanwhile() throws {
    let (folder, cache) = try Self.newIndex("first-fill-other")
    defer { folder.remove() }
    let writer = try Writer.writer(in: cache)
    #expect(writer.add(Writer.cards(500, from: 0), from: 0))
    #expect(try Self.journalMode(of: cache) == "delete")

    let other = try IndexCache(path: cache.path, payloadVersion: 1)
    #expect(!other.logDeferred)
    #expect(try Self.journalMode(of: cache) == "wal")
    #expect(writer.add(Writer.cards(500, from: 500), from: 500))
    let row = Writer.row(payload: [7])
    #expect(writer.finish(book: Writer.path, file: row))
    #expect(other.files(inBook: Writer.path) == [row])
    for ordinal in [0, 499, 500, 999] {
      #expect(other.card(generation: Writer.generation, ordinal: ordinal) == Writer.cards(1, from: ordinal)[0])
    }
    cache.startLog()  // already the log: nothing changes
    #expect(try Self.journalMode(of: other) == "wal")
  }

  @Test("a first fill's writer keeps the journal as it is, without syncs, the mapping or spills; another writer has the log")
  func writerSettings() throws {
    let (folder, cache) = try Self.newIndex("first-fill-writer")
    defer { folder.remove() }
    let (filling, _) = try #require(Self.bulkConnection(cache))
    #expect(try filling.database.text("PRAGMA journal_mode") == "delete")
    #expect(try filling.database.integer("PRAGMA synchronous") == 0)
    #expect(try filling.database.integer("PRAGMA mmap_size") == 0)
    #expect(try filling.database.integer("PRAGMA cache_spill") == 0)

    let existing = try IndexCache(path: cache.path, payloadVersion: 1)
    let (writer, _) = try #require(Self.bulkConnection(existing))
    #expect(try writer.database.text("PRAGMA journal_mode") == "wal")
    #expect(try writer.database.integer("PRAGMA synchronous") == 1)
    #expect(try writer.database.integer("PRAGMA mmap_size") == 1 << 30)
  }

  @Test("a first fill's large payload (over spilledPayload) is spilled to the file as it is written, and lands whole")
  func largePayloadSpilled() throws {
    let (folder, cache) = try Self.newIndex("first-fill-large")
    defer { folder.remove() }
    let writer = try Writer.writer(in: cache)
    #expect(writer.add(Writer.cards(10, from: 0), from: 0))
    // Zeros with a byte told apart every 4 KiB (one page in four): misplaced pages show.
    var payload = [UInt8](repeating: 0, count: IndexFileWriter.spilledPayload + 12_345)
    for offset in stride(from: 0, to: payload.count, by: 4_096) { payload[offset] = UInt8(truncatingIfNeeded: offset >> 12 | 1) }
    let row = Writer.row(payload: payload)
    #expect(writer.finish(book: Writer.path, file: row))
    #expect(!Self.hasLog(cache))
    let stored = try #require(cache.files(inBook: Writer.path).first)
    #expect(stored.payload.count == payload.count)
    #expect(stored.payload == payload)
    #expect(cache.card(generation: Writer.generation, ordinal: 9) == Writer.cards(1, from: 9)[0])
  }

  @Test("the switch to the log is left for later while a reader holds the file (waiting 200 ms, not 2 s), and made once it is done")
  func switchAfterReader() throws {
    let (folder, cache) = try Self.newIndex("first-fill-reader")
    defer { folder.remove() }
    let reader = try SQLiteDatabase(path: cache.path)
    try reader.execute("BEGIN")
    #expect(try reader.integer("SELECT count(*) FROM files") == 0)  // a read lock held until COMMIT
    cache.startLog()
    #expect(cache.logDeferred)
    #expect(try reader.text("PRAGMA journal_mode") == "delete")
    try reader.execute("COMMIT")
    cache.startLog()
    #expect(!cache.logDeferred)
    #expect(try Self.journalMode(of: cache) == "wal")
  }

  @Test("a cold load read in parts leaves its new index in the log, and the next load reads from it")
  func coldLoadEndsInLog() throws {
    let sandbox = try ContactListLoaderTests.Sandbox()
    try sandbox.write("people.vcf", PartReadingTests.book(count: 300))
    var loader = ContactListLoaderTests.loader([sandbox.path("people.vcf")], cache: sandbox.cache)
    loader.partSize = 8_192
    let first = try loader.load()
    #expect(first.list.contacts.count == 300)
    let cache = try IndexCache(path: sandbox.cache, payloadVersion: IndexFormat.version)
    #expect(try Self.journalMode(of: cache) == "wal")
    let again = try loader.load()
    ContactListLoaderTests.expectFromIndex(again.list, "the second load reads the index the first one filled")
    #expect(ContactListLoaderTests.contacts(again.list) == ContactListLoaderTests.contacts(first.list))
  }
}
