/// Parses one logical line into a `ContentLine`: group, name, parameters and value
/// (RFC 6350 §3.3, RFC 6868 parameter escapes, vCard 2.1 bare parameters).
enum ContentLineParser {
  enum Failure: Error, CustomStringConvertible {
    case noColon
    case noName

    var description: String {
      switch self {
      case .noColon: return "line has no ':' between name and value; skipped"
      case .noName: return "line has no property name; skipped"
      }
    }
  }

  /// Parses `line`; a value without `CHARSET` that is not UTF-8 is read in
  /// `fallbackCharset` (default Windows-1252).
  ///
  /// - Throws: `Failure` when the line has no colon or no name.
  static func parse(_ line: LogicalLine, fallbackCharset: String? = nil) throws(Failure) -> ContentLine {
    let bytes = line.bytes
    // Name (with group): up to the first ';' or ':'.
    var index = 0
    while index < bytes.count && bytes[index] != UInt8(ascii: ";") && bytes[index] != UInt8(ascii: ":") {
      index += 1
    }
    guard index < bytes.count else { throw .noColon }
    let fullName = String(decoding: bytes[0..<index], as: UTF8.self).trimmingCharacters(in: " \t")
    var group: String? = nil
    var name = fullName
    if let dot = fullName.lastIndex(of: ".") {
      group = String(fullName[..<dot])
      name = String(fullName[fullName.index(after: dot)...])
    }
    name = name.uppercased()
    guard !name.isEmpty else { throw .noName }

    // Parameters: up to the first ':' outside double quotes.
    var parameters: [VCardParameter] = []
    var quoted = false
    var fieldStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted && (byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")) {
        if index > fieldStart {
          if let parameter = parseParameter(bytes[(fieldStart + 1)..<index]) { parameters.append(parameter) }
        }
        fieldStart = index
        if byte == UInt8(ascii: ":") { break }
      }
      index += 1
    }
    guard index < bytes.count else { throw .noColon }
    let rawValue = bytes[(index + 1)...]
    let text = String(decoding: bytes, as: UTF8.self)
    let value = ValueDecoder.decode(rawValue, parameters: parameters, fallbackCharset: fallbackCharset)
    return ContentLine(
      group: group, name: name, parameters: parameters, value: value, text: text,
      lineNumber: line.lineNumber, sourceRange: line.start..<line.end)
  }

  /// `NAME=v1,"v2"` or a bare `WORD`; `nil` for an empty parameter (`;;`).
  private static func parseParameter(_ bytes: ArraySlice<UInt8>) -> VCardParameter? {
    let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \t")
    guard !text.isEmpty else { return nil }
    guard let equals = text.firstIndex(of: "=") else {
      return VCardParameter(name: nil, values: [text])
    }
    let name = String(text[..<equals]).trimmingCharacters(in: " \t").uppercased()
    let valueText = text[text.index(after: equals)...]
    var values: [String] = []
    var currentValue = ""
    var quoted = false
    for character in valueText {
      if character == "\"" {
        quoted.toggle()
      } else if character == "," && !quoted {
        values.append(unescapeParameter(currentValue))
        currentValue = ""
      } else {
        currentValue.append(character)
      }
    }
    values.append(unescapeParameter(currentValue))
    if name.isEmpty { return VCardParameter(name: nil, values: values) }
    return VCardParameter(name: name, values: values)
  }

  /// RFC 6868: `^n` newline, `^^` caret, `^'` double quote.
  private static func unescapeParameter(_ value: String) -> String {
    guard value.contains("^") else { return value }
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
