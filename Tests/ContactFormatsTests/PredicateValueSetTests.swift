import ContactKit
import Testing

@testable import ContactFormats

@Suite("Predicates: an OR of equalities as one set")
struct PredicateValueSetTests {
  /// Whether `format` holds for `person`, its OR terms evaluated one by one.
  static func termByTerm(_ terms: [String], _ person: JSONValue) throws -> Bool {
    try terms.contains { try ContactPredicate(format: $0, kind: .contact).evaluate(person) }
  }

  @Test("the same answer as its terms one by one, modifiers, lists, quantifiers and missing values alike")
  func sameAsTerms() throws {
    let people = [PredicateFixtures.ada, PredicateFixtures.jose, PredicateFixtures.empty]
    let termLists: [[String]] = [
      ["givenName == \"Grace\"", "givenName == \"Ada\""],
      ["givenName ==[c] \"ADA\"", "givenName ==[c] \"grace\"", "givenName == \"ADA\""],
      ["givenName ==[cd] \"JOSE\"", "givenName ==[cd] \"x\""],
      ["givenName == \"José\"", "givenName == \"Jose\""],
      ["emailAddresses.value == \"nobody@x.org\"", "emailAddresses.value IN {\"ada@example.org\", \"b@x.org\"}"],
      ["ANY emailAddresses.label == \"home\"", "emailAddresses.label == \"other\""],
      ["ALL emailAddresses.label == \"work\"", "emailAddresses.label == \"nothing\""],
      ["note == \"\"", "note == \"secret\""],
      ["givenName == \"Nobody\"", "hasImage", "givenName == \"Nemo\""],
      ["givenName IN {\"Alan\", \"Edsger\"}", "familyName == \"Lovelace\"", "givenName IN {\"Ada\"}"],
      ["organizationName CONTAINS \"Engines\"", "organizationName == \"x\"", "organizationName == \"y\""],
      // Terms sharing an object's folded texts (`PredicateMemo`): each as alone.
      ["organizationName CONTAINS[cd] \"ENGINE\"", "organizationName CONTAINS \"ENGINE\"", "organizationName BEGINSWITH[c] \"analy\""],
      ["emailAddresses.value CONTAINS[cd] \"LOVELACE@\"", "emailAddresses.value ENDSWITH[c] \"HOME.EXAMPLE\"", "givenName LIKE[cd] \"a*\""],
      ["NOT (givenName CONTAINS[d] \"Jos\")", "givenName CONTAINS[d] \"Jose\"", "givenName CONTAINS \"Jose\""],
      // CONTAINS terms of one key path as one automaton (`PredicateWords`).
      ["organizationName CONTAINS \"gines L\"", "organizationName CONTAINS \"xyz\""],
      ["organizationName CONTAINS \"xyz\"", "organizationName CONTAINS \"ENGINES\""],
      ["organizationName CONTAINS[c] \"xyz\"", "organizationName CONTAINS[c] \"ENGINES\""],
      ["givenName CONTAINS[cd] \"JOSÉ\"", "givenName CONTAINS[cd] \"qqq\""],
      ["givenName CONTAINS \"Jose\"", "givenName CONTAINS \"qqq\""],
      ["emailAddresses.value CONTAINS \"@home.\"", "emailAddresses.value CONTAINS \"nobody\""],
      ["ALL emailAddresses.value CONTAINS \"@\"", "emailAddresses.value CONTAINS \"nobody\""],
      ["note CONTAINS \"\"", "note CONTAINS \"x\""],
      ["emailAddresses.value CONTAINS \"\"", "emailAddresses.value CONTAINS \"x\""],
      // BEGINSWITH and ENDSWITH terms of one key path as one set of beginnings (ends).
      ["organizationName BEGINSWITH \"Analy\"", "organizationName BEGINSWITH \"xyz\""],
      ["organizationName BEGINSWITH[c] \"xyz\"", "organizationName BEGINSWITH[c] \"ANALYTICAL\""],
      ["givenName BEGINSWITH[cd] \"JOSÉ\"", "givenName BEGINSWITH[cd] \"qqq\""],
      ["emailAddresses.value ENDSWITH \"home.example\"", "emailAddresses.value ENDSWITH \"nobody\""],
      ["emailAddresses.value ENDSWITH[c] \"EXAMPLE.ORG\"", "emailAddresses.value ENDSWITH[c] \"Q\""],
      ["ALL emailAddresses.value ENDSWITH \"e\"", "emailAddresses.value ENDSWITH \"org\""],
      ["note BEGINSWITH \"\"", "note BEGINSWITH \"x\""],
      ["givenName ENDSWITH \"e\u{301}\"", "givenName ENDSWITH \"qq\""],
      // LIKE with a `*` at either end only: taken as the test it is.
      ["organizationName LIKE \"*gines L*\"", "organizationName LIKE \"*xyz*\""],
      ["organizationName LIKE[c] \"analy*\"", "organizationName LIKE[c] \"xyz*\""],
      ["emailAddresses.value LIKE[c] \"*HOME.EXAMPLE\"", "emailAddresses.value LIKE \"*nobody\""],
      ["givenName LIKE[cd] \"JOSE\"", "givenName LIKE[cd] \"qqq\""],
      ["givenName LIKE \"A\\\\*\"", "givenName LIKE \"*\\\\?*\"", "givenName LIKE \"A*a\""],
      ["ALL emailAddresses.value LIKE \"*@*\"", "emailAddresses.value LIKE \"*nobody*\""],
      ["note LIKE \"**\"", "note LIKE \"*\"", "note LIKE \"\""],
      // A mark after `*` makes it a literal character until `[d]` takes the mark off.
      ["givenName LIKE[d] \"A*\u{301}\"", "givenName LIKE[d] \"zzz\""],
      ["givenName LIKE \"A*\u{301}\"", "givenName LIKE \"zzz\""],
    ]
    for terms in termLists {
      let whole = try ContactPredicate(format: terms.joined(separator: " OR "), kind: .contact)
      for (index, person) in people.enumerated() {
        #expect(try whole.evaluate(person) == Self.termByTerm(terms, person), "\(terms) on person \(index)")
      }
    }
    // The fixtures give both answers.
    let names = try ContactPredicate(format: "givenName == \"Grace\" OR givenName == \"Ada\"", kind: .contact)
    #expect(try names.evaluate(PredicateFixtures.ada))
    #expect(try !names.evaluate(PredicateFixtures.jose))
  }

