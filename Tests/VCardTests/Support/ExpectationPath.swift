/// A property path of `expectations.jsonl` (see the corpus MANIFEST):
/// `card_count`, `cards[i].NAME`, `cards[*].NAME[j].key`, with an optional
/// ` (contains)` / ` (prefix)` modifier.
struct ExpectationPath: Equatable {
  enum Index: Equatable {
    case at(Int)
    case all
  }

  enum Match: Equatable {
    case equal
    case contains
    case prefix
  }

  var card: Index
  /// Upper-cased property name.
  var name: String
  /// `nil`: the first instance.
  var line: Index?
  /// `components`, `types`, `value`, `params.X`, `family`, …; `nil` for the whole value.
  var key: String?
  var match: Match = .equal

  /// Parses `text`, or `nil` when it is not a `cards[…]` path.
  init?(_ text: String) {
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
