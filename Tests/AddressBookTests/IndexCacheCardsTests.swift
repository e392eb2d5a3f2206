import CpickSupport
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores
@testable import AddressBook

/// The cards of the index: one row per contact under its file's version, read one at
/// a time or in batches; old versions swept when no book refers to them; the
/// identity that files kept beside the index check.
@Suite("index cache: cards")
struct IndexCacheCardsTests {
  static func cards(_ texts: [String]) -> [[UInt8]] { texts.map { Array($0.utf8) } }

  /// An index in `folder` holding `/book/a.vcf` (cards `a`) and then `/book/b.vcf`
  /// (cards `b`), with the two files' versions.
  static func twoFiles(in folder: TempFolder, a: [String], b: [String]) throws -> (IndexCache, Int64, Int64) {
    let cache = try IndexCacheTests.cache(in: folder)
    var first = IndexCacheTests.file("/book/a.vcf", 1)
    first.cards = cards(a)
    var second = IndexCacheTests.file("/book/b.vcf", 2)
    second.cards = cards(b)
    #expect(cache.update(book: "/book", upserting: [first, second]))
    return (
      cache, IndexCache.generation(path: first.path, signature: first.signature),
      IndexCache.generation(path: second.path, signature: second.signature)
    )
  }

  @Test("a file's cards are read back one at a time under its generation, in file order")
  func cardsRoundTrip() throws {
    let folder = try TempFolder("cache-cards")
    defer { folder.remove() }
    let cache = try IndexCacheTests.cache(in: folder)
    var file = IndexCacheTests.file("/book/a.vcf", 1)
    file.cards = Self.cards(["first", "second", ""])
    #expect(cache.update(book: "/book", upserting: [file]))
    let generation = IndexCache.generation(path: file.path, signature: file.signature)
    #expect(cache.card(generation: generation, ordinal: 0) == Array("first".utf8))
    #expect(cache.card(generation: generation, ordinal: 1) == Array("second".utf8))
    #expect(cache.card(generation: generation, ordinal: 2) == [])
    #expect(cache.card(generation: generation, ordinal: 3) == nil)
    #expect(cache.card(generation: generation &+ 1, ordinal: 0) == nil)
    // `files(inBook:)` does not carry them.
    #expect(cache.files(inBook: "/book").first?.cards == [])
  }

  @Test("cards wanted in any order, of several versions, come back in that order; nil where there is none")
  func cardsInABatch() throws {
    let folder = try TempFolder("cache-card-batch")
    defer { folder.remove() }
    let (cache, ga, gb) = try Self.twoFiles(in: folder, a: ["a0", "a1", "a2"], b: ["b0", ""])
    let read = cache.cards([(ga, 2), (gb, 0), (ga, 0), (ga, 7), (gb, 1), (ga &+ 1, 0), (ga, 2)])
    #expect(read.map { $0.map { String(decoding: $0, as: UTF8.self) } } == ["a2", "b0", "a0", nil, "", nil, "a2"])
    #expect(cache.cards([]).isEmpty)
    // The same as one lookup each.
    #expect(read[0] == cache.card(generation: ga, ordinal: 2) && read[3] == cache.card(generation: ga, ordinal: 7))
  }

  @Test("a version whose cards are not in consecutive rows is read right: each card not in its place found by the index")
  func cardsOutOfPlace() throws {
    let folder = try TempFolder("cache-card-places")
    defer { folder.remove() }
    let (cache, ga, gb) = try Self.twoFiles(in: folder, a: ["a0", "a1", "a2"], b: ["b0", "b1"])
    // a's cards 3 and 4 after b's rows (as when another run wrote between two parts),
    // and b's card 0 moved to the end: the rows where they would be hold other cards.
    let database = try SQLiteDatabase(path: folder.file("cache/index.sqlite"))
    for (ordinal, text) in [(3, "a3"), (4, "a4")] {
      let insert = try database.prepare("INSERT INTO cards(generation, ordinal, data, checksum) VALUES(?1, ?2, ?3, ?4)")
      try insert.bind(ga, at: 1)
      try insert.bind(Int64(ordinal), at: 2)
      try insert.bind(Array(text.utf8), at: 3)
      try insert.bind(Checksum.of(Array(text.utf8)), at: 4)
      try insert.run()
    }
    try database.execute(
      "UPDATE cards SET id = (SELECT max(id) FROM cards) + 1 WHERE generation = \(gb) AND ordinal = 0")
    let read = cache.cards([(ga, 4), (ga, 3), (gb, 0), (gb, 1), (ga, 1), (ga, 5), (gb, 2)])
    #expect(read.map { $0.map { String(decoding: $0, as: UTF8.self) } } == ["a4", "a3", "b0", "b1", "a1", nil, nil])
    for (generation, ordinal) in [(ga, 0), (ga, 2), (ga, 4), (gb, 0), (gb, 1)] {
      #expect(cache.cards([(generation, ordinal)]) == [cache.card(generation: generation, ordinal: ordinal)])
    }
  }

