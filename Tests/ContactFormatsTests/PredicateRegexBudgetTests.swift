@testable import ContactFormats
import ContactKit
import ContactStores
import CpickTestSupport
import Foundation
import Testing

/// A `MATCHES` that backtracks without end is stopped by its step budget and is an
/// error at the operator's column (issue 22: `(.*)*x` took 29 s on the sample book and
/// counted as "no match").
@Suite("Predicates: MATCHES runs under a step budget")
struct PredicateRegexBudgetTests {
  /// The first error evaluating `format` over every contact of the sample book gives,
  /// and how many contacts were evaluated before it.
  func firstError(_ format: String) throws -> (error: ContactFormats.PredicateError?, evaluated: Int) {
    let contacts = try VCardFileStore(path: TestPaths.sampleBook.path).load().contacts
    #expect(contacts.count == 67)
    let predicate = try ContactPredicate(format: format, kind: .contact)
    var evaluated = 0
    for contact in contacts {
      do {
        _ = try predicate.evaluate(contact)
        evaluated += 1
      } catch {
        return (error, evaluated)
      }
    }
    return (nil, evaluated)
  }

  @Test("note MATCHES \"(.*)*x\" on the sample book is an error at the operator, not a silent no-match")
  func nestedStarOnNotes() throws {
    let (error, _) = try firstError(#"note MATCHES "(.*)*x""#)
    let found = try #require(error)
    #expect(found.column == 6)
    #expect(found.message.hasPrefix("MATCHES '(.*)*x' gave up on a value of "))
    #expect(found.description(option: "--enable-if").hasPrefix("--enable-if: column 6: MATCHES '(.*)*x' gave up"))
  }

  @Test("emailAddresses.value MATCHES[c] \"(.+)+@\" stops on the first address")
  func nestedPlusOnAddresses() throws {
    let (error, evaluated) = try firstError(#"emailAddresses.value MATCHES[c] "(.+)+@""#)
    let found = try #require(error)
    #expect(found.column == 22)
    #expect(found.message.contains("(.+)+@"))
    #expect(evaluated < 67)
  }

  @Test("a pattern without nested repetition matches a 200,000-character value within its budget (a repeated group 48,000)")
  func longValueLinearPattern() throws {
    let note = String(repeating: "lorem ipsum ", count: 16_000) + "x"
    let value = JSONValue.object([("note", .string(note))])
    #expect(try ContactPredicate(format: #"note MATCHES "[a-z ]+x""#, kind: .contact).evaluate(value))
    #expect(try !ContactPredicate(format: #"note MATCHES "[a-z ]+y""#, kind: .contact).evaluate(value))
    let shorter = JSONValue.object([("note", .string(String(repeating: "lorem ipsum ", count: 4_000) + "x"))])
    #expect(try ContactPredicate(format: #"note MATCHES "(lorem |ipsum )*x""#, kind: .contact).evaluate(shorter))
  }

  @Test("values each just under their own budget: the command's budget ends it with the error, before the book is done")
  func manyValuesUnderTheirBudget() throws {
    // `(a|a)*b` on 17 letters takes about 130,000 × a few steps: under a value's
    // million, but 1,600 such values would take minutes together.
    let predicate = try ContactPredicate(format: #"displayName MATCHES "(a|a)*b""#, kind: .contact)
    let value = JSONValue.object([("displayName", .string(String(repeating: "a", count: 17)))])
    var evaluated = 0
    var failure: ContactFormats.PredicateError?
    for _ in 0..<1_600 {
      do {
        #expect(try !predicate.evaluate(value))
        evaluated += 1
      } catch {
        failure = error
        break
      }
    }
    let error = try #require(failure, "every value evaluated")
    #expect(error.message.hasPrefix("MATCHES '(a|a)*b' gave up on a value of 17 characters"))
    #expect(evaluated > 5 && evaluated < 500, "\(evaluated)")
    // Once spent, every later value fails at once, for this predicate only.
    #expect(throws: ContactFormats.PredicateError.self) { try predicate.evaluate(value) }
    let fresh = try ContactPredicate(format: #"displayName MATCHES "(a|a)*b""#, kind: .contact)
    #expect(try !fresh.evaluate(value))
  }

  @Test("a pattern from a key path (compiled per value) is held to the same budget")
  func patternFromKeyPath() throws {
    let value = JSONValue.object([
      ("note", .string("(.*)*x")), ("givenName", .string(String(repeating: "a", count: 40))),
    ])
    let predicate = try ContactPredicate(format: "givenName MATCHES note", kind: .contact)
    #expect(throws: ContactFormats.PredicateError.self) { try predicate.evaluate(value) }
  }

  @Test("CONTAINS finds a long word with overlapping partial matches, character by character")
  func containsLongWords() throws {
    let note = String(repeating: "a", count: 50_000) + "b" + String(repeating: "a", count: 10)
    let value = JSONValue.object([("note", .string(note))])
    let word = String(repeating: "a", count: 8_000) + "b"
    #expect(try ContactPredicate(format: "note CONTAINS \"\(word)\"", kind: .contact).evaluate(value))
    #expect(try !ContactPredicate(format: "note CONTAINS \"\(word)c\"", kind: .contact).evaluate(value))
    #expect(try ContactPredicate(format: #"note CONTAINS "aab""#, kind: .contact).evaluate(.object([("note", .string("aaab"))])))
    #expect(try ContactPredicate(format: #"note CONTAINS[cd] "JOSE""#, kind: .contact).evaluate(.object([("note", .string("met josé"))])))
    #expect(try !ContactPredicate(format: #"note CONTAINS "e""#, kind: .contact).evaluate(.object([("note", .string("é"))])))
  }

  @Test("a LIKE whose last piece almost matches everywhere in a long value gives up with an error at its operator")
  func likeBudget() throws {
    let note = String(repeating: "a", count: 100_000)
    // After the *, 300 a's, one character and a b tried at each of 100,000 places: 30
    // million steps. (Without the `?` it is a suffix, matched as one: it answers.)
    let suffix = "*" + String(repeating: "a", count: 300) + "b"
    #expect(try !ContactPredicate(format: "note LIKE \"\(suffix)\"", kind: .contact).evaluate(.object([("note", .string(note))])))
    let pattern = "*" + String(repeating: "a", count: 300) + "?b"
    let predicate = try ContactPredicate(format: "note LIKE \"\(pattern)\"", kind: .contact)
    let found = #expect(throws: ContactFormats.PredicateError.self) {
      _ = try predicate.evaluate(.object([("note", .string(note))]))
    }
    #expect(found?.column == 6)
    #expect(found?.message.hasPrefix("LIKE '*aaaa") == true)
    #expect(found?.message.contains("gave up on a value of 100000 characters") == true)
    // A real pattern on the same value answers.
    #expect(try ContactPredicate(format: #"note LIKE "a*a""#, kind: .contact).evaluate(.object([("note", .string(note))])))
  }

  @Test("a repeated group is told from a repeated character class, outside escapes and classes")
  func repeatedGroups() {
    #expect(PredicateRegex.repeatsGroup("(a|aa)*b"))
    #expect(PredicateRegex.repeatsGroup("x(?:ab){2,}"))
    #expect(PredicateRegex.repeatsGroup("((a))?"))
    #expect(!PredicateRegex.repeatsGroup("[a-z ]+x"))
    #expect(!PredicateRegex.repeatsGroup(#"\(a\)*"#))
    #expect(!PredicateRegex.repeatsGroup("[)]*x"))
    #expect(!PredicateRegex.repeatsGroup("(abc)d+"))
  }

  @Test("MATCHES with a repeated group on a value longer than 50,000 characters is an error, not the no-match ICU's full stack would give")
  func matchesLongValue() throws {
    let predicate = try ContactPredicate(format: #"note MATCHES "(a|aa)*b""#, kind: .contact)
    let long = String(repeating: "a", count: 200_000) + "b"
    let found = #expect(throws: ContactFormats.PredicateError.self) {
      _ = try predicate.evaluate(.object([("note", .string(long))]))
    }
    #expect(found?.column == 6)
    #expect(found?.message == "MATCHES '(a|aa)*b' on a value of 200001 characters: longer than 50000, the most a pattern is matched against (use CONTAINS or LIKE)")
    // Within the bound the answer is the true one.
    let within = String(repeating: "a", count: 40_000) + "b"
    #expect(try predicate.evaluate(.object([("note", .string(within))])))
  }
}
