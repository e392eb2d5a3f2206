import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import VCard

/// Case 48's kind (vendor extensions): the numbers and names other writers keep in
/// their own properties and `TYPE` words are read, labelled as a user reads them.
@Suite("vendors' phone kinds and Nokia's extensions")
struct VendorPhoneTests {
  static func contact(_ name: String) throws -> Contact {
    try #require(loadContacts(Array(try Data(contentsOf: TestPaths.fixture("vendors/" + name)))).first)
  }

  @Test("Outlook's X-MS-TEL numbers are phones: company main, assistant, callback")
  func outlook() throws {
    let contact = try Self.contact("outlook-x-ms-tel.vcf")
    #expect(contact.phoneNumbers.map(\.label) == ["work", "company main", "assistant", "callback"])
    #expect(contact.phoneNumbers.map(\.value) == ["+1 555 0100", "+1 555 0199", "+1 555 0177", "+1 555 0166"])
  }

  @Test("Evolution's X-EVOLUTION- kinds and CAR, ISDN are labels in words")
  func evolution() throws {
    let contact = try Self.contact("evolution-tel-types.vcf")
    #expect(
      contact.phoneNumbers.map(\.label) == [
        "assistant", "callback", "company main", "radio", "telex", "TTY/TDD", "car", "ISDN",
      ])
    let v21 = try Self.contact("v21-car-isdn-assistant.vcf")
    #expect(v21.phoneNumbers.compactMap(\.label).contains("assistant"))
    #expect(v21.phoneNumbers.compactMap(\.label).contains("car"))
  }

  @Test("Android's work mobile and work pager keep their work; a 2.1 TLX is telex, RFC 7852's main-number main (case 44's kind)")
  func androidWorkKinds() throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:2.1\r
      N:Pennock;Marisol;;;\r
      TEL;CELL:+47 900 00 000\r
      TEL;WORK;CELL:+47 900 00 001\r
      TEL;WORK;PAGER:+47 900 00 002\r
      TEL;TLX:+47 900 00 003\r
      TEL;PAGER:+47 900 00 004\r
      END:VCARD\r
      BEGIN:VCARD\r
      VERSION:3.0\r
      FN:Label Test\r
      TEL;TYPE=WORK;TYPE=CELL:+1 555 0113\r
      TEL;TYPE=main-number:+1 555 0114\r
      TEL;TYPE=WORK,VOICE:+1 555 0115\r
      END:VCARD\r

      """
    let contacts = loadContacts(Array(text.utf8))
    #expect(contacts[0].phoneNumbers.map(\.label) == ["mobile", "work mobile", "work pager", "telex", "pager"])
    #expect(contacts[1].phoneNumbers.map(\.label) == ["work mobile", "main", "work"])
    #expect(LabelWords.words(for: "work mobile") == "work mobile")
    // Relabelled so, a number is written with the TYPE words that read back so.
    for (index, card) in contacts.enumerated() {
      let original = VCardWriter.writeBytes(card, options: VCardWriter.Options(revision: nil))
      let reread = try #require(loadContacts(original).first)
      var relabelled = reread
      relabelled.phoneNumbers[relabelled.phoneNumbers.count - 1].label = "work mobile"
      let written = VCardWriter.writeBytes(relabelled, original: reread, options: VCardWriter.Options(revision: nil))
      let text = String(decoding: written, as: UTF8.self)
      #expect(!text.contains("X-ABLabel"), "\(index): \(text)")
      #expect(loadContacts(written).first?.phoneNumbers.last?.label == "work mobile", "\(index): \(text)")
    }
  }

  @Test("Android's custom labels that spell a standard one (TEL;X-Mobile, X-Home, X-Fax) are that label (case 44's kind)")
  func androidXStandardWords() throws {
    let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Lab Five\r\nTEL;X-Mobile:1\r\nTEL;X-CELL:2\r\nTEL;X-Home:3\r\n"
      + "TEL;X-Work:4\r\nTEL;X-Fax:5\r\nTEL;X-Pager:6\r\nTEL;X-Jacky:7\r\nEMAIL;X-Home:h@x.example\r\nEND:VCARD\r\n"
    let contact = try #require(loadContacts(Array(text.utf8)).first)
    #expect(contact.phoneNumbers.map(\.label) == ["mobile", "mobile", "home", "work", "otherFax", "pager", "Jacky"])
    #expect(contact.emailAddresses.map(\.label) == ["home"])
  }

  @Test("Android's custom labels that spell a vendor kind (X-Car, X-Isdn) are it; those that spell a kind of line (X-Text, X-Video) are the user's words; bare TEXT, VIDEO stay no label")
  func androidXKinds() throws {
    let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Lab Six\r\nTEL;X-Car:1\r\nTEL;X-ISDN:2\r\nTEL;X-Text:3\r\n"
      + "TEL;X-Video:4\r\nTEL;X-Voice:5\r\nTEL;X-Textphone:6\r\nTEL;X-Callback:7\r\nTEL;TEXT:8\r\nTEL;VIDEO:9\r\n"
      + "TEL;CAR:10\r\nEND:VCARD\r\n"
    let contact = try #require(loadContacts(Array(text.utf8)).first)
    #expect(contact.phoneNumbers.map(\.label) == ["car", "ISDN", "Text", "Video", "Voice", "Textphone", "callback", nil, nil, "car"])
  }

  @Test("Nokia's X-EPOCSECONDNAME is the nickname, X-ASSISTANT-TEL a phone, X-CHILDREN a child")
  func nokia() throws {
    let contact = try Self.contact("nokia-symbian.vcf")
    #expect(contact.nickname == "Kiki")
    #expect(contact.phoneNumbers.map(\.label) == ["mobile", "assistant"])
    #expect(contact.phoneNumbers.last?.value == "+358 9 555 0102")
    #expect(contact.contactRelations.contains { $0.label == "child" && $0.value == "Aino" })
  }
}
