import ContactStores
import Foundation
import Glibc
import Testing

@testable import AddressBook

/// The temp file of JSON rendered while a book is read (`RenderingsFile`): given a
/// name, it becomes the list file, its bytes first; where it cannot be named, what it
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

  /// The files of `folder`.
  static func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  /// A temp file in `folder` holding `bytes`.
  static func filled(in folder: String) throws -> RenderingsFile {
    let file = try #require(RenderingsFile(folder: folder))
    #expect(file.write(Self.bytes, at: 0))
    return file
  }

  @Test("named, the temp file becomes the file written: its bytes, then what is appended; private; no temp file left")
  func adopted() throws {
    let sandbox = try Sandbox()
    let file = try Self.filled(in: sandbox.path(""))
    let path = sandbox.path("lists/view.list")
    var wasAdopted: Bool?
    let mapped = MappedFile.write(to: path, ready: { true }, startingWith: (file, Self.bytes.count)) { out, adopted throws(SystemError) in
      wasAdopted = adopted
      try out.writeAll(Array("tail".utf8))
    }
    #expect(wasAdopted == true)
    #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == Self.bytes + Array("tail".utf8))
    #expect(mapped.map { Array($0.bytes.suffix(4)) } == Array("tail".utf8))
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
    #expect(try Self.names(in: sandbox.path("lists")) == ["view.list"])
    #expect(TempFileRegistry.shared.paths.allSatisfy { !$0.hasPrefix(sandbox.path("lists")) })
  }

  @Test("named, then refused by ready: nothing at the path, no temp file left")
  func adoptedNotReady() throws {
    let sandbox = try Sandbox()
    let file = try Self.filled(in: sandbox.path(""))
    let path = sandbox.path("lists/view.list")
    let mapped = MappedFile.write(to: path, ready: { false }, startingWith: (file, Self.bytes.count)) { out, adopted throws(SystemError) in
      #expect(adopted)
      try out.writeAll(Array("tail".utf8))
    }
    #expect(mapped == nil)
    #expect(try Self.names(in: sandbox.path("lists")) == [])
    #expect(TempFileRegistry.shared.paths.allSatisfy { !$0.hasPrefix(sandbox.path("lists")) })
  }

  @Test("a temp file named once already, or holding other than the bytes said, is not taken: the file is written new")
  func notAdoptedTwiceOrShort() throws {
    let sandbox = try Sandbox()
    /// Writes `name` from `file`, said to hold `length` bytes: whether it was taken.
    func written(_ name: String, from file: RenderingsFile, length: Int) throws -> Bool {
      var wasAdopted = false
      let path = sandbox.path("lists/\(name)")
      _ = MappedFile.write(to: path, ready: { true }, startingWith: (file, length)) { out, adopted throws(SystemError) in
        wasAdopted = adopted
        if !adopted { try file.copy(length: Self.bytes.count, to: out) }
        try out.writeAll(Array(name.utf8))
      }
      #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == Self.bytes + Array(name.utf8), "\(name)")
      return wasAdopted
    }
    // Said to hold fewer bytes than it does: not taken (its name removed again).
    #expect(try !written("short.list", from: try Self.filled(in: sandbox.path("")), length: Self.bytes.count - 1))
    let file = try Self.filled(in: sandbox.path(""))
    #expect(try written("first.list", from: file, length: Self.bytes.count))
    // Taken once: a second list file does not share it (each has its own tail).
    #expect(try !written("second.list", from: file, length: Self.bytes.count))
    #expect(try Self.names(in: sandbox.path("lists")) == ["first.list", "second.list", "short.list"])
  }

  @Test("on another file system the temp file cannot be named: the file is written new, its bytes copied")
  func notAdoptedAcrossFileSystems() throws {
    let sandbox = try Sandbox()
    // /dev/shm (tmpfs) beside the sandbox's folder: linkat(2) says EXDEV.
    let elsewhere = "/dev/shm/cpick-renderings-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    var here = stat()
    var there = stat()
    #expect(stat(sandbox.path(""), &here) == 0 && stat(elsewhere, &there) == 0)
    try #require(here.st_dev != there.st_dev, "the sandbox and /dev/shm are one file system")
    let file = try Self.filled(in: elsewhere)
    let path = sandbox.path("lists/view.list")
    var wasAdopted: Bool?
    _ = MappedFile.write(to: path, ready: { true }, startingWith: (file, Self.bytes.count)) { out, adopted throws(SystemError) in
      wasAdopted = adopted
      if !adopted { try file.copy(length: Self.bytes.count, to: out) }
      try out.writeAll(Array("tail".utf8))
    }
    #expect(wasAdopted == false)
    #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == Self.bytes + Array("tail".utf8))
    #expect(try Self.names(in: sandbox.path("lists")) == ["view.list"])
  }
}
