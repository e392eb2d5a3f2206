import ContactKit
import Foundation
import Testing

@testable import VCard

@Suite("jCard")
struct JCardTests {
  static let card = """
    BEGIN:VCARD
    VERSION:4.0
    UID:urn:uuid:1
    FN:Ada Lovelace
    N:Lovelace;Ada;Augusta,Byron;;
    item1.EMAIL;TYPE=work;PREF=1:ada@example.org
    item1.X-ABLabel:Analytical
    TEL;VALUE=uri;TYPE="voice,cell":tel:+44-20-7946-0000
    ADR;TYPE=home:;;12 St James\\, Square;London;;SW1Y;UK
    CATEGORIES:Math,Poetry
    BDAY:18151210
    X-CUSTOM;X-P="a:b":raw\\,value
    NOTE:Line one\\nLine two \u{202E}evil\u{1B}[31m
    END:VCARD

    """

  @Test("a card as jCard has every property, groups as parameters, structured values as arrays (RFC 7095)")
  func writesEveryProperty() throws {
    let result = readCards(Self.card)
    let json = JCardWriter.write(try #require(result.cards.first))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
    #expect(object.first as? String == "vcard")
    let properties = try #require(object[1] as? [[Any]])
    #expect(properties.count == 12)
    let email = try #require(properties.first { $0[0] as? String == "email" })
    #expect((email[1] as? [String: Any])?["group"] as? String == "item1")
    let n = try #require(properties.first { $0[0] as? String == "n" })
    #expect((n[3] as? [Any])?.count == 5)
    #expect(((n[3] as? [Any])?[2] as? [String]) == ["Augusta", "Byron"])
    let categories = try #require(properties.first { $0[0] as? String == "categories" })
    #expect(categories.dropFirst(3).compactMap { $0 as? String } == ["Math", "Poetry"])
    let bday = try #require(properties.first { $0[0] as? String == "bday" })
    #expect(bday[3] as? String == "1815-12-10")
    let custom = try #require(properties.first { $0[0] as? String == "x-custom" })
    #expect(custom[2] as? String == "unknown" && custom[3] as? String == "raw\\,value")
    #expect(json.contains("\\u202e") && json.contains("\\u001b") && !json.contains("\u{1B}"))
  }

  @Test("jCard written by cpick reads back as the same contact")
  func readsBack() throws {
    let contact = try #require(loadContacts(Self.card).first)
    let json = JCardWriter.write(contact)
    #expect(JCardReader.isJCard(Array(json.utf8)))
    let back = try #require(loadContacts(Array(json.utf8), source: "test.vcf").first)
    #expect(Projection(back) == Projection(contact))
    #expect(back.identifier == contact.identifier)
  }

  @Test("an array of jCards is read card by card: what is read, and the warnings, are as for the whole document")
  func cardByCard() throws {
    let json = """
       [ ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "A \\"quoted\\" ], [name"]]],
      "not a card", ["vcard"],
      ["vcard", [["fn", {"group": "g1"}, "text", "B, {braces} [brackets]"], 7]] ]\n
      """
    let result = VCardReader.read(Array(json.utf8))
    #expect(result.cards.map { $0.first("FN")?.value } == ["A \"quoted\" ]\\, [name", "B\\, {braces} [brackets]"])
    #expect(result.cards.last?.first("FN")?.group == "g1")
    #expect(result.warnings.map(\.message) == [
      "jCard item 2 is not [\"vcard\", [...]]; skipped", "jCard item 3: a property is malformed; skipped",
    ])
    // Broken JSON in one card leaves out that card (here, brackets that never close the
    // array: the document ends inside it).
    let broken = VCardReader.read(Array("[[\"vcard\", [[\"fn\", {}, \"text\", \"A\"]]], [\"vcard\", [}]".utf8))
    #expect(broken.cards.map { $0.first("FN")?.value } == ["A"])
    #expect(
      broken.warnings.map(\.message) == [
        "the file ends inside its array of cards: 13 bytes after jCard item 1 left out (a quote or bracket missing, or the file cut off)"
      ])
    #expect(JSONArrayElements.ranges(Array("[1, [2, \"]\"], {\"a\": [3]} ] ".utf8))?.count == 3)
    #expect(JSONArrayElements.ranges(Array("[1, 2".utf8)) == nil)
    #expect(JSONArrayElements.ranges(Array("[1] [2]".utf8)) == nil)
    #expect(JSONArrayElements.ranges(Array("[]".utf8)) == [])
  }

  @Test("several contacts give an array of jCards")
  func severalContacts() throws {
    let contacts = loadContacts(Self.card + Self.card.replacingOccurrences(of: "urn:uuid:1", with: "urn:uuid:2"))
    let json = JCardWriter.write(contacts)
    let result = VCardReader.read(Array(json.utf8))
    #expect(result.cards.count == 2 && result.warnings.isEmpty)
  }
}
