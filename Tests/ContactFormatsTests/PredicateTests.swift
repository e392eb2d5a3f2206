import ContactKit
import Testing

@testable import ContactFormats

/// Invented people as PRODUCT.md's person JSON.
enum PredicateFixtures {
  /// Two emails, one phone, a London address, an IM address, two groups, a photo.
  static let ada: JSONValue = {
    var c = Contact(identifier: "ada-1815", source: "people.vcf")
    c.givenName = "Ada"
    c.familyName = "Lovelace"
    c.nickname = "Ada"
    c.organizationName = "Analytical Engines Ltd"
    c.jobTitle = "Mathematician"
    c.birthday = ContactDate(year: 1815, month: 12, day: 10)
    c.emailAddresses = [
      LabeledValue(identifier: "e1", label: "work", value: "ada@example.org"),
      LabeledValue(identifier: "e2", label: "home", value: "Ada.Lovelace@home.example"),
    ]
    c.phoneNumbers = [LabeledValue(identifier: "p1", label: "mobile", value: "+44 20 7946 0000")]
    c.postalAddresses = [
      LabeledValue(
        identifier: "a1", label: "home",
        value: PostalAddress(
          street: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "United Kingdom",
          isoCountryCode: "GB"))
    ]
    c.instantMessageAddresses = [
      LabeledValue(
        identifier: "i1", label: "work", value: InstantMessageAddress(service: "xmpp", username: "ada@jabber.example"))
    ]
    c.groups = ["Family", "Mathematicians"]
    c.hasImage = true
    return PersonJSON.person(c)
  }()

  /// A name and an organization only: no emails, phones, note, birthday or groups.
  static let jose: JSONValue = {
    var c = Contact(identifier: "jose-1", source: "people.vcf")
    c.givenName = "José"
    c.familyName = "Álvarez"
    c.organizationName = "Álvarez & Ruiz"
    return PersonJSON.person(c)
  }()

  /// A bare object without even `hasImage`.
  static let empty: JSONValue = .object([("identifier", .string("x"))])

  static let workEmail: JSONValue = .object([
    ("key", .string("emailAddresses")), ("identifier", .string("e1")), ("label", .string("work")),
    ("value", .string("ada@example.org")),
  ])

  static let homeAddress: JSONValue = .object([
    ("key", .string("postalAddresses")), ("identifier", .string("a1")), ("label", .string("home")),
    (
      "value",
      PersonJSON.postalAddress(PostalAddress(street: "12 St James's Square", city: "London", country: "United Kingdom"))
    ),
  ])
}

@Suite("Predicates: NSPredicate-style expressions on the person JSON")
struct PredicateTests {
  /// Evaluates `format` (which must parse) on `value`.
  func check(_ format: String, _ value: JSONValue = PredicateFixtures.ada, kind: ContactPredicate.Kind = .contact)
    throws -> Bool
  {
    try ContactPredicate(format: format, kind: kind).evaluate(value)
  }

  /// The error `format` gives.
  func error(_ format: String, kind: ContactPredicate.Kind = .contact) -> PredicateError? {
    do {
      _ = try ContactPredicate(format: format, kind: kind)
      return nil
    } catch {
      return error
    }
  }

  @Test("== and = compare text exactly")
  func equal() throws {
    #expect(try check(#"givenName == "Ada""#))
    #expect(try check(#"givenName = "Ada""#))
    #expect(try !check(#"givenName == "ada""#))
    #expect(try check(#"contactType == "person""#))
    #expect(try check(#"birthday == "1815-12-10""#))
  }

  @Test("a literal that begins or ends with a combining mark is read: its quote is no other character")
  func quoteBesideMark() throws {
    #expect(try !check("familyName ENDSWITH \"\u{301}x\""))
    #expect(try check("familyName BEGINSWITH[d] \"\u{300}\" OR givenName == \"Ada\""))
    #expect(try PredicateLexer.tokens("note == '\u{301}'").count == 4)
  }

