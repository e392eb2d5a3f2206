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

  @Test("Nokia's X-EPOCSECONDNAME is the nickname, X-ASSISTANT-TEL a phone, X-CHILDREN a child")
  func nokia() throws {
    let contact = try Self.contact("nokia-symbian.vcf")
    #expect(contact.nickname == "Kiki")
    #expect(contact.phoneNumbers.map(\.label) == ["mobile", "assistant"])
    #expect(contact.phoneNumbers.last?.value == "+358 9 555 0102")
    #expect(contact.contactRelations.contains { $0.label == "child" && $0.value == "Aino" })
  }
}
