import CpickSupport
import Localization

/// Recursive descent over the tokens: `OR` < `AND` < `NOT` < comparison.
///
///     or         := and (("OR" | "||") and)*
///     and        := not (("AND" | "&&") not)*
///     not        := ("NOT" | "!") not | primary
///     primary    := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
///     comparison := [quantifier] operand [operator [modifier] operand]
///     quantifier := "ANY" | "SOME" | "ALL" | "NONE"
///     operand    := keypath | string | number | true | false | YES | NO | nil | NULL
///                 | "{" [literal ("," literal)*] "}"
///
/// Comparisons are type-checked here, so a mistake is reported with its column before
/// any contact is read.
struct PredicateParser {
  private let tokens: [PredicateToken]
  private let kind: ContactPredicate.Kind
  private var index = 0
  /// Open parentheses and NOTs around the current token, bounded so a hostile
  /// expression cannot exhaust the stack.
  private var depth = 0
  static let maximumDepth = 200

  /// Words that are never key paths.
  static let reserved: Set<String> = [
    "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "TRUEPREDICATE", "FALSEPREDICATE", "TRUE", "FALSE",
    "YES", "NO", "NIL", "NULL", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN",
  ]

  /// Misspellings and other languages' names for operators.
  static let operatorAliases: [String: String] = [
    "STARTSWITH": "BEGINSWITH", "STARTS_WITH": "BEGINSWITH", "BEGINS": "BEGINSWITH", "STARTS": "BEGINSWITH",
    "ENDS": "ENDSWITH", "ENDS_WITH": "ENDSWITH", "HAS": "CONTAINS", "INCLUDES": "CONTAINS",
    "IS": "==", "EQ": "==", "EQUALS": "==", "NE": "!=", "LT": "<", "GT": ">", "LE": "<=", "GE": ">=",
    "REGEX": "MATCHES", "MATCH": "MATCHES", "=~": "MATCHES", "~=": "MATCHES", "~": "MATCHES",
    "===": "==", "!==": "!=", "&": "AND", "|": "OR",
  ]

  static func parse(_ format: String, kind: ContactPredicate.Kind) throws(PredicateError) -> PredicateNode {
    var parser = PredicateParser(tokens: try PredicateLexer.tokens(format), kind: kind)
    return try parser.parseAll()
  }

  private init(tokens: [PredicateToken], kind: ContactPredicate.Kind) {
    self.tokens = tokens
    self.kind = kind
  }

  // MARK: tokens

  private var current: PredicateToken { tokens[index] }
  private var previous: PredicateToken? { index > 0 ? tokens[index - 1] : nil }

  @discardableResult
  private mutating func advance() -> PredicateToken {
    let token = tokens[index]
    if index < tokens.count - 1 { index += 1 }
    return token
  }

  /// The keyword a token spells (upper-cased), when it is a word without dots.
  private static func keyword(_ token: PredicateToken) -> String? {
    guard case .word(let word) = token.kind, !word.contains(".") else { return nil }
    let upper = word.uppercased()
    return reserved.contains(upper) ? upper : nil
  }

  private func isKeyword(_ names: String...) -> Bool {
    Self.keyword(current).map(names.contains) ?? false
  }

  private func isSymbol(_ names: String...) -> Bool {
    if case .symbol(let symbol) = current.kind { return names.contains(symbol) }
    return false
  }

  private static func shown(_ token: PredicateToken) -> String {
    token.kind == .end ? L10n.text("the end") : "'\(token.text)'"
  }

  // MARK: grammar

  private mutating func parseAll() throws(PredicateError) -> PredicateNode {
    if current.kind == .end { throw PredicateError(column: 1, message: L10n.text("empty expression")) }
    let node = try parseOr()
    guard current.kind == .end else {
      if current.kind == .rightParen {
        throw PredicateError(column: current.column, message: L10n.text("unbalanced ')': no '(' before it"))
      }
      throw PredicateError(
        column: current.column, message: L10n.format("unexpected %s after the end of the expression", Self.shown(current)))
    }
    return node
  }

  // A run of `OR`s (`AND`s) is one node of all its terms, not a chain as deep as it is
  // long; its comparisons of one key path with texts are one set (`PredicateValueSet`).
  private mutating func parseOr() throws(PredicateError) -> PredicateNode {
    var terms = [try parseAnd()]
    while isKeyword("OR") || isSymbol("||") {
      advance()
      terms.append(try parseAnd())
    }
    return terms.count == 1 ? terms[0] : .or(PredicateValueSet.grouping(terms))
  }

