import Foundation
import ContactKit
import Testing

@testable import ContactStores
@testable import ContactFormats

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

  @Test("a key written twice is its last value; preference as a whole number; arrays of the wrong kind are none")
  func memberKinds() {
    let text = """
      {"identifier":"a","displayName":"First","displayName":"Ada","hasImage":true,"groups":["Team",1],"phoneNumbers":[{"value":"+1 555 0100","preference":1.0,"label":"work","label":"home"},{"value":7},{"identifier":"t3","value":"+1 555 0102","preference":2}]}
      {"identifier":"b","displayName":"Grace","groups":["Navy"],"emailAddresses":[{"value":"g@navy.example"},"x"],"people":[{"identifier":"c"},3]}
      {"properties":[{"person":{"identifier":"d","source":"s"}},{"person":{"identifier":"d","source":"s"}},{"person":{"identifier":"e"}}]}
      """
    let load = PersonJSONReader.read(Array(text.utf8), source: "book.jsonl")
    #expect(load.warnings.isEmpty)
    #expect(load.contacts.map(\.identifier) == ["a", "b", "d", "e"])
    let ada = load.contacts[0]
    #expect(ada.displayName == "Ada")
    #expect(ada.hasImage)
    #expect(ada.groups.isEmpty)
    #expect(
      ada.phoneNumbers == [
        LabeledValue(identifier: "json-0", label: "home", value: "+1 555 0100", preference: 1),
        LabeledValue(identifier: "t3", label: nil, value: "+1 555 0102", preference: 2),
      ])
    let grace = load.contacts[1]
    #expect(grace.groups == ["Navy"])
    #expect(grace.emailAddresses.isEmpty)
    #expect(!grace.hasImage)
    #expect(load.contacts[2].source == "s")
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

@Suite("Group cards")
struct GroupCardTests {
  @Test("a group card in its own vdir file gives its name to members in other files, by UID or mailto:")
  func acrossFiles() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-groups-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Climbers\r\nMEMBER:urn:uuid:AAA-1\r\nMEMBER:mailto:bo@example.org\r\nEND:VCARD\r\n"
      .write(to: folder.appendingPathComponent("group.vcf"), atomically: true, encoding: .utf8)
    try "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:aaa-1\r\nFN:Ann\r\nEND:VCARD\r\n"
      .write(to: folder.appendingPathComponent("ann.vcf"), atomically: true, encoding: .utf8)
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bo\r\nFN:Bo\r\nEMAIL:Bo@Example.org\r\nEND:VCARD\r\n"
      .write(to: folder.appendingPathComponent("bo.vcf"), atomically: true, encoding: .utf8)
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:cy\r\nFN:Cy\r\nEND:VCARD\r\n"
      .write(to: folder.appendingPathComponent("cy.vcf"), atomically: true, encoding: .utf8)
    let load = try VdirStore(path: folder.path).load()
    let groups = Dictionary(uniqueKeysWithValues: load.contacts.map { ($0.displayName, $0.groups) })
    #expect(groups == ["Ann": ["Climbers"], "Bo": ["Climbers"], "Cy": []])
    #expect(load.groupCards.map(\.name) == ["Climbers"])
  }

  @Test("a string over the value limit is left out of its person with a warning at its line; the rest is read")
  func valueOverLimit() {
    var limits = ReadingLimits.standard
    limits.textValueBytes = 100
    let long = String(repeating: "x", count: 150)
    let text = """
      {"identifier":"a","displayName":"Ada","note":"\(long)","emailAddresses":[{"label":"work","value":"\(long)@example.org"},{"value":"ada@example.org"}]}
      {"identifier":"b","displayName":"Grace","note":"short"}
      """
    let load = PersonJSONReader.read(Array(text.utf8), source: "book.jsonl", limits: limits)
    #expect(load.contacts.map(\.identifier) == ["a", "b"])
    #expect(load.contacts[0].note == "")
    #expect(load.contacts[0].emailAddresses.map(\.value) == ["ada@example.org"])
    #expect(load.contacts[1].note == "short")
    #expect(
      load.warnings == [
        "book.jsonl:1: emailAddresses.value value longer than 100 bytes, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out",
        "book.jsonl:1: note value longer than 100 bytes, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out",
      ])
  }

  /// Three lines, the second of 300 bytes and more, read with `limits`.
  private func readWithLongSecondLine(_ limits: ReadingLimits) -> (contacts: [Contact], warnings: [String]) {
    let text = """
      {"identifier":"a","displayName":"Ada"}
      {"identifier":"big","displayName":"\(String(repeating: "y", count: 300))"}
      {"identifier":"c","displayName":"Grace"}
      """
    return PersonJSONReader.read(Array(text.utf8), source: "book.jsonl", limits: limits)
  }

  @Test("a line over the card limit is skipped unparsed with a warning; the next lines are read")
  func lineOverLimit() {
    var limits = ReadingLimits.standard
    limits.cardBytes = 200
    let load = readWithLongSecondLine(limits)
    #expect(load.contacts.map(\.identifier) == ["a", "c"])
    #expect(load.warnings == ["book.jsonl:2: the card that begins here is longer than 200 bytes, the limit for a card; left out"])
  }

  @Test("a person with more array elements than the value count limit keeps the first ones, with one warning")
  func valuesOverCount() {
    var limits = ReadingLimits.standard
    limits.cardValues = 3
    let emails = (0..<5).map { #"{"value":"p\#($0)@example.org"}"# }.joined(separator: ",")
    let text = """
      {"identifier":"a","displayName":"Ada","emailAddresses":[\(emails)],"phoneNumbers":[{"value":"+1 555 0100"}]}
      {"identifier":"b","displayName":"Grace","emailAddresses":[{"value":"grace@example.org"}]}
      """
    let load = PersonJSONReader.read(Array(text.utf8), source: "book.jsonl", limits: limits)
    #expect(load.contacts.map(\.identifier) == ["a", "b"])
    #expect(load.contacts[0].emailAddresses.map(\.value) == ["p0@example.org", "p1@example.org", "p2@example.org"])
    #expect(load.contacts[0].phoneNumbers.isEmpty)
    #expect(load.contacts[1].emailAddresses.map(\.value) == ["grace@example.org"])
    #expect(load.warnings == ["book.jsonl:1: the card has more than 3 values; this one and the rest are left out"])
    // Several people on one line (a multi-select's output): each has the limit of its own.
    let people = (0..<3).map { #"{"identifier":"p\#($0)","emailAddresses":[{"value":"a@x.org"},{"value":"b@x.org"}]}"# }
    let line = #"{"event":"didSelectPeople","people":["# + people.joined(separator: ",") + "]}"
    let several = PersonJSONReader.read(Array(line.utf8), source: "s.jsonl", limits: limits)
    #expect(several.contacts.map(\.emailAddresses.count) == [2, 2, 2])
    #expect(several.warnings.isEmpty)
  }

  @Test("a line over the JSON line limit is skipped unparsed with its own warning; the next lines are read")
  func lineOverJSONLineLimit() {
    var limits = ReadingLimits.standard
    limits.jsonLineBytes = 200
    let load = readWithLongSecondLine(limits)
    #expect(load.contacts.map(\.identifier) == ["a", "c"])
    #expect(load.warnings == ["book.jsonl:2: the JSON line is longer than 200 bytes, the limit for a line of JSON; left out"])
  }
}
