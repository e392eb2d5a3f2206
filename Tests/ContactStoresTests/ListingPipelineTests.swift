@testable import ContactStores
import Foundation
import Glibc
import Testing
@testable import CpickSupport

/// A vdir is examined while it is read (`BatchPipeline`), and a card file's signature
/// is taken from the file read (`VCardFileStore.loadWithSignature`).
@Suite struct ListingPipelineTests {
  @Test("every batch is worked on once and the results come back in the order added", arguments: [1, 3])
  func batchesInOrder(helpers: Int) {
    var generator = SystemRandomNumberGenerator()
    let batches = (0..<500).map { number in (0..<Int.random(in: 0...40, using: &generator)).map { number * 1000 + $0 } }
    let pipeline = BatchPipeline<[Int], [Int]>(helpers: helpers) { batch in batch.map { $0 * 2 + 1 } }
    for batch in batches { pipeline.add(batch, full: true) }
    #expect(pipeline.finish() == batches.map { $0.map { $0 * 2 + 1 } })
  }

  @Test("one short batch is worked on by the producer alone")
  func shortBatch() {
    let pipeline = BatchPipeline<[String], Int>(helpers: 1) { $0.count }
    pipeline.add(["a.vcf", "b.vcf"], full: false)
    #expect(pipeline.finish() == [2])
  }

  @Test("a folder of several batches of files is listed whole: card files only, each with its own signature")
  func largeFolder() throws {
    let folder = NSTemporaryDirectory() + "cpick-listing-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/collection", withIntermediateDirectories: true)
    let count = FileSignature.examinedBatch * 2 + 300
    var expected: Set<String> = []
    for number in 0..<count {
      let name = number % 2 == 0 ? "card-\(number).vcf" : "CARD-\(number).VCard"
      let text = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(number)\r\nEND:VCARD\r\n".utf8)
      let file = open(folder + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o600)
      #expect(file >= 0 && write(file, text, text.count) == text.count)
      close(file)
      expected.insert(name)
    }
    for other in ["notes.txt", ".hidden.vcf", "card.vcf.bak"] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + other))
    }
    try FileManager.default.createDirectory(atPath: folder + "/folder.vcf", withIntermediateDirectories: false)

    let listing = try #require(FileSignature.listing(ofDirectory: folder))
    #expect(listing.files.count == count)
    #expect(Set(listing.files.map(\.name)) == expected)
    #expect(listing.folders.sorted() == ["collection"])
    for (name, signature) in listing.files.prefix(50) + listing.files.suffix(50) {
      #expect(signature == FileSignature.of(path: folder + "/" + name), "\(name)")
    }
  }

  @Test("the signature of a card file read is the signature the file has; a missing file throws")
  func signatureOfTheFileRead() throws {
    let path = NSTemporaryDirectory() + "cpick-signature-\(getpid()).vcf"
    defer { unlink(path) }
    try Data("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Alan Turing\r\nEND:VCARD\r\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    let read = try VCardFileStore(path: path).loadWithSignature()
    #expect(read.load?.contacts.map(\.displayName) == ["Ada Lovelace", "Alan Turing"])
    #expect(read.signature != nil)
    #expect(read.signature == FileSignature.of(path: path))
    #expect(throws: ContactStoreError.self) { try VCardFileStore(path: path + ".missing").loadWithSignature() }
  }
}

extension ListingPipelineTests {
  @Test("a listing that does not examine gives the same files, regular ones with the unknown signature, links examined")
  func namesOnly() throws {
    let folder = NSTemporaryDirectory() + "cpick-names-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    for name in ["a.vcf", "b.VCF", "c.vcard", "notes.txt", ".hidden.vcf"] {
      try Data("BEGIN:VCARD\r\nFN:\(name)\r\nEND:VCARD\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    #expect(symlink(folder + "/a.vcf", folder + "/link.vcf") == 0)
    #expect(symlink(folder + "/sub", folder + "/dir.vcf") == 0)  // a link to a folder is no card file

    let examined = try #require(FileSignature.listing(ofDirectory: folder))
    let names = try #require(FileSignature.listing(ofDirectory: folder, examining: false))
    #expect(Set(names.files.map(\.name)) == Set(examined.files.map(\.name)))
    #expect(Set(names.files.map(\.name)) == ["a.vcf", "b.VCF", "c.vcard", "link.vcf"])
    #expect(names.folders.sorted() == examined.folders.sorted())
    for (name, signature) in names.files {
      if name == "link.vcf" {
        #expect(signature == FileSignature.of(path: folder + "/link.vcf"))
      } else {
        #expect(signature.isUnknown, "\(name)")
      }
    }
  }
}
