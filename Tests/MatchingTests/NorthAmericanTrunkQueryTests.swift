import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Case 21's kind (phone numbers however written): a North American number typed as
/// it is dialled within the NANP, its trunk prefix `1` first and no `+`, finds the
/// number saved without it, as `+1 …` does.
@Suite("a North American number typed with its trunk prefix")
struct NorthAmericanTrunkQueryTests {
  static let people: [Contact] = [
    TestContacts.person("Ann", "Lee", phones: ["(202) 555-0199"], fn: "Ann Lee"),
    TestContacts.person("Bob", "Ray", phones: ["+1 415 555 0100"], fn: "Bob Ray"),
    TestContacts.person("Cy", "Doe", phones: ["1-312-555-0111"], fn: "Cy Doe"),
    TestContacts.person("Wei", "Li", phones: ["+86 138 1234 5678"], fn: "Wei Li"),
    TestContacts.person("Jo", "X", phones: ["+44 20 7946 0000"], fn: "Jo X"),
  ]

  @Test(
    "with the 1, dashes, spaces or brackets, whole or begun; the number saved each way",
    arguments: [
      ("1-202-555-0199", ["Ann Lee"]), ("12025550199", ["Ann Lee"]), ("1 202 555 0199", ["Ann Lee"]),
      ("1 (202) 555-0199", ["Ann Lee"]), ("1-202-5", ["Ann Lee"]), ("1.202.555", ["Ann Lee"]),
      ("1 202 555", ["Ann Lee"]), ("1 202", ["Ann Lee"]),
      ("+1 202 555 0199", ["Ann Lee"]), ("202-555-0199", ["Ann Lee"]), ("1-415-555-0100", ["Bob Ray"]),
      ("14155550100", ["Bob Ray"]), ("1-312-555-0111", ["Cy Doe"]), ("3125550111", ["Cy Doe"]),
    ])
  func found(query: String, expected: [String]) {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(query), in: Self.people) == Set(expected), "query \(query)")
  }

  @Test(
    "other digits are not read so: a Chinese mobile number, an area code of 0 or 1, a 1 without a separator before a few digits",
    arguments: [
      ("13812345678", ["Wei Li"]), ("1-025-555-0199", []), ("1202", []), ("11025550199", []),
    ])
  func notNorthAmerican(query: String, expected: [String]) {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(query), in: Self.people) == Set(expected), "query \(query)")
  }
}
