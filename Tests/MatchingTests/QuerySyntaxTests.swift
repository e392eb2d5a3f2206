import ContactKit
import CpickTestSupport
import Matching
import Testing

/// A small directory for the operator tests.
private let staff: [Contact] = {
  var ada = TestContacts.person("Ada", "Lovelace", emails: ["ada@analytical.example"], phones: ["+44 20 7946 0101"], org: "Analytical Engines")
  ada.groups = ["Team"]
  var grace = TestContacts.person("Grace", "Hopper", emails: ["grace@navy.example"], phones: ["+1 555 010 0142"], org: "US Navy")
  grace.groups = ["Team", "Navy"]
  var alan = TestContacts.person("Alan", "Turing", emails: ["alan@acme.example"], phones: ["0161 496 0000"], org: "Bletchley")
  alan.groups = ["Friends"]
  let acme = TestContacts.person("Jose", "Garcia", emails: ["jose@acme.example"], org: "Acme Corp")
  let nobody = TestContacts.person("Adaline", "Smith")
  return [ada, grace, alan, acme, nobody]
}()

private func find(_ query: String, exact: Bool = false) -> [String] {
  orderedNames(ContactIndex(staff).search(query, options: SearchOptions(exact: exact)), in: staff)
}

private func findSet(_ query: String, exact: Bool = false) -> Set<String> {
  Set(find(query, exact: exact))
}

@Suite("Query syntax")
struct QuerySyntaxTests {
  @Test("a quoted term matches as a substring only, never fuzzily")
  func quotedIsExact() {
    #expect(findSet("adlv") == ["Ada Lovelace"])  // fuzzy: a-d … l-v
    #expect(findSet("'adlv").isEmpty)
    #expect(findSet("'love") == ["Ada Lovelace"])
  }

  @Test("with --exact a plain term is a substring, and a quoted term is fuzzy again")
  func exactInvertsQuote() {
    #expect(findSet("adlv", exact: true).isEmpty)
    #expect(findSet("'adlv", exact: true) == ["Ada Lovelace"])
  }

  @Test("a term in single quotes on both sides matches a whole word")
  func quotedWholeWord() {
    #expect(findSet("'ada'") == ["Ada Lovelace"])
    #expect(findSet("ada") == ["Ada Lovelace", "Adaline Smith"])
  }

  @Test("a caret term matches the start of a field or of a word in it")
  func prefix() {
    #expect(findSet("^ada") == ["Ada Lovelace", "Adaline Smith"])
    #expect(findSet("^love") == ["Ada Lovelace"])  // the family name starts with it
    #expect(findSet("^ove").isEmpty)
    #expect(findSet("^navy") == ["Grace Hopper"])  // a word of "US Navy"
  }

  @Test("a dollar term matches the end of a field or of a word in it")
  func suffix() {
    #expect(findSet("lace$") == ["Ada Lovelace"])
    #expect(findSet("ith$") == ["Adaline Smith"])
    #expect(findSet("ove$").isEmpty)
    #expect(findSet("^ada$") == ["Ada Lovelace"])  // a whole word
  }

  @Test("an exclamation mark excludes contacts that contain the term")
  func negation() {
    #expect(findSet("ada !smith") == ["Ada Lovelace"])
    #expect(findSet("!acme") == ["Ada Lovelace", "Grace Hopper", "Adaline Smith"])
    #expect(findSet("ada !^love") == ["Adaline Smith"])
    #expect(findSet("ada !lace$") == ["Adaline Smith"])
  }

  @Test("an excluded term is a substring, not a fuzzy match")
  func negationIsNotFuzzy() {
    // "asm" fuzzily matches "Adaline Smith", but is no substring of it.
    #expect(findSet("ada !asm") == ["Ada Lovelace", "Adaline Smith"])
  }