  @Test("a key path's equalities become one set; other terms stay, in their order")
  func grouping() throws {
    let format = (0..<500).map { "givenName == \"n\($0)\"" }.joined(separator: " OR ") + " OR hasImage OR givenName ==[c] \"X\""
    let predicate = try ContactPredicate(format: format, kind: .contact)
    guard case .or(let terms) = predicate.root else {
      Issue.record("not an OR")
      return
    }
    #expect(terms.count == 3)
    guard case .oneOf(let set) = terms[0] else {
      Issue.record("no set first")
      return
    }
    #expect(set.texts.count == 500)
    #expect(set.texts.contains("n499"))
    if case .keyPath = terms[1] {} else { Issue.record("hasImage not second") }
    // A single comparison with other modifiers stays a comparison.
    if case .comparison = terms[2] {} else { Issue.record("[c] comparison not kept") }
  }

  @Test("a key path's CONTAINS terms become one automaton that finds what each term finds")
  func containsGrouping() throws {
    let words = ["he", "she", "his", "hers", "e\u{301}t", "ü"]
    let format = words.map { "note CONTAINS \"\($0)\"" }.joined(separator: " OR ") + " OR note CONTAINS[c] \"X\""
    let predicate = try ContactPredicate(format: format, kind: .contact)
    guard case .or(let terms) = predicate.root, terms.count == 2, case .oneOf(let set) = terms[0] else {
      Issue.record("not a set and a comparison: \(predicate.root)")
      return
    }
    #expect(set.test == .contains)
    #expect(set.texts == Set(words))
    #expect(set.words.occurs(in: Array("ushers")) && !set.words.occurs(in: Array("xyz")))
    // Each text against each word, as `PredicateEvaluator.contains` answers: overlaps,
    // a word inside another, fallbacks to a shorter word, canonical equivalence.
    let automaton = PredicateWords(words)
    for text in ["ushers", "ahishe", "h", "hhe", "xhexs", "xxx", "caf\u{E9}t", "u\u{308}ber", "", "shh", "hi"] {
      let expected = words.contains { PredicateEvaluator.contains(Array(text), Array($0)) }
      #expect(automaton.occurs(in: Array(text)) == expected, "\(text)")
    }
    #expect(PredicateWords(["", "q"]).occurs(in: []))
    #expect(!PredicateWords(["q"]).occurs(in: []))
  }

