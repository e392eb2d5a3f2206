import ContactKit
import CpickTestSupport
import Foundation
import Matching
import Testing

@Suite("Contact search")
struct ContactIndexTests {
  // MARK: Shared case 20 — diacritics

  /// The rows of case 20's queries.tsv, as literals.
  static let diacriticQueries: [(String, Set<String>)] = [
    ("alvaro", ["Álvaro Peñalosa", "Alvaro Reyes"]),
    ("Álvaro", ["Álvaro Peñalosa", "Alvaro Reyes"]),
    ("penalosa", ["Álvaro Peñalosa"]),
    ("zoe", ["Zoë Lindqvist"]),
    ("lucja", ["Łucja Wróbel"]),
    ("wrobel", ["Łucja Wróbel"]),
    ("soren", ["Søren Dahl"]),
    ("ines", ["Ines Pratt"]),
  ]

  @Test("should return exactly the expected people for each diacritics query", arguments: diacriticQueries)
  func diacritics(query: String, expected: Set<String>) {
    let index = ContactIndex(diacriticPeople)
    #expect(names(index.search(query), in: diacriticPeople) == expected)
  }

  @Test(
    "should return exactly the sets listed in the shared case 20 queries.tsv",
  )
  func diacriticsFromSharedFile() throws {
    let rows = try readQueries(SharedFiles.caseFile("20-search-diacritics", "queries.tsv"))
    #expect(rows.count == 8)
    let index = ContactIndex(diacriticPeople)
    for row in rows {
      #expect(names(index.search(row.query), in: diacriticPeople) == row.expected, "query \(row.query)")
    }
  }

