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
  enum Outcome {
    case passed
    case failed(got: String)
    case unsupported(String)
  }

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
    switch path.card {
    case .all:
      guard let list = expected as? [Any] else { return .unsupported("cards[*] needs a list") }
      guard list.count == result.cards.count else { return .failed(got: "\(result.cards.count) cards") }
      return combine(zip(result.cards, list).map { evaluate(path, card: $0, expected: $1) })
    case .at(let index):
      guard index < result.cards.count else { return .failed(got: "only \(result.cards.count) cards") }
      return evaluate(path, card: result.cards[index], expected: expected)
    }
  }

  private func evaluate(_ path: ExpectationPath, card: RawCard, expected: Any) -> Outcome {
    if path.name == "PROPERTY_COUNT" { return compare(card.lines.count, expected) }
    let lines = card.all(path.name)
    if path.key == "count" { return compare(lines.count, expected) }
    switch path.line {
    case .all?:
      guard let list = expected as? [Any] else { return .unsupported("[*] needs a list") }
      guard list.count == lines.count else {
        return .failed(got: "\(lines.count) × \(path.name): \(lines.map { describe($0.value) })")
      }
      return combine(zip(lines, list).map { check($0, card: card, key: path.key, expected: $1, match: path.match) })
    case .at(let index)?:
      guard index < lines.count else { return .failed(got: "only \(lines.count) × \(path.name)") }
      return check(lines[index], card: card, key: path.key, expected: expected, match: path.match)
    case nil:
      guard let line = lines.first else { return .failed(got: "no \(path.name)") }
      return check(line, card: card, key: path.key, expected: expected, match: path.match)
    }
  }

  /// Checks `key` of `line` (the whole value when `key` is `nil`).
  private func check(
    _ line: ContentLine, card: RawCard, key: String?, expected: Any, match: ExpectationPath.Match
  ) -> Outcome {
    guard let key else {
      if let text = expected as? String {
        let value = ValueDecoder.unescape(line.value)
        switch match {
        case .equal: return compare(value, text)
        case .contains: return value.contains(text) ? .passed : .failed(got: describe(value))
        case .prefix:
          let compact = value.filter { !$0.isWhitespace }
          return compact.hasPrefix(text) ? .passed : .failed(got: describe(String(compact.prefix(40))))
        }
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
    case "types":
      guard let list = expected as? [String] else { return .unsupported("types not a list") }
      let got = line.types.sorted()
      return got == list.map { $0.lowercased() }.sorted() ? .passed : .failed(got: describe(line.types))
    case "type":
      guard let text = expected as? String else { return .unsupported("type not a string") }
      return line.types.contains(text.lowercased()) ? .passed : .failed(got: describe(line.types))
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
      guard let want = (expected as? NSNumber)?.doubleValue, let geo = FieldValues.geo(line) else {
        return .failed(got: describe(line.value))
      }
      let got = key == "latitude" ? geo.latitude : geo.longitude
      return abs(got - want) < 1e-9 ? .passed : .failed(got: "\(got)")
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
    let values = line.parameterValues(name).map { $0.lowercased() }
    if let text = expected as? String {
      return values.joined(separator: ",") == text.lowercased() ? .passed : .failed(got: describe(values))
    }
    if let list = expected as? [String] {
      return values.sorted() == list.map { $0.lowercased() }.sorted() ? .passed : .failed(got: describe(values))
    }
    return .unsupported("parameter value of type \(type(of: expected))")
  }

  private func compare(_ got: Any, _ expected: Any) -> Outcome {
    JSONValue.equal(got, expected) ? .passed : .failed(got: describe(got))
  }

  private func describe(_ value: Any) -> String {
    JSONValue.describe(value)
  }

  private func combine(_ outcomes: [Outcome]) -> Outcome {
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
}
