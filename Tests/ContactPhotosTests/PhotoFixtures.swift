import ContactKit
import CpickTestSupport
import Foundation
import VCard

/// The image fixtures (named after where they come from: Debian's neomutt and nodejs
/// documentation, CPython's test data) and cards made with them.
enum PhotoFixtures {
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: TestPaths.fixture("photos/" + name)))
  }
  static func png() throws -> [UInt8] { try bytes("neomutt-logo-128.png") }
  static func jpeg() throws -> [UInt8] { try bytes("nodejs-docs-thin-white-stripe.jpg") }
  static func gif() throws -> [UInt8] { try bytes("cpython-test-python.gif") }

  /// The JPEG with its frame header (SOF2 at byte 154) claiming 60000 × 60000 pixels.
  static func enormousJPEG() throws -> [UInt8] {
    var bytes = try jpeg()
    precondition(bytes[154] == 0xFF && bytes[155] == 0xC2)
    bytes.replaceSubrange(159..<163, with: [0xEA, 0x60, 0xEA, 0x60])
    return bytes
  }

  /// The JPEG's first markers (SOI, APP0, DQT), then bytes that are no marker.
  static func corruptJPEG() throws -> [UInt8] {
    Array(try jpeg().prefix(154)) + Array("this is not a frame header at all".utf8)
  }

  /// A contact read from `text` as the loader reads it (with its source record).
  static func contact(_ text: String) -> Contact {
    let parsed = VCardReader.read(Array(text.utf8))
    let card = parsed.cards[0]
    var contact = ContactDecoder.contact(from: card, source: "photos.vcf")
    contact.sourceRecord = parsed.sourceRecord(of: card)
    return contact
  }

  /// A 4.0 card of Ada with `image` as a `data:` URI.
  static func card(with image: [UInt8], mediaType: String = "image/jpeg") -> String {
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nPHOTO:data:\(mediaType);base64,"
      + Data(image).base64EncodedString() + "\r\nEND:VCARD\r\n"
  }
}
