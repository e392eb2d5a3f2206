import CpickTestSupport
import Foundation
import Testing
import XCard

@testable import VCard
@testable import ContactFormats

/// The values upstream test suites assert for the shared corpus
/// (`../shared/corpus/expectations.jsonl`, `kind == "parse"`), checked against
/// `VCardReader` (xCard files through `XCardReader`).
@Suite("corpus expectations")
struct CorpusExpectationsTests {
  /// Expectations that pass today; a regression below this fails the test.
  static let passedFloor = 273

  /// The `parse` expectations that do not pass, each with the reason: a format
  /// cpick deliberately does not read, an API or mode it does not have, or a value
  /// whose reading is a guess. Keyed `file property`. The test fails when one of
  /// these starts passing (take it off the list) or when one not listed does not pass.
  static let allowList: [String: String] = [
    "ez-vcard/John_Doe_LOTUS_NOTES.vcf cards[0].TZ":
      "ambiguous: TZ:1:00 has no sign and a one-digit hour; +01:00 is ez-vcard's guess, cpick keeps the text as written",
    "aosp-vcard/v21_multiple_entry.vcf parse_one.card_count":
      "Android's parseOne() API stops after the first card; VCardReader has no such mode and reads all 3 (card_count passes)",
    "ical.js/vcard3.vcf jcard":
      "ical.js's jCard infers value types from defaults (phone-number, utc-offset, float GEO, date vs date-time); "
      + "cpick's jCard keeps each value as written, so the documents differ by design; the values are checked one by one elsewhere",
    "ical.js/escape_semicolon.vcf jcard":
      "ical.js's jCard infers value types (phone-number, date-and-or-time); cpick's jCard keeps values as written",
    "folkerkinzel-vcards/MultiAnsiFilterTests/v3Utf16Bom.vcf decoded_as":
      "describes FolkerKinzel's AnsiFilter report, not a value; the UTF-16 BOM file is read (CharsetTests)",
    "folkerkinzel-vcards/AnsiIssue.vcf strict_utf8_decode":
      "no strict mode: the reader is lenient by design and reads the Windows-1252 file instead of failing",
    "ical4j-vcard/invalid/vcard-dirk-whitespaceafterbegin.vcf parse(strict)":
      "no strict mode: the reader is lenient by design; the parse(relaxed) expectations of this file pass",
  ]

  @Test("parse expectations of the corpus hold, at least as many as before", .sharedCorpus)
  func parseExpectations() throws {
    XCardInput.install(XCardReader.read)
    let entries = try #require(
      CorpusExpectations.parseEntries(), "\(SharedFiles.corpus.path)/expectations.jsonl cannot be read")
    var results: [String: VCardParseResult] = [:]
    let passed = CorpusExpectations.check(
      entries, label: "expectations", allowList: Self.allowList, floor: Self.passedFloor
    ) { entry in
      guard entry.file.hasSuffix(".vcf") || entry.file.hasSuffix(".json") || entry.file.hasSuffix(".xml") else {
        return .unsupported("not a vCard text file")
      }
      if results[entry.file] == nil, let bytes = try? SharedFiles.corpusBytes(entry.file) {
        results[entry.file] = VCardReader.read(bytes)
      }
      guard let result = results[entry.file] else { return .unsupported("file missing") }
      return ExpectationEvaluator(result: result).evaluate(property: entry.property, expected: entry.expected)
    }
    #expect(passed * 100 >= entries.count * 95, "fewer than 95% of the parse expectations pass")
  }
}
