import ContactKit
import CpickSupport
import Foundation

/// One mailbox of a message header (RFC 5322 §3.4): a display name, if any, and the
/// address.
public struct MessageAddress: Sendable, Hashable {
  /// The display name, RFC 2047 words decoded, quoted-pairs undone, white space
  /// collapsed; when the mailbox has none, the text of its comment
  /// (`ada@example.org (Ada Lovelace)`); else `""`.
  public var displayName: String
  /// The addr-spec, `local@domain`, as written (an IDN domain stays as written, in
  /// Unicode or as `xn--` labels; a quoted local part keeps its quotes).
  public var address: String
  /// The text of the comments after the address, decoded, joined by a space; `nil`
  /// when there were none.
  public var comment: String?
  /// The group the mailbox was listed in (`Team: a@b, c@d;`), decoded; `nil` outside a group.
  public var group: String?
  /// The header field it came from, as written (`From`, `Reply-To`, …); `""` when
  /// parsed from a bare address list.
  public var field: String

  /// Creates an address.
  public init(displayName: String, address: String, comment: String? = nil, group: String? = nil, field: String = "") {
    self.displayName = displayName
    self.address = address
    self.comment = comment
    self.group = group
    self.field = field
  }
}

/// Reads the mailboxes of a message's address fields (RFC 5322 §3.4, §3.6.2–3):
/// `From`, `Sender`, `Reply-To`, `To`, `Cc`, … .
///
/// What it understands: bare addresses (`ada@example.org`), angle addresses with and
/// without a display name, quoted display names with commas and quoted-pairs
/// (`"Lovelace, Ada \"A.\"" <ada@example.org>`), unquoted dots in names (obs-phrase,
/// `Ada A. Lovelace <…>`), comments (`ada@example.org (Ada Lovelace)`: the comment
/// becomes the name when there is no display name), nested comments, several
/// addresses, groups (`Team: a@b, c@d;`, also empty: `undisclosed-recipients:;`),
/// obsolete routes (`<@relay:ada@example.org>`), domain literals (`[192.0.2.1]`), RFC
/// 2047 encoded words in names and comments (adjacent ones joined without the space
/// between them; leniently also inside quotes and with specials such as `,` in a `Q`
/// word, as common mailers write them), UTF-8 names and IDN domains (RFC 6532).
///
/// Lenient where mail is sloppy: a name before a bare address without angle brackets
/// (`Ada Lovelace ada@example.org`), a missing `>` or `;`, stray commas. Entries
/// with no `@` (`undisclosed-recipients`) are skipped.
///
/// ```swift
/// let parser = MessageAddressParser(fieldNames: ["From", "Reply-To"])
/// let senders = parser.addresses(in: rawMessageBytes)
/// MessageAddressParser.parse("\"Lovelace, Ada\" <ada@example.org>")
/// // [MessageAddress(displayName: "Lovelace, Ada", address: "ada@example.org")]
/// ```
public struct MessageAddressParser: Sendable {
  /// The header fields read, in this order (names in any case); default `From`.
  public var fieldNames: [String]
  /// Whether an address listed again (in another field, or the same one) is left
  /// out; the first is kept, and gets the later one's name when it had none.
  public var removesDuplicates = true

  /// A parser for the fields `fieldNames`.
  public init(fieldNames: [String] = ["From"]) {
    self.fieldNames = fieldNames
  }

  /// The mailboxes of the chosen fields of `message` (the whole raw message, or its
  /// headers), fields in the order of `fieldNames`, mailboxes in the order written.
  public func addresses(in message: [UInt8]) -> [MessageAddress] {
    addresses(in: MessageHeaders(message: message))
  }

  /// The mailboxes of the chosen fields of `message`.
  public func addresses(in message: String) -> [MessageAddress] {
    addresses(in: Array(message.utf8))
  }

  /// The mailboxes of the chosen fields of already parsed headers.
  public func addresses(in headers: MessageHeaders) -> [MessageAddress] {
    var result: [MessageAddress] = []
    var seen: [String: Int] = [:]
    for name in fieldNames {
      let wanted = name.lowercased()
      for field in headers.fields where field.name.lowercased() == wanted {
        for var address in Self.parse(field.value) {
          address.field = field.name
          let key = address.address.lowercased()
          if removesDuplicates, let index = seen[key] {
            if result[index].displayName.isEmpty && !address.displayName.isEmpty {
              result[index].displayName = address.displayName
            }
            continue
          }
          seen[key] = result.count
          result.append(address)
        }
      }
    }
    return result
  }

