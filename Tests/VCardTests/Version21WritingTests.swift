import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// An edit of a vCard 2.1 card written as 2.1 reads it (issue 20 item 6): line
/// breaks and non-ASCII text quoted-printable with `CHARSET=UTF-8`, never 3.0's
/// `\n` or a fold; only the changed lines change, byte for byte; `REV` in the form
/// it had; new lines in the card's own parameter style.
@Suite("vCard 2.1 written as 2.1")
struct Version21WritingTests {
  static let revision = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
  static var options: VCardWriter.Options { VCardWriter.Options(revision: revision) }

  /// `text` with each `(old, new)` line replaced once, whole lines only.
  static func replacing(_ text: String, _ changes: [(String, String)], lineEnd: String = "\r\n") -> String {
    var out = text
    for (old, new) in changes {
      guard let range = out.range(of: lineEnd + old + lineEnd) else {
        Issue.record("missing line: \(old)")
        continue
      }
      out.replaceSubrange(range, with: lineEnd + new + (new.isEmpty ? "" : lineEnd))
    }
    return out
  }

  /// The first card of a corpus file, edited by `change` and written: the file's
  /// text, the edited contact, and what was written.
  static func edit(_ file: String, _ change: (inout Contact) -> Void) throws -> (
    text: String, edited: Contact, written: String
  ) {
    let bytes = try SharedFiles.corpusBytes(file)
    let original = try #require(loadContacts(bytes).first)
    var edited = original
    change(&edited)
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    return (String(decoding: bytes, as: UTF8.self), edited, written)
  }

  @Test("Outlook 2.1: a two-line note and a non-ASCII name are quoted-printable; nothing else changes", .sharedCorpus)
  func outlookNoteAndName() throws {
    let (text, edited, written) = try Self.edit("ez-vcard/John_Doe_MS_OUTLOOK.vcf") { edited in
      edited.note = "Call after 5 pm.\nDesk: 3rd floor; ask at reception, not the lobby"
      edited.givenName = "Jöhn"
      edited.formattedName = "Mr. Jöhn Doe"
      edited.phoneNumbers.append(LabeledValue(identifier: "new", label: "mobile", value: "(905) 555-0100"))
    }
    let longNote = try #require(text.split(separator: "\r\n").first { $0.hasPrefix("NOTE:") }).description
    let expected = Self.replacing(
      text,
      [
        (
          "N;LANGUAGE=en-us:Doe;John;Richter,James;Mr.;Sr.",
          "N;LANGUAGE=en-us;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Doe;J=C3=B6hn;Ri=\r\nchter,James;Mr.;Sr."
        ),
        ("FN:Mr. John Richter James Doe Sr.", "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Mr. J=C3=B6hn Doe"),
        (
          longNote,
          "NOTE;ENCODING=QUOTED-PRINTABLE:Call after 5 pm.=0D=0ADesk: 3rd floor; ask=\r\n"
            + "=20at reception, not the lobby"
        ),
        ("TEL;HOME;VOICE:(905) 666-1234", "TEL;HOME;VOICE:(905) 666-1234\r\nTEL;CELL:(905) 555-0100"),
        ("REV:20120305T131933Z", "REV:20231114T221320Z"),
      ])
    #expect(written == expected)
    #expect(!written.contains("\\n"))

    let back = try #require(loadContacts(Array(written.utf8)).first)
    #expect(back.note == edited.note)
    #expect(back.givenName == "Jöhn" && back.formattedName == "Mr. Jöhn Doe")
    #expect(Projection(back) == Projection(edited))
  }

