import ContactStores
import Foundation
import Glibc
import Testing

@testable import AddressBook

/// The temp file of JSON rendered while a book is read (`RenderingsFile`): what it
/// copies into a list file must be its bytes, in order, after what the list file
/// already holds — copied inside the kernel (`sendfile`) or, where that is refused,
/// through a buffer.
@Suite("The renderings' temp file")
struct RenderingsFileTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  /// 3 MiB and a few bytes (more than one buffer's worth), no two neighbours alike.
  static let bytes: [UInt8] = (0..<(3 << 20) + 7).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }

  /// Copies `bytes` from a temp file into a file opened with `flags` after a header.
  static func copied(flags: Int32) throws -> [UInt8] {
    let sandbox = try Sandbox()
    let file = try #require(RenderingsFile(folder: sandbox.path("")))
    #expect(file.write(Self.bytes, at: 0))
    let path = sandbox.path("list")
    let out = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | flags)
    try out.writeAll(Array("header".utf8))
    try file.copy(length: Self.bytes.count, to: out)
    try out.close()
    return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test("copied into a list file where it is, after its header, the bytes in order")
  func copiedInKernel() throws {
    #expect(try Self.copied(flags: 0) == Array("header".utf8) + Self.bytes)
  }

  @Test("into a file sendfile refuses (opened to append), copied through a buffer all the same")
  func copiedThroughBuffer() throws {
    // sendfile(2): EINVAL when the file written has O_APPEND set.
    #expect(try Self.copied(flags: O_APPEND) == Array("header".utf8) + Self.bytes)
  }
}