  @Test("a key path's BEGINSWITH (ENDSWITH) terms become one set, its lengths each looked up once")
  func beginningsGrouping() throws {
    let format = (0..<300).map { "familyName BEGINSWITH[c] \"L\(String(repeating: "o", count: $0 % 7))\($0)\"" }
      .joined(separator: " OR ") + " OR familyName ENDSWITH \"lace\" OR familyName ENDSWITH \"xyz\""
    let predicate = try ContactPredicate(format: format, kind: .contact)
    guard case .or(let terms) = predicate.root, terms.count == 2, case .oneOf(let begins) = terms[0],
      case .oneOf(let ends) = terms[1]
    else {
      Issue.record("not two sets: \(predicate.root)")
      return
    }
    #expect(begins.test == .beginsWith && begins.texts.count == 300 && begins.lengths.count < 300)
    #expect(ends.test == .endsWith && ends.lengths == [3, 4])
    #expect(try predicate.evaluate(PredicateFixtures.ada))
  }

  @Test("a key path's LIKE terms with a * at either end only become the sets of their tests")
  func likeGrouping() throws {
    let format = (0..<200).map { "emailAddresses.value LIKE[cd] \"*u\($0)@EXAMPLE*\"" }.joined(separator: " OR ")
      + " OR givenName LIKE \"A*a\""
    let predicate = try ContactPredicate(format: format, kind: .contact)
    guard case .or(let terms) = predicate.root, terms.count == 2, case .oneOf(let words) = terms[0] else {
      Issue.record("not a set and a term: \(predicate.root)")
      return
    }
    #expect(words.test == .contains && words.texts.count == 200)
    #expect(try predicate.evaluate(PredicateFixtures.ada))  // by `A*a`
  }

  @Test("a long OR or AND is one node: 10,000 terms parse and evaluate without a deep recursion")
  func longChains() throws {
    let or = (0..<10_000).map { "note CONTAINS \"w\($0)\"" }.joined(separator: " OR ")
    #expect(try !ContactPredicate(format: or, kind: .contact).evaluate(PredicateFixtures.ada))
    let and = (0..<10_000).map { _ in "hasImage" }.joined(separator: " AND ")
    #expect(try ContactPredicate(format: and, kind: .contact).evaluate(PredicateFixtures.ada))
  }

  @Test("a lone IN list is a set too, inside an AND as well, with the comparison's answers")
  func loneList() throws {
    let list = try ContactPredicate(format: "givenName IN[c] {\"ADA\", \"grace\"}", kind: .contact)
    if case .oneOf = list.root {} else { Issue.record("not a set: \(list.root)") }
    #expect(try list.evaluate(PredicateFixtures.ada))
    #expect(try !list.evaluate(PredicateFixtures.jose))
    let both = try ContactPredicate(format: "hasImage AND givenName IN {\"Ada\"}", kind: .contact)
    guard case .and(let terms) = both.root, terms.count == 2 else {
      Issue.record("not an AND of two: \(both.root)")
      return
    }
    if case .oneOf = terms[1] {} else { Issue.record("no set in the AND") }
    #expect(try both.evaluate(PredicateFixtures.ada))
    // A list of numbers is no set of texts: a comparison still.
    let counts = try ContactPredicate(format: "emailAddresses.@count IN {1, 2}", kind: .contact)
    if case .comparison = counts.root {} else { Issue.record("numbers taken as texts") }
    #expect(try counts.evaluate(PredicateFixtures.ada))
  }

  @Test("a text literal is folded once, when parsed: its comparison carries it folded and as characters; the answers are the same")
  func literalPreparedOnce() throws {
    guard case .comparison(let comparison) = try PredicateParser.parse("organizationName CONTAINS[cd] \"ÉNGINES\"", kind: .contact)
    else {
      Issue.record("not one comparison")
      return
    }
    #expect(comparison.literal?.folded == "engines")
    #expect(comparison.literal?.characters == Array("engines"))
    let matches = try PredicateParser.parse("note MATCHES \".*\"", kind: .contact)
    if case .comparison(let regex) = matches { #expect(regex.literal == nil) }
    for (format, expected) in [
      ("organizationName CONTAINS[cd] \"ÉNGINES\"", true), ("organizationName LIKE[c] \"*ENGINES*\"", true),
      ("organizationName CONTAINS \"ENGINES\"", false), ("organizationName ==[cd] \"analytical engines\"", false), ("organizationName ==[cd] \"ANALYTICAL ÉNGINES LTD\"", true),
    ] {
      #expect(try ContactPredicate(format: format, kind: .contact).evaluate(PredicateFixtures.ada) == expected, "\(format)")
    }
  }
}
