import Localization

/// Parses one logical line into a `ContentLine`: group, name, parameters and value
/// (RFC 6350 §3.3, RFC 6868 parameter escapes, vCard 2.1 bare parameters).
///
/// The line keeps where its parts are in the bytes; parameters and value are made
/// when asked for (`ContentLine`).
enum ContentLineParser {
  enum Failure: Error, CustomStringConvertible {
    case noColon
    case noName

    package var description: String {
      switch self {
      case .noColon: return L10n.deferred("line has no ':' between name and value; skipped")
      case .noName: return L10n.deferred("line has no property name; skipped")
      }
    }
  }

  /// Parses `line`, whose content is in `buffer`: the source's input, or `joined`,
  /// the line's own unfolded bytes.
  ///
  /// - Throws: `Failure` when the line has no colon or no name.
  static func parse(
    _ line: LogicalLine, buffer: UnsafeBufferPointer<UInt8>, source: VCardSource, joined: [UInt8]?
  ) throws(Failure) -> ContentLine {
    let lineStart = line.contentStart
    let lineEnd = line.contentEnd
    // Name (with group): up to the first ';' or ':'.
    var index = lineStart
    while index < lineEnd && buffer[index] != UInt8(ascii: ";") && buffer[index] != UInt8(ascii: ":") {
      index += 1
    }
    guard index < lineEnd else { throw .noColon }
    var nameStart = lineStart
    var nameEnd = index
    while nameStart < nameEnd && (buffer[nameStart] == 0x20 || buffer[nameStart] == 0x09) { nameStart += 1 }
    while nameEnd > nameStart && (buffer[nameEnd - 1] == 0x20 || buffer[nameEnd - 1] == 0x09) { nameEnd -= 1 }
    var group: String? = nil
    var dot = nameEnd
    while dot > nameStart && buffer[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
    if dot > nameStart {
      group = String(decoding: UnsafeBufferPointer(rebasing: buffer[nameStart..<(dot - 1)]), as: UTF8.self)
      nameStart = dot
    }
    guard nameStart < nameEnd else { throw .noName }
    // A known name comes from the kinds' table (no string made); another is upper-cased.
    let nameBytes = UnsafeBufferPointer(rebasing: buffer[nameStart..<nameEnd])
    let name: String
    let kind: PropertyKind
    if let known = PropertyKind.known(nameBytes) {
      (kind, name) = known
    } else {
      name = uppercasedASCII(nameBytes)
      kind = .other
    }

    // Parameters: up to the first ':' outside double quotes.
    let parametersStart = index
    var quoted = false
    var sawQuote = false
    var sawCaretOrHigh = false
    while index < lineEnd {
      let byte = buffer[index]
      if quoted && isEscapedQuote(UnsafeBufferPointer(rebasing: buffer[..<lineEnd]), at: index) {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
        sawQuote = true
      } else if byte == UInt8(ascii: ":") && !quoted {
        break
      } else if byte == UInt8(ascii: "^") || byte >= 0x80 {
        sawCaretOrHigh = true
      }
      index += 1
    }
    guard index < lineEnd else { throw .noColon }
    let scan =
      parametersStart == index
      ? (encodingOrCharset: false, altID: false)
      : scanParameters(UnsafeBufferPointer(rebasing: buffer[parametersStart..<index]))
    let simple = !sawQuote && !scan.encodingOrCharset
    let raw = RawLine(
      source: source, joined: joined, start: lineStart, end: lineEnd, parametersStart: parametersStart,
      colon: index, simpleParameters: simple, plainParameters: simple && !sawCaretOrHigh,
      mayHaveAltID: sawQuote || sawCaretOrHigh || scan.altID)
    return ContentLine(group: group, name: name, kind: kind, raw: raw, lineNumber: line.lineNumber, sourceRange: line.start..<line.end)
  }

  /// Whether parameter bytes may name a transfer encoding or a charset (`ENCODING`,
  /// `CHARSET`, or a 2.1 bare `QUOTED-PRINTABLE`, `BASE64`, `8BIT`, `7BIT`), and
  /// whether they may hold an `ALTID` (any case).
  private static func scanParameters(_ bytes: UnsafeBufferPointer<UInt8>) -> (encodingOrCharset: Bool, altID: Bool) {
    let end = bytes.count
    var altID = false
    for index in 0..<end {
      switch bytes[index] | 0x20 {
      case UInt8(ascii: "a"):
        if LineReader.matchesUppercased(bytes, at: index, end: end, "ALTID") { altID = true }
      case UInt8(ascii: "e"):
        if LineReader.matchesUppercased(bytes, at: index, end: end, "ENCODING") { return (true, true) }
      case UInt8(ascii: "c"):
        if LineReader.matchesUppercased(bytes, at: index, end: end, "CHARSET") { return (true, true) }
      case UInt8(ascii: "q"):
        if LineReader.matchesUppercased(bytes, at: index, end: end, "QUOTED-PRINTABLE") { return (true, true) }
      case UInt8(ascii: "b"):
        if LineReader.matchesUppercased(bytes, at: index, end: end, "BASE64") { return (true, true) }
      case UInt8(ascii: "8"), UInt8(ascii: "7"):
        if index + 4 <= end, bytes[index + 1] | 0x20 == UInt8(ascii: "b"), bytes[index + 2] | 0x20 == UInt8(ascii: "i"),
          bytes[index + 3] | 0x20 == UInt8(ascii: "t")
        {
          return (true, true)
        }
      default: break
      }
    }
    return (false, altID)
  }

  /// The parameters in `bytes`: from the `;` after the name to the value's colon.
  /// A name or value that is not UTF-8 (a custom `TYPE` label of a Latin-1 card) is
  /// text in the charset undeclared values are (`CharsetDecoder.decodeUndeclared`,
  /// `fallbackCharset` the file's legacy charset), as the line's value is.
  static func parseParameters(_ bytes: UnsafeBufferPointer<UInt8>, fallbackCharset: String? = nil) -> [VCardParameter] {
    var parameters: [VCardParameter] = []
    var quoted = false
    var fieldStart = 0
    var index = 0
    while index <= bytes.count {
      if index == bytes.count {
        if index > fieldStart, let parameter = parseParameter(bytes, (fieldStart + 1)..<index, fallbackCharset: fallbackCharset) {
          parameters.append(parameter)
        }
        break
      }
      let byte = bytes[index]
      if quoted && isEscapedQuote(bytes, at: index) {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted && byte == UInt8(ascii: ";") {
        if index > fieldStart, let parameter = parseParameter(bytes, (fieldStart + 1)..<index, fallbackCharset: fallbackCharset) {
          parameters.append(parameter)
        }
        fieldStart = index
      }
      index += 1
    }
    return parameters
  }

  /// `NAME=v1,"v2"` or a bare `WORD`; `nil` for an empty parameter (`;;`).
  private static func parseParameter(
    _ all: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, fallbackCharset: String?
  ) -> VCardParameter? {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end && (all[start] == 0x20 || all[start] == 0x09) { start += 1 }
    while end > start && (all[end - 1] == 0x20 || all[end - 1] == 0x09) { end -= 1 }
    guard start < end else { return nil }
    func text(_ bytes: some Collection<UInt8>) -> String {
      CharsetDecoder.decodeUndeclared(bytes, fallback: fallbackCharset)
    }
    guard let equals = all[start..<end].firstIndex(of: UInt8(ascii: "=")) else {
      return VCardParameter(name: nil, values: [text(UnsafeBufferPointer(rebasing: all[start..<end]))])
    }
    var nameEnd = equals
    while nameEnd > start && (all[nameEnd - 1] == 0x20 || all[nameEnd - 1] == 0x09) { nameEnd -= 1 }
    let name = uppercasedASCII(UnsafeBufferPointer(rebasing: all[start..<nameEnd]))
    var values: [String] = []
    var current: [UInt8] = []
    var quoted = false
    var hasCaret = false
    func finish() {
      let text = text(current)
      values.append(hasCaret ? unescapeParameter(text) : text)
      current.removeAll(keepingCapacity: true)
      hasCaret = false
    }
    var index = equals + 1
    let field = UnsafeBufferPointer(rebasing: all[..<end])
    while index < end {
      let byte = all[index]
      if quoted && isEscapedQuote(field, at: index) {
        current.append(UInt8(ascii: "\""))
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == UInt8(ascii: ",") && !quoted {
        finish()
      } else {
        if byte == UInt8(ascii: "^") { hasCaret = true }
        current.append(byte)
      }
      index += 1
    }
    finish()
    if name.isEmpty { return VCardParameter(name: nil, values: values) }
    return VCardParameter(name: name, values: values)
  }

  /// Whether `bytes[index]` starts a `\"` inside a quoted parameter value, as Apple's
  /// exports write a double quote there (`LABEL="Apt \"B\" 2nd floor"`), rather than
  /// a value that ends in a backslash: the quote is not the last byte and is not
  /// followed by `;`, `:` or `,`, which would end the value (cpick's own writer quotes
  /// a value ending in `\` that way).
  @inline(__always)
  static func isEscapedQuote(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    guard bytes[index] == UInt8(ascii: "\\"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"")
    else { return false }
    let next = bytes[index + 2]
    return next != UInt8(ascii: ";") && next != UInt8(ascii: ":") && next != UInt8(ascii: ",")
  }

  /// ASCII letters upper-cased, other bytes as they are.
  static func uppercasedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { buffer in
      var i = 0
      for byte in bytes {
        buffer[i] = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
        i += 1
      }
      return i
    }
  }

  /// RFC 6868: `^n` newline, `^^` caret, `^'` double quote.
  private static func unescapeParameter(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "^")) else { return value }
    var out = ""
    var iterator = value.makeIterator()
    while let character = iterator.next() {
      guard character == "^" else {
        out.append(character)
        continue
      }
      switch iterator.next() {
      case "n"?, "N"?: out.append("\n")
      case "^"?: out.append("^")
      case "'"?: out.append("\"")
      case let other?: out.append("^"); out.append(other)
      case nil: out.append("^")
      }
    }
    return out
  }
}
