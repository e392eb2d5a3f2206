import ContactKit
import Testing

@testable import VCard

/// Two exports joined without a line break (`cat a.vcf b.vcf`, the first without a
/// final newline): `END:VCARDBEGIN:VCARD` on one line ends one card and begins the
/// next, with a warning, as case 09 asks of a broken boundary (no property of one
/// card in the other, never silently).
@Suite("Cards joined on one line")
struct JoinedCardsTests {
  static func names(_ text: String) -> (names: [String], warnings: [VCardWarning], ranges: [Range<Int>?]) {
    let parsed = VCardReader.read(Array(text.utf8))
    let contacts = parsed.cards.map { ContactDecoder.contact(from: $0, source: "joined.vcf") }
    return (contacts.map { "\($0.displayName) \($0.emailAddresses.map(\.value))" }, parsed.warnings, parsed.cards.map(\.sourceRange))
  }

  @Test("END:VCARDBEGIN:VCARD, with a byte-order mark between or not, in any case, is two cards and a warning on its line")
  func joined() {
    let first = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Tamsin Vell\r\nEMAIL:t@v.example\r\n"
    let second = "VERSION:3.0\r\nFN:Zofia Arn\r\nEMAIL:z@a.example\r\nEND:VCARD\r\n"
    for joint in ["END:VCARDBEGIN:VCARD", "END:VCARD\u{FEFF}BEGIN:VCARD", "end:vcardbegin:vcard", "END:VCARD BEGIN:VCARD", "END:VCARD\tBEGIN:VCARD"] {
      let read = Self.names(first + joint + "\r\n" + second)
      #expect(read.names == ["Tamsin Vell [\"t@v.example\"]", "Zofia Arn [\"z@a.example\"]"], "\(joint)")
      #expect(read.warnings.map(\.line) == [5], "\(joint)")
      #expect(read.warnings.first?.message.contains("files joined without a line break") == true)
      // Neither card is one whole BEGIN … END piece: neither is rewritten.
      #expect(read.ranges == [nil, nil])
    }
  }

  @Test("after a quoted-printable soft break, the joined line still ends the card and begins the next")
  func afterSoftBreak() {
    for joint in ["END:VCARDBEGIN:VCARD", "END:VCARD BEGIN:VCARD"] {
      let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Anna One\r\nNOTE;ENCODING=QUOTED-PRINTABLE:hello=\r\n\(joint)\r\nVERSION:2.1\r\nFN:Bob Two\r\nEND:VCARD\r\n"
      let read = Self.names(text)
      #expect(read.names == ["Anna One []", "Bob Two []"], "\(joint)")
      #expect(read.warnings.count == 1)
    }
    for (line, joined) in [
      ("end:vcard\u{FEFF}begin:vcard ", true), ("END:VCARD\tBEGIN:VCARD", true), ("END:VCARD", false),
      ("NOTE:END:VCARDBEGIN:VCARD", false), ("END:VCARDBEGIN:VCARDX", false), ("item1.END:VCARDBEGIN:VCARD", false),
    ] {
      #expect(Array(line.utf8).withUnsafeBufferPointer { CardBoundary.isJoinedEndBegin($0) } == joined, "\(line)")
    }
  }

  @Test("a third card after the joined two is whole again")
  func afterJoined() {
    let text =
      "BEGIN:VCARD\nFN:A\nEND:VCARDBEGIN:VCARD\nFN:B\nEND:VCARD\nBEGIN:VCARD\nFN:C\nEND:VCARD\n"
    let read = Self.names(text)
    #expect(read.names == ["A []", "B []", "C []"])
    #expect(read.ranges.map { $0 != nil } == [false, false, true])
  }
}