  @Test("a bar between terms matches either of them")
  func or() {
    #expect(findSet("ada | grace") == ["Ada Lovelace", "Adaline Smith", "Grace Hopper"])
    #expect(findSet("^lovelace | ^hopper") == ["Ada Lovelace", "Grace Hopper"])
    // OR binds tighter than AND.
    #expect(findSet("ada | grace navy") == ["Grace Hopper"])
    #expect(findSet("team ada | alan").isEmpty)
    #expect(findSet("group:team ada | grace") == ["Ada Lovelace", "Grace Hopper"])
  }

  @Test("terms match in any order")
  func anyOrder() {
    #expect(find("lovelace ada") == find("ada lovelace"))
    #expect(find("lovelace ada") == ["Ada Lovelace"])
  }

  @Test("email: restricts a term to email addresses, by local part or by domain")
  func emailField() {
    #expect(findSet("email:'acme") == ["Alan Turing", "Jose Garcia"])
    #expect(findSet("'acme") == ["Alan Turing", "Jose Garcia"])  // org or email
    // Fuzzy: a…c…m…e in "ada@analytical.example".
    #expect(findSet("email:acme") == ["Ada Lovelace", "Alan Turing", "Jose Garcia"])
    #expect(findSet("email:grace") == ["Grace Hopper"])
    #expect(findSet("email:^navy") == ["Grace Hopper"])  // the domain after @
    #expect(findSet("email:hopper").isEmpty)
  }

  @Test("org: restricts a term to the organization")
  func orgField() {
    #expect(findSet("org:acme") == ["Jose Garcia"])
    #expect(findSet("org:navy") == ["Grace Hopper"])
    #expect(findSet("!org:acme 'acme") == ["Alan Turing"])
  }

  @Test("tel: matches phone digits only, including the end of a number")
  func telField() {
    #expect(findSet("tel:0101") == ["Ada Lovelace"])
    #expect(findSet("tel:0142$") == ["Grace Hopper"])
    #expect(findSet("tel:^0161") == ["Alan Turing"])
    #expect(findSet("tel:abc").isEmpty)
  }

  @Test("group: matches the groups, which plain terms do not search")
  func groupField() {
    #expect(findSet("group:team") == ["Ada Lovelace", "Grace Hopper"])
    #expect(findSet("group:friends") == ["Alan Turing"])
    #expect(findSet("friends").isEmpty)
    #expect(findSet("!group:team ^a") == ["Alan Turing", "Jose Garcia", "Adaline Smith"])
  }

  @Test("name: restricts a term to the names")
  func nameField() {
    #expect(findSet("name:acme").isEmpty)
    #expect(findSet("name:jose") == ["Jose Garcia"])
  }

  @Test("a field term with nothing after the colon tests that the field is present")
  func presence() {
    #expect(findSet("email:") == ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Jose Garcia"])
    #expect(findSet("!email:") == ["Adaline Smith"])
    #expect(findSet("!tel: jose") == ["Jose Garcia"])
  }

  @Test("an operator alone matches everything, so a half-typed query keeps the list")
  func lonelyOperators() {
    for query in ["!", "^", "'", "|", "ada |", "ada !", "ada ^"] {
      let expected: Set<String> = query.hasPrefix("ada") ? ["Ada Lovelace", "Adaline Smith"] : Set(staff.map(\.displayName))
      #expect(findSet(query) == expected, "query \(query)")
    }
  }

  @Test("a backslash keeps a space inside a term")
  func escapedSpace() {
    #expect(findSet(#"ada\ love"#) == ["Ada Lovelace"])
    #expect(findSet(#"'ada\ smith"#).isEmpty)
    #expect(findSet(#"'line\ smith"#) == ["Adaline Smith"])
  }

  @Test("a word that is not a field name before a colon is plain text")
  func unknownFieldIsText() {
    let people = [TestContacts.person("Room", "10:30", emails: [])]
    let index = ContactIndex(people)
    #expect(index.search("10:30").count == 1)
  }

