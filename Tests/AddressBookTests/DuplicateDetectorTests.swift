import ContactKit
import CpickTestSupport
import Testing

@testable import AddressBook

@Suite("Duplicate detection")
struct DuplicateDetectorTests {
  @Test(
    "phone numbers become E.164 keys by the default region",
    arguments: [
      ("0151 2345678", "DE", "+491512345678"),
      ("+49 151 2345678", "DE", "+491512345678"),
      ("+49 (0)151 2345678", "DE", "+491512345678"),
      ("0049 151 2345678", "DE", "+491512345678"),
      ("+49 151 2345678", "US", "+491512345678"),
      ("tel:+49-151-2345678", "FR", "+491512345678"),
      ("(555) 010-0142", "US", "+15550100142"),
      ("1 555 010 0142", "US", "+15550100142"),
      ("011 44 20 7946 0000", "US", "+442079460000"),
      ("020 7946 0000", "GB", "+442079460000"),
      ("06 1234 5678", "IT", "+390612345678"),
      ("8 495 123-45-67", "RU", "+74951234567"),
      ("090-1234-5678", "JP", "+819012345678"),
      ("0011 49 151 2345678", "AU", "+491512345678"),
      ("0151 2345678", "", "01512345678"),
      ("0151 2345678", "ZZ", "01512345678"),
      ("112", "DE", "112"),
      ("+49 30 1234567 x 89", "DE", "+49301234567x89"),
      ("030 1234567;ext=89", "DE", "+49301234567x89"),
    ])
  func phoneKeys(number: String, region: String, key: String) {
    #expect(PhoneNumberKey.key(for: number, region: region) == key)
  }

  @Test("a number with no digits has no key")
  func noDigits() {
    #expect(PhoneNumberKey.key(for: "call me", region: "DE") == nil)
  }

  @Test("the default region comes from LC_ALL, LC_TELEPHONE or LANG")
  func defaultRegion() {
    #expect(PhoneNumberKey.defaultRegion(environment: ["LANG": "de_DE.UTF-8"]) == "DE")
    #expect(PhoneNumberKey.defaultRegion(environment: ["LANG": "en_GB.UTF-8", "LC_ALL": "ja_JP.UTF-8"]) == "JP")
    #expect(PhoneNumberKey.defaultRegion(environment: ["LC_TELEPHONE": "fr_CH@euro", "LANG": "en_US"]) == "CH")
  }

  static let book = [
    TestContacts.person("Ada", "Lovelace", email: "Ada@Example.org"),
    TestContacts.person("Jörg", "Müller", phone: "+49 151 2345678"),
    TestContacts.person("小明", "王"),
    TestContacts.person("Grace", "Hopper", email: "grace@navy.example", phone: "(555) 010-0142"),
  ]

  @Test("the same email in another case is a duplicate")
  func sameEmail() {
    let detector = DuplicateDetector(existingContacts: Self.book, region: "DE")
    let matches = detector.duplicates(of: TestContacts.person("A.", "King", email: "ada@example.ORG"))
    #expect(matches.map(\.contact.displayName) == ["Ada Lovelace"])
    #expect(matches.first?.reasons == [.email("Ada@Example.org")])
  }

