import ContactKit
import ContactPhotos
import CpickTestSupport
import Foundation
import TerminalKit
import Testing
import VCard

@testable import ContactPicker

/// The form's "photo" row (issue 21, item 3): a file's path sets the photo, emptied it
/// takes the card's photo off.
@MainActor
@Suite("The form's photo row")
struct PhotoRowTests {
  /// From the first name to the photo row, the last one: middle, last, suffix,
  /// nickname, phonetic, company, department, job title, five "add" rows, birthday,
  /// note, photo.
  static let toPhoto = repeated(.tab, 16)

  @Test("a PNG's path on the new-person form saves a JPEG of at most 256 pixels as the photo")
  func setOnNew() throws {
    let path = TestPaths.fixture("photos/neomutt-logo-128.png").path
    let run = runForm(typing("Ada") + Self.toPhoto + typing(path) + [.control("s")])
    #expect(line(run.screens[0], label: "photo") != nil)
    let saved = try #require(run.saved.first)
    #expect(saved.hasImage)
    let jpeg = try #require(saved.imageData)
    let image = try PhotoImage.decode(jpeg)
    #expect(PhotoImage.format(of: jpeg) == "JPEG")
    #expect((image.width, image.height) == (128, 128))
  }

  @Test("a path that is no image is an error next to the row, and nothing is saved")
  func notAnImage() throws {
    let path = TestPaths.fixture("photos/../sample-addressbook.vcf").path
    let run = runForm(typing("Ada") + Self.toPhoto + typing(path) + [.control("s")])
    #expect(run.saved.isEmpty)
    #expect(run.screens.last?.contains("not a JPEG, PNG or GIF") == true)
  }

  @Test("editing a card with a photo: the row says so; emptied, the saved card has no PHOTO")
  func removeOnEdit() throws {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
      + "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ\r\nEND:VCARD\r\n"
    let parsed = VCardReader.read(Array(text.utf8))
    var ada = ContactDecoder.contact(from: parsed.cards[0], source: "people.vcf")
    ada.sourceRecord = parsed.sourceRecord(of: parsed.cards[0])
    let run = runForm(Self.toPhoto + [.control("u"), .control("s")], person: ada, editing: true)
    #expect(line(run.screens[0], label: "photo")?.hasSuffix(PhotoRow.onCard) == true)
    let saved = try #require(run.saved.first)
    #expect(saved.imageData == [])
    #expect(!saved.hasImage)
    let written = String(decoding: VCardWriter.writeBytes(saved, original: ada), as: UTF8.self)
    #expect(written == text.replacingOccurrences(of: "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ\r\n", with: ""))
  }
}
