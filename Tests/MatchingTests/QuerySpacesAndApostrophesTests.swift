import ContactKit
import CpickTestSupport
import Matching
import Testing

/// Case 40's kind (the query as typed or pasted, folded as the names are): a CJK input
/// method's ideographic space, a no-break space from a web page, and a typographic
/// apostrophe from a phone's smart punctuation mean what their ASCII forms mean.
@Suite("Unicode spaces and apostrophes in a query")
struct QuerySpacesAndApostrophesTests {
  static let people: [Contact] = [
    TestContacts.person("美咲", "佐藤", emails: ["misaki@sato.example"], fn: "佐藤美咲"),
    TestContacts.person("민준", "김", emails: ["minjun@kim.example"], fn: "김민준"),
    TestContacts.person("Ingrid", "Solberg", emails: ["ingrid@solberg.example"], fn: "Ingrid Solberg"),
    TestContacts.person("Conor", "O'Brien", emails: ["conor@obrien.example"], fn: "Conor O'Brien"),
    TestContacts.person("Dara", "D\u{2019}Arcy", emails: ["dara@darcy.example"], fn: "Dara D\u{2019}Arcy"),
    TestContacts.person("一郎", "鈴木", emails: ["ichiro@suzuki.example"], fn: "鈴木\u{3000}一郎"),
  ]

  @Test(
    "a query splits at every Unicode space, and an apostrophe is one whatever its form",
    arguments: [
      ("佐藤\u{3000}美咲", "佐藤美咲"), ("sato\u{3000}misaki", "佐藤美咲"), ("김\u{3000}민준", "김민준"),
      ("Ingrid\u{00A0}Solberg", "Ingrid Solberg"), ("ingrid\u{202F}sol", "Ingrid Solberg"),
      ("o\u{2019}brien", "Conor O'Brien"), ("o\u{02BC}brien", "Conor O'Brien"), ("d'arcy", "Dara D\u{2019}Arcy"),
      ("^一郎", "鈴木\u{3000}一郎"),
    ])
  func query(text: String, expected: String) {
    let index = ContactIndex(Self.people)
    #expect(names(index.search(text), in: Self.people) == [expected], "query \(text)")
  }

  @Test("folding gives the ASCII space and apostrophe")
  func folding() {
    #expect(SearchFolding.fold("Dara\u{00A0}D\u{2019}Arcy\u{3000}x") == "dara d'arcy x")
  }
}
