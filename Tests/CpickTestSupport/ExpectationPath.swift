/// A property path of `expectations.jsonl` (see the corpus MANIFEST):
/// `card_count`, `cards[i].NAME`, `cards[*].NAME[j].key`, with an optional
/// ` (contains)` / ` (prefix)` modifier. Shared by the evaluators that check the
/// expectations on raw cards (VCardTests) and on `cpick`'s jCard (EndToEndTests).
public struct ExpectationPath: Equatable, Sendable {
  /// A card or line index: one, or every one (`[*]`).
  public enum Index: Equatable, Sendable {
    case at(Int)
    case all
  }

  /// How a whole value is compared: equal, contains, or starts with (blanks removed).
  public enum Match: Equatable, Sendable {
    case equal
    case contains
    case prefix
  }

  /// Which card.
  public var card: Index
  /// Upper-cased property name.
  public var name: String
  /// `nil`: the first instance.
  public var line: Index?
  /// `components`, `types`, `value`, `params.X`, `family`, …; `nil` for the whole value.
  public var key: String?
  /// How a whole value is compared.
  public var match: Match = .equal

  /// The `N` component names, in value order (RFC 6350 §6.2.2).
  public static let nameKeys = ["family", "given", "additional", "prefixes", "suffixes"]
  /// The `ADR` component names, in value order (RFC 6350 §6.3.1).
  public static let addressKeys = ["pobox", "extended", "street", "locality", "region", "postal", "country"]

  /// The position of component `key` in a structured `property` (`N`, `ADR`), or `nil`.
  public static func componentIndex(_ key: String, of property: String) -> Int? {
    switch property.uppercased() {
    case "N": return nameKeys.firstIndex(of: key)
    case "ADR": return addressKeys.firstIndex(of: key)
    default: return nil
    }
  }

  /// Parses `text`, or `nil` when it is not a `cards[…]` path.
  public init?(_ text: String) {
    var text = Substring(text)
    if text.hasPrefix("parse(relaxed).") { text = text.dropFirst("parse(relaxed).".count) }
    if text.hasSuffix(" (contains)") {
      match = .contains
      text = text.dropLast(" (contains)".count)
    } else if text.hasSuffix(" (prefix)") {
      match = .prefix
      text = text.dropLast(" (prefix)".count)
    }
    guard text.hasPrefix("cards[") else { return nil }
    text = text.dropFirst("cards".count)
    guard let cardIndex = Self.index(&text), text.first == "." else { return nil }
    text = text.dropFirst()
    card = cardIndex
    let nameEnd = text.firstIndex { $0 == "[" || $0 == "." } ?? text.endIndex
    name = text[..<nameEnd].uppercased()
    text = text[nameEnd...]
    line = nil
    if text.first == "[" {
      guard let lineIndex = Self.index(&text) else { return nil }
      line = lineIndex
    }
    if text.first == "." {
      key = String(text.dropFirst())
    } else if text.isEmpty {
      key = nil
    } else {
      return nil
    }
    guard !name.isEmpty else { return nil }
  }

  /// Reads `[n]` or `[*]` from the front of `text`.
  private static func index(_ text: inout Substring) -> Index? {
    guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
    let inner = text[text.index(after: text.startIndex)..<close]
    text = text[text.index(after: close)...]
    if inner == "*" { return .all }
    return Int(inner).map(Index.at)
  }
}