  @Test("every card is read once, in the order written, batch after batch, with its version and ordinal")
  func allCardsInOnePass() throws {
    let folder = try TempFolder("cache-all-cards")
    defer { folder.remove() }
    let cache = try IndexCacheTests.cache(in: folder)
    var files: [CachedFile] = []
    for number in 0..<3 {
      var file = IndexCacheTests.file("/book/\(number).vcf", number + 1)
      file.cards = Self.cards((0...number).map { "card \(number).\($0)" })
      files.append(file)
    }
    #expect(cache.update(book: "/book", upserting: files))
    var read: [(generation: Int64, ordinal: Int, text: String)] = []
    var after: Int64 = 0
    while true {
      let batch = cache.cards(after: after, limit: 4)
      guard let last = batch.last else { break }
      #expect(batch.count <= 4)
      after = last.id
      read += batch.map { ($0.generation, $0.ordinal, String(decoding: $0.data, as: UTF8.self)) }
    }
    let expected = files.enumerated().flatMap { number, file in
      (0...number).map { (IndexCache.generation(path: file.path, signature: file.signature), $0, "card \(number).\($0)") }
    }
    #expect(read.map(\.text) == expected.map(\.2))
    #expect(read.map(\.generation) == expected.map(\.0))
    #expect(read.map(\.ordinal) == expected.map(\.1))
  }

  @Test("an update lets go of the pages it wrote: the connection's cache holds next to nothing after it")
  func updateLetsCacheGo() throws {
    let folder = try TempFolder("cache-release")
    defer { folder.remove() }
    let cache = try IndexCacheTests.cache(in: folder)
    // 2 MB of payload and 2 MB of cards: hundreds of pages of 16 KiB through the cache.
    var file = IndexCacheTests.file("/book/big.vcf", 1, payloadSize: 2 << 20)
    file.cards = (0..<2000).map { Array(repeating: UInt8(truncatingIfNeeded: $0), count: 1024) }
    #expect(cache.update(book: "/book", upserting: [file]))
    #expect(cache.withConnection(default: Int.max) { $0.cacheUsed } < 256 << 10)
    // What was written is there.
    let generation = IndexCache.generation(path: file.path, signature: file.signature)
    #expect(cache.card(generation: generation, ordinal: 1999) == Array(repeating: UInt8(truncatingIfNeeded: 1999), count: 1024))
    #expect(cache.files(inBook: "/book").first?.payload == file.payload)
  }

  @Test("the generation changes with the path and with every part of the signature")
  func generationsDiffer() {
    let base = IndexCacheTests.file("/book/a.vcf", 1).signature
    var variants = [base]
    for change in 0..<5 {
      var signature = base
      switch change {
      case 0: signature.size += 1
      case 1: signature.modificationNanoseconds += 1
      case 2: signature.statusChangeNanoseconds += 1
      case 3: signature.inode += 1
      default: signature.device -= 1
      }
      variants.append(signature)
    }
    let generations = Set(variants.map { IndexCache.generation(path: "/book/a.vcf", signature: $0) })
    #expect(generations.count == 6)
    #expect(IndexCache.generation(path: "/book/b.vcf", signature: base) != IndexCache.generation(path: "/book/a.vcf", signature: base))
    // Stable: the same inputs give the same number in every process (no random seed).
    #expect(IndexCache.generation(path: "/book/a.vcf", signature: base) == IndexCache.generation(path: "/book/a.vcf", signature: base))
  }

  @Test("a changed or removed file's old cards go (after the grace period), unless another book (another sort order) still refers to them")
  func oldCardsAreSwept() throws {
    let folder = try TempFolder("cache-sweep")
    defer { folder.remove() }
    let cache = try IndexCache(path: folder.file("cache/index.sqlite"), payloadVersion: 1, orphanGrace: 0)
    var old = IndexCacheTests.file("/book/a.vcf", 1)
    old.cards = Self.cards(["old"])
    let oldGeneration = IndexCache.generation(path: old.path, signature: old.signature)
    #expect(cache.update(book: "/book\u{0}family", upserting: [old]))
    #expect(cache.update(book: "/book\u{0}given", upserting: [old]))

    var new = IndexCacheTests.file("/book/a.vcf", 2)
    new.cards = Self.cards(["new"])
    let newGeneration = IndexCache.generation(path: new.path, signature: new.signature)
    #expect(cache.update(book: "/book\u{0}family", upserting: [new]))
    // The other book still has the old version: its cards stay.
    #expect(cache.card(generation: oldGeneration, ordinal: 0) == Array("old".utf8))
    #expect(cache.card(generation: newGeneration, ordinal: 0) == Array("new".utf8))

    #expect(cache.update(book: "/book\u{0}given", upserting: [], removing: ["/book/a.vcf"]))
    #expect(cache.card(generation: oldGeneration, ordinal: 0) == nil)
    #expect(cache.card(generation: newGeneration, ordinal: 0) == Array("new".utf8))
  }

