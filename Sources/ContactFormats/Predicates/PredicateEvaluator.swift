import Foundation
import Localization

/// A value met while evaluating: a leaf of the JSON or a literal.
enum PredicateScalar: Sendable {
  case text(String)
  case number(Int)
  case bool(Bool)
  case null
}

/// Evaluates a parsed predicate against a person (or property) object.
///
/// A missing key is empty: a missing text is `""`, a missing list has no values and
/// `@count` 0, a missing boolean is false. Lists are looked through at every step of a
/// key path, so `postalAddresses.value.city` gives the city of every address.
enum PredicateEvaluator {
  /// Whether `value` (a person or property object) satisfies `node`.
  ///
  /// - Throws: `PredicateError` at the operator's column when a `MATCHES` runs out of
  ///   steps (`PredicateRegexBudget`).
  static func evaluate(_ node: PredicateNode, _ value: JSONValue) throws(PredicateError) -> Bool {
    try evaluate(node, value, memo: PredicateMemo())
  }

  /// `evaluate(_:_:)` with what one object's terms share (`PredicateMemo`).
  private static func evaluate(_ node: PredicateNode, _ value: JSONValue, memo: PredicateMemo) throws(PredicateError)
    -> Bool
  {
    switch node {
    case .constant(let flag): return flag
    case .not(let inner): return try !evaluate(inner, value, memo: memo)
    // `&&` and `||` take a rethrowing autoclosure, which loses the error type.
    case .and(let terms):
      for term in terms where try !evaluate(term, value, memo: memo) { return false }
      return true
    case .or(let terms):
      for term in terms where try evaluate(term, value, memo: memo) { return true }
      return false
    case .oneOf(let set):
      return operand(.keyPath(set.path), in: value, memo: memo).values.contains { left in
        guard case .text(let text) = left else { return false }
        return set.holds(for: text, memo: memo)
      }
    case .keyPath(let path):
      if case .bool(true) = leaves(path.components[...], in: value).first { return true }
      return false
    case .comparison(let comparison): return try evaluate(comparison, value, memo: memo)
    }
  }

  /// The values at the end of a key path, lists flattened.
  static func leaves(_ components: ArraySlice<String>, in value: JSONValue) -> [JSONValue] {
    var out: [JSONValue] = []
    collect(value, components, into: &out)
    return out
  }

  private static func collect(_ value: JSONValue, _ components: ArraySlice<String>, into out: inout [JSONValue]) {
    if case .array(let items) = value {
      for item in items { collect(item, components, into: &out) }
      return
    }
    guard let first = components.first else {
      out.append(value)
      return
    }
    guard case .object(let members) = value, let child = members.first(where: { $0.0 == first })?.1 else { return }
    collect(child, components.dropFirst(), into: &out)
  }