  @Test("Android 2.1: the note's two lines replace both NOTE lines; a non-ASCII family name; REV stays basic", .sharedCorpus)
  func androidNoteAndName() throws {
    let (text, edited, written) = try Self.edit("aosp-vcard/v21_complicated.vcf") { edited in
      edited.note = "Now's the time\nfor all folk, to come"
      edited.familyName = "Gümp"
    }
    let expected = Self.replacing(
      text,
      [
        ("N:Gump;Forrest;Hoge;Pos;Tao", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:G=C3=BCmp;Forrest;Hoge;Pos;Tao"),
        (
          "NOTE:The following note is the example from RFC 2045.",
          "NOTE;ENCODING=QUOTED-PRINTABLE:Now's the time=0D=0Afor all folk, to come"
        ),
        (
          "NOTE;ENCODING=QUOTED-PRINTABLE:Now's the time =\r\nfor all folk to come=\r\n to the aid of their country.",
          ""
        ),
        ("REV:20080424T195243Z", "REV:20231114T221320Z"),
      ])
    #expect(written == expected)
    let back = try #require(loadContacts(Array(written.utf8)).first)
    #expect(back.note == edited.note && back.familyName == "Gümp")
    #expect(Projection(back) == Projection(edited))
  }

  @Test("a 2.1 card that writes TYPE= gets TYPE= lines, one word each; a QP note keeps its parameter order", .sharedCorpus)
  func calcardStyles() throws {
    let bytes = try SharedFiles.corpusBytes("calcard/009.vcf")
    let contacts = loadContacts(bytes)
    let original = try #require(contacts.first { $0.formattedName == "XXXXXXXXXX" })
    var edited = original
    edited.note = "Preis: 12 €\nZweite Zeile"
    edited.givenName = "Jürgen"
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    let lines = physicalLines(written)
    let note = try #require(lines.firstIndex { $0.hasPrefix("NOTE") })
    // The charset as the line wrote it (`utf-8`).
    #expect(lines[note...].prefix(2) == ["NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:Preis: 12 =E2=82=AC=0D=0AZwe=", "ite Zeile"])
    #expect(lines.contains("N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:XXXXXXXXXX;J=C3=BCrgen;;;"))
    #expect(lines.contains("TEL;VOICE:+31 00 0000000") && lines.contains("TITLE:XXXXXXXXXXXXX"))
    #expect(written.hasSuffix("\r\nEND:VCARD\r\n"))  // the file's LF line ends, written in CR LF (case 06)
    #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    let back = try #require(loadContacts(Array(written.utf8)).first)
    #expect(back.note == edited.note && back.givenName == "Jürgen")

    // The card with `TEL;TYPE=x-mobil` also writes bare words (`EMAIL;PREF;INTERNET`): bare.
    let mixed = try #require(contacts.first { $0.formattedName == "Test X-Mobil" })
    var withFax = mixed
    withFax.phoneNumbers.append(LabeledValue(identifier: "fax", label: "workFax", value: "+49 30 1234"))
    #expect(physicalLines(VCardWriter.write(withFax, original: mixed, options: Self.options)).contains("TEL;WORK;FAX:+49 30 1234"))
  }

  @Test("TYPE= style, escapes and long lines of 2.1, and the forms 3.0 and 4.0 read")
  func versionRules() throws {
    let named = """
      BEGIN:VCARD
      VERSION:2.1
      N:Doe;Jane
      FN:Jane Doe
      TEL;TYPE=HOME:+1 555 0101
      ORG:Acme
      REV:2008-04-24T19:52:43Z
      END:VCARD

      """
    let original = try #require(loadContacts(named).first)
    var edited = original
    edited.phoneNumbers.append(LabeledValue(identifier: "n", label: "workFax", value: "+1 555 0102", isPreferred: true))
    edited.organizationName = "Acme; Sons, Ltd."
    edited.jobTitle = "Head of a department whose title is long enough to pass the line limit"
    let lines = physicalLines(VCardWriter.write(edited, original: original, options: Self.options))
    #expect(lines.contains("TEL;TYPE=WORK;TYPE=FAX;TYPE=PREF:+1 555 0102"))
    #expect(lines.contains("ORG:Acme\\; Sons, Ltd."))  // 2.1 escapes only the component's `;`
    let title = try #require(lines.firstIndex { $0.hasPrefix("TITLE") })
    // A long line of ASCII is written whole, neither folded nor quoted-printable (which
    // python-vobject, khard's reader, cannot read back as a value that needed none).
    #expect(lines[title] == "TITLE:Head of a department whose title is long enough to pass the line limit")
    #expect(lines.contains("REV:2023-11-14T22:13:20Z"))  // the extended form it had
    let back = try #require(loadContacts(Array(lines.joined(separator: "\r\n").utf8)).first)
    #expect(back.organizationName == "Acme; Sons, Ltd." && back.jobTitle == edited.jobTitle)

    // 3.0 and 4.0: `\n`, `\,` and `\;` escapes, folds at 75 octets; 4.0 keeps a tel: URI.
    let four = """
      BEGIN:VCARD
      VERSION:4.0
      FN:Jane Doe
      TEL;VALUE=uri;TYPE=cell:tel:+1-555-0101
      NOTE:old
      END:VCARD

      """
    let card = try #require(loadContacts(four).first)
    var changed = card
    changed.phoneNumbers[0].value = "+1 555 0199"
    changed.note = "a, b; c\nd"
    let fourLines = physicalLines(VCardWriter.write(changed, original: card, options: Self.options))
    #expect(fourLines.contains("TEL;VALUE=uri;TYPE=cell:tel:+1-555-0199"))
    #expect(fourLines.contains("NOTE:a\\, b\\; c\\nd"))
  }

  @Test("a value added at the end of a 2.1 card whose base64 PHOTO is last goes after the blank line that ends the photo")
  func lineAfterBase64Photo() throws {
    let photo = "PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD\r\n /2wBDAAgGBgcGBQgHBwcJCQgKDBQN\r\n\r\n"
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Lee;Ann\r\nTEL;CELL:+1 555 0100\r\n" + photo + "END:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    try #require(original.hasImage)
    var edited = original
    edited.emailAddresses.append(LabeledValue(identifier: "new-email", label: "home", value: "ann@example.org"))
    edited.phoneNumbers.append(LabeledValue(identifier: "new-phone", label: "home", value: "+1 555 0199"))
    let written = VCardWriter.write(edited, original: original, options: Self.options)
    // The photo's lines and the blank line after them as they were, then the email; the
    // phone after the other phone.
    let after = try #require(written.range(of: photo), "\(written)").upperBound
    #expect(written[after...].hasPrefix("EMAIL;HOME:ann@example.org\r\n"), "\(written)")
    #expect(written.contains("TEL;CELL:+1 555 0100\r\nTEL;HOME:+1 555 0199\r\nPHOTO"), "\(written)")
    let reread = try #require(loadContacts(Array(written.utf8)).first)
    #expect(reread.hasImage)
    #expect(reread.emailAddresses.map(\.value) == ["ann@example.org"])
  }

  @Test("Thunderbird's bare quoted-printable stays bare when its note is rewritten")
  func bareEncodingKept() throws {
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ann Lee\r\nnote;quoted-printable:Caf=C3=A9 at 9\r\nEND:VCARD\r\n"
    let original = try #require(loadContacts(Array(card.utf8)).first)
    var edited = original
    edited.note = "Café at 10"
    let lines = physicalLines(VCardWriter.write(edited, original: original, options: Self.options))
    #expect(lines.contains("note;quoted-printable;CHARSET=UTF-8:Caf=C3=A9 at 10"), "\(lines)")
  }

  @Test("a quoted-printable continuation that would start like a property (TEL;CELL:, item1.X-ABLabel:) has its first letter encoded, and reads back whole")
  func continuationNotAProperty() throws {
    var contact = Contact(identifier: "urn:uuid:1", source: "t")
    contact.formattedName = "Ann Lee"
    // Soft breaks come at 73 octets: each note puts a property-like text there.
    let lead = String(repeating: "é", count: 16) + "x"
    for tail in ["TEL;CELL:555-0142", "item1.X-ABLabel:Home", "Note: keys"] {
      contact.note = lead + tail
      let text = VCardWriter.write(contact, options: VCardWriter.Options(version: .v21, revision: nil))
      let lines = physicalLines(text)
      #expect(!lines.contains { $0.hasPrefix("TEL;CELL:") || $0.hasPrefix("item1.X-ABLabel:") }, "\(lines)")
      // The continuation starts where the text does: encoded, or as written (`Note:`).
      #expect(lines.contains { $0.hasPrefix("=54EL;CELL:") || $0.hasPrefix("=69tem1.") || $0.hasPrefix("Note: keys") }, "\(lines)")
      let read = VCardReader.read(Array(text.utf8))
      #expect(read.warnings.isEmpty)
      let back = try #require(read.cards.first.map { ContactDecoder.contact(from: $0, source: "t") })
      #expect(back.note == contact.note)
      #expect(back.phoneNumbers.isEmpty)
    }
  }
}
