import Localization

/// Checks that a comparison's sides fit its operator, at parse time, so
/// `phoneNumbers.@count CONTAINS "1"` or `postalCode == 12345` is an error with a column
/// rather than a predicate that is silently always false.
enum PredicateTypeCheck {
  private enum Kind: Equatable {
    case text, number, bool, null, list, labeledValues

    var name: String {
      switch self {
      case .text: return L10n.text("text")
      case .number: return L10n.text("a number")
      case .bool: return L10n.text("true or false")
      case .null: return "nil"
      case .list: return L10n.text("a list")
      case .labeledValues: return L10n.text("a list of labeled values")
      }
    }
  }

  private static func kind(_ operand: PredicateOperand) -> Kind {
    switch operand {
    case .keyPath(let path):
      switch path.type {
      case .text: return .text
      case .bool: return .bool
      case .count: return .number
      case .labeledValues: return .labeledValues
      }
    case .literal(let literal): return kind(literal)
    }
  }

  private static func kind(_ literal: PredicateLiteral) -> Kind {
    switch literal {
    case .text: return .text
    case .number: return .number
    case .bool: return .bool
    case .null: return .null
    case .list: return .list
    }
  }

  static func check(
    _ c: inout PredicateComparison, lhs: ParsedOperand, rhs: ParsedOperand, op: PredicateToken,
    quantifier: PredicateToken?
  ) throws(PredicateError) {
    let left = kind(lhs.operand)
    let right = kind(rhs.operand)
    let opName = op.text.uppercased()

    if let quantifier {
      guard case .keyPath(let path) = lhs.operand, path.isToMany else {
        throw PredicateError(
          column: quantifier.column,
          message:
            L10n.format(
              "%s needs a key path with several values, such as emailAddresses.value; '%s' has one",
              quantifier.text.uppercased(), lhs.token.text)
        )
      }
    }
    if left == .list {
      throw PredicateError(column: lhs.token.column, message: L10n.text("a list { … } can only follow IN"))
    }
    if right == .list, c.op != .in {
      throw PredicateError(column: rhs.token.column, message: L10n.format("a list { … } can only follow IN, not %s", opName))
    }
    if left == .null || right == .null {
      guard c.op == .equal || c.op == .notEqual else {
        throw PredicateError(column: op.column, message: L10n.format("nil can only be compared with == or !=, not %s", opName))
      }
      if quantifier != nil, left == .labeledValues {
        throw PredicateError(column: lhs.token.column, message: labeledValuesHint(lhs))
      }
      return
    }
    for side in [lhs, rhs] where kind(side.operand) == .labeledValues {
      throw PredicateError(column: side.token.column, message: labeledValuesHint(side))
    }

    if c.op == .in {
      if case .literal(.list(let items)) = rhs.operand {
        for item in items where kind(item) != .null && kind(item) != left {
          throw PredicateError(
            column: rhs.token.column,
            message: L10n.format("the list holds %s but '%s' is %s", kind(item).name, lhs.token.text, left.name))
        }
        return
      }
      guard left == .text, right == .text else {
        throw PredicateError(
          column: rhs.token.column,
          message: L10n.format("IN needs a list such as {\"a\", \"b\"} or text after it, not %s", right.name))
      }
      return
    }

    if c.op.isTextOnly {
      for (side, sideKind) in [(lhs, left), (rhs, right)] where sideKind != .text {
        throw PredicateError(
          column: side.token.column, message: L10n.format("%s needs text, but '%s' is %s", opName, side.token.text, sideKind.name))
      }
      if c.op == .matches, case .literal(.text(let pattern)) = rhs.operand {
        do {
          c.regex = try PredicateRegex(pattern: pattern, options: c.options)
        } catch {
          throw PredicateError(column: rhs.token.column, message: L10n.format("invalid regular expression '%s'", pattern))
        }
      }
      return
    }

    guard left == right else {
      var message = L10n.format("cannot compare '%s' (%s) with '%s' (%s)", lhs.token.text, left.name, rhs.token.text, right.name)
      if left == .text, right == .number { message += L10n.format("; quote the number: \"%s\"", rhs.token.text) }
      if left == .number, right == .text { message += L10n.text("; write the number without quotes") }
      throw PredicateError(column: rhs.token.column, message: message)
    }
    if c.op.isOrdering, left == .bool {
      throw PredicateError(column: op.column, message: L10n.format("true and false cannot be ordered with %s", op.text))
    }
  }

  private static func labeledValuesHint(_ side: ParsedOperand) -> String {
    let key = side.token.text
    return L10n.format("'%1$s' is a list of labeled values: compare %1$s.value or %1$s.label, or count %1$s.@count", key)
  }
}
