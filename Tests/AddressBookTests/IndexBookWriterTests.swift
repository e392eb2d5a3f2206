import CpickSupport
import CpickTestSupport
import Testing

@testable import AddressBook
@testable import ContactStores

/// `IndexBookWriter`: the first index of a vdir written chunk by chunk, each chunk's
/// rows committed with their cards.
@Suite("index book writer")
struct IndexBookWriterTests {
  static let book = "/home/ada/.contacts/work"

  /// Cached files `first…` of the book, each with one card.
  static func files(_ count: Int, from first: Int) -> [CachedFile] {
    (first..<(first + count)).map { number in
      var file = IndexCacheTests.file(book + "/\(number).vcf", number)
      file.cards = [[UInt8](repeating: UInt8(number), count: 50)]
      return file
    }
  }

  /// A writer of the book into `cache`.
  static func writer(in cache: IndexCache) throws -> IndexBookWriter {
    try #require(IndexBookWriter(cache: cache, book: book))
  }

  /// `files` as `files(inBook:)` gives them back (without their cards).
  static func rows(_ files: [CachedFile]) -> [CachedFile] {
    files.map { CachedFile(path: $0.path, signature: $0.signature, payload: $0.payload) }
  }

  @Test("each chunk's rows and cards are committed as it is added: another instance sees whole files, more after each chunk")
  func chunksCommitted() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("book-writer-chunks")
    defer { folder.remove() }
    let other = try IndexCacheTests.cache(in: folder)
    let writer = try Self.writer(in: cache)
    let first = Self.files(3, from: 0)
    let second = Self.files(2, from: 3)
    #expect(writer.add(first))
    #expect(other.files(inBook: Self.book) == Self.rows(first))
    // Another book's update is not kept waiting between chunks.
    #expect(other.update(book: "/elsewhere.vcf", upserting: [IndexCacheTests.file("/elsewhere.vcf", 9)]))
    #expect(writer.add(second))
    #expect(writer.finish())
    #expect(other.files(inBook: Self.book) == Self.rows(first + second))
    for file in first + second {
      let generation = IndexCache.generation(path: file.path, signature: file.signature)
      #expect(other.card(generation: generation, ordinal: 0) == file.cards[0])
    }
    #expect(!writer.add(Self.files(1, from: 5)))
  }

  @Test("no writer for a book with rows: a second cold reader of the book, once the first has written a chunk")
  func onlyForANewBook() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("book-writer-new")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(IndexBookWriter(cache: cache, book: Self.book) != nil)  // no rows yet
    #expect(writer.add(Self.files(1, from: 0)))
    #expect(IndexBookWriter(cache: cache, book: Self.book) == nil)
  }

  @Test("an index emptied between chunks (a cpick of another version) fails the writer, and nothing more is written")
  func indexEmptiedMeanwhile() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("book-writer-emptied")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(writer.add(Self.files(2, from: 0)))
    let newer = try IndexCacheTests.cache(in: folder, payloadVersion: 2)
    #expect(!writer.add(Self.files(2, from: 2)))
    #expect(!writer.finish())
    #expect(newer.files(inBook: Self.book).isEmpty)
  }

  @Test("a path another writer stored meanwhile fails the writer (its caller then stores the book as an update), and that row stays")
  func pathStoredMeanwhile() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("book-writer-raced")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(writer.add(Self.files(2, from: 0)))
    let other = try IndexCacheTests.cache(in: folder)
    var changed = Self.files(1, from: 3)[0]
    changed.payload = [7, 7, 7]
    #expect(other.update(book: Self.book, upserting: [changed]))
    #expect(!writer.add(Self.files(2, from: 2)))
    #expect(!writer.finish())
    #expect(other.files(inBook: Self.book).map(\.payload).contains([7, 7, 7]))
    #expect(other.files(inBook: Self.book).count == 3)
  }

  @Test("a book forgotten meanwhile (removeBooks) fails the writer: no rows under a book that is gone")
  func bookForgottenMeanwhile() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("book-writer-forgotten")
    defer { folder.remove() }
    let writer = try Self.writer(in: cache)
    #expect(writer.add(Self.files(1, from: 0)))
    #expect(try IndexCacheTests.cache(in: folder).removeBooks(where: { $0 == Self.book }))
    #expect(!writer.add(Self.files(1, from: 1)))
    #expect(try IndexFileWriterTests.count("SELECT count(*) FROM files", in: cache) == 0)
  }
}
