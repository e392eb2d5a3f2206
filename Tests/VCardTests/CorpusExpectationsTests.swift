import Foundation
import Testing

@testable import VCard

/// The values upstream test suites assert for the shared corpus
/// (`../shared/corpus/expectations.jsonl`, `kind == "parse"`), checked against
/// `VCardReader`.
@Suite("corpus expectations")
struct CorpusExpectationsTests {
  /// Expectations that pass today; a regression below this fails the test.
  static let passedFloor = 267

  struct Entry {
    var file: String
    var property: String
    var expected: Any
  }

  static func parseEntries() -> [Entry]? {
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

  @Test("parse expectations of the corpus hold, at least as many as before")
  func parseExpectations() throws {
    guard let entries = Self.parseEntries() else {
      print("skipping: \(SharedFiles.corpus.path)/expectations.jsonl not found (the shared corpus is not checked out)")
      return
    }
    var results: [String: VCardParseResult] = [:]
    var passed = 0
    var failed: [String] = []
    var unsupported: [String] = []
    for entry in entries {
      guard entry.file.hasSuffix(".vcf") || entry.file.hasSuffix(".json") else {
        unsupported.append("\(entry.file) \(entry.property): not a vCard text file")
        continue
      }
      if results[entry.file] == nil, let bytes = SharedFiles.corpusBytes(entry.file) {
        results[entry.file] = VCardReader.read(bytes)
      }
      guard let result = results[entry.file] else {
        unsupported.append("\(entry.file) \(entry.property): file missing")
        continue
      }
      switch ExpectationEvaluator(result: result).evaluate(property: entry.property, expected: entry.expected) {
      case .passed:
        passed += 1
      case .failed(let got):
        failed.append(
          "\(entry.file) \(entry.property): expected \(JSONValue.describe(entry.expected)), got \(got)")
      case .unsupported(let why):
        unsupported.append("\(entry.file) \(entry.property): \(why)")
      }
    }
    print("expectations: \(passed) passed, \(failed.count) failed, \(unsupported.count) unsupported")
    for failure in failed { print("  FAIL \(failure)") }
    if ProcessInfo.processInfo.environment["CPICK_SHOW_UNSUPPORTED"] != nil {
      for entry in unsupported { print("  UNSUPPORTED \(entry)") }
    }
    #expect(passed >= Self.passedFloor, "fewer corpus expectations pass than before")
  }
}
