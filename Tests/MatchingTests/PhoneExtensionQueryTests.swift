import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Case 21's kind (phone numbers however written): a number pasted as the card writes
/// it, with its extension or pauses, finds the card.
@Suite("a number typed with its extension")
struct PhoneExtensionQueryTests {
  static let people: [Contact] = [
    TestContacts.person("Bert", "Example", phones: ["+1 212-555-0147 ext. 329"], fn: "Bert Example"),
    TestContacts.person("Cora", "Sample", phones: ["+1-555-010-0200 x77"], fn: "Cora Sample"),
    TestContacts.person("Dov", "Test", phones: ["+1 (555) 010-0199,,1234"], fn: "Dov Test"),
    TestContacts.person("Jo", "X", phones: ["+44 20 7946 0000"], fn: "Jo X"),
  ]

  @Test(
    "the number as written, another marker, or the number alone",
    arguments: [
      ("+1 212-555-0147 ext. 329", "Bert Example"), ("212-555-0147 x329", "Bert Example"),
      ("212 555 0147", "Bert Example"), ("+1-555-010-0200 x77", "Cora Sample"), ("555-010-0200 ext 77", "Cora Sample"),
      ("+1 (555) 010-0199,,1234", "Dov Test"), ("555 010 0199;ext=1234", "Dov Test"),
    ])
  func found(query: String, expected: String) {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(query), in: Self.people) == [expected], "query \(query)")
  }

  @Test("a name with an x is still a name")
  func nameWithX() {
    let index = ContactIndex(Self.people)
    #expect(orderedNames(index.search("jo x"), in: Self.people).first == "Jo X")
  }
}
