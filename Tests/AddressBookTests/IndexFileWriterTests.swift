import CpickSupport
import CpickTestSupport
import Foundation
import Glibc
import Testing

@testable import AddressBook
@testable import ContactStores

/// `IndexFileWriter`: a large file's cards committed part by part while it is read,
/// invisible until its row is written, and cleaned up when it never is.
@Suite("index file writer")
struct IndexFileWriterTests {
  /// The file the writer writes, and its version.
  static let path = "/home/ada/big.vcf"
  static let signature = IndexCacheTests.file(path, 7).signature
  static var generation: Int64 { IndexCache.generation(path: path, signature: signature) }

  /// `count` cards of `size` bytes, told apart by their first bytes.
  static func cards(_ count: Int, from first: Int, size: Int = 100) -> [[UInt8]] {
    (first..<(first + count)).map { number in
      withUnsafeBytes(of: Int64(number).littleEndian) { Array($0) } + [UInt8](repeating: UInt8(number % 251), count: size - 8)
    }
  }

  /// A writer of the file into `cache`.
  static func writer(in cache: IndexCache) throws -> IndexFileWriter {
    try #require(IndexFileWriter(cache: cache, path: path, signature: signature))
  }

  /// The file's row, its payload `payload`.
  static func row(payload: [UInt8] = []) -> CachedFile {
    CachedFile(path: path, signature: signature, payload: payload)
  }

  /// Deletes every orphan's cards, whatever their age: an update (of another book's
  /// file `number`) by a cpick whose grace is none.
  static func deleteOrphans(in cache: IndexCache, updating number: Int) throws {
    let graceless = try IndexCache(path: cache.path, payloadVersion: cache.payloadVersion, orphanGrace: 0)
    #expect(graceless.update(book: "/v", upserting: [IndexCacheTests.file("/v/\(number).vcf", number)]))
  }

  /// The number a query of one integer gives on a connection of the test's own.
  static func count(_ query: String, in cache: IndexCache) throws -> Int64? {
    let database = try SQLiteDatabase(path: cache.path)
    return try database.integer(query)
  }

  @Test("each part is committed as it is added, its version an orphan until the file's row is written; then the cards are the file's")
  func partsCommitted() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-parts")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    let generation = Self.generation
    #expect(writer.add(Self.cards(3, from: 0), from: 0))
    #expect(writer.add(Self.cards(2, from: 3), from: 3))
    // Another connection sees the cards (committed), no row, and the orphan mark.
    #expect(try Self.count("SELECT count(*) FROM cards WHERE generation = \(generation)", in: cache) == 5)
    #expect(try Self.count("SELECT count(*) FROM files", in: cache) == 0)
    #expect(try Self.count("SELECT count(*) FROM orphans WHERE generation = \(generation)", in: cache) == 1)
    #expect(cache.files(inBook: Self.path).isEmpty)