  @Test("a national number is the international one in the default region")
  func samePhone() {
    let german = DuplicateDetector(existingContacts: Self.book, region: "DE")
    let matches = german.duplicates(of: TestContacts.person("J.", "M.", phone: "0151 2345678"))
    #expect(matches.map(\.contact.displayName) == ["Jörg Müller"])
    #expect(matches.first?.reasons == [.phone("+49 151 2345678")])
    let american = DuplicateDetector(existingContacts: Self.book, region: "US")
    #expect(american.duplicates(of: TestContacts.person("J.", "M.", phone: "0151 2345678")).isEmpty)
    #expect(american.duplicates(of: TestContacts.person("G.", "H.", phone: "+1 555 010 0142")).map(\.contact.displayName)
      == ["Grace Hopper"])
  }

  @Test("names match across case, accents and order, and CJK names in either order")
  func sameName() {
    let detector = DuplicateDetector(existingContacts: Self.book, region: "DE")
    #expect(detector.duplicates(of: TestContacts.person("JORG", "MULLER")).map(\.contact.displayName) == ["Jörg Müller"])
    #expect(detector.duplicates(of: TestContacts.person("Lovelace", "Ada")).map(\.contact.displayName) == ["Ada Lovelace"])
    #expect(detector.duplicates(of: TestContacts.person("王小明", "")).map(\.contact.displayName) == ["王小明"])
    #expect(detector.duplicates(of: TestContacts.person("王", "小明")).map(\.contact.displayName) == ["王小明"])
    #expect(detector.duplicates(of: TestContacts.person("Ada", "Byron")).isEmpty)
    #expect(detector.duplicates(of: TestContacts.person("小明", "李")).isEmpty)
  }

  @Test("a card named only in FN (no N) is the same person as one with those name parts, either way round")
  func writtenNameOnly() {
    var grace = Contact(identifier: "grace-fn", source: "other.vcf")
    grace.formattedName = "Grace Hopper"
    grace.organizationName = "Navy"
    var xiaoming = Contact(identifier: "wxm-fn", source: "other.vcf")
    xiaoming.formattedName = "王小明"
    let detector = DuplicateDetector(existingContacts: [grace, xiaoming], region: "DE")
    #expect(detector.duplicates(of: TestContacts.person("Grace", "Hopper")).map(\.contact.identifier) == ["grace-fn"])
    #expect(detector.duplicates(of: TestContacts.person("HOPPER", "grace")).map(\.contact.identifier) == ["grace-fn"])
    #expect(detector.duplicates(of: TestContacts.person("王", "小明")).map(\.contact.identifier) == ["wxm-fn"])
    #expect(detector.duplicates(of: TestContacts.person("Grace", "Jones")).isEmpty)
    // Another person of the same organization, named only in FN, is not a duplicate.
    var colleague = Contact(identifier: "", source: "")
    colleague.formattedName = "Anita Borg"
    colleague.organizationName = "Navy"
    #expect(detector.duplicates(of: colleague).isEmpty)
    // The other way round: the new card has only FN.
    let withParts = DuplicateDetector(existingContacts: [TestContacts.person("Grace", "Hopper")], region: "DE")
    var written = Contact(identifier: "", source: "")
    written.formattedName = "grace  hopper"
    #expect(withParts.duplicates(of: written).count == 1)
    // An FN that is only an address names nobody.
    var byAddress = Contact(identifier: "", source: "")
    byAddress.formattedName = "ada@example.org"
    byAddress.emailAddresses = [LabeledValue(identifier: "e", label: nil, value: "ada@example.org")]
    #expect(DuplicateDetector.nameKeys(byAddress).isEmpty)
  }

  @Test("an organization card matches an organization card of the same name")
  func sameOrganization() {
    var acme = Contact(identifier: "acme", source: "book.vcf")
    acme.organizationName = "ACME Corp"
    acme.contactType = .organization
    var again = Contact(identifier: "", source: "")
    again.organizationName = "acme corp"
    let detector = DuplicateDetector(existingContacts: [acme], region: "DE")
    #expect(detector.duplicates(of: again).map(\.contact.identifier) == ["acme"])
  }

  @Test("every reason is listed, and the contact being edited is not its own duplicate")
  func reasonsAndSelf() {
    let detector = DuplicateDetector(existingContacts: Self.book, region: "US")
    let grace = Self.book[3]
    #expect(detector.duplicates(of: grace).isEmpty)
    var copy = grace
    copy.identifier = "new"
    #expect(detector.duplicates(of: copy).first?.reasons
      == [.email("grace@navy.example"), .phone("(555) 010-0142"), .name("Grace Hopper")])
  }

  @Test("the same person with or without a middle name, and with letters search folds (Ł, ø, ı)")
  func middleNamesAndFolding() {
    var margaret = TestContacts.person("Margaret", "Thornton")
    margaret.middleName = "Anne"
    var lukasz = TestContacts.person("Łukasz", "Wójcik")
    lukasz.identifier = "lukasz"
    let detector = DuplicateDetector(existingContacts: [margaret, lukasz, TestContacts.person("Søren", "Holmgaard"),
                                                       TestContacts.person("Ayşe", "Yıldırım")], region: "DE")
    // (A probe with the same identifier and source would be the contact itself.)
    func probe(_ given: String, _ family: String) -> Contact {
      var contact = TestContacts.person(given, family)
      contact.identifier = "new"
      return contact
    }
    #expect(detector.duplicates(of: probe("Margaret", "Thornton")).map(\.contact.displayName)
      == ["Margaret Anne Thornton"])
    var withMiddle = TestContacts.person("Margaret", "Thornton")
    withMiddle.middleName = "Anne"
    withMiddle.identifier = "new"
    #expect(detector.duplicates(of: withMiddle).count == 1)
    #expect(detector.duplicates(of: probe("Lukasz", "Wojcik")).map(\.contact.displayName) == ["Łukasz Wójcik"])
    #expect(detector.duplicates(of: probe("Soren", "Holmgaard")).count == 1)
    #expect(detector.duplicates(of: probe("Ayse", "Yildirim")).count == 1)
    // Another middle name is still the same given and family name.
    var other = TestContacts.person("Margaret", "Thornton")
    other.middleName = "Rose"
    other.identifier = "other"
    #expect(detector.duplicates(of: other).count == 1)
    #expect(detector.duplicates(of: probe("Margaret", "Thorne")).isEmpty)
  }
}
