import CpickTestSupport
import Foundation

/// One property of a jCard as `cpick list --format jcard` prints it (RFC 7095 §3.3):
/// `[name, parameters, type, value…]`.
struct JCardProperty {
  /// The name, upper-cased (`TEL`).
  var name: String
  /// The parameters, names lower-case; a value is a string or an array of them.
  var parameters: [String: Any]
  /// The value type (`text`, `uri`, `date-and-or-time`, `unknown`…).
  var type: String
  /// The values after the type: one for most properties, several for a list
  /// (`CATEGORIES`), an array for a structured one (`N`, `ADR`).
  var values: [Any]

  init?(_ any: Any) {
    guard let array = any as? [Any], array.count >= 4, let name = array[0] as? String,
      let parameters = array[1] as? [String: Any], let type = array[2] as? String
    else { return nil }
    self.name = name.uppercased()
    self.parameters = parameters
    self.type = type
    self.values = Array(array[3...])
  }

  /// All values of parameter `name` (any case), strings as they are.
  func parameter(_ name: String) -> [String] {
    guard let value = parameters[name.lowercased()] else { return [] }
    if let list = value as? [Any] { return list.map(Self.text) }
    return [Self.text(value)]
  }

  /// The `type` values, lower-cased.
  var types: [String] { parameter("type").map { $0.lowercased() } }

  /// The value as one text, as vCard would write it unescaped: components joined
  /// with `;`, list items with `,`.
  var text: String {
    values.map { value -> String in
      guard let components = value as? [Any] else { return Self.text(value) }
      return components.map { component -> String in
        (component as? [Any])?.map(Self.text).joined(separator: ",") ?? Self.text(component)
      }.joined(separator: ";")
    }.joined(separator: ",")
  }

  /// The components of a structured value (a list item as a nested list); a
  /// value of one component as a list of one.
  var components: [Any] {
    guard values.count == 1 else { return values.map(Self.plain) }
    if let components = values[0] as? [Any] { return components.map(Self.plain) }
    return [Self.text(values[0])]
  }

  /// A string, a number or a boolean as text; a list item by item.
  static func text(_ any: Any) -> String {
    switch any {
    case let string as String: return string
    case let number as NSNumber: return number.stringValue
    default: return "\(any)"
    }
  }

  private static func plain(_ any: Any) -> Any {
    (any as? [Any])?.map(text) ?? text(any)
  }
}

/// Checks one `kind == "parse"` expectation of the shared corpus against the jCard
/// that `cpick list --format jcard --sort-by none -s FILE` printed for the file:
/// the same paths as VCardTests' `ExpectationEvaluator` (parsed by the shared
/// `ExpectationPath`), read from the JSON instead of the raw card.
struct JCardExpectationEvaluator {
  typealias Outcome = CorpusExpectations.Outcome

  /// The cards, each its list of properties.
  let cards: [[JCardProperty]]
  /// Whether cpick said anything on stderr (a warning) or failed.
  let complained: Bool
  /// The value of the first `PHOTO` that cpick prints for another corpus file
  /// (`decoded`: "same bytes as the PHOTO of shared/<file>").
  let photoOf: (String) -> String?

  /// The cards of `output` — one `["vcard",[…]]`, or a JSON array of them (RFC 7095
  /// §3.2) — or `nil` when it is neither; no output at all is no card.
  init?(output: Data, complained: Bool, photoOf: @escaping (String) -> String? = { _ in nil }) {
    self.photoOf = photoOf
    var top: [Any] = []
    if !output.isEmpty {
      guard let json = (try? JSONSerialization.jsonObject(with: output)) as? [Any] else { return nil }
      top = json.first is String ? [json] : json
    }
    var cards: [[JCardProperty]] = []
    for card in top {
      guard let card = card as? [Any], card.count >= 2, card[0] as? String == "vcard",
        let properties = card[1] as? [Any]
      else { return nil }
      cards.append(properties.compactMap(JCardProperty.init))
    }
    self.cards = cards
    self.complained = complained
  }

