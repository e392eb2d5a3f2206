import Foundation
import Glibc
import Testing

@testable import ContactStores

/// `readAll(keeping:)`: a mail message on stdin is read to its end but only its first
/// bytes are kept (`cpick unknown --from-message`, issue 22: a 301 MB message aborted).
@Suite("Reading to the end, keeping the first bytes")
struct ReadKeepingTests {
  @Test("the first LIMIT bytes are kept, the rest is read and counted")
  func keepsPrefix() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-keep-\(UUID().uuidString)").path
    defer { unlink(path) }
    let text = "From: Ada <ada@example.org>\r\n\r\n" + String(repeating: "body line\r\n", count: 20_000)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let file = try FileDescriptor.open(path, O_RDONLY)
    defer { try? file.close() }
    let read = try file.readAll(keeping: 31)
    #expect(read.bytes == Array("From: Ada <ada@example.org>\r\n\r\n".utf8))
    #expect(read.total == text.utf8.count)
  }

  @Test("a file shorter than the limit is kept whole")
  func shortFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-keep-\(UUID().uuidString)").path
    defer { unlink(path) }
    try "From: a@b.c\n".write(toFile: path, atomically: false, encoding: .utf8)
    let file = try FileDescriptor.open(path, O_RDONLY)
    defer { try? file.close() }
    let read = try file.readAll(keeping: 1 << 20)
    #expect(read.bytes == Array("From: a@b.c\n".utf8))
    #expect(read.total == 12)
  }
}