  private mutating func parseAnd() throws(PredicateError) -> PredicateNode {
    var terms = [try parseNot()]
    while isKeyword("AND") || isSymbol("&&") {
      advance()
      terms.append(try parseNot())
    }
    return terms.count == 1 ? terms[0] : .and(terms)
  }

  private mutating func parseNot() throws(PredicateError) -> PredicateNode {
    if isKeyword("NOT") || isSymbol("!") {
      try enter()
      advance()
      defer { depth -= 1 }
      return .not(try parseNot())
    }
    return try parsePrimary()
  }

  private mutating func parsePrimary() throws(PredicateError) -> PredicateNode {
    switch current.kind {
    case .leftParen:
      try enter()
      defer { depth -= 1 }
      let open = advance()
      let node = try parseOr()
      guard current.kind == .rightParen else {
        let found = current.kind == .end ? "" : L10n.format(", found %s", Self.shown(current))
        throw PredicateError(
          column: current.column, message: L10n.format("missing ')' to close the '(' at column %d", open.column) + found)
      }
      advance()
      return node
    case .word:
      if isKeyword("TRUEPREDICATE") {
        advance()
        return .constant(true)
      }
      if isKeyword("FALSEPREDICATE") {
        advance()
        return .constant(false)
      }
    default:
      break
    }
    return try parseComparison()
  }

