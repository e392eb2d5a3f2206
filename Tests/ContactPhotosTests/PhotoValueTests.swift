import ContactKit
import ContactPhotos
import Foundation
import Testing
import VCard

@Suite("The PHOTO value of a card, and PHOTO written as each version expects")
struct PhotoValueTests {
  static let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 250]
  static var base64: String { Data(bytes).base64EncodedString() }

  @Test("4.0 data: URI")
  func dataURI() {
    let contact = PhotoFixtures.contact(PhotoFixtures.card(with: Self.bytes))
    #expect(PhotoValue.bytes(of: contact) == Self.bytes)
  }

  @Test("3.0 ENCODING=b;TYPE=JPEG, folded")
  func version30() {
    let folded = "PHOTO;ENCODING=b;TYPE=JPEG:" + Self.base64.prefix(4) + "\r\n " + Self.base64.dropFirst(4)
    let contact = PhotoFixtures.contact("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n\(folded)\r\nEND:VCARD\r\n")
    #expect(PhotoValue.bytes(of: contact) == Self.bytes)
  }

  @Test("2.1 ENCODING=BASE64 folded, ending with an empty line")
  func version21() {
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ada\r\nPHOTO;ENCODING=BASE64;TYPE=JPEG:\r\n  \(Self.base64)\r\n\r\nEND:VCARD\r\n"
    #expect(PhotoValue.bytes(of: PhotoFixtures.contact(card)) == Self.bytes)
  }

  @Test("a base64 value with a dangling last letter (Android's 2.1 photos, ez-vcard's John_Doe_ANDROID.vcf) is read without it")
  func danglingLetter() {
    // 9 bytes are 12 letters without padding; a 13th cannot make a byte and is dropped.
    let nine = Self.bytes + [7]
    let letters = Data(nine).base64EncodedString() + "Q"
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ada\r\nPHOTO;ENCODING=BASE64;JPEG:\(letters)\r\n\r\nEND:VCARD\r\n"
    #expect(PhotoValue.bytes(of: PhotoFixtures.contact(card)) == nine)
  }

  @Test("a PHOTO URL is not fetched")
  func url() {
    let contact = PhotoFixtures.contact(
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nPHOTO:http://example.org/ada.jpg\r\nEND:VCARD\r\n")
    #expect(contact.hasImage)
    #expect(PhotoValue.bytes(of: contact) == nil)
  }

  @Test("an edited card: imageData replaces its PHOTO line, every other line as it was; empty takes it off")
  func editedCard() throws {
    let before = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada\r\nX-KEPT;X-P=1:as it was\r\n"
      + "PHOTO;ENCODING=b;TYPE=JPEG:\(Self.base64)\r\nEMAIL:ada@example.org\r\nEND:VCARD\r\n"
    let original = PhotoFixtures.contact(before)
    let jpeg = try PhotoImage.cardJPEG(from: try PhotoFixtures.gif())
    var changed = original
    changed.imageData = jpeg
    let text = String(decoding: VCardWriter.writeBytes(changed, original: original), as: UTF8.self)
    #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada\r\nX-KEPT;X-P=1:as it was\r\n"))
    #expect(text.contains("EMAIL:ada@example.org\r\n"))
    #expect(text.components(separatedBy: "PHOTO").count == 2)
    #expect(text.contains("PHOTO;ENCODING=b;TYPE=JPEG:"))
    #expect(PhotoValue.bytes(of: PhotoFixtures.contact(text)) == jpeg)

    var removed = original
    removed.imageData = []
    let without = String(decoding: VCardWriter.writeBytes(removed, original: original), as: UTF8.self)
    #expect(without == before.replacingOccurrences(of: "PHOTO;ENCODING=b;TYPE=JPEG:\(Self.base64)\r\n", with: ""))
  }

  @Test("a new card with imageData writes PHOTO as 4.0, 3.0 and 2.1 expect, and reads back the same bytes",
        arguments: [
          (VCardSerializer.Version.v40, "PHOTO:data:image/jpeg;base64,"),
          (.v30, "PHOTO;ENCODING=b;TYPE=JPEG:"),
          (.v21, "PHOTO;ENCODING=BASE64;TYPE=JPEG:"),
        ])
  func embedding(version: VCardSerializer.Version, head: String) throws {
    let jpeg = try PhotoImage.cardJPEG(from: try PhotoFixtures.png())
    var contact = Contact(identifier: "ada", source: "")
    contact.givenName = "Ada"
    contact.imageData = jpeg
    var options = VCardWriter.Options()
    options.version = version
    let text = String(decoding: VCardWriter.writeBytes(contact, options: options), as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("PHOTO") })
    #expect(lines[start].hasPrefix(head))
    // Folded at 75 octets; 2.1 ends the value with an empty line (vCard 2.1 §2.1.3).
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines[start + 1].hasPrefix(" "))
    if version == .v21 {
      let end = try #require(lines[(start + 1)...].firstIndex { !$0.hasPrefix(" ") })
      #expect(lines[end] == "")
    }
    #expect(!text.contains("QUOTED-PRINTABLE"))
    let read = PhotoFixtures.contact(text)
    #expect(read.hasImage)
    #expect(PhotoValue.bytes(of: read) == jpeg)
  }
}
