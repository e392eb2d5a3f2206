import Foundation

/// How `L10n.translating(_:)` recognises a kept English text made from a catalog text
/// with values: each such `msgid` as a regular expression, its values captured.
enum StoredTexts {
  /// One catalog text with values, as a pattern.
  struct Pattern {
    /// The whole text, each value a lazy capture group.
    let expression: NSRegularExpression
    /// For each capture group, the position of its value among the text's values.
    let positions: [Int]
    /// The translation.
    let translation: String
    /// The length of the text without its values (longer patterns are tried first).
    let literalLength: Int
  }

  /// The patterns of one language, longest first (`@unchecked`: `NSRegularExpression`
  /// is not marked `Sendable` on Linux, but these are never changed once made, and
  /// matching is safe from any thread).
  struct Patterns: @unchecked Sendable {
    let all: [Pattern]

    /// The translation and the values of the first pattern `text` matches whole.
    func match(_ text: String) -> (translation: String, values: [String])? {
      let range = NSRange(text.startIndex..., in: text)
      for pattern in all {
        guard let found = pattern.expression.firstMatch(in: text, range: range) else { continue }
        var values = [String](repeating: "", count: (pattern.positions.max() ?? -1) + 1)
        for (group, position) in pattern.positions.enumerated() {
          if let captured = Range(found.range(at: group + 1), in: text) { values[position] = String(text[captured]) }
        }
        return (pattern.translation, values)
      }
      return nil
    }
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var made: [String: Patterns] = [:]

  /// The patterns of `catalog`, made on first use.
  static func patterns(of catalog: L10n.Catalog) -> Patterns {
    lock.lock()
    defer { lock.unlock() }
    if let known = made[catalog.language.code] { return known }
    let patterns = Patterns(
      all: catalog.messages.translations.compactMap { pattern($0.key, translation: $0.value) }
        .sorted { $0.literalLength > $1.literalLength })
    made[catalog.language.code] = patterns
    return patterns
  }

  /// `english` as a pattern; nil without values, or with under three characters
  /// besides them (`%s: %s` would match anything).
  static func pattern(_ english: String, translation: String) -> Pattern? {
    var expression = "^"
    var positions: [Int] = []
    var literalLength = 0
    for piece in L10n.pieces(of: english) {
      switch piece {
      case .literal(let text):
        expression += NSRegularExpression.escapedPattern(for: text)
        literalLength += text.count
      case .value(let position):
        expression += "(.*?)"
        positions.append(position)
      }
    }
    guard !positions.isEmpty, literalLength >= 3,
      let compiled = try? NSRegularExpression(pattern: expression + "$", options: [.dotMatchesLineSeparators])
    else { return nil }
    return Pattern(expression: compiled, positions: positions, translation: translation, literalLength: literalLength)
  }

  /// Where the text begins after a `file:line: ` in front of `stored` (the first
  /// `:N: `), nil without one.
  static func linePrefix(of stored: String) -> String.Index? {
    guard let found = stored.range(of: #":[0-9]+: "#, options: .regularExpression) else { return nil }
    return found.upperBound
  }
}
