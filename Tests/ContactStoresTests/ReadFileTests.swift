@testable import ContactStores
import Foundation
import Glibc
import Testing

/// `FileDescriptor.readFile` reads what Foundation reads.
@Suite struct ReadFileTests {
  @Test("files of any size read as Data(contentsOf:) reads them", arguments: [0, 1, 4095, 65536, 65537, 1_000_003])
  func sizes(size: Int) throws {
    let path = NSTemporaryDirectory() + "cpick-readfile-\(getpid())-\(size)"
    defer { unlink(path) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let read = try FileDescriptor.readFile(path)
    #expect(read == [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(read == bytes)
  }

  /// What `read` gives for the path of a pipe holding `text` (written and closed).
  static func throughPipe(_ text: [UInt8], _ read: (String) throws -> [UInt8]) throws -> [UInt8] {
    var ends: [Int32] = [0, 0]
    #expect(Glibc.pipe(&ends) == 0)
    #expect(write(ends[1], text, text.count) == text.count)
    close(ends[1])
    defer { close(ends[0]) }
    return try read("/dev/fd/\(ends[0])")
  }

  @Test("a pipe, which has no size, is read to its end")
  func pipe() throws {
    let text = Array("BEGIN:VCARD\r\nFN:Anna\r\nEND:VCARD\r\n".utf8)
    #expect(try Self.throughPipe(text) { try FileDescriptor.readFile($0) } == text)
  }

  @Test("a folder or a missing file cannot be read")
  func unreadable() {
    #expect(throws: SystemError.self) { try FileDescriptor.readFile(NSTemporaryDirectory()) }
    #expect(throws: SystemError.self) { try FileDescriptor.readFile("/nonexistent/cpick/file.vcf") }
  }
}

extension ReadFileTests {
  @Test("a file and its status: a regular file read to its size, a pipe to its end")
  func fileAndStatus() throws {
    let path = NSTemporaryDirectory() + "cpick-readstatus-\(getpid())"
    defer { unlink(path) }
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let read = try FileDescriptor.readFileAndStatus(path)
    #expect(read.bytes == bytes)
    #expect(read.status.size == 70_000)

    let text = Array("BEGIN:VCARD\r\nFN:Piped\r\nEND:VCARD\r\n".utf8)
    #expect(try Self.throughPipe(text) { try FileDescriptor.readFileAndStatus($0).bytes ?? [] } == text)
  }

  @Test("a regular file over the limit is not read, its status given; one at the limit, and a pipe, are read")
  func fileOverLimit() throws {
    let path = NSTemporaryDirectory() + "cpick-readlimit-\(getpid())"
    defer { unlink(path) }
    let bytes = Array(repeating: UInt8(ascii: "x"), count: 5_000)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let over = try FileDescriptor.readFileAndStatus(path, wholeUpTo: 4_999)
    #expect(over.bytes == nil)
    #expect(over.status.size == 5_000)
    #expect(try FileDescriptor.readFileAndStatus(path, wholeUpTo: 5_000).bytes == bytes)
    let text = Array("BEGIN:VCARD\r\nFN:Piped\r\nEND:VCARD\r\n".utf8)
    #expect(try Self.throughPipe(text) { try FileDescriptor.readFileAndStatus($0, wholeUpTo: 1).bytes ?? [] } == text)
  }

  @Test("a file whose name is not UTF-8 (Latin-1 é) is said to be so, in a vdir and when named")
  func nameNotUTF8() throws {
    let folder = NSTemporaryDirectory() + "cpick-latin1-name-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Latin Name\r\nEND:VCARD\r\n"
    try Data(card.utf8).write(to: URL(fileURLWithPath: folder + "/fine.vcf"))
    let raw = Array((folder + "/lat").utf8) + [0xE9] + Array("in.vcf".utf8) + [0]
    let fd = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
    #expect(fd >= 0)
    _ = Array(card.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let load = try VdirStore(path: folder).load()
    #expect(load.contacts.map(\.displayName) == ["Latin Name"])
    #expect(load.warnings.count == 1)
    #expect(load.warnings.first?.hasSuffix(":1: its name is not UTF-8, and cpick opens files by UTF-8 names; rename it (convmv -f latin1 -t utf8); skipped") == true, "\(load.warnings)")
    let named = folder + "/lat\u{FFFD}in.vcf"
    let refusal = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: named).load() }
    #expect(refusal?.description.contains("its name is not UTF-8") == true, "\(String(describing: refusal))")
    // A name read so that no file has: no such file, nothing to rename.
    let missing = #expect(throws: ContactStoreError.self) { try VCardFileStore(path: folder + "/no\u{FFFD}ne.vcf").load() }
    #expect(missing?.description.contains("no such file or folder") == true, "\(String(describing: missing))")
  }
}
