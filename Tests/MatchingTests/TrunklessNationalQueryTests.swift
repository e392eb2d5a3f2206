import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Case 21's kind (phone numbers however written): a number typed with its country
/// code finds the number saved in national form without the trunk prefix, where the
/// prefix is only dialled (Chinese and Indian mobiles, Brazil, Russia's `8`).
@Suite("a number typed with its country code, saved without the trunk prefix")
struct TrunklessNationalQueryTests {
  static let people: [Contact] = [
    TestContacts.person("Xiaoming", "Wang", phones: ["138 1234 5678"], fn: "Wang Xiaoming"),
    TestContacts.person("Priya", "Sharma", phones: ["98765 43210"], fn: "Priya Sharma"),
    TestContacts.person("João", "Silva", phones: ["(11) 98765-4321"], fn: "João Silva"),
    TestContacts.person("Ivan", "Petrov", phones: ["(916) 123-45-67"], fn: "Ivan Petrov"),
    TestContacts.person("Anna", "Berg", phones: ["0170 5550999"], fn: "Anna Berg"),
    TestContacts.person("Sam", "Fox", phones: ["+44 1381 234567"], fn: "Sam Fox"),
  ]

  @Test(
    "the whole number, with +, 00 or spaces; the trunk prefix saved still found",
    arguments: [
      ("+86 138 1234 5678", "Wang Xiaoming"), ("+8613812345678", "Wang Xiaoming"), ("008613812345678", "Wang Xiaoming"),
      ("+91 98765 43210", "Priya Sharma"), ("+55 11 98765-4321", "João Silva"), ("+7 916 123-45-67", "Ivan Petrov"),
      ("+49 170 5550999", "Anna Berg"), ("+49 170", "Anna Berg"),
    ])
  func found(query: String, expected: String) throws {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(query), in: Self.people) == [expected], "query \(query)")
    // The number is the value shown as the reason, its digits highlighted.
    let person = try #require(Self.people.first { $0.formattedName == expected })
    let values = SearchHighlighter.matchedValues(
      of: query, name: expected, values: person.phoneNumbers.map { (SearchedValueKind.phone, $0.value) })
    #expect(values.count == 1, "query \(query): \(values)")
    #expect(values.first?.positions.isEmpty == false, "query \(query)")
  }

  @Test(
    "a number begun (fewer than eight digits after the code), another number, or another country's is not found so",
    arguments: [
      "+86 138", "+86 1381", "+86 138 1234 567", "+91 98765 4321", "+91 98765 432100",
      // Countries whose numbers are written with their trunk prefix: not read so.
      "+44 138 1234 5678", "+44 98765 43210", "+86 555 0100",
    ])
  func notFound(query: String) {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(query), in: Self.people).isEmpty, "query \(query)")
  }
}
