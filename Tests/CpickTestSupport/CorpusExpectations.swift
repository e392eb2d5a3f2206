import Foundation
import Testing

/// The `kind == "parse"` entries of `../shared/corpus/expectations.jsonl` (the values
/// other libraries' test suites assert for the corpus files), and the tally that the
/// evaluators of VCardTests (raw cards) and EndToEndTests (`cpick`'s jCard) share:
/// count what passes, hold the rest against an allow-list of reasons.
public enum CorpusExpectations {
  /// One expectation: a corpus file, a path (`ExpectationPath`, or a word such as
  /// `card_count`) and the expected value as `JSONSerialization` decoded it.
  public struct Entry {
    /// The file, relative to the corpus folder (`calcard/068.vcf`).
    public var file: String
    /// The path or word (`cards[0].TEL[1].types`, `card_count`).
    public var property: String
    /// The expected value.
    public var expected: Any

    /// `file property`: how the allow-lists name an entry.
    public var key: String { "\(file) \(property)" }
  }

  /// What one evaluation gave.
  public enum Outcome {
    case passed
    case failed(got: String)
    /// The evaluator does not know the path or the key.
    case unsupported(String)
  }

  /// The `parse` entries, or `nil` when the file cannot be read.
  public static func parseEntries() -> [Entry]? {
    let url = SharedFiles.corpus.appendingPathComponent("expectations.jsonl")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    return text.split(separator: "\n").compactMap { line in
      guard let data = line.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        object["kind"] as? String == "parse",
        let file = object["file"] as? String, let property = object["property"] as? String,
        let expected = object["expected"]
      else { return nil }
      return Entry(file: file, property: property, expected: expected)
    }
  }

  /// Several outcomes as one: unsupported if any is, else failed if any is.
  public static func combine(_ outcomes: [Outcome]) -> Outcome {
    var unsupported: String? = nil
    var failures: [String] = []
    for outcome in outcomes {
      switch outcome {
      case .passed: continue
      case .failed(let got): failures.append(got)
      case .unsupported(let what): unsupported = unsupported ?? what
      }
    }
    if let unsupported { return .unsupported(unsupported) }
    if !failures.isEmpty { return .failed(got: failures.joined(separator: "; ")) }
    return .passed
  }

  /// Applies a `cards[…]` path: the card or cards it names, then in each the lines
  /// named `path.name` (`lines`; `count` counts them, `PROPERTY_COUNT` counts every
  /// line of the card: `lineCount`), each line checked by `check(line, card, expected)`.
  public static func evaluate<Card, Line>(
    _ path: ExpectationPath, cards: [Card], expected: Any, lines: (Card) -> [Line], lineCount: (Card) -> Int,
    describe: (Line) -> String, check: (Line, Card, Any) -> Outcome
  ) -> Outcome {
    func one(_ card: Card, _ expected: Any) -> Outcome {
      if path.name == "PROPERTY_COUNT" { return compare(lineCount(card), expected) }
      let found = lines(card)
      if path.key == "count" { return compare(found.count, expected) }
      switch path.line {
      case .all?:
        guard let list = expected as? [Any] else { return .unsupported("[*] needs a list") }
        guard list.count == found.count else {
          return .failed(got: "\(found.count) × \(path.name): \(found.map(describe))")
        }
        return combine(zip(found, list).map { check($0, card, $1) })
      case .at(let index)?:
        guard index < found.count else { return .failed(got: "only \(found.count) × \(path.name)") }
        return check(found[index], card, expected)
      case nil:
        guard let line = found.first else { return .failed(got: "no \(path.name)") }
        return check(line, card, expected)
      }
    }
    switch path.card {
    case .all:
      guard let list = expected as? [Any] else { return .unsupported("cards[*] needs a list") }
      guard list.count == cards.count else { return .failed(got: "\(cards.count) cards") }
      return combine(zip(cards, list).map { one($0, $1) })
    case .at(let index):
      guard index < cards.count else { return .failed(got: "only \(cards.count) cards") }
      return one(cards[index], expected)
    }
  }

  /// A whole text value compared with `text` by `match`: equal, contains, or starts
  /// with it once blanks are removed.
  public static func compareText(_ value: String, _ text: String, match: ExpectationPath.Match) -> Outcome {
    switch match {
    case .equal: return compare(value, text)
    case .contains: return value.contains(text) ? .passed : .failed(got: ExpectedJSON.describe(value))
    case .prefix:
      let compact = value.filter { !$0.isWhitespace }
      return compact.hasPrefix(text) ? .passed : .failed(got: ExpectedJSON.describe(String(compact.prefix(40))))
    }
  }

