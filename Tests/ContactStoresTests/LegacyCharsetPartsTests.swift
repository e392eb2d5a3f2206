import CpickSupport
import Foundation
import Testing

@testable import ContactStores

/// A phone's export in a legacy charset is read in parts, each in the East Asian
/// charset its first cards' values tell (`CharsetDecoder.eastAsianCharset(of:)`,
/// `VCardSource.tallied`: the first 4 MB, as a whole read takes them): a later part of
/// a name or two would tell nothing, or the wrong charset, alone.
@Suite struct LegacyCharsetPartsTests {
  /// An export of `names` in EUC-KR, one card each.
  static func eucKR(_ names: [String]) throws -> [UInt8] {
    var bytes: [UInt8] = []
    for name in names {
      let value = try #require(CharsetConverter.bytes(Array(name.utf8), in: "EUC-KR"))
      bytes += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:".utf8) + value + Array("\r\nEND:VCARD\r\n".utf8)
    }
    return bytes
  }

  @Test("an EUC-KR export whose last name alone reads as nothing is read in parts and comes out Korean")
  func koreanExportInParts() throws {
    let names = ["김민수", "이지은", "박서준", "♡자기♡"]
    let bytes = try Self.eucKR(names)
    var read: [[String]] = []
    // The first part ends where the last card begins: that card is a part alone.
    let partSize = try Self.eucKR(Array(names.dropLast())).count + 5
    let done = VCardFileStore.loadInParts(bytes, source: "k.vcf", partSize: partSize) { load in
      read.append(load.contacts.map(\.displayName))
    }
    #expect(done == .done)
    #expect(read.flatMap { $0 } == names)
    #expect(read.last == ["♡자기♡"])
    // Read whole, the same.
    #expect(VCardLoading.contacts(fromBytes: bytes, source: "k.vcf").contacts.map(\.displayName) == names)
    // Alone, the last card's bytes read as Chinese: only the first part tells Korean.
    let last = try Self.eucKR(["♡자기♡"])
    #expect(VCardLoading.contacts(fromBytes: last, source: "l.vcf").contacts.map(\.displayName) != ["♡자기♡"])
  }

  @Test(
    "the fuzzer's files give in parts of 1 and 97 bytes what they give read whole (the charset told by the same cards)",
    arguments: [
      ("legacy-charset-parts-as-whole.vcf", 33_306),
      // A UTF-8 file with one note of two Windows-874 bytes (`เร`) far from its start.
      ("utf8-file-legacy-note-parts-as-whole.vcf", 38_454),
    ])
  func fuzzSeedPartsAsWhole(name: String, size: Int) throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fuzz/Seeds/vcard/" + name)
    let bytes = Array(try Data(contentsOf: seed))
    #expect(bytes.count == size)
    let whole = VCardLoading.contacts(fromBytes: bytes, source: "f.vcf")
    #expect(!whole.contacts.isEmpty)
    for partSize in [1, 97] {
      var parts = ContactLoad()
      var read = VCardFileStore.loadInParts(bytes, source: "f.vcf", partSize: partSize) { parts.append($0) }
      if case .again(let twins) = read {
        // Its twins are in different parts: read again with them known, as a book does.
        parts = ContactLoad()
        read = VCardFileStore.loadInParts(bytes, source: "f.vcf", partSize: partSize, twins: twins) { parts.append($0) }
      }
      #expect(read == .done, "parts of \(partSize)")
      parts.resolveGroups()
      #expect(parts.contacts == whole.contacts, "parts of \(partSize)")
      #expect(parts.warnings == whole.warnings, "parts of \(partSize)")
    }
  }

  @Test("the fuzzer's file of a UTF-16 byte-order mark, then ASCII lines with BEGIN:VCARD further on: read whole, as UTF-16")
  func utf16MarkThenASCII() throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fuzz/Seeds/vcard/utf16-mark-then-ascii-cards.vcf")
    let bytes = Array(try Data(contentsOf: seed))
    #expect(bytes.starts(with: [0xFF, 0xFE]))
    for partSize in [1, 97] {
      let read = VCardFileStore.loadInParts(bytes, source: "f.vcf", partSize: partSize) { _ in }
      #expect(read == .whole, "parts of \(partSize)")
    }
  }

  @Test("a UTF-8 file of the same names is read in parts, each part as it is")
  func utf8InParts() {
    let utf8 = Array(["김민수", "이지은", "♡자기♡"].map { "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\($0)\r\nEND:VCARD\r\n" }.joined().utf8)
    var names: [String] = []
    #expect(VCardFileStore.loadInParts(utf8, source: "u.vcf", partSize: 1 << 22) { names += $0.contacts.map(\.displayName) } == .done)
    #expect(names == ["김민수", "이지은", "♡자기♡"])
  }
}
