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
    var nameStart = 0
    var nameEnd = index
    while nameStart < nameEnd && (bytes[nameStart] == 0x20 || bytes[nameStart] == 0x09) { nameStart += 1 }
    while nameEnd > nameStart && (bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09) { nameEnd -= 1 }
    var group: String? = nil
    var dot = nameEnd
    while dot > nameStart && bytes[dot - 1] != UInt8(ascii: ".") { dot -= 1 }
    if dot > nameStart {
      group = String(decoding: bytes[nameStart..<(dot - 1)], as: UTF8.self)
      nameStart = dot
    }
    let name = uppercasedASCII(bytes[nameStart..<nameEnd])
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
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
    while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    guard start < end else { return nil }
    guard let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) else {
      return VCardParameter(name: nil, values: [String(decoding: bytes[start..<end], as: UTF8.self)])
    }
    var nameEnd = equals
    while nameEnd > start && (bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09) { nameEnd -= 1 }
    let name = uppercasedASCII(bytes[start..<nameEnd])
    var values: [String] = []
    var current: [UInt8] = []
    var quoted = false
    var hasCaret = false
    func finish() {
      let text = String(decoding: current, as: UTF8.self)
      values.append(hasCaret ? unescapeParameter(text) : text)
      current.removeAll(keepingCapacity: true)
      hasCaret = false
    }
    var index = equals + 1
    while index < end {
      let byte = bytes[index]
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

  /// ASCII letters upper-cased, other bytes as they are.
  static func uppercasedASCII(_ bytes: ArraySlice<UInt8>) -> String {
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
