import ContactKit
import Testing

@testable import VCard

/// A card's `BEGIN:VCARD` and `END:VCARD` lines as the reader tells them — with a group
/// (`.END:VCARD`, `TEST.END:VCARD`: l0b0-vcard's `dot_at_line_start.vcf` and
/// `mismatch_group.vcf`), parameters, blanks, any case — are the lines an edit inserts
/// before and a quoted-printable soft break stops at (`CardBoundary`).
@Suite("Card boundaries told from their bytes")
struct CardBoundaryLineTests {
  /// The contacts of `text` (its line ends as they are), each with its card's bytes, as
  /// a book reads them.
  static func contacts(_ text: String) -> [Contact] {
    let parsed = VCardReader.read(Array(text.utf8))
    return parsed.cards.map { card in
      var contact = ContactDecoder.contact(from: card, source: "test.vcf")
      contact.sourceRecord = parsed.sourceRecord(of: card)
      return contact
    }
  }

  static func boundary(_ line: String) -> CardBoundary? {
    Array(line.utf8).withUnsafeBufferPointer { CardBoundary.of($0) }
  }

  @Test("a line is a boundary by the reader's rules")
  func lines() {
    for line in ["END:VCARD", "end:vcard", ".END:VCARD", "TEST.END:VCARD", "a.b.END:VCARD", " END : VCARD ",
      "END;X-Y=\"a:b\":VCARD", "item1.end;x=1:vCard\t"]
    {
      #expect(Self.boundary(line) == .end, "\(line)")
    }
    for line in ["BEGIN:VCARD", ".BEGIN:VCARD", "TEST.begin:vcard"] { #expect(Self.boundary(line) == .begin, "\(line)") }
    for line in ["", "END", "END:", "END:VCARDS", "ENDX:VCARD", "X-END:VCARD", "NOTE:END:VCARD", "END:VCALENDAR",
      "END;X=\"a:VCARD", "BEGIN:VCARD:X"]
    {
      #expect(Self.boundary(line) == nil, "\(line)")
    }
  }

  @Test("a property added to a card whose END line has a group is written inside the card")
  func addedBeforeGroupedEnd() throws {
    for card in [
      ".BEGIN:VCARD\r\n.VERSION:3.0\r\n.N:Doe;John;;Mr;\r\n.FN:John Doe\r\n.END:VCARD\r\n\r\n",
      "TEST.BEGIN:VCARD\r\nTEST.VERSION:3.0\r\nERROR.N:Doe;John;;Mr;\r\nTEST.FN:John Doe\r\nTEST.END:VCARD\r\n",
      "BEGIN:VCARD\nVERSION:3.0\nFN:John Doe\nA.END;X=1:vcard\nBEGIN:VCARD\nVERSION:3.0\nFN:Next\nEND:VCARD\n",
    ] {
      let original = try #require(Self.contacts(card).first)
      var edited = original
      edited.jobTitle = "Tester"
      let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
      let read = VCardReader.read(Array(written.utf8))
      #expect(read.warnings.isEmpty, "\(written)")
      let contact = try #require(Self.contacts(written).first)
      #expect(contact.jobTitle == "Tester", "\(written)")
      #expect(contact.formattedName == "John Doe")
      // The card's own lines, the new one before its END line.
      let lines = written.utf8.split(separator: 0x0A).map { String(decoding: $0.filter { $0 != 0x0D }, as: UTF8.self) }
      let end = try #require(lines.firstIndex { Self.boundary($0) == .end }, "\(written)")
      #expect(lines[end - 1] == "TITLE:Tester", "\(written)")
      #expect(lines.first.map(Self.boundary) == .begin && lines.contains { $0.hasSuffix("VERSION:3.0") }, "\(written)")
    }
  }

  @Test("a property added to a card whose last value ends in a quoted-printable soft break is put before that value")
  func addedAfterSoftBreak() throws {
    let text = "BEGIN:VCARD\nVERSION:2.1\nN:Smith;Alice;;;\nFN:Alice Smith\nNOTE;ENCODING=QUOTED-PRINTABLE:line one=\nEND:VCARD\n"
    let original = try #require(Self.contacts(text).first)
    #expect(original.note == "line one")
    var edited = original
    edited.nickname = "Ally"
    let written = VCardWriter.write(edited, original: original, options: VCardWriter.Options(revision: nil))
    // Put before the value that ends in the soft break, which stays right before END:VCARD.
    #expect(written.hasSuffix("\r\nNOTE;ENCODING=QUOTED-PRINTABLE:line one=\r\nEND:VCARD\r\n"), "\(written)")
    let read = VCardReader.read(Array(written.utf8))
    #expect(read.warnings.isEmpty, "\(written)")
    let contact = try #require(Self.contacts(written).first)
    #expect(contact.nickname == "Ally", "\(written)")
    #expect(contact.note == "line one", "\(written)")
    // Blanks after the `=`, and a header that names quoted-printable another way, as
    // the reader takes them.
    for note in ["NOTE;ENCODING=QUOTED-PRINTABLE:line one= ", "NOTE;ENCODING=QUOTED-PRINTABLE:line one=\t",
      "NOTE;X-ENC=QUOTED-PRINTABLE:line one=", "NOTE;QUOTED-PRINTABLE:line one=\r"]
    {
      let card = "BEGIN:VCARD\nVERSION:2.1\nFN:Alice Smith\n\(note)\nEND:VCARD\n"
      let alice = try #require(Self.contacts(card).first)
      var ally = alice
      ally.nickname = "Ally"
      let again = VCardWriter.write(ally, original: alice, options: VCardWriter.Options(revision: nil))
      let back = try #require(Self.contacts(again).first)
      #expect(back.nickname == "Ally", "\(again)")
      #expect(back.note == alice.note, "\(again)")
    }
    // A base64 value that ends in `=` is no soft break: nothing is added after it.
    let photo = "BEGIN:VCARD\nVERSION:3.0\nFN:Bob\nKEY;ENCODING=b:AAA=\nEND:VCARD\n"
    let bob = try #require(Self.contacts(photo).first)
    var nicknamed = bob
    nicknamed.nickname = "B"
    let plain = VCardWriter.write(nicknamed, original: bob, options: VCardWriter.Options(revision: nil))
    #expect(!plain.contains("\n\n"), "\(plain)")
  }

  @Test("after a soft break, a line END:VCARD ends the card and a grouped one is the value's text")
  func softBreakBeforeEnd() throws {
    let ended = Self.contacts(
      "BEGIN:VCARD\nVERSION:2.1\nFN:Ann\nNOTE;ENCODING=QUOTED-PRINTABLE:abc=\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:2.1\nFN:Bob\nEND:VCARD\n")
    #expect(ended.map(\.formattedName) == ["Ann", "Bob"])
    #expect(ended.first?.note == "abc")
    // As a writer that breaks a value at any byte leaves it (cpick's own 2.1 writer).
    let continued = Self.contacts(
      "BEGIN:VCARD\nVERSION:2.1\nFN:Ann\nNOTE;ENCODING=QUOTED-PRINTABLE:abc ite=\nm1.BEGIN:VCARD=\n\nEND:VCARD\n")
    #expect(continued.map(\.formattedName) == ["Ann"])
    #expect(continued.first?.note == "abc item1.BEGIN:VCARD")
  }
}
