import Foundation

/// The parsed predicate.
indirect enum PredicateNode: Sendable {
  case constant(Bool)
  case not(PredicateNode)
  case and(PredicateNode, PredicateNode)
  case or(PredicateNode, PredicateNode)
  /// A bare boolean key path (`hasImage`).
  case keyPath(PredicateKeyPath)
  case comparison(PredicateComparison)
}

enum PredicateQuantifier: Sendable {
  case anyOf, allOf, noneOf
}

enum PredicateOperator: String, Sendable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case contains = "CONTAINS"
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case like = "LIKE"
  case matches = "MATCHES"
  case `in` = "IN"

  /// The operators written with punctuation, and their spellings.
  static let symbols: [String: PredicateOperator] = [
    "==": .equal, "=": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
    "=<": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual,
  ]

  /// The operators written as words (case-insensitive).
  static let words: [String: PredicateOperator] = [
    "CONTAINS": .contains, "BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith, "LIKE": .like,
    "MATCHES": .matches, "IN": .in,
  ]

  /// Operators that only take text.
  var isTextOnly: Bool { [.contains, .beginsWith, .endsWith, .like, .matches].contains(self) }
  var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
}

/// `[c]`, `[d]`, `[cd]`.
struct PredicateOptions: Sendable, Equatable {
  var caseInsensitive = false
  var diacriticInsensitive = false

  /// The text as compared under these options.
  func fold(_ text: String) -> String {
    var options: String.CompareOptions = []
    if caseInsensitive { options.insert(.caseInsensitive) }
    if diacriticInsensitive { options.insert(.diacriticInsensitive) }
    return options.isEmpty ? text : text.folding(options: options, locale: nil)
  }
}

enum PredicateLiteral: Sendable {
  case text(String)
  case number(Int)
  case bool(Bool)
  case null
  case list([PredicateLiteral])
}

enum PredicateOperand: Sendable {
  case keyPath(PredicateKeyPath)
  case literal(PredicateLiteral)
}

/// A compiled `MATCHES` pattern: anchored at both ends, as ICU's `matches()`.
/// NSRegularExpression is immutable and safe to share between threads.
final class PredicateRegex: @unchecked Sendable {
  let expression: NSRegularExpression

  init(pattern: String, options: PredicateOptions) throws {
    var flags: NSRegularExpression.Options = []
    if options.caseInsensitive { flags.insert(.caseInsensitive) }
    // Case is the regex engine's business (folding the pattern would turn `\D` into
    // `\d`); diacritics are folded away in the pattern and in the text alike.
    let pattern = PredicateOptions(diacriticInsensitive: options.diacriticInsensitive).fold(pattern)
    expression = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z", options: flags)
  }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    let range = NSRange(location: 0, length: text.utf16.count)
    return expression.firstMatch(in: text, options: [], range: range) != nil
  }
}

struct PredicateComparison: Sendable {
  /// An explicit `ANY`/`SOME`, `ALL`, `NONE` on the left key path; nil when none is written.
  var quantifier: PredicateQuantifier?
  var lhs: PredicateOperand
  var op: PredicateOperator
  var options: PredicateOptions
  var rhs: PredicateOperand
  /// The `MATCHES` pattern when it is a literal, compiled once.
  var regex: PredicateRegex?
}
