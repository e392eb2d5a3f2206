import CpickTestSupport
import Foundation
import Testing

/// The values upstream test suites assert for the shared corpus
/// (`../shared/corpus/expectations.jsonl`, `kind == "parse"`), checked from what the
/// binary prints: `cpick list --format jcard --sort-by none -s FILE` (issue 20's
/// measure; VCardTests' `CorpusExpectationsTests` checks the same on raw cards).
@Suite("corpus expectations from cpick's jCard")
struct CorpusJCardTests {
  /// Expectations that pass today; a regression below this fails the test.
  static let passedFloor = 272

  /// The `parse` expectations that do not pass from the jCard, each with the reason it
  /// is right. Keyed `file property`. The test fails when one of these starts passing
  /// (take it off the list) or when one not listed does not pass.
  static let allowList: [String: String] = {
    let noStrictMode = "no strict mode: the reader is lenient by design and reads the file"
    return [
      "ez-vcard/thunderbird-MoreFunctionsForAddressBook-extension.vcf cards[0].N":
        "asks for the CHARSET=UTF-8 parameter; jCard has no CHARSET (JSON text is Unicode, RFC 7095 §3.4): the value "
        + "is decoded and the parameter left out, else a jCard reader would decode it twice (family and given pass)",
      "ez-vcard/John_Doe_LOTUS_NOTES.vcf cards[0].TZ":
        "ambiguous: TZ:1:00 has no sign and a one-digit hour; +01:00 is ez-vcard's guess, cpick keeps the text as written",
      "aosp-vcard/v21_multiple_entry.vcf parse_one.card_count":
        "Android's parseOne() API stops after the first card; cpick has no such mode and prints all 3 (card_count passes)",
      "py-vobject/vcard_with_groups.vcf card.group":
        "a group on the BEGIN line (home.begin:vcard) belongs to no property, and jCard has groups only on properties "
        + "(RFC 7095 §3.3.1.2); the card's properties and their groups pass",
      "rcmcarddav/Group.vcf kind":
        "an Apple group card (X-ADDRESSBOOKSERVER-KIND:group) is read as a group (Ctrl-T, --group), not a contact, "
        + "and list prints contacts; its members keep the group",
      "folkerkinzel-vcards/MultiAnsiFilterTests/v3Utf16Bom.vcf decoded_as":
        "describes FolkerKinzel's AnsiFilter report, not a value; the UTF-16 BOM file's values pass",
      "folkerkinzel-vcards/AnsiIssue.vcf strict_utf8_decode": noStrictMode + " as Windows-1252",
      "ical4j-vcard/invalid/vcard-dirk-whitespaceafterbegin.vcf parse(strict)":
        noStrictMode + "; the parse(relaxed) expectations of this file pass",
    ]
  }()

  @Test("parse expectations of the corpus hold in cpick's jCard, at least as many as before", .sharedCorpus)
  func parseExpectations() throws {
    let entries = try #require(
      CorpusExpectations.parseEntries(), "\(SharedFiles.corpus.path)/expectations.jsonl cannot be read")
    let printed = PrintedCards(binary: try EndToEnd.binary())
    let passed = CorpusExpectations.check(
      entries, label: "jCard expectations", allowList: Self.allowList, floor: Self.passedFloor
    ) { entry in
      guard let evaluator = printed.evaluator(entry.file) else { return .failed(got: "no jCard printed") }
      return evaluator.evaluate(property: entry.property, expected: entry.expected)
    }
    // Issue 20's measure: at least 97 % (272 of 280 with the xCard reader).
    #expect(passed * 100 >= entries.count * 97, "fewer than 97% of the parse expectations pass from the jCard")
  }
}

/// What `cpick list --format jcard --sort-by none -s FILE` prints for corpus files,
/// each file run once.
private final class PrintedCards {
  let binary: String
  private var evaluators: [String: JCardExpectationEvaluator?] = [:]

  init(binary: String) {
    self.binary = binary
  }

  /// The evaluator over the jCard printed for `file`, or `nil` when cpick printed none.
  func evaluator(_ file: String) -> JCardExpectationEvaluator? {
    if let known = evaluators[file] { return known }
    let path = SharedFiles.corpusFile(file).path
    let result = try? CommandRunner.run(binary, ["list", "--format", "jcard", "--sort-by", "none", "-s", path])
    let evaluator = result.flatMap {
      JCardExpectationEvaluator(output: $0.stdout, complained: $0.status != 0 || !$0.stderr.isEmpty) { [unowned self] other in
        self.evaluator(other)?.cards.first?.first { $0.name == "PHOTO" }?.text
      }
    }
    evaluators[file] = .some(evaluator)
    return evaluator
  }
}