    let row = Self.row(payload: [1, 2, 3])
    #expect(writer.finish(book: Self.path, file: row))
    #expect(cache.files(inBook: Self.path) == [row])
    #expect(try Self.count("SELECT count(*) FROM orphans", in: cache) == 0)
    for ordinal in 0..<5 {
      #expect(cache.card(generation: generation, ordinal: ordinal) == Self.cards(1, from: ordinal)[0])
    }
    // Finished: nothing more is written.
    #expect(!writer.add(Self.cards(1, from: 5), from: 5))
    #expect(!writer.finish(book: Self.path, file: row))
  }

  @Test("the write-ahead log is copied into the database as the parts come, not held until the end")
  func logStaysSmall() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-log")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    // 96 MB of cards in parts of 4 MB: half again the log a commit copies at.
    let pageSize = try #require(try SQLiteDatabase(path: cache.path).integer("PRAGMA page_size"))
    let checkpointBytes = IndexBulkConnection.checkpointPages * Int(pageSize)
    #expect(checkpointBytes == 64 << 20)
    var largestLog = 0
    for part in 0..<24 {
      #expect(writer.add(Self.cards(1_000, from: part * 1_000, size: 4_000), from: part * 1_000))
      largestLog = max(largestLog, Int(try FileSystem.status(cache.path + "-wal")?.size ?? 0))
    }
    #expect(writer.finish(book: Self.path, file: Self.row()))
    // In one transaction the log would pass 96 MB; checkpoints keep it under their
    // threshold plus a part (and above SQLite's default threshold, 1,000 pages, plus
    // a part: about 21 MB).
    #expect(largestLog > checkpointBytes - 8_000_000)
    #expect(largestLog < checkpointBytes + 5_000_000)
    #expect(cache.card(generation: Self.generation, ordinal: 23_999) == Self.cards(1, from: 23_999, size: 4_000)[0])
  }

  @Test("another writer is not kept waiting between parts")
  func otherWritersBetweenParts() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-others")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(writer.add(Self.cards(3, from: 0), from: 0))
    // A second instance (another process's) updates another book at once: it held the
    // lock until the file was read before, and gave up after 2 s.
    let other = try IndexCacheTests.cache(in: folder)
    #expect(other.update(book: "/v", upserting: [IndexCacheTests.file("/v/1.vcf", 1)]))
    #expect(writer.add(Self.cards(3, from: 3), from: 3))
    #expect(writer.finish(book: Self.path, file: Self.row(payload: [9])))
    #expect(other.files(inBook: "/v").count == 1)
    #expect(other.files(inBook: Self.path).map(\.payload) == [[9]])
  }

  @Test("a writer let go before its row is written leaves orphans, deleted by an update once the grace has passed")
  func abandonedWriter() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-abandoned")
    defer { folder.remove() }
    do {
      let writer = try Self.writer(in: cache)
      #expect(writer.add(Self.cards(4, from: 0), from: 0))
    }
    #expect(try Self.count("SELECT count(*) FROM cards", in: cache) == 4)
    // An update with the default grace (an hour) keeps them: a writer may still be at work.
    #expect(cache.update(book: "/v", upserting: [IndexCacheTests.file("/v/1.vcf", 1)]))
    #expect(try Self.count("SELECT count(*) FROM cards", in: cache) == 4)
    try Self.deleteOrphans(in: cache, updating: 2)
    #expect(try Self.count("SELECT count(*) FROM cards", in: cache) == 0)
    #expect(try Self.count("SELECT count(*) FROM orphans", in: cache) == 0)
  }

  @Test("an index emptied between parts (a cpick of another version) fails the writer: nothing is written among another version's rows")
  func indexEmptiedMeanwhile() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-emptied")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(writer.add(Self.cards(2, from: 0), from: 0))
    _ = try IndexCacheTests.cache(in: folder, payloadVersion: 2)
    #expect(!writer.add(Self.cards(2, from: 2), from: 2))
    #expect(!writer.finish(book: Self.path, file: Self.row()))
    #expect(try Self.count("SELECT count(*) FROM cards", in: cache) == 0)
    #expect(try Self.count("SELECT count(*) FROM files", in: cache) == 0)
  }

  @Test("cards deleted while the writer was stopped (its orphan mark older than the grace) keep its row from being written")
  func cardsDeletedMeanwhile() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-stopped")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(writer.add(Self.cards(3, from: 0), from: 0))
    // Another cpick's update deletes orphans past their grace (none here): the
    // writer's cards so far, as after an hour suspended.
    try Self.deleteOrphans(in: cache, updating: 1)
    #expect(writer.add(Self.cards(2, from: 3), from: 3))
    #expect(!writer.finish(book: Self.path, file: Self.row()))
    #expect(cache.files(inBook: Self.path).isEmpty)
  }

  @Test("a part waits again for another writer that holds the lock longer than the busy timeout")
  func busyWriterWaitedFor() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("file-writer-busy")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    nonisolated(unsafe) let holder = try SQLiteDatabase(path: cache.path)
    try holder.execute("BEGIN IMMEDIATE")
    let released = DispatchSemaphore(value: 0)
    // Taken before the holder's thread starts: the lock is held at least 2.5 s after it.
    let started = ContinuousClock.now
    Thread.detachNewThread {
      // Longer than the 2 s a transaction waits for the lock.
      usleep(2_500_000)
      try? holder.execute("COMMIT")
      released.signal()
    }
    #expect(writer.add(Self.cards(2, from: 0), from: 0))
    // The lock was held from before the part began: its first try gave up after the
    // 2 s timeout, and a second one wrote it.
    #expect(ContinuousClock.now - started >= .milliseconds(Int(IndexCache.busyTimeout)))
    released.wait()
    #expect(writer.finish(book: Self.path, file: Self.row()))
    #expect(cache.card(generation: Self.generation, ordinal: 1) == Self.cards(1, from: 1)[0])
  }
}
