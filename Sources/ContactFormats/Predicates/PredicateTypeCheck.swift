/// Checks that a comparison's sides fit its operator, at parse time, so
/// `phoneNumbers.@count CONTAINS "1"` or `postalCode == 12345` is an error with a column
/// rather than a predicate that is silently always false.
enum PredicateTypeCheck {
  private enum Kind: Equatable {
    case text, number, bool, null, list, labeledValues

    var name: String {
      switch self {
      case .text: return "text"
      case .number: return "a number"
      case .bool: return "true or false"
      case .null: return "nil"
      case .list: return "a list"
      case .labeledValues: return "a list of labeled values"
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
            "\(quantifier.text.uppercased()) needs a key path with several values, such as emailAddresses.value; '\(lhs.token.text)' has one"
        )
      }
    }
    if left == .list {
      throw PredicateError(column: lhs.token.column, message: "a list { … } can only follow IN")
    }
    if right == .list, c.op != .in {
      throw PredicateError(column: rhs.token.column, message: "a list { … } can only follow IN, not \(opName)")
    }
    if left == .null || right == .null {
      guard c.op == .equal || c.op == .notEqual else {
        throw PredicateError(column: op.column, message: "nil can only be compared with == or !=, not \(opName)")
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
            message: "the list holds \(kind(item).name) but '\(lhs.token.text)' is \(left.name)")
        }
        return
      }
      guard left == .text, right == .text else {
        throw PredicateError(
          column: rhs.token.column,
          message: "IN needs a list such as {\"a\", \"b\"} or text after it, not \(right.name)")
      }
      return
    }

    if c.op.isTextOnly {
      for (side, sideKind) in [(lhs, left), (rhs, right)] where sideKind != .text {
        throw PredicateError(
          column: side.token.column, message: "\(opName) needs text, but '\(side.token.text)' is \(sideKind.name)")
      }
      if c.op == .matches, case .literal(.text(let pattern)) = rhs.operand {
        do {
          c.regex = try PredicateRegex(pattern: pattern, options: c.options)
        } catch {
          throw PredicateError(column: rhs.token.column, message: "invalid regular expression '\(pattern)'")
        }
      }
      return
    }

    guard left == right else {
      var message = "cannot compare '\(lhs.token.text)' (\(left.name)) with '\(rhs.token.text)' (\(right.name))"
      if left == .text, right == .number { message += "; quote the number: \"\(rhs.token.text)\"" }
      if left == .number, right == .text { message += "; write the number without quotes" }
      throw PredicateError(column: rhs.token.column, message: message)
    }
    if c.op.isOrdering, left == .bool {
      throw PredicateError(column: op.column, message: "true and false cannot be ordered with \(op.text)")
    }
  }

  private static func labeledValuesHint(_ side: ParsedOperand) -> String {
    let key = side.token.text
    return "'\(key)' is a list of labeled values: compare \(key).value or \(key).label, or count \(key).@count"
  }
}