  /// A JSON value read as text: objects and arrays as their non-empty texts joined by `, `.
  static func text(of value: JSONValue) -> String {
    switch value {
    case .string(let text): return text
    case .number(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return ""
    case .array(let items): return items.map(text(of:)).filter { !$0.isEmpty }.joined(separator: ", ")
    case .object(let members): return members.map { text(of: $0.1) }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
  }

  /// An operand's values; `isCollection` for a to-many key path or a `{…}` list.
  private static func operand(_ operand: PredicateOperand, in value: JSONValue, memo: PredicateMemo) -> (
    values: [PredicateScalar], isCollection: Bool
  ) {
    // A key path's values are the same for every term that names it.
    if case .keyPath(let path) = operand {
      if let known = memo.operands[path.text] { return known }
      let found = self.operand(operand, in: value)
      memo.operands[path.text] = found
      return found
    }
    return self.operand(operand, in: value)
  }

  private static func operand(_ operand: PredicateOperand, in value: JSONValue) -> (
    values: [PredicateScalar], isCollection: Bool
  ) {
    switch operand {
    case .literal(.list(let items)):
      return (items.map(scalar), true)
    case .literal(let literal):
      return ([scalar(literal)], false)
    case .keyPath(let path):
      let found = leaves(path.components[...], in: value)
      switch path.type {
      case .count: return ([.number(found.count)], false)
      case .bool:
        if case .bool(true) = found.first { return ([.bool(true)], false) }
        return ([.bool(false)], false)
      case .text, .labeledValues:
        if path.isToMany { return (found.map { .text(text(of: $0)) }, true) }
        return ([.text(found.first.map(text(of:)) ?? "")], false)
      }
    }
  }

  private static func scalar(_ literal: PredicateLiteral) -> PredicateScalar {
    switch literal {
    case .text(let text): return .text(text)
    case .number(let number): return .number(number)
    case .bool(let flag): return .bool(flag)
    case .null, .list: return .null
    }
  }

  private static func isNil(_ operand: PredicateOperand) -> Bool {
    if case .literal(.null) = operand { return true }
    return false
  }

  private static func evaluate(_ c: PredicateComparison, _ value: JSONValue, memo: PredicateMemo) throws(PredicateError)
    -> Bool
  {
    let lhs = operand(c.lhs, in: value, memo: memo)
    let rhs = operand(c.rhs, in: value, memo: memo)
    // `list == nil`: the list is empty (a missing key is an empty list).
    if c.quantifier == nil, c.op == .equal || c.op == .notEqual {
      if (lhs.isCollection && isNil(c.rhs)) || (rhs.isCollection && isNil(c.lhs)) {
        let empty = lhs.isCollection ? lhs.values.isEmpty : rhs.values.isEmpty
        return c.op == .equal ? empty : !empty
      }
    }
    func test(_ left: PredicateScalar) throws(PredicateError) -> Bool {
      if c.op == .in {
        if rhs.isCollection {
          for right in rhs.values where try compare(left, .equal, right, c, memo) { return true }
          return false
        }
        return try compare(rhs.values[0], .contains, left, c, memo)
      }
      if rhs.isCollection {
        for right in rhs.values where try compare(left, c.op, right, c, memo) { return true }
        return false
      }
      return try compare(left, c.op, rhs.values[0], c, memo)
    }
    func any() throws(PredicateError) -> Bool {
      for left in lhs.values where try test(left) { return true }
      return false
    }
    switch c.quantifier ?? (lhs.isCollection ? .anyOf : nil) {
    case nil: return try lhs.values.first.map { v throws(PredicateError) in try test(v) } ?? false
    case .anyOf: return try any()
    case .allOf:
      for left in lhs.values where try !test(left) { return false }
      return true
    case .noneOf: return try !any()
    }
  }

  private static func compare(
    _ a: PredicateScalar, _ op: PredicateOperator, _ b: PredicateScalar, _ c: PredicateComparison, _ memo: PredicateMemo
  ) throws(PredicateError) -> Bool {
    switch (a, b) {
    case (.text(let x), .text(let y)): return try compare(x, op, y, c, memo)
    case (.number(let x), .number(let y)):
      switch op {
      case .equal: return x == y
      case .notEqual: return x != y
      case .less: return x < y
      case .lessOrEqual: return x <= y
      case .greater: return x > y
      case .greaterOrEqual: return x >= y
      default: return false
      }
    case (.bool(let x), .bool(let y)):
      return op == .equal ? x == y : op == .notEqual ? x != y : false
    case (.null, .null): return op == .equal
    case (.null, .text(let x)), (.text(let x), .null):
      return op == .equal ? x.isEmpty : op == .notEqual ? !x.isEmpty : false
    default: return op == .notEqual
    }
  }

  private static func compare(
    _ x: String, _ op: PredicateOperator, _ y: String, _ c: PredicateComparison, _ memo: PredicateMemo
  ) throws(PredicateError) -> Bool {
    if op == .matches {
      let subject = PredicateOptions(diacriticInsensitive: c.options.diacriticInsensitive).fold(x)
      guard let regex = c.regex ?? (try? PredicateRegex(pattern: y, options: c.options)) else { return false }
      do {
        return try regex.matches(subject)
      } catch {
        if error.tooLong {
          throw PredicateError(
            column: c.column,
            message: L10n.format(
              "MATCHES '%s' on a value of %d characters: longer than %d, the most a pattern is matched against (use CONTAINS or LIKE)",
              error.pattern, error.length, PredicateRegexBudget.longestValue))
        }
        throw PredicateError(
          column: c.column,
          message: L10n.format(
            "MATCHES '%s' gave up on a value of %d characters: it backtracks without end (nested repetition such as "
              + "(.*)* or (.+)+); simplify the pattern", error.pattern, error.length))
      }
    }
    // Folded once for all the terms of one object (a note against 4,000 CONTAINS terms);
    // the literal once for the command.
    let x = memo.folded(x, c.options)
    let prepared = c.literal.flatMap { $0.text == y ? $0 : nil }
    let y = prepared?.folded ?? memo.folded(y, c.options)
    switch op {
    case .equal: return x == y
    case .notEqual: return x != y
    case .less: return x < y
    case .lessOrEqual: return x <= y
    case .greater: return x > y
    case .greaterOrEqual: return x >= y
    case .contains: return y.isEmpty || contains(memo.characters(x), prepared?.characters ?? memo.characters(y))
    case .beginsWith: return x.hasPrefix(y)
    case .endsWith: return x.hasSuffix(y)
    case .like:
      // The value's characters once for all the terms of one object, the pattern's
      // elements once for the command (4,000 `LIKE` terms made both anew each time).
      let pattern = prepared?.likePattern ?? LikePattern(memo.characters(y))
      guard let matched = like(memo.characters(x), pattern: pattern) else {
        throw PredicateError(
          column: c.column,
          message: L10n.format(
            "LIKE '%s' gave up on a value of %d characters: too many ways to place its * wildcards; use fewer",
            String(y.prefix(40)), x.count))
      }
      return matched
    case .matches, .in: return false
    }
  }

  /// `CONTAINS`: whether `word` occurs in `text`, character by character (Knuth,
  /// Morris and Pratt: linear in both, where a search that starts again after each
  /// partial match takes their product — an 8,000-character word in an 800,000-
  /// character note).
  static func contains(_ text: [Character], _ word: [Character]) -> Bool {
    guard !word.isEmpty else { return true }
    guard word.count <= text.count else { return false }
    // fallback[i]: the length of the longest proper border of word[0...i].
    var fallback = [Int](repeating: 0, count: word.count)
    var length = 0
    for i in 1..<word.count {
      while length > 0 && word[i] != word[length] { length = fallback[length - 1] }
      if word[i] == word[length] { length += 1 }
      fallback[i] = length
    }
    var matched = 0
    for character in text {
      while matched > 0 && character != word[matched] { matched = fallback[matched - 1] }
      if character == word[matched] { matched += 1 }
      if matched == word.count { return true }
    }
    return false
  }

  /// The most steps `like` takes on one value before it gives up: far more than a
  /// real pattern needs on a real value (each step moves over one character).
  static let likeSteps = 20_000_000

  /// `LIKE`: `*` is any run of characters, `?` one character, `\` makes the next
  /// character literal; the pattern covers the whole text. Nil when it gave up after
  /// `likeSteps` steps (a pattern of many `*`-separated pieces against a long value
  /// can take their product).
  static func like(_ text: [Character], pattern: LikePattern, steps: Int = likeSteps) -> Bool? {
    switch pattern.form {
    case .exactly(let word): return text == word
    case .prefix(let word): return text.starts(with: word)
    case .suffix(let word): return word.count <= text.count && text[(text.count - word.count)...].elementsEqual(word)
    case .infix(let word): return contains(text, word)
    case .general: break
    }
    let pattern = pattern.elements
    var t = 0
    var p = 0
    var star = -1
    var mark = 0
    var taken = 0
    while t < text.count {
      taken += 1
      if taken > steps { return nil }
      let element = p < pattern.count ? pattern[p] : nil
      if case .anyRun = element {
        star = p
        mark = t
        p += 1
        continue
      }
      let fits: Bool
      switch element {
      case .one: fits = true
      case .literal(let character): fits = character == text[t]
      default: fits = false
      }
      if fits {
        t += 1
        p += 1
      } else if star >= 0 {
        p = star + 1
        mark += 1
        t = mark
      } else {
        return false
      }
    }
    while p < pattern.count, case .anyRun = pattern[p] { p += 1 }
    return p == pattern.count
  }
}

/// A `LIKE` pattern read: `*` any run of characters, `?` one character, any other
/// character itself (and `*`, `?`, `\\` after a `\\`, which is dropped). A pattern
/// whose only wildcards are a `*` at either end is matched as what it is (equality,
/// prefix, suffix, or `contains`): the common patterns, linear, without backtracking.
struct LikePattern: Sendable {
  enum Element: Sendable, Equatable {
    case anyRun
    case one
    case literal(Character)
  }
  /// A pattern without inner wildcards, by where its `*` are.
  enum Form: Sendable {
    case exactly([Character])
    case prefix([Character])
    case suffix([Character])
    case infix([Character])
    case general
  }

  let elements: [Element]
  let form: Form

  init(_ raw: [Character]) {
    var elements: [Element] = []
    elements.reserveCapacity(raw.count)
    var i = 0
    while i < raw.count {
      if raw[i] == "\\", i + 1 < raw.count {
        elements.append(.literal(raw[i + 1]))
        i += 2
      } else {
        elements.append(raw[i] == "*" ? .anyRun : raw[i] == "?" ? .one : .literal(raw[i]))
        i += 1
      }
    }
    self.elements = elements
    form = Self.form(of: elements)
  }

  private static func form(of elements: [Element]) -> Form {
    var body = elements[...]
    let leading = body.first == .anyRun
    if leading { body = body.dropFirst() }
    let trailing = !body.isEmpty && body.last == .anyRun
    if trailing { body = body.dropLast() }
    var word: [Character] = []
    word.reserveCapacity(body.count)
    for element in body {
      guard case .literal(let character) = element else { return .general }
      word.append(character)
    }
    switch (leading, trailing) {
    case (false, false): return .exactly(word)
    case (false, true): return .prefix(word)
    case (true, false): return .suffix(word)
    case (true, true): return .infix(word)
    }
  }
}

/// What the terms of one predicate share while one object is evaluated: a key path's
/// values, and texts folded by modifiers and made characters — so that a long `OR` of
/// `CONTAINS[cd]` terms folds a person's note once, not once a term.
final class PredicateMemo {
  /// Each key path's values (by its text as written).
  var operands: [String: (values: [PredicateScalar], isCollection: Bool)] = [:]
  private struct FoldKey: Hashable {
    var text: String
    var caseInsensitive: Bool
    var diacriticInsensitive: Bool
  }
  private var foldedTexts: [FoldKey: String] = [:]
  private var characterArrays: [String: [Character]] = [:]

  /// `text` folded by `options` (`PredicateOptions.fold`), once.
  func folded(_ text: String, _ options: PredicateOptions) -> String {
    guard options.caseInsensitive || options.diacriticInsensitive else { return text }
    let key = FoldKey(
      text: text, caseInsensitive: options.caseInsensitive, diacriticInsensitive: options.diacriticInsensitive)
    if let known = foldedTexts[key] { return known }
    let made = options.fold(text)
    foldedTexts[key] = made
    return made
  }

  /// `text`'s characters, once.
  func characters(_ text: String) -> [Character] {
    if let known = characterArrays[text] { return known }
    let made = Array(text)
    characterArrays[text] = made
    return made
  }
}

