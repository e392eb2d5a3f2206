import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

@testable import ContactFormats

/// `PersonJSON.writePerson` writes the person object directly as bytes; it must give
/// exactly what the `JSONValue` tree gives, for every contact there is.
@Suite("Person JSON as bytes")
struct PersonJSONBytesTests {
  static let corpus = SharedFiles.corpus

  private func expectSameBytes(_ contact: Contact, _ note: String = "") {
    for order in ContactFormatter.NameOrder.allCases {
      var bytes: [UInt8] = [7]  // appended after what is there
      PersonJSON.writePerson(contact, nameOrder: order, to: &bytes)
      let expected = [7] + Array(PersonJSON.person(contact, nameOrder: order).serialized.utf8)
      #expect(bytes == expected, "\(note) \(contact.identifier) \(order)")
    }
  }

  @Test("every contact of the corpus gives the JSONValue tree's bytes, in every name order", .sharedCorpus)
  func corpusContacts() throws {
    var count = 0
    let files = try FileManager.default.subpathsOfDirectory(atPath: Self.corpus.path).sorted()
    for file in files where file.hasSuffix(".vcf") || file.hasSuffix(".vcard") {
      guard let load = try? VCardFileStore(path: Self.corpus.appendingPathComponent(file).path).load() else { continue }
      for contact in load.contacts {
        expectSameBytes(contact, file)
        count += 1
      }
    }
    #expect(count > 1_000)
  }

  @Test("a contact of thousands of values in every array: the tree holds each, in order, as the bytes do")
  func manyValues() throws {
    var contact = Contact(identifier: "many", source: "/tmp/many.vcf")
    contact.formattedName = "Many Values"
    contact.emailAddresses = (0..<3_000).map { LabeledValue(identifier: "e\($0)", label: $0 % 2 == 0 ? "work" : nil, value: "p\($0)@example.org") }
    contact.phoneNumbers = (0..<2_000).map { LabeledValue(identifier: "t\($0)", label: "mobile", value: "+1 555 \($0)") }
    contact.postalAddresses = (0..<500).map { number in
      var address = PostalAddress()
      address.city = "City \(number)"
      return LabeledValue(identifier: "a\(number)", label: "home", value: address)
    }
    contact.groups = (0..<1_000).map { "group \($0)" }
    expectSameBytes(contact)
    guard case .object(let members) = PersonJSON.person(contact) else { throw TreeShape.notAnObject }
    let arrays = Dictionary(members.compactMap { key, value -> (String, [JSONValue])? in
      if case .array(let elements) = value { return (key, elements) } else { return nil }
    }, uniquingKeysWith: { first, _ in first })
    #expect(arrays["emailAddresses"]?.count == 3_000)
    #expect(arrays["phoneNumbers"]?.count == 2_000)
    #expect(arrays["postalAddresses"]?.count == 500)
    #expect(arrays["groups"]?.count == 1_000)
    #expect(arrays["groups"]?.last == .string("group 999"))
  }

  private enum TreeShape: Error { case notAnObject }

  @Test("every member, escapes, labels missing and present, groups and images")
  func everyMember() {
    var contact = Contact(identifier: "id-\"1\"\\", source: "/tmp/a\tb.vcf")
    contact.namePrefix = "Dr."
    contact.givenName = "Zoë\u{202E}evil"
    contact.middleName = "Q"
    contact.familyName = "王"
    contact.nameSuffix = "Jr."
    contact.nickname = "\u{1B}[31mred"
    contact.phoneticGivenName = "ゾエ"
    contact.phoneticMiddleName = "キュー"
    contact.phoneticFamilyName = "ワン"
    contact.organizationName = "Acme \"Corp\""
    contact.departmentName = "R&D"
    contact.jobTitle = "Chief\nOfficer"
    contact.birthday = ContactDate(year: 1990, month: 2, day: 28)
    contact.note = "line1\r\nline2\u{7F}\u{85}"
    contact.phoneNumbers = [
      LabeledValue(identifier: "p1", label: "mobile", value: "+1 555"), LabeledValue(identifier: "p2", label: nil, value: "0101"),
    ]
    contact.emailAddresses = [LabeledValue(identifier: "e1", label: "work", value: "a@b.example")]
    contact.postalAddresses = [
      LabeledValue(
        identifier: "a1", label: "home",
        value: PostalAddress(street: "1 Main St", city: "Köln", state: "", postalCode: "50667", country: "DE", isoCountryCode: "de"))
    ]
    contact.urlAddresses = [LabeledValue(identifier: "u1", label: nil, value: "https://example.org/?q=\"x\"")]
    contact.instantMessageAddresses = [
      LabeledValue(identifier: "i1", label: "other", value: InstantMessageAddress(service: "xmpp", username: "zoe@jabber"))
    ]
    contact.socialProfiles = [
      LabeledValue(
        identifier: "s1", label: nil, value: SocialProfile(service: "mastodon", username: "@z", urlString: "https://m.example/@z"))
    ]
    contact.contactRelations = [LabeledValue(identifier: "r1", label: "spouse", value: "Ann")]
    contact.dates = [LabeledValue(identifier: "d1", label: "anniversary", value: ContactDate(year: nil, month: 6, day: 1))]
    contact.groups = ["Team \"A\"", "Family"]
    contact.hasImage = true
    expectSameBytes(contact)
    expectSameBytes(Contact(identifier: "", source: ""))
    var organization = Contact(identifier: "o", source: "s")
    organization.contactType = .organization
    organization.organizationName = "Acme"
    expectSameBytes(organization)
  }
}