  /// The mailboxes of one address-list field value (unfolded, without the field name).
  public static func parse(_ value: String) -> [MessageAddress] {
    var parser = AddressListParser(tokens: AddressTokenizer.tokens(of: value))
    return parser.parseList()
  }
}

// MARK: - Tokens

/// A lexical token of an address list (RFC 5322 §3.2).
enum AddressToken: Equatable {
  /// An atom or dot-atom (dots kept inside: `ada.lovelace`, `A.`), or an encoded word.
  case atom(String)
  /// The content of a quoted-string, quoted-pairs undone.
  case quoted(String)
  /// The content of a comment, nested comments kept with their parentheses.
  case comment(String)
  /// A domain literal, with its brackets: `[192.0.2.1]`.
  case literal(String)
  /// One of `< > @ , ; :`.
  case special(Character)
}

struct AddressSpacedToken {
  var token: AddressToken
  /// Whether white space (or a comment) came before it.
  var spaceBefore: Bool
}

enum AddressTokenizer {
  /// Whether `scalar` is one of the specials a token of its own: `< > @ , ; :`.
  static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "<", ">", "@", ",", ";", ":": true
    default: false
    }
  }

  /// The longest line a message may have (RFC 5322 §2.1.1), without its CRLF.
  static let maximumLineLength = 998

  /// Whether `scalar` ends an atom: the specials, brackets, quotes, parentheses and
  /// white space (`.` does not: obs-phrase and dot-atoms keep it).
  static func endsAtom(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "(", ")", "\"", "[", "]": true
    default: isSpecial(scalar) || String.isWhitespace(scalar)
    }
  }

  /// The tokens of an address-list field value, each with whether white space came
  /// before it. Lenient: an unclosed quote, comment or literal runs to the end; a
  /// stray `)` or `]` is dropped.
  ///
  /// - Complexity: O(n) in the length of `text`; the text is held as scalars (4 bytes
  ///   each, not a `Character`'s 16: a 15 MB header took 327 MB).
  static func tokens(of text: String) -> [AddressSpacedToken] {
    let chars = Array(text.unicodeScalars)
    var tokens: [AddressSpacedToken] = []
    var index = 0
    var space = false
    while index < chars.count {
      let char = chars[index]
      if String.isWhitespace(char) {
        space = true
        index += 1
        continue
      }
      let token: AddressToken
      switch char {
      case "\"":
        token = .quoted(quotedString(chars, &index))
      case "(":
        token = .comment(comment(chars, &index))
      case "[":
        token = .literal(domainLiteral(chars, &index))
      case ")", "]":
        index += 1  // stray: dropped
        continue
      default:
        if isSpecial(char) {
          token = .special(Character(char))
          index += 1
        } else {
          let end = endOfAtom(chars, from: index)
          token = .atom(string(chars[index..<end]))
          index = end
        }
      }
      tokens.append(AddressSpacedToken(token: token, spaceBefore: space))
      space = false
    }
    return tokens
  }

  /// The text of `scalars`, their UTF-8 written straight into a new string (a
  /// `String.UnicodeScalarView` made of them took a generic call per scalar: a tenth of
  /// reading a mutt alias file).
  static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    String(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
      var count = 0
      for scalar in scalars {
        if scalar.value < 0x80 {
          buffer[count] = UInt8(truncatingIfNeeded: scalar.value)
          count += 1
        } else {
          for byte in UTF8.encode(scalar)! {
            buffer[count] = byte
            count += 1
          }
        }
      }
      return count
    }
  }

  /// The content of the quoted-string opening at `index` (quoted-pairs undone, line
  /// breaks dropped); `index` moves past its closing quote (or the end).
  static func quotedString(_ chars: [Unicode.Scalar], _ index: inout Int) -> String {
    var content = ""
    index += 1
    while index < chars.count && chars[index] != "\"" {
      if chars[index] == "\\" && index + 1 < chars.count {
        index += 1
      }
      if chars[index] != "\r" && chars[index] != "\n" { content.unicodeScalars.append(chars[index]) }
      index += 1
    }
    index += 1  // closing quote (or past the end)
    return content
  }

  /// The content of the comment opening at `index` (nested comments kept with their
  /// parentheses, quoted-pairs undone); `index` moves past its closing parenthesis
  /// (or the end).
  static func comment(_ chars: [Unicode.Scalar], _ index: inout Int) -> String {
    var depth = 1
    var content = ""
    index += 1
    while index < chars.count {
      let c = chars[index]
      if c == "\\" && index + 1 < chars.count {
        content.unicodeScalars.append(chars[index + 1])
        index += 2
        continue
      }
      if c == "(" { depth += 1 }
      if c == ")" {
        depth -= 1
        if depth == 0 { break }
      }
      content.unicodeScalars.append(c)
      index += 1
    }
    index += 1
    return content
  }

  /// The domain literal opening at `index`, with its brackets and without white
  /// space; `index` moves past its closing bracket (or the end).
  static func domainLiteral(_ chars: [Unicode.Scalar], _ index: inout Int) -> String {
    var content = "["
    index += 1
    while index < chars.count && chars[index] != "]" {
      if chars[index] == "\\" && index + 1 < chars.count { index += 1 }
      if !String.isWhitespace(chars[index]) { content.unicodeScalars.append(chars[index]) }
      index += 1
    }
    index += 1
    return content + "]"
  }

  /// Where the atom (or dot-atom) starting at `start` ends. An encoded word runs to
  /// its closing `?=` even across specials (`=?UTF-8?Q?Lovelace,_Ada?=`), as long as
  /// it holds no white space.
  static func endOfAtom(_ chars: [Unicode.Scalar], from start: Int) -> Int {
    if chars[start] == "=", start + 1 < chars.count, chars[start + 1] == "?",
      let close = encodedWordEnd(chars, from: start)
    {
      return close
    }
    var end = start
    while end < chars.count && !endsAtom(chars[end]) { end += 1 }
    return end
  }

  /// The index after the `?=` closing the encoded word starting at `start`, or `nil`.
  /// An encoded word holds no white space, so it fits on one line of a message: the
  /// search stops after `maximumLineLength` scalars (else a header of many `=?`
  /// without white space would be scanned to its end from each).
  static func encodedWordEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int? {
    // =? charset ? encoding ? text ?=
    var index = start + 2
    var questionMarks = 0
    while index < min(chars.count, start + maximumLineLength) {
      let c = chars[index]
      if String.isWhitespace(c) { return nil }
      if c == "?" {
        questionMarks += 1
        if questionMarks >= 3 && index + 1 < chars.count && chars[index + 1] == "=" {
          let end = index + 2
          return EncodedWord.parse(Substring(string(chars[start..<end]))) == nil ? nil : end
        }
      }
      index += 1
    }
    return nil
  }
}

