import ContactKit
import ContactStores
import CpickTestSupport
import Testing

@testable import AddressBook
@testable import CpickSupport

/// A large file's payload written to its row a piece at a time (`PayloadStream`,
/// `SegmentArchive.encode(_:pieceSize:_:)`, `SQLiteDatabase.writeBlob(count:…)`), and
/// the checksum taken of it piece by piece (`Checksum.Running`): the same bytes and
/// the same checksum as the payload made whole.
@Suite struct PayloadStreamTests {
  /// `count` bytes told apart by their positions.
  static func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
  }

  @Test("the checksum of bytes is the one stored indexes hold (values of the build before `Running`)")
  func checksumUnchanged() {
    let known: [(Int, Int64)] = [
      (0, -2_152_535_657_050_944_081), (1, -7_699_910_525_359_490_318), (7, -8_259_619_757_617_849_783),
      (8, 8_311_142_473_131_696_851), (9, -5_986_723_085_123_289_886), (31, -1_769_163_575_677_911_095),
      (1000, -6_545_627_353_365_263_551),
    ]
    for (count, value) in known { #expect(Checksum.of(Self.bytes(count)) == value, "\(count) bytes") }
  }

  @Test("pieces cut anywhere (empty ones too) give the checksum of the whole", arguments: [0, 1, 7, 8, 9, 64, 1000])
  func checksumInPieces(count: Int) {
    let whole = Self.bytes(count)
    for cut in 0..<50 {
      var running = Checksum.Running()
      var offset = 0
      var piece = cut
      while offset < whole.count {
        // Lengths 0…11 in an order that differs with each cut.
        piece = (piece &* 7 &+ 3) % 12
        let length = min(whole.count - offset, piece)
        whole[offset..<(offset + length)].withUnsafeBytes { running.add($0) }
        offset += length
      }
      #expect(running.count == count)
      #expect(running.value == Checksum.of(whole))
    }
  }

  /// The contents of a file of `count` contacts in segments of about `count / 3`.
  static func contents(_ count: Int) -> FileContents {
    let contacts = PayloadEntriesTests.contacts(count, from: 0)
    var segments: [ListSegment] = []
    for start in stride(from: 0, to: count, by: max(1, count / 3)) {
      segments.append(
        ListSegment(
          Array(contacts[start..<min(count, start + max(1, count / 3))]), origins: nil, sortOrder: .family,
          nameOrder: .auto, sectionIndex: .current))
    }
    return FileContents(
      segments: segments, warnings: ["big.vcf:3: a warning"],
      groupCards: [ContactLoad.GroupCard(name: "Club", members: ["urn:uuid:1", "urn:uuid:2"])])
  }

  @Test("the payload given in pieces (of at most a few bytes, or a megabyte) is the payload made whole", arguments: [1, 5, 1 << 20])
  func encodedInPieces(pieceSize: Int) {
    let contents = Self.contents(40)
    let whole = SegmentArchive.encode(contents)
    var pieces: [[UInt8]] = []
    SegmentArchive.encode(contents, pieceSize: pieceSize) { pieces.append(Array($0)) }
    #expect(pieces.joined().elementsEqual(whole))
    #expect(whole.count > 1_000)
    if pieceSize == 1 << 20 { #expect(pieces.count == 1) } else { #expect(pieces.count > 10) }
    let stream = PayloadStream { piece in SegmentArchive.encode(contents, pieceSize: pieceSize, piece) }
    #expect(stream.count == whole.count)
    #expect(stream.checksum == Checksum.of(whole))
  }

  @Test("a row whose payload is streamed reads back as the payload made whole, through a file writer too")
  func streamedRowReadBack() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("payload-stream")
    defer { folder.remove() }
    // Larger than a row's payload read with it (`largePayload`), in pieces of 1 KiB.
    let payload = Self.bytes(IndexCache.largePayload + 4_099)
    let stream = PayloadStream { piece in
      for start in stride(from: 0, to: payload.count, by: 1_024) {
        payload[start..<min(payload.count, start + 1_024)].withUnsafeBytes(piece)
      }
    }
    let file = IndexCacheTests.file("/book/a.vcf", 1)
    #expect(cache.update(book: "/book", upserting: [CachedFile(path: file.path, signature: file.signature, stream: stream)]))
    let read = try #require(cache.files(inBook: "/book").first)
    #expect(read.payload == payload)
    #expect(read.stream == nil)

    let writer = try IndexFileWriterTests.writer(in: cache)
    #expect(writer.add(IndexFileWriterTests.cards(3, from: 0), from: 0))
    let row = CachedFile(path: IndexFileWriterTests.path, signature: IndexFileWriterTests.signature, stream: stream)
    #expect(writer.finish(book: IndexFileWriterTests.path, file: row))
    #expect(try #require(cache.files(inBook: IndexFileWriterTests.path).first).payload == payload)
  }

  @Test("a stream that gives other bytes the second time (more, fewer) fails the write and stores no row")
  func streamOfAnotherSize() throws {
    let (folder, cache) = try IndexCacheTests.sandbox("payload-stream-size")
    defer { folder.remove() }
    for extra in [1, -1] {
      let made = Locked(0)
      let stream = PayloadStream { piece in
        let time = made.withLock { count -> Int in
          count += 1
          return count
        }
        Self.bytes(IndexCache.largePayload + (time == 1 ? 0 : extra)).withUnsafeBytes(piece)
      }
      let file = IndexCacheTests.file("/book/a.vcf", 1)
      #expect(!cache.update(book: "/book", upserting: [CachedFile(path: file.path, signature: file.signature, stream: stream)]))
      #expect(cache.files(inBook: "/book").isEmpty)
    }
  }
}