  @Test("!= and <> are the negation of ==")
  func notEqual() throws {
    #expect(try check(#"familyName != "Babbage""#))
    #expect(try check(#"familyName <> "Babbage""#))
    #expect(try !check(#"familyName != "Lovelace""#))
  }

  @Test("<, <=, >, >= order text, so ISO dates compare by time")
  func orderingText() throws {
    #expect(try check(#"familyName < "M""#))
    #expect(try check(#"familyName <= "Lovelace""#))
    #expect(try check(#"familyName > "Babbage""#))
    #expect(try check(#"familyName >= "Lovelace""#))
    #expect(try check(#"birthday < "1900""#))
    #expect(try !check(#"birthday > "1900-01-01""#))
    #expect(try check(#"familyName =< "Lovelace" AND familyName => "Lovelace""#))
  }

  @Test("@count counts a list's values and compares with numbers")
  func count() throws {
    #expect(try check("emailAddresses.@count == 2"))
    #expect(try check("emailAddresses.value.@count > 1"))
    #expect(try check("phoneNumbers.@count >= 1 AND phoneNumbers.@count <= 1"))
    #expect(try check("groups.@count < 3"))
    #expect(try check("urlAddresses.@count == 0"))
    #expect(try check("emailAddresses.@count != -1"))
    #expect(try check("emailAddresses.@count IN {1, 2, 3}"))
    #expect(try !check("phoneNumbers.@count > 0", PredicateFixtures.jose))
  }

  @Test("CONTAINS finds text anywhere")
  func contains() throws {
    #expect(try check(#"organizationName CONTAINS "Engines""#))
    #expect(try !check(#"organizationName CONTAINS "engines""#))
    #expect(try check(#"organizationName CONTAINS """#))
  }

  @Test("BEGINSWITH and ENDSWITH test the ends")
  func beginsAndEnds() throws {
    #expect(try check(#"organizationName BEGINSWITH "Analytical""#))
    #expect(try !check(#"organizationName BEGINSWITH "Engines""#))
    #expect(try check(#"organizationName ENDSWITH "Ltd""#))
    #expect(try check(#"birthday ENDSWITH "-12-10""#))
    #expect(try !check(#"organizationName ENDSWITH "Analytical""#))
  }

  @Test("LIKE matches the whole text with * and ?, and \\ makes them literal")
  func like() throws {
    #expect(try check(#"familyName LIKE "L*e""#))
    #expect(try check(#"familyName LIKE "Lovel?ce""#))
    #expect(try check(#"familyName LIKE "*""#))
    #expect(try !check(#"familyName LIKE "Love""#))
    #expect(try !check(#"familyName LIKE "?ovelace?""#))
    #expect(try check(#"jobTitle LIKE "*math*" OR jobTitle LIKE "M*n""#))
    let star = JSONValue.object([("note", .string("5*3"))])
    #expect(try check(#"note LIKE "5\*3""#, star))
    #expect(try !check(#"note LIKE "5\*3""#, .object([("note", .string("5x3"))])))
  }

  @Test("MATCHES is an ICU regular expression over the whole text")
  func matches() throws {
    #expect(try check(#"phoneNumbers.value MATCHES "\+44[ 0-9]+""#))
    #expect(try check(#"familyName MATCHES "Love.*""#))
    #expect(try !check(#"familyName MATCHES "Love""#))
    #expect(try check(#"postalAddresses.value.postalCode MATCHES "[A-Z]{2}\d[A-Z] \d[A-Z]{2}""#))
    // Alternation must cover the whole text, not stop at the first alternative.
    #expect(try check(#"givenName MATCHES "A|Ada""#))
  }

