import ContactKit
import Foundation
@testable import Matching
import Testing

/// The shortcuts of the search — answering a query from an earlier query's matches,
/// skipping fields that cannot beat the best so far, skipping fuzzy matches that cannot
/// count — must give exactly what a plain evaluation gives.
@Suite("Search shortcuts")
struct RefinementTests {
  /// A small deterministic generator (no Foundation randomness: the same cases each run).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Int(truncatingIfNeeded: state >> 33) % bound
    }
  }

  /// Pieces a random query is typed from: letters that occur in the synthetic names,
  /// digits, spaces and every operator, field names, non-ASCII.
  static let pieces: [String] = [
    "a", "d", "e", "l", "o", "s", "m", "i", "n", "r", "k", "w", "x", "g", "c", "t",
    "a", "e", "o", " ", " ", "4", "9", "1", "0", "5", "+", "-", ".", "@", "!", "^", "$",
    "'", "|", "\\", "email:", "tel:", "name:", "org:", "é", "ø", "王", "ü",
  ]

  static func randomQuery(_ generator: inout Generator) -> String {
    var query = ""
    for _ in 0..<(1 + generator.next(9)) { query += pieces[generator.next(pieces.count)] }
    return query
  }

  @Test("should give a fresh search's result when refining any earlier query's matches, typed or erased")
  func refiningRandomQueries() {
    let people = syntheticContacts(2_000, seed: 7)
    let index = ContactIndex(people)
    var generator = Generator(state: 11)
    for round in 0..<150 {
      let query = Self.randomQuery(&generator)
      let options = SearchOptions(exact: round % 5 == 4, literal: round % 7 == 6)
      // Typed key by key, each prefix refining the one before.
      var previousQuery = ""
      var previous: [ContactMatch] = []
      var prefix = ""
      for character in query {
        prefix.append(character)
        let fresh = index.search(prefix, options: options)
        if !previousQuery.isEmpty {
          let refined = index.search(prefix, options: options, refining: previousQuery, within: previous)
          #expect(refined == fresh, "\(String(reflecting: previousQuery)) → \(String(reflecting: prefix)) \(options)")
        }
        previousQuery = prefix
        previous = fresh
      }
      // Erased: a shorter query never narrows a longer one's matches.
      while prefix.count > 1 {
        prefix.removeLast()
        let fresh = index.search(prefix, options: options)
        let refined = index.search(prefix, options: options, refining: previousQuery, within: previous)
        #expect(refined == fresh, "\(String(reflecting: previousQuery)) → \(String(reflecting: prefix))")
        previousQuery = prefix
        previous = fresh
      }
      // And from an unrelated query.
      let other = Self.randomQuery(&generator)
      let refined = index.search(other, options: options, refining: query, within: index.search(query, options: options))
      #expect(refined == index.search(other, options: options), "\(String(reflecting: query)) → \(String(reflecting: other))")
    }
  }

  @Test(
    "should know which typed extensions narrow a query",
    arguments: [
      ("m", "ma", true), ("ada", "ada l", true), ("0170", "0170 5", true), ("555", "555 01", true),
      ("+4", "+49", true), ("^ad", "^ada", true), ("'ad", "'ada", true), ("ada", "^ada", true),
      ("!a", "!ab", false), ("+", "+4", true), ("ada", "ada | g", false), ("ada", "ad", false),
      ("al", "xal", false), ("email:a", "email:ab", true), ("email:a", "ab", false), ("ada$", "ada$ l", true),
      ("4", "4a", false), ("a", "a !b", true),
      // Typed with a country code: the national form appears with the first digit after it.
      ("+49", "+491", false), ("+49152", "+491521", true), ("+491521", "+4915212", true),
      ("0049 1521", "0049 15212", true),
    ])
  func narrowing(previous: String, query: String, narrows: Bool) {
    let options = SearchOptions()
    #expect(SearchQuery(query, options: options).narrows(SearchQuery(previous, options: options)) == narrows)
  }

  /// The score of every contact by a plain evaluation: every field of every term, no
  /// shortcut (the rules of the overview in ContactIndex.swift).
  static func referenceScores(_ index: ContactIndex, _ query: String, options: SearchOptions) -> [Int: Int] {
    let prepared = SearchQuery(query, options: options)
    var scores: [Int: Int] = [:]
    for c in 0..<index.count {
      var total = 0
      var matched = true
      for clause in prepared.clauses {
        var clauseBest = -1
        for term in clause {
          var best = 0
          var excluded = false
          for f in Int(index.contactStarts[c])..<Int(index.contactStarts[c + 1]) {
            let kind = index.fieldKinds[f]
            guard term.fields & (1 << kind) != 0 else { continue }
            if term.text.isEmpty {
              best = 1
              excluded = true
              break
            }
            let start = Int(index.fieldStarts[f])
            let n = Int(index.fieldStarts[f + 1]) - start
            var tier = 0
            index.bytes.withUnsafeBufferPointer { bytes in
              let field = bytes.baseAddress! + start
              // The words padded, as the index pads its bytes.
              let text = term.text + [UInt8](repeating: 0, count: 8)
              let digits = term.digits + [UInt8](repeating: 0, count: 8)
              if kind == FieldKind.phone.rawValue {
                if term.isPhone {
                  tier = ByteMatcher.match(field, n, digits, term.digits.count, mode: term.digitMode, fuzzy: false)
                  if tier == 0 && !term.nationalDigits.isEmpty {
                    let national = term.nationalDigits + [UInt8](repeating: 0, count: 8)
                    tier = ByteMatcher.match(
                      field, n, national, term.nationalDigits.count, mode: term.nationalMode, fuzzy: false)
                    let derived = index.fieldStarts.withUnsafeBufferPointer { starts in
                      index.fieldKinds.withUnsafeBufferPointer { kinds in
                        (term.countryCode + [0]).withUnsafeBufferPointer { code in
                          ContactIndex.isNationalForm(
                            field: f, of: Int(index.contactStarts[c]), otherThan: code.baseAddress!,
                            term.countryCode.count, trunkLength: term.trunkLength, bytes: bytes.baseAddress!,
                            starts: starts, kinds: kinds)
                        }
                      }
                    }
                    if derived { tier = 0 }
                  }
                }
              } else {
                tier = ByteMatcher.match(field, n, text, term.text.count, mode: term.mode, fuzzy: !term.isPhone)
              }
            }
            if tier > 0 {
              excluded = true
              let penalty = FieldKind.penalty(kind) + min(n, 40) / 2
              // A scattered match (its own band) bears an eighth of the penalty.
              best = max(best, tier > ByteMatcher.scatteredMax ? max(tier - penalty, 1) : max(tier - penalty / 8, 1))
            }
          }
          let value = term.negated ? (excluded ? -1 : 0) : (best > 0 ? best : -1)
          clauseBest = max(clauseBest, value)
        }
        if clauseBest < 0 {
          matched = false
          break
        }
        total += clauseBest
      }
      if matched { scores[c] = total }
    }
    return scores
  }

  @Test("should score every contact as a plain evaluation of every field does")
  func scoresMatchPlainEvaluation() {
    let people = syntheticContacts(1_500, seed: 3)
    let index = ContactIndex(people)
    var generator = Generator(state: 5)
    var queries = ["a", "al", "ad", "ada", "smith", "wxm", "0", "49", "+49 1", "e", "mo", "ex", "a l", "!a", "^ad", "da$", "'ad'"]
    for _ in 0..<60 { queries.append(Self.randomQuery(&generator)) }
    for query in queries {
      for options in [SearchOptions(), SearchOptions(exact: true)] {
        let expected = Self.referenceScores(index, query, options: options)
        let found = index.search(query, options: options)
        guard !SearchQuery(query, options: options).isEmpty else { continue }
        #expect(Dictionary(uniqueKeysWithValues: found.map { ($0.index, $0.score) }) == expected, "\(String(reflecting: query))")
        // Best first, ties in input order.
        #expect(found == found.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }, "\(String(reflecting: query))")
      }
    }
  }
}
