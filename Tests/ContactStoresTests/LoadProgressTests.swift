import CpickSupport
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// Collects what a load reports.
private final class Reports: Sendable {
  let counts = Locked<[Int]>([])
  var callback: @Sendable (Int) -> Void { { [self] count in counts.withLock { $0.append(count) } } }
  var all: [Int] { counts.withLock { $0 } }
}

@Suite("Loading with progress")
struct LoadProgressTests {
  static let sampleBook = TestPaths.sampleBook.path

  @Test("A vCard file: the same contacts as load(), and the reports add up to them")
  func file() throws {
    let reports = Reports()
    let store = VCardFileStore(path: Self.sampleBook)
    let load = try store.load(progress: reports.callback)
    let plain = try store.load()
    #expect(load.contacts == plain.contacts)
    #expect(load.warnings == plain.warnings)
    #expect(reports.all.reduce(0, +) == load.contacts.count)
  }

  @Test("A large file reports each chunk of 1,024 cards as it is mapped")
  func chunks() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-progress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var text = ""
    for index in 0..<3_000 { text += "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(index)\r\nEND:VCARD\r\n" }
    let path = directory.appendingPathComponent("big.vcf").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let reports = Reports()
    let load = try VCardFileStore(path: path).load(progress: reports.callback)
    #expect(load.contacts.count == 3_000)
    #expect(reports.all.sorted() == [952, 1_024, 1_024])
  }

  @Test("A vdir reports each file; a missing file is the store's own error")
  func folderAndMissing() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-progress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["a", "b", "c"] {
      try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nEND:VCARD\r\n"
        .write(to: directory.appendingPathComponent("\(name).vcf"), atomically: true, encoding: .utf8)
    }
    let reports = Reports()
    let load = try VdirStore(path: directory.path).load(progress: reports.callback)
    #expect(load.contacts.count == 3)
    #expect(reports.all == [1, 1, 1])

    let missing = VCardFileStore(path: directory.appendingPathComponent("none.vcf").path)
    #expect(throws: ContactStoreError.self) { try missing.load(progress: reports.callback) }
  }
}