// MARK: - Parser

struct AddressListParser {
  let tokens: [AddressSpacedToken]
  var index = 0

  init(tokens: [AddressSpacedToken]) {
    self.tokens = tokens
  }

  var current: AddressToken? { index < tokens.count ? tokens[index].token : nil }

  mutating func parseList() -> [MessageAddress] {
    var result: [MessageAddress] = []
    var group: String?
    while index < tokens.count {
      if current == .special(",") {
        index += 1
        continue
      }
      if current == .special(";") {
        group = nil
        index += 1
        continue
      }
      let start = index
      switch parseMailbox(group: group) {
      case .mailbox(let address):
        result.append(address)
      case .groupStart(let name):
        group = name
      case .none:
        break
      }
      if index == start { index += 1 }  // never stall on a stray token
    }
    return result
  }

  enum Item {
    case mailbox(MessageAddress)
    case groupStart(String)
    case none
  }

  /// Reads one mailbox (or a group's display name and colon) up to, not including,
  /// the next top-level `,` or `;`.
  mutating func parseMailbox(group: String?) -> Item {
    var phrase: [AddressSpacedToken] = []
    var comments: [String] = []
    while let token = current {
      switch token {
      case .special("<"):
        index += 1
        let address = parseAngle()
        comments += trailingComments()
        skipToSeparator()
        guard let address else { return .none }
        return .mailbox(
          MessageAddress(
            displayName: Self.phraseText(phrase), address: address,
            comment: comments.isEmpty ? nil : comments.joined(separator: " "), group: group))
      case .special("@"):
        // An addr-spec: the last word of the phrase is its local part; any words
        // before it are a display name written without angle brackets.
        var local: [AddressSpacedToken] = []
        while let last = phrase.popLast() {
          local.append(last)
          if last.spaceBefore { break }
        }
        local.reverse()
        index += 1
        let domain = parseDomain()
        let localText = local.map { Self.addressText($0.token) }.joined()
        comments += trailingComments()
        if case .special("<")? = current {
          // `b@a.org <a2@a.org>`: the address in angle brackets is the mailbox, what
          // came before it (an address written as a name, unquoted) its display name,
          // as mutt and the mail clients read it.
          index += 1
          let address = parseAngle()
          comments += trailingComments()
          skipToSeparator()
          guard let address else { return .none }
          let name = [Self.phraseText(phrase), localText + "@" + domain].filter { !$0.isEmpty }.joined(separator: " ")
          return .mailbox(
            MessageAddress(
              displayName: name, address: address, comment: comments.isEmpty ? nil : comments.joined(separator: " "),
              group: group))
        }
        skipToSeparator()
        guard !localText.isEmpty, !domain.isEmpty else { return .none }
        let comment = comments.isEmpty ? nil : comments.joined(separator: " ")
        var name = Self.phraseText(phrase)
        if name.isEmpty, let comment { name = comment }
        return .mailbox(MessageAddress(displayName: name, address: localText + "@" + domain, comment: comment, group: group))
      case .special(":"):
        index += 1
        return .groupStart(Self.phraseText(phrase))
      case .special(","), .special(";"):
        return .none
      case .special(">"):
        index += 1
      case .comment(let text):
        comments.append(EncodedWord.decodeUnstructured(text))
        index += 1
      case .atom, .quoted, .literal, .special:
        phrase.append(tokens[index])
        index += 1
      }
    }
    return .none
  }

