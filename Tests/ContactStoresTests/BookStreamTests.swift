import Foundation
import Glibc
import Testing

@testable import ContactStores

/// A book from a stream without a size is not read for ever (issue 22: `cpick list -s
/// /dev/zero` read until memory ran out).
@Suite("Books read from streams")
struct BookStreamTests {
  /// The bytes `readBookStream(limit:)` reads from a pipe whose writer sends `bytes`
  /// (on a thread of its own) and then closes it — or as much as the reader takes.
  func readThroughPipe(_ bytes: [UInt8], limit: Int) throws -> [UInt8] {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let reader = FileDescriptor(rawValue: ends[0], path: "pipe")
    defer { try? reader.close() }
    let writerEnd = ends[1]
    let writer = Thread {
      // A reader that stops early closes its end: the rest fails with EPIPE.
      signal(SIGPIPE, SIG_IGN)
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let count = write(writerEnd, raw.baseAddress! + offset, raw.count - offset)
          if count <= 0 { break }
          offset += count
        }
      }
      close(writerEnd)
    }
    writer.start()
    let read = try reader.readBookStream(limit: limit)
    return read
  }

  @Test("an endless device of NUL bytes stops at its first block and is named a binary file")
  func devZero() throws {
    let store = VCardFileStore(path: "/dev/zero")
    let load = try #require(try store.loadWithSignature().load)
    #expect(load.contacts.isEmpty)
    #expect(load.warnings.count == 1)
    #expect(load.warnings.first?.hasPrefix("/dev/zero:1: a binary file, not vCard") == true, "\(load.warnings)")
  }

  @Test("a stream of random bytes stops at its first block and is named a binary file; the limit's words")
  func randomBytes() throws {
    // Random bytes as /dev/urandom gives (seeded: the same each run), beginning as no
    // UTF-16 text does.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var random = (0..<(1 << 20)).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    random[0] = 0x8F
    random[1] = 0x12
    #expect(random.prefix(FileDescriptor.binaryProbeBytes).contains(0))
    let read = try readThroughPipe(random, limit: 1 << 30)
    #expect(read.count >= FileDescriptor.binaryProbeBytes && read.count < random.count)
    let load = VCardLoading.contacts(fromBytes: read, source: "-")
    #expect(load.contacts.isEmpty)
    #expect(load.warnings.first?.hasPrefix("-:1: a binary file, not vCard") == true, "\(load.warnings)")
    let reason = FileErrors.streamReason(SystemError(function: "read", path: "-", errno: EFBIG))
    #expect(reason == "longer than 1 GiB, the most cpick reads from standard input, a pipe or a device")
  }

  @Test("a card stream with a stray NUL byte is read whole, as is UTF-16 beginning with its byte-order mark")
  func strayNUL() throws {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nNOTE:a\u{0}b\r\nEND:VCARD\r\n"
    let bytes = Array(String(repeating: card, count: 2_000).utf8)
    #expect(try readThroughPipe(bytes, limit: 1 << 30) == bytes)
    let units = String(repeating: "BEGIN:VCARD\r\nFN:一丁\r\nEND:VCARD\r\n", count: 500).utf16
    let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try readThroughPipe(utf16, limit: 1 << 30) == utf16)
  }

  @Test("a stream within the limit is read whole, UTF-16 with its NUL bytes too")
  func textStreams() throws {
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada 一丁\r\nEND:VCARD\r\n"
    let utf8 = Array(String(repeating: card, count: 500).utf8)
    #expect(try readThroughPipe(utf8, limit: 1 << 20) == utf8)
    // UTF-16LE without a BOM: `A` then U+4E00 is 41 00 00 4E, two NUL bytes in a row.
    let utf16 = String(repeating: card, count: 500).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(utf16.count > FileDescriptor.binaryProbeBytes)
    #expect(try readThroughPipe(utf16, limit: 1 << 20) == utf16)
    let read = VCardLoading.contacts(fromBytes: utf16, source: "-")
    #expect(read.contacts.count == 500)
    #expect(read.contacts.first?.displayName == "Ada 一丁")
  }

  @Test("a stream past the limit throws; one of NUL bytes stops at the first block")
  func limits() throws {
    let text = Array(String(repeating: "x", count: 300_000).utf8)
    #expect(throws: SystemError(function: "read", path: "pipe", errno: EFBIG)) {
      try readThroughPipe(text, limit: 100_000)
    }
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    let read = try readThroughPipe(zeros, limit: 1 << 30)
    #expect(read.count >= FileDescriptor.binaryProbeBytes && read.count < zeros.count)
    #expect(read.allSatisfy { $0 == 0 })
  }

  @Test("NUL runs: eight in a row make binary, seven do not")
  func nulRuns() {
    #expect(FileDescriptor.holdsNULRun(ArraySlice([0x41] + [UInt8](repeating: 0, count: 8) + [0x42])))
    #expect(!FileDescriptor.holdsNULRun(ArraySlice([0x41] + [UInt8](repeating: 0, count: 7) + [0x42])))
    #expect(!FileDescriptor.holdsNULRun(ArraySlice([0x41, 0, 0, 0x4E, 0, 0, 0x41, 0, 0])))
  }
}
