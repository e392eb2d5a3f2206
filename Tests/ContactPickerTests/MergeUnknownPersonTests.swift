import ContactKit
import Foundation
import Testing
import VCard

@testable import ContactPicker
@testable import ContactFormats

@Suite("Add to Existing Contact: UnknownPersonMerge")
struct UnknownPersonMergeTests {
  static let ada: Contact = {
    var ada = Contact(identifier: "urn:uuid:ada", source: "/home/ada/contacts.vcf")
    ada.formattedName = "Ada Lovelace"
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    ada.organizationName = "Analytical Engines"
    ada.phoneNumbers = [LabeledValue(identifier: "ada-tel", label: "mobile", value: "+44 20 7946 0000")]
    ada.emailAddresses = [LabeledValue(identifier: "ada-mail", label: "home", value: "Ada@Example.org", isPreferred: true)]
    ada.urlAddresses = [LabeledValue(identifier: "ada-url", label: "home", value: "https://ada.example.org/")]
    ada.groups = ["Friends"]
    ada.note = "Met at Babbage's soirée"
    return ada
  }()

  static func unknown(_ build: (inout Contact) -> Void) -> Contact {
    var person = Contact(identifier: "", source: "")
    build(&person)
    return person
  }

  @Test("only the values the contact lacks are added, with fresh identifiers, not preferred, after the old ones")
  func addsOnlyMissing() {
    let person = Self.unknown {
      $0.givenName = "Ada"
      $0.familyName = "Lovelace"
      $0.emailAddresses = [
        LabeledValue(identifier: "", label: nil, value: "ada@example.org"),
        LabeledValue(identifier: "", label: "work", value: "countess@engines.example"),
        LabeledValue(identifier: "", label: "other", value: "COUNTESS@engines.example"),
      ]
      $0.phoneNumbers = [LabeledValue(identifier: "", label: "work", value: "020 7946 0000")]
      $0.urlAddresses = [
        LabeledValue(identifier: "", label: nil, value: "https://ada.example.org"),
        LabeledValue(identifier: "", label: nil, value: "https://ada.example.org/"),
      ]
    }
    let result = UnknownPersonMerge.merge(person, into: Self.ada, region: "GB")
    let merged = result.merged
    #expect(merged.emailAddresses.map(\.value) == ["Ada@Example.org", "countess@engines.example"])
    #expect(merged.emailAddresses.map(\.label) == ["home", "work"])
    #expect(merged.emailAddresses.map(\.isPreferred) == [true, false])
    #expect(merged.emailAddresses[1].identifier == "urn:uuid:ada/emailAddresses/added-1")
    #expect(merged.phoneNumbers.map(\.value) == ["+44 20 7946 0000"])
    #expect(merged.urlAddresses.map(\.value) == ["https://ada.example.org/", "https://ada.example.org"])
    #expect(result.changes == [
      .added(key: .emailAddresses, identifier: "urn:uuid:ada/emailAddresses/added-1", label: "work",
             value: "countess@engines.example"),
      .added(key: .urlAddresses, identifier: "urn:uuid:ada/urlAddresses/added-1", label: nil,
             value: "https://ada.example.org"),
    ])
    // Everything else is as it was.
    var expected = Self.ada
    expected.emailAddresses = merged.emailAddresses
    expected.urlAddresses = merged.urlAddresses
    #expect(merged == expected)
  }

  @Test("phone numbers are compared by digits and country code in the region, whatever their formatting",
        arguments: ["+44 20 7946 0000", "020 7946 0000", "0044 (20) 7946-0000", "+44 (0)20 7946 0000", "tel:+442079460000"])
  func phonesByDigits(_ written: String) {
    let person = Self.unknown { $0.phoneNumbers = [LabeledValue(identifier: "", label: "work", value: written)] }
    let result = UnknownPersonMerge.merge(person, into: Self.ada, region: "GB")
    #expect(result.isEmpty)
    #expect(result.merged == Self.ada)
  }

  @Test("a new number in another country is added; the same digits in another region are not the same number")
  func phoneRegions() {
    let person = Self.unknown { $0.phoneNumbers = [LabeledValue(identifier: "", label: "mobile", value: "020 7946 0000")] }
    let result = UnknownPersonMerge.merge(person, into: Self.ada, region: "NL")
    #expect(result.merged.phoneNumbers.map(\.value) == ["+44 20 7946 0000", "020 7946 0000"])
    #expect(result.changes.map(\.summary) == ["+ phone (mobile) 020 7946 0000"])
  }

  @Test("empty name parts and work fields are filled; filled ones are never replaced")
  func fillsEmptyNames() {
    var existing = Contact(identifier: "urn:uuid:x", source: "book.vcf")
    existing.familyName = "Lovelace"
    existing.jobTitle = "Countess"
    existing.emailAddresses = [LabeledValue(identifier: "m", label: "home", value: "ada@example.org")]
    let person = Self.unknown {
      $0.givenName = "Ada"
      $0.middleName = "King"
      $0.familyName = "LOVELACE"
      $0.organizationName = "Analytical Engines"
      $0.jobTitle = "Mathematician"
      $0.note = "from a mail"
    }
    let result = UnknownPersonMerge.merge(person, into: existing, region: "GB")
    #expect(result.merged.givenName == "Ada")
    #expect(result.merged.middleName == "King")
    #expect(result.merged.familyName == "Lovelace")
    #expect(result.merged.organizationName == "Analytical Engines")
    #expect(result.merged.jobTitle == "Countess")
    #expect(result.merged.note == "from a mail")
    #expect(result.changes.map(\.summary) == [
      "+ first name Ada", "+ middle name King", "+ company Analytical Engines", "+ note from a mail",
    ])
  }

  @Test("a different name is not mixed in: the name parts stay as they are, the email is added")
  func differentName() {
    let person = Self.unknown {
      $0.givenName = "Augusta"
      $0.middleName = "Ada"
      $0.familyName = "King"
      $0.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "augusta@example.org")]
    }
    var existing = Self.ada
    existing.middleName = ""
    let result = UnknownPersonMerge.merge(person, into: existing, region: "GB")
    #expect(result.merged.givenName == "Ada")
    #expect(result.merged.middleName == "")
    #expect(result.merged.familyName == "Lovelace")
    #expect(result.merged.emailAddresses.map(\.value) == ["Ada@Example.org", "augusta@example.org"])
  }

  @Test("identifiers of added values never collide with the contact's own")
  func freshIdentifiers() {
    var existing = Self.ada
    existing.emailAddresses.append(LabeledValue(identifier: "urn:uuid:ada/emailAddresses/added-1", label: nil, value: "x@example.org"))
    let person = Self.unknown { $0.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "new@example.org")] }
    let result = UnknownPersonMerge.merge(person, into: existing, region: "GB")
    #expect(result.merged.emailAddresses.last?.identifier == "urn:uuid:ada/emailAddresses/added-1-2")
  }

  @Test("saving the merge changes the card file only by the added lines")
  func losslessFile() throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:3.0\r
      PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
      N:Lovelace;Ada;;;\r
      FN:Ada Lovelace\r
      ORG:Analytical Engines;\r
      item1.EMAIL;type=INTERNET;type=HOME;type=pref:Ada@Example.org\r
      item1.X-ABLabel:_$!<Home>!$_\r
      TEL;type=CELL;type=VOICE:+44 20 7946 0000\r
      X-SOCIALPROFILE;type=twitter:x-apple:adalovelace\r
      NOTE:Met at Babbage's soirée\r
      CATEGORIES:Friends\r
      UID:ada-uid\r
      END:VCARD\r

      """
    let read = VCardReader.read(Array(text.utf8))
    let card = try #require(read.cards.first)
    var existing = ContactDecoder.contact(from: card, source: "/home/ada/contacts.vcf")
    existing.sourceRecord = read.sourceRecord(of: card)
    let sender = MessageAddressParser().addresses(in: "From: \"Lovelace, Ada\" <countess@engines.example>\r\n\r\n")
    var person = try #require(sender.first).contact(emailLabel: "work")
    person.phoneNumbers = [LabeledValue(identifier: "", label: "mobile", value: "020 7946 0000")]
    let result = UnknownPersonMerge.merge(person, into: existing, region: "GB")
    let written = VCardWriter.write(result.merged, original: existing, options: VCardWriter.Options(revision: nil))
    let before = text.components(separatedBy: "\r\n")
    let after = written.components(separatedBy: "\r\n")
    #expect(after.filter { !before.contains($0) }.count == 1)
    #expect(after.contains { $0.hasPrefix("EMAIL") && $0.hasSuffix(":countess@engines.example") })
    #expect(before.allSatisfy { after.contains($0) })
    #expect(after.count == before.count + 1)
  }
}