  /// Inside `<…>`: an optional obsolete route, then local@domain; returns the address
  /// (`nil` when it has no `@`) and consumes the closing `>`.
  mutating func parseAngle() -> String? {
    var parts: [AddressToken] = []
    while let token = current {
      if token == .special(">") {
        index += 1
        break
      }
      if token == .special(",") || token == .special(";") {
        // A missing `>`: a comma ends the address only when it already has a domain.
        if parts.contains(.special("@")), parts.last != .special("@") { break }
      }
      if case .comment = token {
        index += 1
        continue
      }
      // obs-route: `@a.example,@b.example:` before the address.
      if token == .special(":") {
        parts.removeAll()
        index += 1
        continue
      }
      parts.append(token)
      index += 1
    }
    // A route's commas may remain: keep what follows the last one.
    if let comma = parts.lastIndex(of: .special(",")) { parts.removeSubrange(...comma) }
    guard let at = parts.lastIndex(of: .special("@")) else { return nil }
    let local = parts[..<at].map(Self.addressText).joined()
    let domain = parts[(at + 1)...].map(Self.addressText).joined()
    guard !local.isEmpty, !domain.isEmpty else { return nil }
    return local + "@" + domain
  }

  /// The domain after `@`: atoms and domain literals until white space that is
  /// followed by something other than a dot, or a special, or a comment.
  mutating func parseDomain() -> String {
    var domain = ""
    while let token = current {
      switch token {
      case .atom(let text), .literal(let text):
        if !domain.isEmpty && tokens[index].spaceBefore && !text.hasPrefix(".") && !domain.hasSuffix(".") {
          return domain
        }
        domain += text
        index += 1
      default:
        return domain
      }
    }
    return domain
  }

  mutating func trailingComments() -> [String] {
    var comments: [String] = []
    while case .comment(let text) = current {
      comments.append(EncodedWord.decodeUnstructured(text))
      index += 1
    }
    return comments.filter { !$0.isEmpty }
  }

  /// Skips what is left of a mailbox up to the next `,` or `;`.
  mutating func skipToSeparator() {
    while let token = current, token != .special(","), token != .special(";") { index += 1 }
  }

  /// A token as it is written in an address: a quoted local part keeps its quotes
  /// (and re-escapes `"` and `\`).
  static func addressText(_ token: AddressToken) -> String {
    switch token {
    case .atom(let text), .literal(let text): return text
    case .quoted(let text):
      return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case .comment: return ""
    case .special(let char): return String(char)
    }
  }

  /// The display name of a phrase: words joined by one space where white space was,
  /// encoded words decoded (adjacent ones joined), quoted strings' encoded words
  /// decoded too, white space collapsed.
  static func phraseText(_ phrase: [AddressSpacedToken]) -> String {
    var pieces: [EncodedWord.Piece] = []
    for (offset, spaced) in phrase.enumerated() {
      let space = offset > 0 && spaced.spaceBefore
      switch spaced.token {
      case .atom(let text):
        if let raw = EncodedWord.parse(Substring(text)) {
          pieces.append(.encoded(raw, spaceBefore: space))
        } else {
          pieces.append(.plain(text, spaceBefore: space))
        }
      case .quoted(let text):
        let decoded = text.contains("=?") ? EncodedWord.decodeUnstructured(text) : text
        pieces.append(.plain(decoded, spaceBefore: space))
      case .literal(let text):
        pieces.append(.plain(text, spaceBefore: space))
      case .special(let char):
        pieces.append(.plain(String(char), spaceBefore: space))
      case .comment:
        break
      }
    }
    let joined = EncodedWord.join(pieces)
    return joined.collapsingWhitespace
  }
}
