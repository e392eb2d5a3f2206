import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import ContactStores

/// Saving into a `.vcf` whose cards name a legacy charset once for the whole file: the
/// edited card's lines are written in the charset its other lines were read in.
@Suite struct LegacyCharsetSaveTests {
  @Test("a card read in the ISO-8859-2 another card names is written back in it, and reads back the same")
  func fileCharset() throws {
    let folder = try TempFolder("legacy-save")
    defer { folder.remove() }
    // p1 names ISO-8859-2 (Łukasz Wąs); p2 names none: Šárka Nováková in ISO-8859-2.
    let bytes: [UInt8] =
      Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p1\r\nFN;CHARSET=ISO-8859-2:".utf8)
      + [0xA3, 0x75, 0x6B, 0x61, 0x73, 0x7A, 0x20, 0x57, 0xB1, 0x73]
      + Array("\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nUID:p2\r\nN:Nov".utf8) + [0xE1] + Array("kov".utf8) + [0xE1, 0x3B, 0xA9, 0xE1]
      + Array("rka;;;\r\nFN:".utf8) + [0xA9, 0xE1] + Array("rka Nov".utf8) + [0xE1] + Array("kov".utf8) + [0xE1]
      + Array("\r\nEND:VCARD\r\n".utf8)
    let path = try folder.write("book.vcf", bytes)
    let store = VCardFileStore(path: path)
    let original = try #require(try store.load().contacts.first { $0.identifier == "p2" })
    #expect(original.givenName == "Šárka" && original.familyName == "Nováková")
    var edited = original
    edited.givenName = "Šárkaš"
    edited.formattedName = "Šárkaš Nováková"
    var request = SaveRequest()
    request.update(edited, original: original)
    _ = try store.execute(request)

    let written = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    // ISO-8859-2: Š A9, á E1, š B9.
    let name: [UInt8] = Array("N:Nov".utf8) + [0xE1] + Array("kov".utf8) + [0xE1, 0x3B, 0xA9, 0xE1] + Array("rka".utf8) + [0xB9]
    #expect(written.indices.contains { written[$0...].starts(with: name) }, "\(written)")
    #expect(written.starts(with: bytes.prefix(100)), "the other card is untouched")
    let again = try #require(try store.load().contacts.first { $0.identifier == "p2" })
    #expect(again.givenName == "Šárkaš" && again.formattedName == "Šárkaš Nováková")
  }
}