  @Test("IN tests membership in a list, a list key path, or text")
  func inOperator() throws {
    #expect(try check(#"givenName IN {"Ada", "Grace"}"#))
    #expect(try !check(#"givenName IN {"Grace", 'Alan'}"#))
    #expect(try check(#""Family" IN groups"#))
    #expect(try !check(#""Fam" IN groups"#))
    #expect(try check(#"ANY emailAddresses.label IN {"work", "school"}"#))
    #expect(try check(#""Love" IN familyName"#))
    #expect(try !check(#"givenName IN {}"#))
  }

  @Test("[c] ignores case")
  func caseInsensitive() throws {
    #expect(try check(#"givenName ==[c] "ADA""#))
    #expect(try check(#"organizationName CONTAINS[c] "ENGINES""#))
    #expect(try check(#"familyName LIKE[c] "lOVE*""#))
    #expect(try check(#"givenName IN[c] {"ada"}"#))
    #expect(try check(#"familyName ==[c] "ÁLVAREZ""#, PredicateFixtures.jose))
    #expect(try !check(#"familyName ==[c] "alvarez""#, PredicateFixtures.jose))
  }

  @Test("[d] ignores accents but not case")
  func diacriticInsensitive() throws {
    #expect(try check(#"familyName ==[d] "Alvarez""#, PredicateFixtures.jose))
    #expect(try check(#"givenName BEGINSWITH[d] "Jos""#, PredicateFixtures.jose))
    #expect(try !check(#"familyName ==[d] "alvarez""#, PredicateFixtures.jose))
    #expect(try !check(#"familyName == "Alvarez""#, PredicateFixtures.jose))
  }

  @Test("[cd] ignores case and accents, also in ENDSWITH and MATCHES")
  func caseAndDiacriticInsensitive() throws {
    #expect(try check(#"organizationName CONTAINS[cd] "alvarez""#, PredicateFixtures.jose))
    #expect(try check(#"givenName ENDSWITH[cd] "SE""#, PredicateFixtures.jose))
    #expect(try check(#"givenName MATCHES[cd] "jos.""#, PredicateFixtures.jose))
    #expect(try check(#"givenName MATCHES[cd] "JOSÉ""#, PredicateFixtures.jose))
    #expect(try check(#"givenName ==[dc] "JOSE""#, PredicateFixtures.jose))
  }

  @Test("[c] on MATCHES keeps escapes like \\D intact")
  func caseInsensitiveRegexEscapes() throws {
    #expect(try check(#"familyName MATCHES[c] "\D+""#))
    #expect(try !check(#"familyName MATCHES[c] "\d+""#))
  }

  @Test("ANY and SOME: at least one value of the list")
  func anyQuantifier() throws {
    #expect(try check(#"ANY emailAddresses.label == "home""#))
    #expect(try check(#"SOME emailAddresses.value ENDSWITH ".org""#))
    #expect(try check(#"any postalAddresses.value.city == "London""#))
    #expect(try !check(#"ANY emailAddresses.label == "school""#))
    #expect(try !check(#"ANY emailAddresses.label == "home""#, PredicateFixtures.jose))
  }

  @Test("ALL: every value, and true for a person with none")
  func allQuantifier() throws {
    #expect(try check(#"ALL emailAddresses.value CONTAINS "@""#))
    #expect(try !check(#"ALL emailAddresses.value ENDSWITH ".org""#))
    #expect(try check(#"ALL emailAddresses.value ENDSWITH ".org""#, PredicateFixtures.jose))
  }

  @Test("NONE: not one value, and true for a person with none")
  func noneQuantifier() throws {
    #expect(try check(#"NONE emailAddresses.label == "school""#))
    #expect(try !check(#"NONE emailAddresses.label == "work""#))
    #expect(try check(#"NONE groups == "Family""#, PredicateFixtures.jose))
  }

