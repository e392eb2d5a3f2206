import ContactKit
import Testing

@testable import ContactFormats

@Suite("Contact validation")
struct ValidationTests {
  @Test(
    "addresses real mail systems accept are valid",
    arguments: [
      "ada@example.org", "ada.lovelace@example.org", "ada+cpick@mail.example.co.uk",
      "o'brien@example.ie", "x@a.io", "#!$%&'*+-/=?^_`{}|~@example.org", "\"john doe\"@example.org",
      "\"a\\\"b\"@example.org", "user@[192.0.2.1]", "user@[IPv6:2001:db8::1]", "josé@exämple.de",
      "王小明@例子.中国", "first.last@sub-domain.example.com",
    ])
  func validEmails(address: String) {
    #expect(ContactValidator.checkEmail(address) == nil)
  }

  @Test(
    "malformed addresses are refused with the reason",
    arguments: [
      ("ada.example.org", "missing @"),
      ("ada @example.org", "contains a space"),
      ("ada@exa mple.org", "contains a space"),
      ("@example.org", "nothing before @"),
      ("ada@", "nothing after @"),
      ("ada@localhost", "the domain needs a dot, as in example.org"),
      (".ada@example.org", "starts with a dot"),
      ("ada.@example.org", "dot right before @"),
      ("ada..lovelace@example.org", "two dots in a row"),
      ("ada@example..org", "two dots in a row in the domain"),
      ("ada@example.org.", "ends with a dot"),
      ("ada@-example.org", "a part of the domain starts or ends with -"),
      ("ada(x)@example.org", "“(” is not allowed before @"),
      ("ada@exam_ple.org", "“_” is not allowed in the domain"),
      ("ada@[300.1.1.1]", "not an IP address in [ ]"),
      ("\"ada@example.org", "a quote (\") is not closed"),
      ("we\"ird@example.org", "a quote (\") is not closed"),
      ("ada@1.2.3.4", "the domain ends in a number"),
    ])
  func invalidEmails(address: String, message: String) {
    #expect(ContactValidator.checkEmail(address)?.message == message)
  }

  @Test(
    "phone numbers in the usual national and international forms are valid",
    arguments: [
      "+49 151 2345678", "0151/2345678", "(555) 010-0142", "+1 555.010.0142", "*31#", "+44 20 7946 0000;ext=12",
      "030 1234567 x 89", "+1 555 0100 ext. 7", "112",
      // A keypad's letters, a pause and a wait (Apple's , and ;, Android's p and w).
      "1-800-FLOWERS", "+1-800-MYFAX", "030 1234,,56", "0301234;567", "p1234p5678w9",
    ])
  func validPhones(number: String) {
    #expect(ContactValidator.checkPhone(number) == nil)
  }

  @Test(
    "other characters, a late + and too few digits are refused",
    arguments: [
      ("0151 CALL_ME", "“_” is not allowed in a phone number"),
      ("0151 2345 ☎", "“☎” is not allowed in a phone number"),
      ("0049+151", "+ only at the start"),
      ("---", "no digits"),
      ("12", "too few digits"),
      ("+49 151 2345678;ext=", "the extension needs digits"),
      ("555 1234 x", "the extension needs digits"),
      ("555 1234x", "the extension needs digits"),
    ])
  func invalidPhones(number: String, message: String) {
    #expect(ContactValidator.checkPhone(number)?.message == message)
  }

  @Test("dates with and without a year are read into their parts")
  func dates() throws {
    #expect(try ContactValidator.date(from: "1815-12-10") == ContactDate(year: 1815, month: 12, day: 10))
    #expect(try ContactValidator.date(from: "18151210") == ContactDate(year: 1815, month: 12, day: 10))
    #expect(try ContactValidator.date(from: "--12-10") == ContactDate(month: 12, day: 10))
    #expect(try ContactValidator.date(from: "--1210") == ContactDate(month: 12, day: 10))
    #expect(try ContactValidator.date(from: "12-10") == ContactDate(month: 12, day: 10))
  }

  @Test("29 February exists in leap years and without a year, not otherwise")
  func leapDays() {
    #expect(ContactValidator.checkDate("2024-02-29") == nil)
    #expect(ContactValidator.checkDate("2000-02-29") == nil)
    #expect(ContactValidator.checkDate("--02-29") == nil)
    #expect(ContactValidator.checkDate("02-29") == nil)
    #expect(ContactValidator.checkDate("2023-02-29")?.message == "29 February 2023 does not exist: 2023 is not a leap year")
    #expect(ContactValidator.checkDate("1900-02-29")?.message == "29 February 1900 does not exist: 1900 is not a leap year")
  }

  @Test("impossible days and months and other formats are refused")
  func badDates() {
    #expect(ContactValidator.checkDate("1990-04-31")?.message == "April has 30 days")
    #expect(ContactValidator.checkDate("1990-13-01")?.message == "no month 13")
    #expect(ContactValidator.checkDate("--02-30")?.message == "February has 29 days")
    #expect(ContactValidator.checkDate("10.12.1815")?.message == "write the date as YYYY-MM-DD, or MM-DD without a year")
    #expect(ContactValidator.checkDate("1815-1-10")?.message == "write the date as YYYY-MM-DD, or MM-DD without a year")
  }

  @Test("a contact needs a name, an organization, an email or a phone")
  func identity() {
    var contact = Contact(identifier: "x", source: "")
    contact.namePrefix = "Dr."
    contact.note = "met at the conference"
    #expect(ContactValidator.check(contact).map(\.error.message) == [ContactValidator.emptyContactMessage])
    contact.organizationName = "Analytical Engines Ltd"
    #expect(ContactValidator.check(contact).isEmpty)
    var phoneOnly = Contact(identifier: "y", source: "")
    phoneOnly.phoneNumbers = [LabeledValue(identifier: "p", label: "mobile", value: "+49 151 2345678")]
    #expect(ContactValidator.check(phoneOnly).isEmpty)
    // A card of only FN (khard's minimal card) is someone.
    var formattedOnly = Contact(identifier: "z", source: "")
    formattedOnly.formattedName = "Fiona Fnonly"
    #expect(ContactValidator.check(formattedOnly).isEmpty)
    formattedOnly.formattedName = " \t"
    #expect(ContactValidator.check(formattedOnly).map(\.error.message) == [ContactValidator.emptyContactMessage])
  }

  @Test("checking a whole contact names the key and value of each problem")
  func wholeContact() {
    var contact = Contact(identifier: "x", source: "")
    contact.givenName = "Ada"
    contact.emailAddresses = [
      LabeledValue(identifier: "e1", label: "work", value: "ada@example.org"),
      LabeledValue(identifier: "e2", label: "home", value: "ada at home"),
    ]
    contact.phoneNumbers = [LabeledValue(identifier: "p1", label: "mobile", value: "call_me")]
    contact.birthday = ContactDate(year: 2023, month: 2, day: 29)
    let issues = ContactValidator.check(contact)
    #expect(issues.map(\.key) == [.phoneNumbers, .emailAddresses, .birthday])
    #expect(issues.map(\.identifier) == ["p1", "e2", nil])
  }
}
