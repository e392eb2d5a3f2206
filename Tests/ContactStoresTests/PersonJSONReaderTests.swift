import ContactKit
import Testing

@testable import ContactStores

@Suite("Reading cpick's own JSON lines")
struct PersonJSONReaderTests {
  @Test("a person line, a property line and an event document all give their persons, identifiers kept")
  func shapes() {
    let text = """
      {"identifier":"ada","source":"book.vcf","contactType":"person","displayName":"Ada Lovelace","givenName":"Ada","familyName":"Lovelace","birthday":"--12-10","emailAddresses":[{"identifier":"e1","label":"work","value":"ada@example.org"}],"postalAddresses":[{"identifier":"a1","label":"home","value":{"street":"12 Square","city":"London","state":"","postalCode":"SW1","country":"UK","isoCountryCode":"gb"}}],"groups":["Team"],"hasImage":false}
      {"person":{"identifier":"grace","displayName":"Grace Hopper"},"property":{"key":"emailAddresses","identifier":"x","value":"g@navy.example"}}

      {"event":"didSelectPeople","people":[{"identifier":"p1","displayName":"One"},{"identifier":"p2","displayName":"Two"}]}
      not json
      """
    let load = PersonJSONReader.read(Array(text.utf8), source: "-")
    #expect(load.contacts.map(\.identifier) == ["ada", "grace", "p1", "p2"])
    let ada = load.contacts[0]
    #expect(ada.source == "book.vcf")
    #expect(ada.displayName == "Ada Lovelace")
    #expect(ada.emailAddresses == [LabeledValue(identifier: "e1", label: "work", value: "ada@example.org")])
    #expect(ada.postalAddresses.first?.value.city == "London")
    #expect(ada.birthday == ContactDate(month: 12, day: 10))
    #expect(ada.groups == ["Team"])
    #expect(load.warnings == ["-:5: not a JSON object; skipped"])
  }

  @Test("JSON lines are told from vCard and jCard by their first character")
  func detection() {
    #expect(PersonJSONReader.isJSONLines(Array("  \n{\"displayName\":\"A\"}".utf8)))
    #expect(!PersonJSONReader.isJSONLines(Array("BEGIN:VCARD\r\n".utf8)))
    #expect(!PersonJSONReader.isJSONLines(Array("[\"vcard\",[]]".utf8)))
    let load = VCardLoading.contacts(fromBytes: Array("{\"displayName\":\"Q\"}\n".utf8), source: "-")
    #expect(load.contacts.map(\.displayName) == ["Q"])
  }
}