  func evaluate(property: String, expected: Any) -> Outcome {
    switch property {
    case "card_count":
      return compare(cards.count, expected)
    case "parse":
      guard let verdict = expected as? String else { return .unsupported("parse verdict") }
      let ok = verdict == "ok" ? !cards.isEmpty : complained || cards.isEmpty
      return ok ? .passed : .failed(got: "\(cards.count) cards, complained: \(complained)")
    case "kind":
      guard let card = cards.first else { return .failed(got: "no card") }
      let kind = card.first { $0.name == "KIND" || $0.name == "X-ADDRESSBOOKSERVER-KIND" }
      return compare(kind.map { $0.text.lowercased() } ?? "individual", expected)
    case "jcard":
      return compareDocument(expected)
    default:
      break
    }
    guard let path = ExpectationPath(property) else { return .unsupported("path \(property)") }
    return CorpusExpectations.evaluate(
      path, cards: cards, expected: expected, lines: { $0.filter { $0.name == path.name } }, lineCount: \.count,
      describe: { describe($0.text) }
    ) { property, card, expected in
      check(property, card: card, key: path.key, expected: expected, match: path.match)
    }
  }

  /// Checks `key` of `property` (the whole value when `key` is `nil`).
  private func check(
    _ property: JCardProperty, card: [JCardProperty], key: String?, expected: Any, match: ExpectationPath.Match
  ) -> Outcome {
    guard let key else {
      if let text = expected as? String {
        if match == .equal { return compareValue(property, text) }
        return CorpusExpectations.compareText(property.text, text, match: match)
      }
      if expected is [Any] {
        // A list value (`CATEGORIES`, `NICKNAME`): its values, blanks around them removed.
        let items = property.values.count == 1 && !(property.values[0] is [Any])
          ? [property.text] : property.values.map(JCardProperty.text)
        return compare(items.map { $0.trimmingCharacters(in: .whitespaces) }, expected)
      }
      if let object = expected as? [String: Any] {
        return CorpusExpectations.combine(
          object.map { check(property, card: card, key: $0.key, expected: $0.value, match: .equal) })
      }
      return .unsupported("whole value of type \(type(of: expected))")
    }
    switch key {
    case "value", "text", "raw":
      return compareValue(property, expected)
    case "components":
      return compare(property.components, expected)
    case "types", "type":
      return CorpusExpectations.compareTypes(property.types, key: key, expected: expected)
    case "group":
      let group = property.parameter("group").first?.lowercased() ?? ""
      return compare(group, (expected as? String)?.lowercased() ?? expected)
    case "encoding":
      let encoding = property.parameter("encoding").first?.uppercased() ?? ""
      return compare(encoding == "B" ? "BASE64" : encoding, (expected as? String)?.uppercased() ?? expected)
    case "decoded_length":
      guard let bytes = ExpectedValues.base64(property.text) else { return .failed(got: "not base64") }
      return compare(bytes.count, expected)
    case "decoded[:8]":
      guard let bytes = ExpectedValues.base64(property.text) else { return .failed(got: "not base64") }
      return compare(bytes.prefix(8).map { String(format: "%02x", $0) }.joined(), expected)
    case "decoded":
      let prefix = "same bytes as the PHOTO of shared/"
      guard let text = expected as? String, text.hasPrefix(prefix),
        let file = text.dropFirst(prefix.count).split(separator: " ").first,
        let other = photoOf(String(file)).flatMap(ExpectedValues.base64)
      else { return .unsupported("decoded: \(expected)") }
      return ExpectedValues.base64(property.text) == other ? .passed : .failed(got: "other bytes")
    case "media_type":
      return compare(
        ExpectedValues.mediaType(
          parameter: property.parameter("mediatype").first, value: property.text, firstType: property.types.first),
        expected)
    case "params":
      guard let object = expected as? [String: Any] else { return .unsupported("params not an object") }
      return CorpusExpectations.combine(object.map { compareParameter(property, name: $0.key, expected: $0.value) })
    case "date":
      // jCard writes dates in the extended form (RFC 7095 §3.5.3): the date part.
      let text = property.text
      return compare(String(text.prefix { $0 != "T" }), expected)
    case "timestamp":
      guard let text = expected as? String else { return .unsupported("timestamp") }
      let strip: (String) -> String = { $0.filter { $0 != "-" && $0 != ":" } }
      return compare(strip(property.text), strip(text))
    case "label(X-ABLabel)":
      let group = property.parameter("group").first?.lowercased()
      let label = card.first { $0.name == "X-ABLABEL" && group != nil && $0.parameter("group").first?.lowercased() == group }
      return compare(label?.text ?? "", expected)
    case "latitude", "longitude":
      return CorpusExpectations.compareGeo(property.text, key: key, expected: expected)
    default:
      if key.hasPrefix("params.") {
        return compareParameter(property, name: String(key.dropFirst("params.".count)), expected: expected)
      }
      if let position = ExpectationPath.componentIndex(key, of: property.name) {
        let components = property.components
        let component: Any = position < components.count ? components[position] : ""
        guard expected is [Any] else { return compare((component as? [String])?.joined(separator: ",") ?? component, expected) }
        if let list = component as? [String] { return compare(list, expected) }
        let text = component as? String ?? ""
        return compare(text.isEmpty ? [String]() : [text], expected)
      }
      return .unsupported("key \(key)")
    }
  }

