import CpickSupport
import Foundation
import Testing

@testable import ContactStores

/// A phone's export in a legacy charset is read whole, not in parts: which charset its
/// values are in may take them all to tell (`CharsetDecoder.eastAsianCharset(of:)`).
@Suite struct LegacyCharsetPartsTests {
  @Test("an EUC-KR export whose last name alone reads as nothing is read whole and comes out Korean")
  func koreanExportReadWhole() throws {
    var bytes: [UInt8] = []
    for name in ["김민수", "이지은", "♡자기♡"] {
      let value = try #require(CharsetConverter.bytes(Array(name.utf8), in: "EUC-KR"))
      bytes += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:".utf8) + value + Array("\r\nEND:VCARD\r\n".utf8)
    }
    let read = VCardFileStore.loadInParts(bytes, source: "k.vcf", partSize: 1 << 22) { _ in }
    #expect(read == .whole)
    #expect(VCardLoading.contacts(fromBytes: bytes, source: "k.vcf").contacts.map(\.displayName) == ["김민수", "이지은", "♡자기♡"])
    // A UTF-8 file of the same names is still read in parts.
    let utf8 = Array(["김민수", "이지은", "♡자기♡"].map { "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:\($0)\r\nEND:VCARD\r\n" }.joined().utf8)
    var names: [String] = []
    #expect(VCardFileStore.loadInParts(utf8, source: "u.vcf", partSize: 1 << 22) { names += $0.contacts.map(\.displayName) } == .done)
    #expect(names == ["김민수", "이지은", "♡자기♡"])
  }
}
