import ContactKit
import CpickTestSupport
import Testing

@testable import Matching

/// A phone number written with letters (`1-800-FLOWERS`) is found by the digits
/// dialled and by the text as written; an extension mark stays what it is.
@Suite("Numbers written with letters")
struct VanityNumberTests {
  static let people: [Contact] = [
    TestContacts.person("Bloom", "Shop", phones: ["1-800-FLOWERS"]),
    TestContacts.person("Fedex", "Desk", phones: ["+1 800 GO FEDEX"]),
    TestContacts.person("Ext", "Person", phones: ["+1 555 0100 ext 77"]),
    TestContacts.person("Other", "Number", phones: ["+1 555 0100"]),
  ]

  @Test(
    "the digits dialled, the text as written (any case), with or without punctuation",
    arguments: [
      ("18003569377", ["Bloom Shop"]), ("800-356-9377", ["Bloom Shop"]), ("1-800-FLOWERS", ["Bloom Shop"]),
      ("1-800-flowers", ["Bloom Shop"]), ("1 800 flowers", ["Bloom Shop"]), ("tel:3569377", ["Bloom Shop"]),
      ("+1 800 go fedex", ["Fedex Desk"]), ("18004633339", ["Fedex Desk"]),
      ("15550100", ["Ext Person", "Other Number"]), ("555 0100 77", ["Ext Person"]),
    ] as [(String, Set<String>)])
  func found(query: String, expected: Set<String>) {
    #expect(names(ContactIndex(Self.people).search(query), in: Self.people) == expected)
  }

  @Test("an extension mark or a word is not dialled; letters need digits before them")
  func notDialled() {
    #expect(PhoneKeypad.dialled(Array("1-800-FLOWERS".utf8)) == Array("1-800-3569377".utf8))
    #expect(PhoneKeypad.dialled(Array("+1 800 go fedex".utf8)) == Array("+1 800 46 33339".utf8))
    for typed in ["+1 555 0100 ext 77", "555 0100 x77", "0170 555 EXTN 12", "flowers", "bob123", "(555) 01", "1-800-A"] {
      #expect(PhoneKeypad.dialled(Array(typed.utf8)) == nil, "\(typed)")
    }
  }
}