  /// `types` (lower-case) compared with an expected list (`types`, any order) or one
  /// expected type (`type`, contained).
  public static func compareTypes(_ types: [String], key: String, expected: Any) -> Outcome {
    if key == "type" {
      guard let text = expected as? String else { return .unsupported("type not a string") }
      return types.contains(text.lowercased()) ? .passed : .failed(got: ExpectedJSON.describe(types))
    }
    guard let list = expected as? [String] else { return .unsupported("types not a list") }
    return types.sorted() == list.map { $0.lowercased() }.sorted() ? .passed : .failed(got: ExpectedJSON.describe(types))
  }

  /// A parameter's values compared with `expected` without regard to case: one
  /// string (the values joined with commas) or a list in any order.
  public static func compareParameter(_ values: [String], expected: Any) -> Outcome {
    let values = values.map { $0.lowercased() }
    if let text = expected as? String {
      return values.joined(separator: ",") == text.lowercased() ? .passed : .failed(got: ExpectedJSON.describe(values))
    }
    if let list = expected as? [String] {
      return values.sorted() == list.map { $0.lowercased() }.sorted()
        ? .passed : .failed(got: ExpectedJSON.describe(values))
    }
    return .unsupported("parameter value of type \(type(of: expected))")
  }

  /// The `latitude` or `longitude` (`key`) of a `GEO` value compared with `expected`.
  public static func compareGeo(_ text: String, key: String, expected: Any) -> Outcome {
    guard let want = (expected as? NSNumber)?.doubleValue, let geo = ExpectedValues.geo(text) else {
      return .failed(got: ExpectedJSON.describe(text))
    }
    let got = key == "latitude" ? geo.latitude : geo.longitude
    return abs(got - want) < 1e-9 ? .passed : .failed(got: "\(got)")
  }

  /// `got` compared with `expected` (`ExpectedJSON.equal`).
  public static func compare(_ got: Any, _ expected: Any) -> Outcome {
    ExpectedJSON.equal(got, expected) ? .passed : .failed(got: ExpectedJSON.describe(got))
  }

  /// Evaluates every entry, prints the failures (and, with `CPICK_SHOW_UNSUPPORTED`
  /// set, the unsupported ones), and records an issue for each entry that does not
  /// pass and is not on `allowList` (keyed `file property`), for each listed entry
  /// that passes now, and when fewer than `floor` pass.
  ///
  /// - Returns: the number that passed.
  @discardableResult
  public static func check(
    _ entries: [Entry], label: String, allowList: [String: String], floor: Int,
    sourceLocation: SourceLocation = #_sourceLocation, evaluate: (Entry) -> Outcome
  ) -> Int {
    var passed = 0
    var failed: [String] = []
    var unsupported: [String] = []
    var notPassed: Set<String> = []
    for entry in entries {
      switch evaluate(entry) {
      case .passed:
        passed += 1
      case .failed(let got):
        failed.append("\(entry.key): expected \(ExpectedJSON.describe(entry.expected)), got \(got)")
        notPassed.insert(entry.key)
      case .unsupported(let why):
        unsupported.append("\(entry.key): \(why)")
        notPassed.insert(entry.key)
      }
    }
    print("\(label): \(passed) of \(entries.count) passed, \(failed.count) failed, \(unsupported.count) unsupported")
    for failure in failed { print("  FAIL \(failure)") }
    if ProcessInfo.processInfo.environment["CPICK_SHOW_UNSUPPORTED"] != nil {
      for entry in unsupported { print("  UNSUPPORTED \(entry)") }
    }
    #expect(passed >= floor, "fewer corpus expectations pass than before", sourceLocation: sourceLocation)
    let listed = Set(allowList.keys)
    for key in notPassed.subtracting(listed).sorted() {
      Issue.record("does not pass and is not on the allow-list: \(key)", sourceLocation: sourceLocation)
    }
    for key in listed.subtracting(notPassed).sorted() {
      Issue.record("on the allow-list but passes now (take it off): \(key)", sourceLocation: sourceLocation)
    }
    return passed
  }
}
