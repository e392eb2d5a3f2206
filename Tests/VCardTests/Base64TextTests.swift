import ContactKit
import Foundation
import Testing

@testable import VCard

/// Text properties written in base64 (case kind 04: how an export encoded its text):
/// `FN;ENCODING=BASE64;CHARSET=UTF-8:`, a bare 2.1 `BASE64`, 3.0's `ENCODING=b` — read
/// as their text; a photo's base64 stays its data.
@Suite("Text written in base64")
struct Base64TextTests {
  static let name = "w4VzYSDDlmt2aXN0"  // "Åsa Ökvist" in UTF-8, base64

  @Test(
    "the name and the note are their text, whatever way base64 is named",
    arguments: [
      "VERSION:2.1\r\nFN;ENCODING=BASE64;CHARSET=UTF-8:\(name)\r\nNOTE;ENCODING=BASE64:\(name)\r\n",
      "VERSION:2.1\r\nFN;BASE64:\(name)\r\nNOTE;BASE64:\(name)\r\n",
      "version:2.1\r\nfn;base64:\(name)\r\nnote;base64:\(name)\r\n",
      "VERSION:3.0\r\nFN;ENCODING=b:\(name)\r\nNOTE;ENCODING=b;CHARSET=utf-8:\(name)\r\n",
    ])
  func decoded(lines: String) throws {
    let contact = try #require(loadContacts(Array(("BEGIN:VCARD\r\n" + lines + "END:VCARD\r\n").utf8)).first)
    #expect(contact.displayName == "Åsa Ökvist")
    #expect(contact.note == "Åsa Ökvist")
  }

  @Test("base64 in Latin-1 is read in its charset; a value that is no base64 is kept as written")
  func charsetAndDamage() throws {
    let latin1 = Data([0xC5, 0x73, 0x61]).base64EncodedString()  // "Åsa" in ISO-8859-1
    let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;ENCODING=BASE64;CHARSET=ISO-8859-1:\(latin1)\r\nNOTE;BASE64:not base64 at all!\r\nEND:VCARD\r\n"
    let contact = try #require(loadContacts(Array(text.utf8)).first)
    #expect(contact.displayName == "Åsa")
    #expect(contact.note == "not base64 at all!")
  }

  @Test("in jCard the name is its text, without an encoding; a photo keeps its base64 and encoding")
  func jCard() throws {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN;ENCODING=b;CHARSET=UTF-8:\(Self.name)\r\nPHOTO;ENCODING=b;TYPE=GIF:R0lGODlh\r\nEND:VCARD\r\n"
    let card = try #require(VCardReader.read(Array(text.utf8)).cards.first)
    let fn = try #require(card.lines.first { $0.name == "FN" })
    #expect(JCardWriter.property(fn, version: .v30) == #"["fn",{},"text","Åsa Ökvist"]"#)
    let photo = try #require(card.lines.first { $0.name == "PHOTO" })
    #expect(JCardWriter.property(photo, version: .v30).contains(#""encoding":"b""#))
    #expect(JCardWriter.property(photo, version: .v30).contains("R0lGODlh"))
  }

  @Test("a photo's base64 stays its data")
  func photoData() throws {
    let card = try #require(VCardReader.read(Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:A\r\nPHOTO;ENCODING=BASE64;TYPE=GIF:R0lGODlh\r\nEND:VCARD\r\n".utf8)).cards.first)
    let photo = try #require(card.lines.first { $0.name == "PHOTO" })
    #expect(photo.value == "R0lGODlh" && photo.isBase64Data)
    #expect(card.lines.first { $0.name == "FN" }?.isBase64Data == false)
  }

  @Test("an edited name that was base64 is written as text, without the encoding; the lines not edited stay as they were")
  func edited() throws {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN;ENCODING=b;CHARSET=UTF-8:\(Self.name)\r\nN:Ökvist;Åsa;;;\r\nNOTE;ENCODING=b:\(Self.name)\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(text.utf8)).first)
    var edited = original
    edited.formattedName = "Åsa Ökvist-Berg"
    let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: Date(timeIntervalSince1970: 0)))
    #expect(written.contains("\r\nFN;CHARSET=UTF-8:Åsa Ökvist-Berg\r\n") || written.contains("\r\nFN:Åsa Ökvist-Berg\r\n"), "\(written)")
    #expect(written.contains("\r\nNOTE;ENCODING=b:\(Self.name)\r\n"))
    #expect(try #require(loadContacts(Array(written.utf8)).first).displayName == "Åsa Ökvist-Berg")
  }
}
