import ContactStores
import CpickSupport
import Foundation
import Testing

@testable import AddressBook

/// The cards the index keeps by reference are read again from their file, as it was
/// when they were stored: through the descriptor opened for that version when another
/// program replaced the file by a rename, never from another version.
@Suite("Cards read again from their file")
struct CardSourceFilesTests {
  typealias Sandbox = ContactListLoaderTests.Sandbox

  static let first = "BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n"
  static let second = "BEGIN:VCARD\r\nFN:Grace\r\nEND:VCARD\r\n"

  /// The span of `text` in `file`, with its checksum.
  static func span(of text: String, in file: String) throws -> ContactArchive.RecordSpan {
    let range = try #require(file.range(of: text))
    let bytes = Array(text.utf8)
    return ContactArchive.RecordSpan(
      offset: file.utf8.distance(from: file.startIndex, to: range.lowerBound), count: bytes.count,
      checksum: bytes.withUnsafeBytes { Checksum.of($0) })
  }

  /// The generation of the file at `path` as it is now.
  static func generation(_ path: String) throws -> Int64 {
    IndexCache.generation(path: path, signature: try #require(FileSignature.of(path: path)))
  }

  /// A sandbox holding `people.vcf` of `first` then `second`, its path and generation.
  static func book() throws -> (sandbox: Sandbox, path: String, text: String, generation: Int64) {
    let sandbox = try Sandbox()
    let text = Self.first + Self.second
    try sandbox.write("people.vcf", text)
    let path = sandbox.path("people.vcf")
    return (sandbox, path, text, try Self.generation(path))
  }

  @Test("a card is read at its place and checked; the file replaced by a rename is still read as it was")
  func replacedByRename() throws {
    let (sandbox, path, text, generation) = try Self.book()
    let files = CardSourceFiles()
    let span = try Self.span(of: Self.second, in: text)
    #expect(files.bytes(of: span, in: path, generation: generation) == Array(Self.second.utf8))
    // Another program saves: a new file renamed over the old one.
    try sandbox.write("new.vcf", Self.second + Self.first)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: sandbox.path("new.vcf"), toPath: path)
    #expect(files.bytes(of: span, in: path, generation: generation) == Array(Self.second.utf8))
    // A process that had not opened it cannot read that version any more.
    #expect(CardSourceFiles().bytes(of: span, in: path, generation: generation) == nil)
    // The new version is read as itself.
    let newSpan = try Self.span(of: Self.second, in: Self.second + Self.first)
    #expect(files.bytes(of: newSpan, in: path, generation: try Self.generation(path)) == Array(Self.second.utf8))
  }

  @Test("bytes that changed in place, a span past the end or a missing file give nothing")
  func changedInPlace() throws {
    let (sandbox, path, text, generation) = try Self.book()
    let files = CardSourceFiles()
    let span = try Self.span(of: Self.first, in: text)
    #expect(files.bytes(of: span, in: path, generation: generation) == Array(Self.first.utf8))
    // Written over where it is (the same inode): the checksum no longer holds.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: Array("BEGIN:VCARD\r\nFN:Eve".utf8))
    try handle.close()
    #expect(files.bytes(of: span, in: path, generation: generation) == nil)
    var past = span
    past.offset = text.utf8.count
    #expect(files.bytes(of: past, in: path, generation: generation) == nil)
    #expect(files.bytes(of: span, in: sandbox.path("missing.vcf"), generation: generation) == nil)
  }
}
