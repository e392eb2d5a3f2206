import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Case 20's kind (diacritics, both ways): a name is found by the spelling a reader
/// types without its letters on the keyboard — `mueller` finds Müller as `muller` does.
@Suite("letters spelled out as an ASCII keyboard spells them")
struct SpelledOutTests {
  static let people: [Contact] = [
    TestContacts.person("Jürgen", "Müller", emails: ["j@mueller.example"], fn: "Jürgen Müller"),
    TestContacts.person("Karl", "Mueller", emails: ["k@mueller.example"], fn: "Karl Mueller"),
    TestContacts.person("Søren", "Kierkegaard", emails: ["s@k.example"], fn: "Søren Kierkegaard"),
    TestContacts.person("Åsa", "Öberg", emails: ["a@o.example"], fn: "Åsa Öberg"),
    TestContacts.person("Đorđe", "Đoković", emails: ["d@d.example"], fn: "Đorđe Đoković"),
  ]

  @Test(
    "both spellings find the name",
    arguments: [
      ("mueller", ["Jürgen Müller", "Karl Mueller"]), ("muller", ["Jürgen Müller", "Karl Mueller"]), ("juergen", ["Jürgen Müller"]),
      ("soeren", ["Søren Kierkegaard"]), ("soren", ["Søren Kierkegaard"]), ("oeberg", ["Åsa Öberg"]),
      ("aasa", ["Åsa Öberg"]), ("djokovic", ["Đorđe Đoković"]), ("djordje", ["Đorđe Đoković"]), ("dokovic", ["Đorđe Đoković"]),
    ])
  func found(query: String, expected: [String]) {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(query), in: Self.people) == Set(expected), "query \(query)")
  }

  @Test("the spelled-out form")
  func spelled() {
    #expect(SearchFolding.spelledOut("Müller") == "mueller")
    #expect(SearchFolding.spelledOut("Đoković") == "djokovic")
    #expect(SearchFolding.spelledOut("Smith") == nil)
  }
}