  private mutating func enter() throws(PredicateError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw PredicateError(column: current.column, message: L10n.format("nested more than %d deep", Self.maximumDepth))
    }
  }

  /// The error for a token that cannot start an operand.
  private func missingOperand() -> PredicateError {
    if let previous, previous.kind != .leftParen || current.kind == .end || current.kind == .rightParen {
      return PredicateError(column: current.column, message: L10n.format("missing operand after '%s'", previous.text))
    }
    return PredicateError(column: current.column, message: L10n.format("missing operand before %s", Self.shown(current)))
  }

  private mutating func parseComparison() throws(PredicateError) -> PredicateNode {
    var quantifier: (PredicateQuantifier, PredicateToken)?
    switch Self.keyword(current) {
    case "ANY", "SOME": quantifier = (.anyOf, advance())
    case "ALL": quantifier = (.allOf, advance())
    case "NONE": quantifier = (.noneOf, advance())
    default: break
    }
    if let (_, word) = quantifier {
      guard case .word = current.kind, Self.keyword(current) == nil else {
        throw PredicateError(
          column: current.column,
          message: L10n.format("%s needs a key path after it, found %s", word.text.uppercased(), Self.shown(current)))
      }
    }
    let lhs = try parseOperand()

    // The operator, or the end of a bare boolean key path.
    let opToken = current
    var op: PredicateOperator?
    if case .symbol(let symbol) = opToken.kind { op = PredicateOperator.symbols[symbol] }
    if let word = Self.keyword(opToken) { op = PredicateOperator.words[word] }
    guard let op else {
      return try endOfOperand(lhs, quantifier: quantifier?.1)
    }
    advance()

    var options = PredicateOptions()
    if case .modifier(let letters) = current.kind {
      switch letters.lowercased() {
      case "c": options.caseInsensitive = true
      case "d": options.diacriticInsensitive = true
      case "cd", "dc":
        options.caseInsensitive = true
        options.diacriticInsensitive = true
      default:
        throw PredicateError(
          column: current.column, message: L10n.format("unknown modifier '%s' (use [c], [d] or [cd])", current.text))
      }
      advance()
    }
    let rhs = try parseOperand()
    var comparison = PredicateComparison(
      quantifier: quantifier?.0, lhs: lhs.operand, op: op, options: options, rhs: rhs.operand, regex: nil,
      column: opToken.column)
    try PredicateTypeCheck.check(&comparison, lhs: lhs, rhs: rhs, op: opToken, quantifier: quantifier?.1)
    if comparison.op != .matches, case .literal(.text(let text)) = comparison.rhs {
      comparison.literal = PreparedLiteral(text, options: options, like: comparison.op == .like)
    }
    return PredicateValueSet.node(comparison)
  }

  /// After an operand that no operator follows: a bare boolean key path, or an error.
  private func endOfOperand(_ lhs: ParsedOperand, quantifier: PredicateToken?) throws(PredicateError) -> PredicateNode {
    let token = current
    let ends =
      token.kind == .end || token.kind == .rightParen || Self.keyword(token) == "AND"
      || Self.keyword(token) == "OR" || isSymbol("&&", "||")
    if !ends {
      switch token.kind {
      case .word, .symbol:
        let name = token.text
        var message = L10n.format("unknown operator '%s'", name)
        let suggestion =
          Self.operatorAliases[name.uppercased()]
          ?? NearestName.nearest(to: name, in: Array(PredicateOperator.words.keys).sorted())
        if let suggestion { message += L10n.format(" (did you mean '%s'?)", suggestion) }
        throw PredicateError(column: token.column, message: message)
      default:
        throw PredicateError(
          column: token.column, message: L10n.format("missing operator between '%s' and '%s'", lhs.token.text, token.text))
      }
    }
    if let quantifier {
      throw PredicateError(
        column: token.column, message: L10n.format("missing operator after '%s'", quantifier.text + " " + lhs.token.text))
    }
    guard case .keyPath(let path) = lhs.operand else {
      throw PredicateError(column: lhs.token.column, message: L10n.format("'%s' alone is not a condition", lhs.token.text))
    }
    switch path.type {
    case .bool:
      return .keyPath(path)
    case .count:
      throw PredicateError(
        column: lhs.token.column,
        message: L10n.format("'%1$s' is a number, not a condition: compare it, e.g. %1$s > 0", path.text))
    case .labeledValues:
      throw listIsNoCondition(path, column: lhs.token.column)
    case .text where path.isToMany:
      throw listIsNoCondition(path, column: lhs.token.column)
    case .text:
      throw PredicateError(
        column: lhs.token.column,
        message: L10n.format("'%1$s' is text, not a condition: compare it, e.g. %1$s != \"\"", path.text))
    }
  }

  private func listIsNoCondition(_ path: PredicateKeyPath, column: Int) -> PredicateError {
    let list = path.components.first ?? path.text
    return PredicateError(
      column: column, message: L10n.format("'%s' is a list, not a condition: count it, e.g. %s.@count > 0", path.text, list))
  }

  private mutating func parseOperand() throws(PredicateError) -> ParsedOperand {
    let token = current
    switch token.kind {
    case .string(let text):
      advance()
      return ParsedOperand(operand: .literal(.text(text)), token: token)
    case .number(let number):
      advance()
      return ParsedOperand(operand: .literal(.number(number)), token: token)
    case .leftBrace:
      advance()
      var items: [PredicateLiteral] = []
      if current.kind == .rightBrace {
        advance()
        return ParsedOperand(operand: .literal(.list(items)), token: token)
      }
      while true {
        let item = try parseOperand()
        guard case .literal(let literal) = item.operand, !literal.isList else {
          throw PredicateError(
            column: item.token.column, message: L10n.text("a list { … } holds only strings, numbers, booleans and nil"))
        }
        items.append(literal)
        if current.kind == .comma {
          advance()
        } else if current.kind == .rightBrace {
          advance()
          return ParsedOperand(operand: .literal(.list(items)), token: token)
        } else {
          let found = current.kind == .end ? "" : L10n.format(", found %s", Self.shown(current))
          throw PredicateError(
            column: current.column, message: L10n.format("missing '}' to close the '{' at column %d", token.column) + found)
        }
      }
    case .word(let word):
      switch Self.keyword(token) {
      case "TRUE", "YES":
        advance()
        return ParsedOperand(operand: .literal(.bool(true)), token: token)
      case "FALSE", "NO":
        advance()
        return ParsedOperand(operand: .literal(.bool(false)), token: token)
      case "NIL", "NULL":
        advance()
        return ParsedOperand(operand: .literal(.null), token: token)
      case nil:
        let path = try PredicateKeyPaths.resolve(word, kind: kind, column: token.column)
        advance()
        return ParsedOperand(operand: .keyPath(path), token: token)
      default:
        throw missingOperand()
      }
    case .end, .rightParen, .rightBrace, .comma, .symbol, .modifier, .leftParen:
      if case .symbol(let symbol) = token.kind, PredicateOperator.symbols[symbol] == nil,
        !["&&", "||", "!"].contains(symbol)
      {
        throw PredicateError(column: token.column, message: L10n.format("unexpected '%s'", symbol))
      }
      throw missingOperand()
    }
  }
}

/// An operand with the token it was read from (for the column of errors).
struct ParsedOperand {
  var operand: PredicateOperand
  var token: PredicateToken
}

extension PredicateLiteral {
  var isList: Bool {
    if case .list = self { return true }
    return false
  }
}
