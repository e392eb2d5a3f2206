import CpickTestSupport
import Foundation

@testable import VCard
@testable import ContactFormats

/// Checks one `kind == "parse"` expectation of the shared corpus against what
/// `VCardReader.read` gives for the file: values after unfolding, charset and
/// quoted-printable decoding and RFC unescaping.
///
/// Path shapes and object keys it does not know give `.unsupported`, never a failure.
struct ExpectationEvaluator {
  typealias Outcome = CorpusExpectations.Outcome

  let result: VCardParseResult

  func evaluate(property: String, expected: Any) -> Outcome {
    switch property {
    case "card_count":
      return compare(result.cards.count, expected)
    case "parse":
      // A lenient reader never fails; "error" means it must not stay silent.
      guard let verdict = expected as? String else { return .unsupported("parse verdict") }
      let complained = !result.warnings.isEmpty || result.cards.isEmpty
      let ok = verdict == "ok" ? !result.cards.isEmpty : complained
      return ok ? .passed : .failed(got: "\(result.cards.count) cards, \(result.warnings.count) warnings")
    case "card.group":
      // The group on the BEGIN line of the (only) card: `home.begin:vcard`.
      guard let card = result.cards.first else { return .failed(got: "no card") }
      return compare(card.group?.lowercased() ?? "", (expected as? String)?.lowercased() ?? expected)
    case "kind":
      guard let card = result.cards.first else { return .failed(got: "no card") }
      return compare(ContactDecoder.isGroupCard(card) ? "group" : "individual", expected)
    default:
      break
    }
    guard let path = ExpectationPath(property) else { return .unsupported("path \(property)") }
    return CorpusExpectations.evaluate(
      path, cards: result.cards, expected: expected, lines: { $0.all(path.name) }, lineCount: { $0.lines.count },
      describe: { describe($0.value) }
    ) { line, card, expected in
      check(line, card: card, key: path.key, expected: expected, match: path.match)
    }
  }

  /// Checks `key` of `line` (the whole value when `key` is `nil`).
  private func check(
    _ line: ContentLine, card: RawCard, key: String?, expected: Any, match: ExpectationPath.Match
  ) -> Outcome {
    guard let key else {
      if let text = expected as? String {
        return CorpusExpectations.compareText(ValueDecoder.unescape(line.value), text, match: match)
      }
      if expected is [Any] { return compare(FieldValues.list(line), expected) }
      if let object = expected as? [String: Any] {
        return combine(object.map { check(line, card: card, key: $0.key, expected: $0.value, match: .equal) })
      }
      return .unsupported("whole value of type \(type(of: expected))")
    }
    switch key {
    case "value", "text", "raw":
      return compare(ValueDecoder.unescape(line.value), expected)
    case "components":
      return compare(FieldValues.components(line, version: card.version), expected)
    case "types", "type":
      return CorpusExpectations.compareTypes(line.types, key: key, expected: expected)
    case "group":
      return compare(line.group?.lowercased() ?? "", (expected as? String)?.lowercased() ?? expected)
    case "encoding":
      return compare(FieldValues.encoding(line), (expected as? String)?.uppercased() ?? expected)
    case "decoded_length":
      guard let bytes = FieldValues.base64(line) else { return .failed(got: "not base64") }
      return compare(bytes.count, expected)
    case "decoded[:8]":
      guard let bytes = FieldValues.base64(line) else { return .failed(got: "not base64") }
      return compare(bytes.prefix(8).map { String(format: "%02x", $0) }.joined(), expected)
    case "decoded":
      // "same bytes as the PHOTO of shared/<path> (…)"
      guard let text = expected as? String, text.hasPrefix("same bytes as the PHOTO of shared/"),
        let path = text.dropFirst("same bytes as the PHOTO of shared/".count).split(separator: " ").first,
        let other = try? SharedFiles.corpusBytes(String(path)),
        let photo = VCardReader.read(other).cards.first?.first("PHOTO")
      else { return .unsupported("decoded: \(expected)") }
      let mine = FieldValues.base64(line)
      return mine != nil && mine == FieldValues.base64(photo) ? .passed : .failed(got: "other bytes")
    case "media_type":
      return compare(FieldValues.mediaType(line), expected)
    case "params":
      guard let object = expected as? [String: Any] else { return .unsupported("params not an object") }
      return combine(object.map { compareParameter(line, name: $0.key, expected: $0.value) })
    case "date":
      let date = DateParsing.parse(ValueDecoder.unescape(line.value))
      return compare(date?.description ?? "", expected)
    case "timestamp":
      guard let text = expected as? String else { return .unsupported("timestamp") }
      let strip: (String) -> String = { $0.filter { $0 != "-" && $0 != ":" } }
      return compare(strip(line.value), strip(text))
    case "label(X-ABLabel)":
      let label = card.lines.first {
        $0.name == "X-ABLABEL" && $0.group != nil && $0.group?.lowercased() == line.group?.lowercased()
      }
      return compare(label.map { ValueDecoder.unescape($0.value) } ?? "", expected)
    case "latitude", "longitude":
      return CorpusExpectations.compareGeo(line.value, key: key, expected: expected)
    default:
      if key.hasPrefix("params.") {
        return compareParameter(line, name: String(key.dropFirst("params.".count)), expected: expected)
      }
      if let field = FieldValues.structuredField(
        line, key: key, version: card.version, listExpected: expected is [Any]) {
        return compare(field, expected)
      }
      return .unsupported("key \(key)")
    }
  }

  private func compareParameter(_ line: ContentLine, name: String, expected: Any) -> Outcome {
    CorpusExpectations.compareParameter(line.parameterValues(name), expected: expected)
  }

  private func compare(_ got: Any, _ expected: Any) -> Outcome {
    CorpusExpectations.compare(got, expected)
  }

  private func describe(_ value: Any) -> String {
    ExpectedJSON.describe(value)
  }

  private func combine(_ outcomes: [Outcome]) -> Outcome {
    CorpusExpectations.combine(outcomes)
  }
}