  @Test("a list without a quantifier means ANY, and is false when empty")
  func implicitAny() throws {
    #expect(try check(#"emailAddresses.value CONTAINS "home""#))
    #expect(try check(#"emailAddresses.value == "ada@example.org""#))
    #expect(try check(#"groups BEGINSWITH "Math""#))
    #expect(try check(#""ada@example.org" == emailAddresses.value"#))
    #expect(try !check(#"emailAddresses.value != "x""#, PredicateFixtures.jose))
    #expect(try check(#"NOT (emailAddresses.value == "x")"#, PredicateFixtures.jose))
  }

  @Test("a key path can stand on the right of the operator")
  func literalOnTheLeft() throws {
    #expect(try check(#""Ada" == givenName"#))
    #expect(try check(#""Ada Lovelace, Countess" BEGINSWITH givenName"#))
    #expect(try check("3 > emailAddresses.@count"))
    #expect(try check("givenName == nickname"))
  }

  @Test("a bare boolean key path, TRUEPREDICATE, FALSEPREDICATE and boolean literals")
  func booleans() throws {
    #expect(try check("hasImage"))
    #expect(try !check("hasImage", PredicateFixtures.jose))
    #expect(try check("NOT hasImage", PredicateFixtures.jose))
    #expect(try check("hasImage == YES AND hasImage != false AND hasImage == TRUE"))
    #expect(try check("hasImage == NO", PredicateFixtures.jose))
    #expect(try check("TRUEPREDICATE"))
    #expect(try !check("FALSEPREDICATE"))
  }

  @Test("NOT binds tighter than AND, AND tighter than OR")
  func precedence() throws {
    // OR below AND: (F AND F) OR T.
    #expect(try check("FALSEPREDICATE AND FALSEPREDICATE OR TRUEPREDICATE"))
    #expect(try check("TRUEPREDICATE OR FALSEPREDICATE AND FALSEPREDICATE"))
    // NOT above AND: (NOT F) AND F.
    #expect(try !check("NOT FALSEPREDICATE AND FALSEPREDICATE"))
    #expect(try check("NOT FALSEPREDICATE OR FALSEPREDICATE"))
    #expect(try check(#"givenName == "Grace" OR givenName == "Ada" AND hasImage"#))
  }

  @Test("parentheses override precedence and nest")
  func parentheses() throws {
    #expect(try !check("FALSEPREDICATE AND (FALSEPREDICATE OR TRUEPREDICATE)"))
    #expect(try check("NOT (FALSEPREDICATE AND TRUEPREDICATE)"))
    #expect(try check(#"((givenName == "Ada") AND (NOT (hasImage == NO)))"#))
  }

  @Test("&&, || and ! are AND, OR and NOT; keywords are case-insensitive")
  func symbolsAndCase() throws {
    #expect(try check(#"hasImage && !(givenName == "Bob") || FALSEPREDICATE"#))
    #expect(try check(#"givenName contains[c] "AD" and not hasImage == no or falsepredicate"#))
    #expect(try check(#"any emailAddresses.label in {"home"}"#))
  }

  @Test("missing keys read as empty: \"\", no values, count 0, false")
  func missingKeysAreEmpty() throws {
    let jose = PredicateFixtures.jose
    #expect(try check("note == nil", jose))
    #expect(try check(#"note == """#, jose))
    #expect(try check("note == NULL AND birthday == nil", jose))
    #expect(try !check(#"note CONTAINS "x""#, jose))
    #expect(try check("emailAddresses == nil", jose))
    #expect(try !check("emailAddresses != nil", jose))
    #expect(try check("emailAddresses != nil"))
    #expect(try check("emailAddresses.@count == 0 AND groups.@count == 0", jose))
    #expect(try !check(#"postalAddresses.value.city == "London""#, jose))
    #expect(try check("NOT hasImage", PredicateFixtures.empty))
    #expect(try check(#"givenName == "" AND phoneNumbers.@count == 0"#, PredicateFixtures.empty))
  }

