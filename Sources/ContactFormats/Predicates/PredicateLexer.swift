import Localization

/// One token of a predicate format string, with the 1-based column where it starts.
struct PredicateToken: Sendable {
  enum Kind: Sendable, Equatable {
    /// A key path or a keyword: `givenName`, `postalAddresses.value.city`,
    /// `phoneNumbers.@count`, `AND`, `CONTAINS`, `nil`.
    case word(String)
    /// A quoted string, escapes resolved.
    case string(String)
    case number(Int)
    /// An operator made of punctuation (`==`, `<>`, `&&`, `!`), or a run of
    /// punctuation that is no operator (the parser reports it).
    case symbol(String)
    /// `[c]`, `[d]`, `[cd]`: the letters between the brackets.
    case modifier(String)
    case leftParen, rightParen, leftBrace, rightBrace, comma
    case end
  }

  var kind: Kind
  /// The token as written in the format string.
  var text: String
  var column: Int
}

/// Splits a format string into tokens. Errors: an unterminated string or modifier, a
/// number too large for `Int`.
struct PredicateLexer {
  private let chars: [Character]
  private var index = 0

  init(_ format: String) {
    // A quote or backslash with combining marks after it (`"̀abc"`: a literal that begins
    // with a mark) is one character to Swift, and would be no quote: the quote apart.
    chars = Array(format).flatMap { character -> [Character] in
      let scalars = character.unicodeScalars
      guard scalars.count > 1, let first = scalars.first, first == "\"" || first == "'" || first == "\\" else {
        return [character]
      }
      return [Character(first), Character(String(String.UnicodeScalarView(scalars.dropFirst())))]
    }
  }

  static func tokens(_ format: String) throws(PredicateError) -> [PredicateToken] {
    var lexer = PredicateLexer(format)
    var tokens: [PredicateToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private func peek(_ offset: Int = 0) -> Character? {
    index + offset < chars.count ? chars[index + offset] : nil
  }

  private func text(from start: Int) -> String { String(chars[start..<index]) }

  private static func isWordStart(_ c: Character) -> Bool { c.isLetter || c == "_" }
  private static func isWordPart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
  private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

  private mutating func next() throws(PredicateError) -> PredicateToken {
    while let c = peek(), c.isWhitespace { index += 1 }
    let start = index
    let column = start + 1
    guard let c = peek() else { return PredicateToken(kind: .end, text: "", column: column) }
    func token(_ kind: PredicateToken.Kind) -> PredicateToken {
      PredicateToken(kind: kind, text: text(from: start), column: column)
    }
    switch c {
    case "(":
      index += 1
      return token(.leftParen)
    case ")":
      index += 1
      return token(.rightParen)
    case "{":
      index += 1
      return token(.leftBrace)
    case "}":
      index += 1
      return token(.rightBrace)
    case ",":
      index += 1
      return token(.comma)
    case "\"", "'": return try string(quote: c, column: column)
    case "[":
      index += 1
      while let d = peek(), d.isLetter { index += 1 }
      guard peek() == "]" else {
        throw PredicateError(
          column: column, message: L10n.format("unterminated modifier '%s' (expected [c], [d] or [cd])", text(from: start)))
      }
      index += 1
      return token(.modifier(String(chars[(start + 1)..<(index - 1)])))
    case "&", "|":
      while let d = peek(), d == "&" || d == "|" { index += 1 }
      return token(.symbol(text(from: start)))
    case "!":
      index += 1
      if peek() == "=" {
        while let d = peek(), "=<>~!".contains(d) { index += 1 }
      }
      return token(.symbol(text(from: start)))
    case "=", "<", ">", "~":
      while let d = peek(), "=<>~!".contains(d) { index += 1 }
      return token(.symbol(text(from: start)))
    default:
      break
    }
    if Self.isDigit(c) || (c == "-" && peek(1).map(Self.isDigit) == true) {
      index += 1
      while let d = peek(), Self.isDigit(d) { index += 1 }
      let written = text(from: start)
      guard let number = Int(written) else {
        throw PredicateError(column: column, message: L10n.format("number '%s' is too large", written))
      }
      return token(.number(number))
    }
    if Self.isWordStart(c) {
      index += 1
      while let d = peek() {
        if Self.isWordPart(d) {
          index += 1
        } else if d == ".", let e = peek(1), Self.isWordStart(e) || e == "@" {
          index += 2
        } else {
          break
        }
      }
      return token(.word(text(from: start)))
    }
    index += 1
    return token(.symbol(String(c)))
  }

  /// A quoted string. Escapes: `\"`, `\'`, `\\`, `\n`, `\t`, `\r`, `\0`, `\uXXXX`,
  /// `\u{X…}`; any other backslash is kept with the character after it, so regular
  /// expressions pass through (`"\d+"` is the pattern `\d+`).
  private mutating func string(quote: Character, column: Int) throws(PredicateError) -> PredicateToken {
    let start = index
    index += 1
    var value = ""
    while let c = peek() {
      index += 1
      if c == quote {
        return PredicateToken(kind: .string(value), text: text(from: start), column: column)
      }
      guard c == "\\" else {
        value.append(c)
        continue
      }
      guard let e = peek() else { break }
      index += 1
      switch e {
      case "\"", "'", "\\": value.append(e)
      case "n": value.append("\n")
      case "t": value.append("\t")
      case "r": value.append("\r")
      case "0": value.append("\0")
      case "u":
        if let scalar = unicodeEscape() {
          value.unicodeScalars.append(scalar)
        } else {
          value += "\\u"
        }
      default:
        value.append("\\")
        value.append(e)
      }
    }
    throw PredicateError(column: column, message: L10n.format("unterminated string (no closing %s)", "\(quote)"))
  }

  /// After `\u`: four hex digits or `{1-8 hex digits}`; nil (nothing consumed) otherwise.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    var end = index
    var digits = ""
    if peek() == "{" {
      end += 1
      while end < chars.count, chars[end].isHexDigit, digits.count < 8 {
        digits.append(chars[end])
        end += 1
      }
      guard end < chars.count, chars[end] == "}", !digits.isEmpty else { return nil }
      end += 1
    } else {
      while end < chars.count, chars[end].isHexDigit, digits.count < 4 {
        digits.append(chars[end])
        end += 1
      }
      guard digits.count == 4 else { return nil }
    }
    guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
    index = end
    return scalar
  }
}
