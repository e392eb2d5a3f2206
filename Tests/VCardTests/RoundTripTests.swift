import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// Read → write → read over the whole shared corpus: unchanged cards come out byte
/// for byte; re-serialised content lines read back the same.
@Suite("round trip over the corpus")
struct RoundTripTests {
  /// The corpus's vCard and JSON files; throws when the corpus is absent.
  static func corpusFiles() throws -> [String] {
    try SharedFiles.corpusFiles().filter { $0.hasSuffix(".vcf") || $0.hasSuffix(".json") }
  }

  @Test("an unchanged contact is written as the bytes of its card", .sharedCorpus)
  func unchangedIsByteIdentical() throws {
    let files = try Self.corpusFiles()
    try #require(!files.isEmpty)
    var cards = 0
    for file in files {
      let bytes = try SharedFiles.corpusBytes(file)
      let result = VCardReader.read(bytes)
      for card in result.cards {
        var contact = ContactDecoder.contact(from: card, source: file)
        contact.sourceRecord = result.sourceRecord(of: card)
        let record = try #require(contact.sourceRecord)
        #expect(VCardWriter.writeBytes(contact) == record.bytes, "\(file):\(card.beginLine)")
        #expect(VCardWriter.writeBytes(contact, original: contact) == record.bytes, "\(file):\(card.beginLine)")
        if let range = card.sourceRange { #expect(record.bytes == Array(result.bytes[range])) }
        cards += 1
      }
    }
    #expect(cards > 1000)
  }

  @Test("the records of a well-formed file put together are the file")
  func recordsMakeTheFile() throws {
    let bytes = try SharedFiles.caseBytes("13-edit-adds-value-unknown", "busycontacts.vcf")
    let contacts = loadContacts(bytes)
    #expect(contacts.flatMap { $0.sourceRecord?.bytes ?? [] } == bytes)
    #expect(VCardWriter.writeBytes(contacts) == bytes)
  }

  /// What must survive a re-serialisation of a line: its name, group, parameters
  /// (other than the charset and quoted-printable, which writing in UTF-8 replaces)
  /// and value.
  struct Shape: Hashable, CustomStringConvertible {
    var group: String?
    var name: String
    var parameters: [VCardParameter]
    var value: String

    init(_ line: ContentLine) {
      group = line.group
      name = line.name
      parameters = line.parameters.filter { parameter in
        parameter.name != "CHARSET" && VCardParameter.transferEncoding(in: [parameter]) != "QUOTED-PRINTABLE"
      }
      // A line break inside a value (from quoted-printable) is written as `\n` in 3.0 and 4.0.
      value = line.value.replacingOccurrences(of: "\r\n", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
        .replacingOccurrences(of: "\r", with: "\\n")
    }

    var description: String { "\(group.map { $0 + "." } ?? "")\(name) \(parameters) \(value.debugDescription)" }
  }

  @Test("every content line re-serialised reads back with the same name, group, parameters and value", .sharedCorpus)
  func reserialisedLinesReadBack() throws {
    let files = try Self.corpusFiles()
    try #require(!files.isEmpty)
    var lines = 0
    var differences: [String] = []
    for file in files {
      let bytes = try SharedFiles.corpusBytes(file)
      for card in VCardReader.read(bytes).cards {
        let version = VCardSerializer.Version(card.version)
        // A 2.1 parameter value cannot hold , ; : or quotes; such lines are left out.
        let writable = card.lines.filter { line in
          version != .v21
            || !line.parameters.contains { $0.values.contains { $0.contains(where: { ",;:\"".contains($0) }) } }
        }
        var out = Array("BEGIN:VCARD\r\n".utf8)
        for line in writable {
          out += VCardSerializer.line(
            group: line.group, name: line.name, parameters: line.parameters, value: line.value, version: version)
        }
        out += Array("END:VCARD\r\n".utf8)
        let reread = VCardReader.read(out)
        let before = writable.map(Shape.init)
        let after = reread.cards.first?.lines.map(Shape.init) ?? []
        lines += before.count
        if before != after {
          let first = zip(before, after).first { $0 != $1 }
          differences.append("\(file):\(card.beginLine): \(first.map { "\($0) ≠ \($1)" } ?? "line count \(before.count) ≠ \(after.count)")")
        }
      }
    }
    for difference in differences.prefix(20) { print("  ROUND TRIP \(difference)") }
    #expect(differences.isEmpty)
    #expect(lines > 5_000)
  }
}