  @Test("refining within a previous result gives the fresh answer for every operator")
  func refiningWithOperators() {
    let people = syntheticContacts(3000)
    let index = ContactIndex(people)
    for sequence in [
      ["a", "ad", "ada", "ada ", "ada |", "ada | g", "ada | gr"],
      ["!", "!a", "!ad", "!ada"], ["e", "em", "ema", "email", "email:", "email:a"],
      ["^", "^a", "^ad", "^ada", "^ada$"], ["ada", "ada$", "ada$x"],
      ["0", "01", "017", "0170 ", "0170 5", "0170 5 a"], ["-", "-1"],
    ] {
      var previous = index.search("")
      for query in sequence {
        let refined = index.search(query, options: .init(), within: previous)
        #expect(refined == index.search(query), "query \(query)")
        previous = refined
      }
    }
  }
}

@Suite("Highlighting with operators")
struct OperatorHighlightTests {
  @Test("an anchored term highlights the anchored occurrence")
  func anchored() {
    #expect(SearchHighlighter.positions(of: "son$", in: "Sonny Jameson") == [10, 11, 12])
    #expect(SearchHighlighter.positions(of: "^son", in: "Jameson Sonny") == [8, 9, 10])
  }

  @Test("excluded terms and other fields' terms highlight nothing in a name")
  func excludedAndFields() {
    #expect(SearchHighlighter.positions(of: "!ada", in: "Ada Lovelace") == [])
    #expect(SearchHighlighter.positions(of: "email:ada", in: "Ada Lovelace") == [])
    #expect(SearchHighlighter.positions(of: "name:ada", in: "Ada Lovelace") == [0, 1, 2])
    #expect(SearchHighlighter.positions(of: "ada | love", in: "Ada Lovelace") == [0, 1, 2, 4, 5, 6, 7])
  }
}

@Suite("The worked examples of ContactIndex.swift")
struct WorkedExampleTests {
  static let people: [Contact] = [
    TestContacts.person("Álvaro", "Peñalosa"), TestContacts.person("Alvaro", "Reyes"), TestContacts.person("小明", "王"),
    TestContacts.person("Tilde", "Arkwright", phones: ["0170 5550123"]),
    TestContacts.person("Anna", "Fischer", emails: ["anna@acme.example"], phones: ["+49 170 5550124"]),
  ]

  @Test(
    "each example finds what the overview says",
    arguments: [
      ("alvaro", ["Álvaro Peñalosa", "Alvaro Reyes"]), ("Álvaro", ["Álvaro Peñalosa", "Alvaro Reyes"]),
      ("pena", ["Álvaro Peñalosa"]), ("alv rey", ["Alvaro Reyes"]), ("alv !rey", ["Álvaro Peñalosa"]),
      ("reyes | tilde", ["Alvaro Reyes", "Tilde Arkwright"]), ("wxm", ["王小明"]),
      ("0170 555 0123", ["Tilde Arkwright"]), ("555-0123", ["Tilde Arkwright"]),
      ("01705550124", ["Anna Fischer"]), ("tel:0124$", ["Anna Fischer"]), ("email:^acme", ["Anna Fischer"]),
      ("+49 170", ["Anna Fischer", "Tilde Arkwright"]),
    ] as [(String, Set<String>)])
  func example(query: String, expected: Set<String>) {
    #expect(names(ContactIndex(Self.people).search(query), in: Self.people) == expected)
  }
}

/// Names written with a hyphen, a space or run together.
private let joinedNames: [Contact] = [
  TestContacts.person("Jean Luc", "Picard", emails: ["jl@enterprise.example"]),
  TestContacts.person("Jean-Luc", "Godard", emails: ["jean-luc@cinema.example"]),
  TestContacts.person("Jeanne", "Moreau"),
  TestContacts.person("Anne-Marie", "Dupont"),
  TestContacts.person("지성", "박"),
  TestContacts.person("Jeanluc", "Runtogether"),
  TestContacts.person("Ada", "Lovelace"),
]

@Suite("Hyphens in a query")
struct HyphenQueryTests {
  func find(_ query: String, exact: Bool = false) -> Set<String> {
    Set(orderedNames(ContactIndex(joinedNames).search(query, options: SearchOptions(exact: exact)), in: joinedNames))
  }

