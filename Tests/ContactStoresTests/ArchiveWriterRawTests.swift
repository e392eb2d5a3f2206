import Testing

@testable import ContactStores
@testable import CpickSupport

/// `ArchiveWriter.write(_:)` of a raw buffer (the overload chosen for a buffer) writes
/// what the collection overload writes: a varint count, then the bytes.
@Suite("Archive writer: raw buffers")
struct ArchiveWriterRawTests {
  @Test("a raw buffer is written as a byte string, read back by readBytes")
  func rawBuffer() throws {
    for count in [0, 1, 127, 128, 300, 20_000] {
      let data = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      var raw = ArchiveWriter()
      data.withUnsafeBytes { raw.write($0) }
      var generic = ArchiveWriter()
      generic.write(data[...])
      #expect(raw.bytes == generic.bytes, "\(count)")
      #expect(raw.bytes.count == data.count + (count < 128 ? 1 : count < 16_384 ? 2 : 3))
      let read = try raw.bytes.withUnsafeBytes { bytes in
        var reader = ArchiveReader(bytes)
        return try reader.readBytes()
      }
      #expect(read == data, "\(count)")
    }
  }
}