  /// The value compared with `expected`; a date or time (`date`, `date-time`,
  /// `date-and-or-time`, `timestamp`) in jCard's extended ISO 8601 form
  /// (RFC 7095 §3.5.3–§3.5.6: `1980-01-01`, `--02-03`) is the same value as the
  /// basic form vCard writes (`19800101`, `--0203`), so both are compared without
  /// their `-` and `:`.
  private func compareValue(_ property: JCardProperty, _ expected: Any) -> Outcome {
    let value = property.text
    guard Self.dateTypes.contains(property.type), let text = expected as? String, value != text else {
      return compare(value, expected)
    }
    let basic: (String) -> String = { $0.filter { $0 != "-" && $0 != ":" } }
    return basic(value) == basic(text) ? .passed : .failed(got: describe(value))
  }

  private static let dateTypes: Set<String> = ["date", "date-time", "date-and-or-time", "timestamp", "time"]

  /// The whole jCard compared with another library's jCard of the same file
  /// (`expected`: `shared/<path>.json`, a corpus path; ical.js's): the same properties in the same
  /// order, the same parameters, the same values. Two things are compared as the same
  /// value written two ways: the value type's name (ical.js names a vCard 3.0
  /// card's types as RFC 2426 does — `phone-number`, `utc-offset`, `binary`,
  /// `date-time`, a `float` GEO — where cpick writes RFC 6350's, which RFC 7095
  /// knows), and a date in basic or extended form (`compareValue`); a group is
  /// compared without regard to case (RFC 6350 §3.3).
  private func compareDocument(_ expected: Any) -> Outcome {
    guard let path = (expected as? String).map({ $0.hasPrefix("shared/") ? String($0.dropFirst(7)) : $0 }),
      let data = try? Data(contentsOf: SharedFiles.corpusFile(path)),
      let other = JCardExpectationEvaluator(output: data, complained: false)
    else { return .unsupported("jcard: \(expected)") }
    guard other.cards.count == cards.count else { return .failed(got: "\(cards.count) cards") }
    var outcomes: [Outcome] = []
    for (mine, theirs) in zip(cards, other.cards) {
      guard mine.count == theirs.count else { return .failed(got: "\(mine.count) properties, not \(theirs.count)") }
      for (property, wanted) in zip(mine, theirs) {
        guard property.name == wanted.name else { return .failed(got: "\(property.name) where \(wanted.name) was") }
        let names = Set(property.parameters.keys).union(wanted.parameters.keys)
        for name in names.sorted() {
          let got = property.parameter(name)
          let want = wanted.parameter(name)
          let same = name == "group" ? got.map { $0.lowercased() } == want.map { $0.lowercased() } : got == want
          outcomes.append(same ? .passed : .failed(got: "\(property.name) \(name)=\(describe(got))"))
        }
        outcomes.append(compareValue(property, wanted.text))
      }
    }
    return CorpusExpectations.combine(outcomes)
  }

  /// A parameter's values compared with `expected`; `VALUE` is the type element in
  /// jCard (RFC 7095 §3.4.2), not a parameter.
  private func compareParameter(_ property: JCardProperty, name: String, expected: Any) -> Outcome {
    CorpusExpectations.compareParameter(
      name.lowercased() == "value" ? [property.type] : property.parameter(name), expected: expected)
  }

  private func compare(_ got: Any, _ expected: Any) -> Outcome {
    CorpusExpectations.compare(got, expected)
  }

  private func describe(_ value: Any) -> String {
    ExpectedJSON.describe(value)
  }
}