  @Test("structured values: fields by key path, the whole value as its fields joined")
  func structuredValues() throws {
    #expect(try check(#"postalAddresses.value.isoCountryCode == "GB""#))
    #expect(try check(#"postalAddresses.value CONTAINS "London, SW1Y""#))
    #expect(try check(#"instantMessageAddresses.value.service == "xmpp""#))
    #expect(try check(#"postalAddresses.label == "home" AND emailAddresses.identifier == "e2""#))
  }

  @Test("strings take single or double quotes and backslash escapes")
  func stringLiterals() throws {
    let note = JSONValue.object([("note", .string("it's \"fine\"\né"))])
    #expect(try check(#"note == 'it\'s "fine"\n\u00e9'"#, note))
    #expect(try check(#"note == "it's \"fine\"\n\u{E9}""#, note))
    #expect(try check(#"note ENDSWITH "\t" OR note CONTAINS '\\' OR note BEGINSWITH "it""#, note))
  }

  @Test("property predicates see key, identifier, label and value")
  func propertyKind() throws {
    let email = PredicateFixtures.workEmail
    #expect(try check(#"key == "emailAddresses" AND label IN {"work", "home"}"#, email, kind: .property))
    #expect(try check(#"value ENDSWITH[c] "EXAMPLE.ORG" AND identifier == "e1""#, email, kind: .property))
    #expect(try check(#"value.city == """#, email, kind: .property))
    let address = PredicateFixtures.homeAddress
    #expect(try check(#"value.city BEGINSWITH "Lon""#, address, kind: .property))
    #expect(try check(#"value CONTAINS "London, United Kingdom""#, address, kind: .property))
    #expect(try !check(#"label == "work""#, address, kind: .property))
  }

  @Test("--require: a short or full key, true when the person has a value")
  func require() throws {
    let ada = PredicateFixtures.ada
    let jose = PredicateFixtures.jose
    #expect(try ContactPredicate.require("email").evaluate(ada))
    #expect(try !ContactPredicate.require("email").evaluate(jose))
    #expect(try ContactPredicate.require("emailAddresses").evaluate(ada))
    #expect(try ContactPredicate.require("phone").evaluate(ada))
    #expect(try ContactPredicate.require("address").evaluate(ada))
    #expect(try !ContactPredicate.require("url").evaluate(ada))
    #expect(try ContactPredicate.require("im").evaluate(ada))
    #expect(try !ContactPredicate.require("social").evaluate(ada))
    #expect(try !ContactPredicate.require("relation").evaluate(ada))
    #expect(try !ContactPredicate.require("date").evaluate(ada))
    #expect(try ContactPredicate.require("birthday").evaluate(ada))
    #expect(try !ContactPredicate.require("birthday").evaluate(jose))
    #expect(try !ContactPredicate.require("note").evaluate(ada))
    #expect(try ContactPredicate.require("organization").evaluate(jose))
    #expect(try ContactPredicate.require("jobTitle").evaluate(ada))
    #expect(try ContactPredicate.require("hasImage").evaluate(ada))
    #expect(try ContactPredicate.require("email").format == "emailAddresses.@count > 0")
  }

  @Test("a Contact and a ContactProperty can be evaluated directly")
  func evaluateContact() throws {
    var contact = Contact(identifier: "g", source: "t.vcf")
    contact.givenName = "Grace"
    contact.emailAddresses = [LabeledValue(identifier: "e", label: "work", value: "grace@navy.example")]
    let predicate = try ContactPredicate(format: #"emailAddresses.value ENDSWITH "navy.example""#, kind: .contact)
    #expect(try predicate.evaluate(contact))
    #expect(predicate.description == #"emailAddresses.value ENDSWITH "navy.example""#)
    let work = try ContactPredicate(format: #"key == "emailAddresses" AND label == "work""#, kind: .property)
    #expect(try work.evaluate(contact.properties(for: .emailAddresses)[0]))
    contact.phoneNumbers = [LabeledValue(identifier: "p", label: "work", value: "+1 555 0100")]
    #expect(try !work.evaluate(contact.properties(for: .phoneNumbers)[0]))
  }
}