  @Test("should find accented names from an unaccented query and the other way round")
  func foldingIsSymmetric() {
    let people = [TestContacts.person("Alvaro", "Reyes"), TestContacts.person("Chloé", "Dubois"), TestContacts.person("Bob", "Smith")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("Álvaro"), in: people) == ["Alvaro Reyes"])
    #expect(orderedNames(index.search("CHLOE"), in: people) == ["Chloé Dubois"])
    #expect(orderedNames(index.search("chloé"), in: people) == ["Chloé Dubois"])
  }

  // MARK: Shared case 21 — phone formats

  static let phoneQueries: [(String, String)] = [
    ("01705550123", "Tilde Arkwright"),
    ("0170 555 0123", "Tilde Arkwright"),
    ("5550144", "Ugo Baptiste"),
    ("017155501", "Ugo Baptiste"),
    ("0172555", "Vera Castellane"),
    ("+15550100166", "Wim Dorsey"),
    ("5550100166", "Wim Dorsey"),
    ("15550100177", "Xan Ellery"),
    ("555-010-0177", "Xan Ellery"),
  ]

  @Test("should find exactly one contact for each phone query whatever the formatting", arguments: phoneQueries)
  func phoneFormats(query: String, expected: String) {
    let index = ContactIndex(phonePeople)
    #expect(orderedNames(index.search(query), in: phonePeople) == [expected])
  }

  @Test(
    "should return exactly the contact listed in the shared case 21 queries.tsv",
  )
  func phoneFormatsFromSharedFile() throws {
    let rows = try readQueries(SharedFiles.caseFile("21-search-phone-formats", "queries.tsv"))
    #expect(rows.count == 9)
    let index = ContactIndex(phonePeople)
    for row in rows {
      #expect(names(index.search(row.query), in: phonePeople) == row.expected, "query \(row.query)")
    }
  }

  @Test("should not match phone digits fuzzily")
  func phoneDigitsAreNotFuzzy() {
    let index = ContactIndex(phonePeople)
    // 0,1,7,0,5,5 appear in order in 01705550123, but not as a substring.
    #expect(index.search("017055").map(\.index) == [0])
    #expect(index.search("0175").isEmpty)
    #expect(index.search("5510").isEmpty)
  }

  @Test("a number stored in full-width, Arabic-Indic or Devanagari digits is found by its digits, typed either way")
  func phoneDigitsOfOtherScripts() {
    let people = [
      TestContacts.person("Hanako", "Yamada", phones: ["０９０-１２３４-５６７８"]),
      TestContacts.person("Samir", "Haddad", phones: ["+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧"]),
      TestContacts.person("Asha", "Rao", phones: ["९८७६५ ४३२१०"]),
      TestContacts.person("Plain", "Ascii", phones: ["+1 555 010–0166"]),
    ]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("09012345678"), in: people) == ["Hanako Yamada"])
    #expect(orderedNames(index.search("5678"), in: people) == ["Hanako Yamada"])
    #expect(orderedNames(index.search("٠٩٠١٢٣٤"), in: people) == ["Hanako Yamada"])
    #expect(orderedNames(index.search("966501234567"), in: people) == ["Samir Haddad"])
    #expect(orderedNames(index.search("9876543210"), in: people) == ["Asha Rao"])
    #expect(orderedNames(index.search("5550100166"), in: people) == ["Plain Ascii"])
  }

  @Test("should combine a phone word with a name word")
  func phoneAndName() {
    let people = phonePeople + [TestContacts.person("Tilde", "Other", phones: ["0999 000"])]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("tilde 0170"), in: people) == ["Tilde Arkwright"])
    #expect(orderedNames(index.search("tilde"), in: people) == ["Tilde Arkwright", "Tilde Other"])
  }

  @Test("should match a digit word against digits written in other fields")
  func digitsInText() {
    let people = [TestContacts.person("Room", "101", emails: ["agent007@example.com"]), TestContacts.person("Ada", "Byron")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("007"), in: people) == ["Room 101"])
    #expect(orderedNames(index.search("101"), in: people) == ["Room 101"])
  }

  // MARK: Pinyin, kana, several words

  static let chinese: [Contact] = [
    TestContacts.person("小明", "王"), TestContacts.person("娜", "李"), TestContacts.person("Wanda", "Maximoff"), TestContacts.person("Xiao", "Long"),
  ]

  @Test("should find a Chinese name by its pinyin, with and without spaces, and by initials")
  func pinyin() {
    let index = ContactIndex(Self.chinese)
    #expect(names(index.search("wang"), in: Self.chinese) == ["王小明"])
    // Wanda Maximoff matches "wxm" fuzzily, below the initials.
    #expect(orderedNames(index.search("wxm"), in: Self.chinese) == ["王小明", "Wanda Maximoff"])
    #expect(names(index.search("wxm", options: .init(exact: true)), in: Self.chinese) == ["王小明"])
    #expect(names(index.search("wangxiaoming"), in: Self.chinese) == ["王小明"])
    #expect(names(index.search("wang xiao ming"), in: Self.chinese) == ["王小明"])
    #expect(names(index.search("xiaoming"), in: Self.chinese) == ["王小明"])
    #expect(names(index.search("王"), in: Self.chinese) == ["王小明"])
    #expect(names(index.search("li na"), in: Self.chinese) == ["李娜"])
  }

  @Test("should rank a Latin name above a pinyin reading of the same letters")
  func latinBeforePinyin() {
    let index = ContactIndex(Self.chinese)
    let result = orderedNames(index.search("xiao"), in: Self.chinese)
    #expect(result == ["Xiao Long", "王小明"])
  }

  @Test("should find a name written in kana by its romaji")
  func kana() {
    var hanako = TestContacts.person("はなこ", "さとう")
    hanako.phoneticGivenName = "はなこ"
    let people = [hanako, TestContacts.person("Hank", "Moody")]
    let index = ContactIndex(people)
    #expect(names(index.search("hanako"), in: people) == ["さとうはなこ"])
    #expect(names(index.search("satou"), in: people) == ["さとうはなこ"])
  }

  @Test("should find a Cyrillic name by its transliteration")
  func cyrillic() {
    let people = [TestContacts.person("Иван", "Петров"), TestContacts.person("Ivana", "Trump")]
    let index = ContactIndex(people)
    #expect(names(index.search("petrov"), in: people) == ["Иван Петров"])
    #expect(names(index.search("петров"), in: people) == ["Иван Петров"])
  }

  @Test("should require every word of the query to match")
  func wordsAreAnded() {
    let people = [
      TestContacts.person("José", "Álvarez"), TestContacts.person("José", "Reyes"), TestContacts.person("Ana", "Álvarez"),
      TestContacts.person("Josefina", "Alvarado"),
    ]
    let index = ContactIndex(people)
    #expect(names(index.search("jose alv"), in: people) == ["José Álvarez", "Josefina Alvarado"])
    #expect(orderedNames(index.search("jose alv"), in: people).first == "José Álvarez")
    #expect(names(index.search("alv jose"), in: people) == ["José Álvarez", "Josefina Alvarado"])
    #expect(names(index.search("jose alva rez"), in: people) == ["José Álvarez"])
  }

  @Test("should search organization, department, nickname and email")
  func otherFields() {
    var nick = TestContacts.person("Robert", "Paulson")
    nick.nickname = "Bob"
    var dept = TestContacts.person("Mia", "Wallace", org: "Acme")
    dept.departmentName = "Logistics"
    let people = [nick, dept, TestContacts.person("Eve", "Moneypenny", emails: ["eve@mi6.example"])]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("bob"), in: people) == ["Robert Paulson"])
    #expect(orderedNames(index.search("acme"), in: people) == ["Mia Wallace"])
    #expect(orderedNames(index.search("logistics"), in: people) == ["Mia Wallace"])
    #expect(orderedNames(index.search("mi6"), in: people) == ["Eve Moneypenny"])
  }

  // MARK: Fuzzy and exact

  @Test("should match a fuzzy subsequence that starts at a word start, unless exact")
  func fuzzyAndExact() {
    let people = [TestContacts.person("Jane", "Smith"), TestContacts.person("Ojan", "Esmith")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("jsmi"), in: people) == ["Jane Smith"])
    #expect(index.search("jsmi", options: SearchOptions(exact: true)).isEmpty)
    #expect(orderedNames(index.search("smith", options: SearchOptions(exact: true)), in: people)
      == ["Jane Smith", "Ojan Esmith"])
  }

  @Test("should not match a fuzzy subsequence across two fields")
  func fuzzyStaysInOneField() {
    var contact = TestContacts.person("Zed", "Quux", emails: ["q@example.com"])
    contact.formattedName = "Zed"
    let people = [contact]
    let index = ContactIndex(people)
    #expect(index.search("zq").isEmpty)
    #expect(index.search("zed quux").count == 1)
  }

  // MARK: Ranking

  @Test("should rank a word-start match above a scattered match")
  func wordStartBeatsScattered() {
    let people = [TestContacts.person("Jack", "Olsen"), TestContacts.person("Mary", "Johnson")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("jo"), in: people) == ["Mary Johnson", "Jack Olsen"])
  }

  @Test("should rank a name match above an email match")
  func nameBeatsEmail() {
    let people = [TestContacts.person("Bob", "Stone", emails: ["ada@example.com"]), TestContacts.person("Ada", "Byron")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("ada"), in: people) == ["Ada Byron", "Bob Stone"])
  }

  @Test("should rank a name match above an organization match")
  func nameBeatsOrganization() {
    let people = [TestContacts.person("Carl", "Jones", org: "Vega Labs"), TestContacts.person("Vega", "Ortiz")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("vega"), in: people) == ["Vega Ortiz", "Carl Jones"])
  }

  @Test("should rank a whole-field match above a prefix")
  func exactFieldBeatsPrefix() {
    let people = [TestContacts.person("Annabel", "Lee"), TestContacts.person("Ann", "Moore")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("ann"), in: people) == ["Ann Moore", "Annabel Lee"])
  }

  @Test("should rank a prefix above a match in the middle of a word")
  func prefixBeatsMiddle() {
    let people = [TestContacts.person("Jim", "Jameson"), TestContacts.person("Sonia", "Park")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("son"), in: people) == ["Sonia Park", "Jim Jameson"])
  }

  @Test("should rank a substring above a fuzzy match")
  func substringBeatsFuzzy() {
    let people = [TestContacts.person("Mark", "Rotter"), TestContacts.person("Dan", "Marten")]
    let index = ContactIndex(people)
    // "mart": fuzzy in "mark rotter", a prefix of "marten".
    #expect(orderedNames(index.search("mart"), in: people) == ["Dan Marten", "Mark Rotter"])
    #expect(orderedNames(index.search("mart", options: .init(exact: true)), in: people) == ["Dan Marten"])
  }

  @Test("should rank consecutive characters above scattered ones")
  func consecutiveBeatsScattered() {
    let people = [TestContacts.person("Jo Sam", "Miles"), TestContacts.person("Jane", "Smith")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("jsmi"), in: people) == ["Jane Smith", "Jo Sam Miles"])
  }

  @Test("should rank a shorter field slightly above a longer one")
  func shorterFieldFirst() {
    let people = [TestContacts.person("Alexandra", "Berg"), TestContacts.person("Alan", "Berg")]
    let index = ContactIndex(people)
    #expect(orderedNames(index.search("al"), in: people) == ["Alan Berg", "Alexandra Berg"])
  }

  @Test("should keep equal scores in input order")
  func tiesKeepInputOrder() {
    let people = (0..<5).map { TestContacts.person("Ada", "Smith", id: "ada\($0)") }
    let index = ContactIndex(people)
    let result = index.search("smith")
    #expect(result.map(\.index) == [0, 1, 2, 3, 4])
    #expect(Set(result.map(\.score)).count == 1)
  }

  @Test("should return every contact in input order for a blank query")
  func blankQuery() {
    let index = ContactIndex(diacriticPeople)
    #expect(index.count == 6)
    #expect(index.search("").map(\.index) == Array(0..<6))
    #expect(index.search("   ").map(\.index) == Array(0..<6))
    #expect(index.search("zzzz").isEmpty)
  }

  // MARK: Refining

  @Test("should give the same result when refining within the previous result as a fresh search")
  func refiningMatchesFreshSearch() {
    let people = syntheticContacts(3000)
    let index = ContactIndex(people)
    for sequence in [
      ["a", "ad", "ada", "ada ", "ada l", "ada lo"], ["j", "jo", "jos", "jose", "jose a"],
      ["w", "wa", "wan", "wang"], ["4", "49", "49 1", "49 17"], ["s", "sm", "smi", "smith 4"],
      ["o", "o'", "o'b"],
    ] {
      var previous = index.search("")
      for query in sequence {
        let refined = index.search(query, options: .init(), within: previous)
        let fresh = index.search(query)
        #expect(refined == fresh, "query \(query)")
        previous = refined
      }
    }
  }

  @Test("should give the same ordered result from the parallel scan as from a serial one")
  func parallelScanIsStable() {
    let people = syntheticContacts(30_000)
    let index = ContactIndex(people)
    let everyone = index.search("")
    for query in ["a", "ada", "smith", "wxm", "555", "jo sm", "o'brien"] {
      let parallel = index.search(query)
      let serial = index.search(query, options: .init(), within: everyone.reversed())
      #expect(parallel == serial, "query \(query)")
      #expect(!parallel.isEmpty, "query \(query)")
    }
  }
}