  @Test("a replaced file's old cards stay readable during the grace period (a picker still open may need them)")
  func graceKeepsOldCards() throws {
    let folder = try TempFolder("cache-grace")
    defer { folder.remove() }
    let cache = try IndexCacheTests.cache(in: folder)
    var old = IndexCacheTests.file("/book/a.vcf", 1)
    old.cards = Self.cards(["old"])
    #expect(cache.update(book: "/book", upserting: [old]))
    var new = IndexCacheTests.file("/book/a.vcf", 2)
    new.cards = Self.cards(["new"])
    #expect(cache.update(book: "/book", upserting: [new]))
    #expect(cache.card(generation: IndexCache.generation(path: old.path, signature: old.signature), ordinal: 0) == Array("old".utf8))
    #expect(cache.card(generation: IndexCache.generation(path: new.path, signature: new.signature), ordinal: 0) == Array("new".utf8))
  }

  @Test("a payload or card changed inside the database file counts as missing (its checksum says so)")
  func checksumsCatchDamage() throws {
    let folder = try TempFolder("cache-checksum")
    defer { folder.remove() }
    let cache = try IndexCacheTests.cache(in: folder)
    var file = IndexCacheTests.file("/book/a.vcf", 1)
    file.cards = Self.cards(["the card"])
    #expect(cache.update(book: "/book", upserting: [file, IndexCacheTests.file("/book/b.vcf", 2)]))
    let generation = IndexCache.generation(path: file.path, signature: file.signature)
    // Bit rot: the bytes change, their checksums do not.
    let database = try SQLiteDatabase(path: folder.file("cache/index.sqlite"))
    try database.execute(
      """
      UPDATE files SET payload = X'00' || substr(payload, 2) WHERE path = '/book/a.vcf';
      UPDATE cards SET data = X'41' || substr(data, 2);
      """)
    #expect(cache.files(inBook: "/book").map(\.path) == ["/book/b.vcf"])
    #expect(cache.card(generation: generation, ordinal: 0) == nil)
    #expect(cache.cards(generation: generation, from: 0, limit: 10).isEmpty)
  }

  @Test("a file's cards are read in batches from an ordinal, in order, as many as asked")
  func cardBatches() throws {
    let folder = try TempFolder("cache-batches")
    defer { folder.remove() }
    let cache = try IndexCacheTests.cache(in: folder)
    var file = IndexCacheTests.file("/book/a.vcf", 1)
    file.cards = Self.cards((0..<10).map { "card \($0)" })
    #expect(cache.update(book: "/book", upserting: [file]))
    let generation = IndexCache.generation(path: file.path, signature: file.signature)
    let first = cache.cards(generation: generation, from: 0, limit: 4)
    #expect(first.map(\.ordinal) == [0, 1, 2, 3])
    #expect(first.map { String(decoding: $0.data, as: UTF8.self) } == ["card 0", "card 1", "card 2", "card 3"])
    #expect(cache.cards(generation: generation, from: 8, limit: 4).map(\.ordinal) == [8, 9])
    #expect(cache.cards(generation: generation, from: 10, limit: 4).isEmpty)
    #expect(cache.cards(generation: generation &+ 1, from: 0, limit: 4).isEmpty)
  }

  @Test("the identity stays while the contents do; another payload version or a rebuild makes a new one")
  func identity() throws {
    let folder = try TempFolder("cache-identity")
    defer { folder.remove() }
    let first = try #require(try IndexCacheTests.cache(in: folder).identity())
    #expect(try IndexCacheTests.cache(in: folder).identity() == first)
    let other = try #require(try IndexCacheTests.cache(in: folder, payloadVersion: 2).identity())
    #expect(other != first)
    try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: folder.file("cache/index.sqlite")))
    let rebuilt = try #require(try IndexCacheTests.cache(in: folder, payloadVersion: 2).identity())
    #expect(rebuilt != other)
  }

  @Test("a symbolic link where the index goes is refused: the file it points to is never written")
  func symbolicLinkRefused() throws {
    let folder = try TempFolder("cache-symlink")
    defer { folder.remove() }
    let victim = folder.file("victim.txt")
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createDirectory(atPath: folder.file("cache"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder.file("cache/index.sqlite"), withDestinationPath: victim)
    #expect(throws: SQLiteError.self) { try IndexCacheTests.cache(in: folder) }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["cache", "victim.txt"], "no journal beside the file pointed to")
  }
}