  @Test("a fuzzy word with a hyphen finds the name written with a space there, or run together")
  func hyphenMatchesSpace() {
    #expect(find("jean-luc") == ["Jean Luc Picard", "Jean-Luc Godard", "Jeanluc Runtogether"])
    #expect(find("jean luc") == ["Jean Luc Picard", "Jean-Luc Godard", "Jeanluc Runtogether"])
    #expect(find("anne-marie") == ["Anne-Marie Dupont"])
    #expect(find("park ji-sung") == ["박지성"])
    #expect(find("park jisung") == ["박지성"])
    // Unicode's hyphens are the ASCII one, in a query and in a name.
    #expect(find("jean\u{2010}luc") == ["Jean Luc Picard", "Jean-Luc Godard", "Jeanluc Runtogether"])
    #expect(find("'jean\u{2011}luc") == ["Jean-Luc Godard"])
    let unicodeHyphen = [TestContacts.person("Marie\u{2010}Claire", "Roux")]
    #expect(
      orderedNames(ContactIndex(unicodeHyphen).search("'marie-claire", options: SearchOptions()), in: unicodeHyphen)
        == ["Marie\u{2010}Claire Roux"])
    // The address as typed still finds its owner, and only its owner.
    #expect(find("jean-luc@cinema") == ["Jean-Luc Godard"])
  }

  @Test("a number written with a figure dash, an en dash, a minus sign or a middle dot is found as shown, or as digits (case 21's kind)")
  func phoneSeparators() {
    let separators = ["\u{2012}", "\u{2013}", "\u{2212}", "\u{B7}"]
    let people = separators.enumerated().map { index, separator in
      TestContacts.person("Sep\(index)", "Number", phones: ["0\(index)71\(separator)555\(separator)01\(separator)22"])
    } + [TestContacts.person("Control", "Hyphen", phones: ["030-555-0199"])]
    let index = ContactIndex(people)
    for (number, separator) in separators.enumerated() {
      let shown = "0\(number)71\(separator)555\(separator)01\(separator)22"
      for query in [shown, "0\(number)715550122", "0\(number)71-555-01-22"] {
        #expect(orderedNames(index.search(query, options: SearchOptions()), in: people) == ["Sep\(number) Number"], "\(query)")
      }
    }
    #expect(orderedNames(index.search("030\u{2013}555\u{2013}0199", options: SearchOptions()), in: people) == ["Control Hyphen"])
  }

  @Test("a number written with a Japanese input method's ー or ｰ, an em dash, a bar or a katakana dot is found pasted as shown (case 21's kind)")
  func phoneSeparatorsBeyondFolding() {
    let people = [
      TestContacts.person("Taro", "Yamada", phones: ["090ー1234ー5678"]),
      TestContacts.person("Em", "Dash", phones: ["030—555—0199"]),
      TestContacts.person("Kohi", "コーヒー", phones: ["+81 3 5555 0100"]),
    ]
    let index = ContactIndex(people)
    let search = { (query: String) in orderedNames(index.search(query, options: SearchOptions()), in: people) }
    for query in ["090ー1234ー5678", "090ｰ1234ｰ5678", "090〜1234〜5678", "090・1234・5678", "09012345678", "090-1234-5678"] {
      #expect(search(query) == ["Taro Yamada"], "\(query)")
    }
    for query in [
      "030—555—0199", "030―555―0199", "030\u{2500}555\u{2500}0199", "030﹣555﹣0199", "030‧555‧0199", "030ㅡ555ㅡ0199",
      "030➖555➖0199", "030_555_0199", "030~555~0199", "030*555*0199", "030︱555︱0199", "030＿555＿0199", "030꓾555꓾0199",
    ] {
      #expect(search(query) == ["Em Dash"], "\(query)")
    }
    // Text without digits keeps its ー: a katakana word is a word.
    #expect(search("コーヒー") == ["Kohi コーヒー"])
    #expect(search("em 030—555—0199") == ["Em Dash"])
    #expect(search("taro 090ー1234ー5678") == ["Taro Yamada"])
    // Fewer than six digits are no number to dial: `7*11`, `2~3` stay text.
    let shop = [TestContacts.person("Seven", "Eleven", fn: "7*11 Shop"), TestContacts.person("Two", "Three", phones: ["+1 555 0123"])]
    #expect(orderedNames(ContactIndex(shop).search("7*11", options: SearchOptions()), in: shop) == ["7*11 Shop"])
    #expect(search("コ-ヒ-").isEmpty)
  }

  @Test("the name written as typed ranks first: a match without the hyphen scores less than the same match with it")
  func typedSpellingFirst() {
    let ranked = orderedNames(ContactIndex(joinedNames).search("jean-luc", options: SearchOptions()), in: joinedNames)
    #expect(ranked.first == "Jean-Luc Godard")
    // `show` and `-1` take the one contact whose words the query's words start: the
    // words as typed (with their hyphen) first.
    let candidates = orderedNames(ContactIndex(joinedNames).candidates("jean-luc"), in: joinedNames)
    #expect(candidates == ["Jean-Luc Godard"])
    #expect(orderedNames(ContactIndex(joinedNames).candidates("park ji-sung"), in: joinedNames) == ["박지성"])
    #expect(Set(ranked) == ["Jean-Luc Godard", "Jeanluc Runtogether", "Jean Luc Picard"])
  }

  @Test("a hyphen at a word's end, at its start, doubled or beside punctuation is a character to find, never optional")
  func loneHyphensStayLiteral() {
    #expect(find("jean-") == ["Jean-Luc Godard"])
    #expect(find("-luc") == ["Jean-Luc Godard"])
    #expect(find("-a").isEmpty)
    #expect(find("a-") == ["Anne-Marie Dupont"])  // its letters in order, hyphen too; not every `a`
    #expect(find("jean--luc").isEmpty)
    #expect(find("+-").isEmpty)
  }

  @Test("a query that grows past a hyphen is searched afresh, not within the shorter query's matches")
  func hyphenIsNotPlain() {
    let index = ContactIndex(joinedNames)
    let earlier = index.search("jean-", options: SearchOptions())
    let within = index.search("jean-l", options: SearchOptions(), within: earlier)
    #expect(within.map(\.index).sorted() == index.search("jean-l", options: SearchOptions()).map(\.index).sorted())
    #expect(within.count == 3)
  }

  @Test("a quoted, anchored, excluding, exact or field term keeps its hyphen")
  func literalTermsKeepHyphen() {
    #expect(find("'jean-luc") == ["Jean-Luc Godard"])
    #expect(find("^jean-luc") == ["Jean-Luc Godard"])
    #expect(find("jean !jean-luc") == ["Jean Luc Picard", "Jeanne Moreau", "Jeanluc Runtogether"])
    #expect(find("jean-luc", exact: true) == ["Jean-Luc Godard"])
    #expect(find("'jean-luc", exact: true) == ["Jean-Luc Godard"])  // fuzzy there, hyphen kept
    #expect(find("email:jean-luc") == ["Jean-Luc Godard"])
  }

  @Test("typed key by key, each query refines the one before: a search within its matches finds what a fresh one does")
  func typedKeyByKey() {
    let index = ContactIndex(joinedNames)
    var previousQuery = ""
    var previous: [ContactMatch] = []
    for query in ["j", "je", "jea", "jean", "jean-", "jean-l", "jean-lu", "jean-luc"] {
      let fresh = index.search(query, options: SearchOptions())
      if !previousQuery.isEmpty {
        let refined = index.search(query, options: SearchOptions(), refining: previousQuery, within: previous)
        #expect(refined.map(\.index) == fresh.map(\.index), "query \(query)")
      }
      previousQuery = query
      previous = fresh
    }
    #expect(orderedNames(previous, in: joinedNames).count == 3)
  }
}
