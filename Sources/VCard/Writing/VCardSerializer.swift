/// The text form of content lines for writing: value escapes per version, parameter
/// quoting and RFC 6868 caret escapes, quoted-printable for vCard 2.1, and folding at
/// 75 octets that never splits a UTF-8 sequence (RFC 6350 §3.2, §3.3, §3.4;
/// RFC 2426 §5.8.1–§5.8.4; RFC 6868; vCard 2.1 §2.1.3).
///
/// Deterministic: the same input gives the same bytes.
public enum VCardSerializer {
  /// CR LF, the line end RFC 6350 §3.2 and RFC 2426 §5.8.1 require.
  public static let crlf: [UInt8] = [0x0D, 0x0A]

  /// The vCard version of a card's `VERSION` value: `2.1`, `3.0` or `4.0` (anything
  /// else, and no version, is 4.0 for writing).
  public enum Version: String, Sendable, Hashable {
    /// vCard 2.1 (versit, 1996).
    case v21 = "2.1"
    /// vCard 3.0 (RFC 2426).
    case v30 = "3.0"
    /// vCard 4.0 (RFC 6350).
    case v40 = "4.0"

    /// The version named by a `VERSION` value; `nil` gives 2.1 (a card without
    /// `VERSION` is read as 2.1), anything unknown 4.0.
    public init(_ value: String?) {
      switch value?.trimmingBlanks() {
      case nil, "2.1"?, "2.0"?, "1.0"?: self = .v21
      case "3.0"?: self = .v30
      default: self = .v40
      }
    }
  }

  // MARK: Values

  /// `text` with the escapes of RFC 6350 §3.4 / RFC 2426 §5.8.4: backslash, comma,
  /// semicolon, and newline (CR LF, LF or CR) as `\n`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func escape(_ text: String) -> String {
    escape(text, version: .v40)
  }

  /// `text` escaped the way `version` reads it.
  ///
  /// - 3.0 and 4.0 (RFC 2426 §5.8.4, RFC 6350 §3.4): backslash, comma, semicolon,
  ///   and newline (CR LF, LF or CR) as `\n`.
  /// - 2.1 (vCard 2.1 §2.1.3, §2.2): no escapes but one: a backslash that would read
  ///   as the start of an escape (before `n`, `N`, `\`, `,`, `;`, `:`, `"`, or last) is doubled;
  ///   commas and semicolons stay as they are and line breaks stay line breaks (the
  ///   line is then written quoted-printable, as 2.1 carries them). A `;` inside a
  ///   component of a structured value is escaped by `structured(_:version:)`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func escape(_ text: String, version: Version) -> String {
    // Most values hold nothing to escape in any version.
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C || $0 == 0x3B || $0 == 0x0D || $0 == 0x0A }) else {
      return text
    }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    if version == .v21 {
      let scalars = Array(text.unicodeScalars)
      for (index, scalar) in scalars.enumerated() {
        out.unicodeScalars.append(scalar)
        // At the end too: what follows may be a component's `;` or a list's `,`.
        if scalar == "\\", index + 1 == scalars.count || "nN\\,;:\"".unicodeScalars.contains(scalars[index + 1]) {
          out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    var previousCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case ",": out += "\\,"
      case ";": out += "\\;"
      case "\r": out += "\\n"
      case "\n": if !previousCR { out += "\\n" }
      default: out.unicodeScalars.append(scalar)
      }
      previousCR = scalar == "\r"
    }
    return out
  }

  /// A structured value (`N`, `ADR`, `ORG`): components escaped, joined with `;`.
  public static func structured(_ components: [String]) -> String {
    structured(components, version: .v40)
  }

  /// A structured value escaped the way `version` reads it: for 2.1 only the `;`
  /// inside a component is escaped (vCard 2.1 §2.2: "a SEMI-COLON in a component of
  /// a compound property value must be escaped with a BACKSLASH").
  public static func structured(_ components: [String], version: Version) -> String {
    components.map { component(String($0), version: version) }.joined(separator: ";")
  }

  /// One component of a structured value escaped the way `version` reads it.
  public static func component(_ text: String, version: Version) -> String {
    let escaped = escape(text, version: version)
    guard version == .v21 else { return escaped }
    return escaped.replacingOccurrences(of: ";", with: "\\;")
  }

  /// A list value (`CATEGORIES`, `NICKNAME`): items escaped, joined with `,`.
  public static func list(_ items: [String]) -> String {
    items.map(escape).joined(separator: ",")
  }

  /// A list value escaped the way `version` reads it: for 2.1 a comma inside an
  /// item is escaped (2.1 has no other way to keep it in one item).
  public static func list(_ items: [String], version: Version) -> String {
    guard version == .v21 else { return list(items) }
    return items.map { escape($0, version: version).replacingOccurrences(of: ",", with: "\\,") }
      .joined(separator: ",")
  }

  // MARK: Parameters

  /// One parameter as written on a line: `NAME=v1,v2` (or a 2.1 bare word).
  ///
  /// A value holding `,` `;` `:` or `"`, or blanks at its ends, is put in double
  /// quotes; for 3.0 and 4.0, `^`, newlines and `"` are caret-escaped (RFC 6868).
  /// vCard 2.1 has neither quotes nor carets: such characters are dropped there.
  public static func parameter(_ parameter: VCardParameter, version: Version) -> String {
    guard let name = parameter.name else {
      // A 2.1-style bare word (`TEL;CELL:`) is written as it came, without quotes.
      return parameter.values.map { value in
        String(value.unicodeScalars.filter { !";:\"\r\n".unicodeScalars.contains($0) }.map(Character.init))
      }.joined(separator: ",")
    }
    let values = parameter.values.map { parameterValue($0, version: version) }
    return name + "=" + values.joined(separator: ",")
  }

  static func parameterValue(_ value: String, version: Version) -> String {
    if version == .v21 {
      return String(value.unicodeScalars.filter { !",;:\"\r\n".unicodeScalars.contains($0) }.map(Character.init))
    }
    var out = ""
    var needsQuotes = false
    var previousCR = false
    for scalar in value.unicodeScalars {
      switch scalar {
      case "^": out += "^^"
      case "\"": out += "^'"
      case "\r": out += "^n"
      case "\n": if !previousCR { out += "^n" }
      case ",", ";", ":": needsQuotes = true; out.unicodeScalars.append(scalar)
      default: out.unicodeScalars.append(scalar)
      }
      previousCR = scalar == "\r"
    }
    if let first = value.unicodeScalars.first, first == " " || first == "\t" { needsQuotes = true }
    if let last = value.unicodeScalars.last, last == " " || last == "\t" { needsQuotes = true }
    return needsQuotes ? "\"" + out + "\"" : out
  }

  // MARK: Lines

  /// The bytes of one content line, folded, with its line end.
  ///
  /// `value` is in the form `ContentLine.value` has: transfer-decoded, with its
  /// vCard escapes. For 2.1, a value with bytes outside ASCII or line breaks is
  /// written quoted-printable (`CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE` added, soft
  /// breaks instead of folds), as is one whose line would pass 75 octets; any
  /// `CHARSET` and quoted-printable `ENCODING` given are replaced where they stand,
  /// because the value is written in UTF-8 (and dropped when no longer needed).
  ///
  /// - Complexity: O(n) in the length of the line.
  public static func line(
    group: String?, name: String, parameters: [VCardParameter], value: String, version: Version,
    lineEnd: [UInt8] = crlf
  ) -> [UInt8] {
    let given = parameters
    var parameters = parameters.filter { parameter in
      parameter.name != "CHARSET" && VCardParameter.transferEncoding(in: [parameter]) != "QUOTED-PRINTABLE"
    }
    func makeHead() -> String {
      var head = ""
      if let group { head += group + "." }
      head += name
      for parameter in parameters { head += ";" + self.parameter(parameter, version: version) }
      return head + ":"
    }
    var head = makeHead()
    if version == .v21, VCardParameter.transferEncoding(in: parameters) == "BASE64" {
      // vCard 2.1 §2.1.3: base64 is folded (its blanks are not part of it) and ends
      // with an empty line; never quoted-printable.
      var out: [UInt8] = []
      appendFolded(Array(head.utf8) + Array(value.utf8), to: &out, lineEnd: lineEnd)
      out += lineEnd
      return out
    }
    let quotedPrintable = needsQuotedPrintable(value, version: version, headLength: head.utf8.count)
    if quotedPrintable {
      // Where the line had them, in its order (`ENCODING=…;CHARSET=utf-8` stays so);
      // else at the end.
      let charset = value.utf8.contains(where: { $0 >= 0x80 }) ? VCardParameter(name: "CHARSET", values: ["UTF-8"]) : nil
      let encoding = VCardParameter(name: "ENCODING", values: ["QUOTED-PRINTABLE"])
      var ordered: [VCardParameter] = []
      var placed = (charset: charset == nil, encoding: false)
      for parameter in given {
        if parameter.name == "CHARSET" {
          // As written when it says UTF-8 already (`CHARSET=utf-8`).
          let same = parameter.values.first.map { $0.uppercased() == "UTF-8" } ?? false
          if let charset, !placed.charset { ordered.append(same ? parameter : charset) }
          placed.charset = true
        } else if VCardParameter.transferEncoding(in: [parameter]) == "QUOTED-PRINTABLE" {
          // As written: Thunderbird's bare `quoted-printable` stays bare.
          if !placed.encoding { ordered.append(parameter) }
          placed.encoding = true
        } else {
          ordered.append(parameter)
        }
      }
      if !placed.charset, let charset { ordered.append(charset) }
      if !placed.encoding { ordered.append(encoding) }
      parameters = ordered
      head = makeHead()
    }
    var out: [UInt8] = []
    var valueBytes = Array(value.utf8)
    if !quotedPrintable && valueBytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      // A line break left in a value (read from quoted-printable): 3.0 and 4.0 write `\n`.
      var escaped: [UInt8] = []
      var index = 0
      while index < valueBytes.count {
        let byte = valueBytes[index]
        if byte == 0x0D || byte == 0x0A {
          escaped += [0x5C, 0x6E]
          if byte == 0x0D && index + 1 < valueBytes.count && valueBytes[index + 1] == 0x0A { index += 1 }
        } else {
          escaped.append(byte)
        }
        index += 1
      }
      valueBytes = escaped
    }
    if quotedPrintable {
      appendQuotedPrintable(head: Array(head.utf8), value: valueBytes, to: &out, lineEnd: lineEnd)
    } else {
      appendLine(Array(head.utf8) + valueBytes, version: version, to: &out, lineEnd: lineEnd)
    }
    return out
  }

  /// Whether a value is written quoted-printable: in vCard 2.1, a value with a
  /// byte outside ASCII or a line break (vCard 2.1 §2.1.3, §2.1.5). Never in 3.0 and
  /// 4.0, which are UTF-8, escape line breaks as `\n` and fold. (`headLength`, the
  /// octets before the value, is no reason: a long line of ASCII is written whole, as
  /// Android and Outlook write theirs, since 2.1 readers disagree on whether the blank
  /// after a fold is part of the value, and some — python-vobject, khard's — cannot read
  /// a soft break in a value that needed none.)
  public static func needsQuotedPrintable(_ value: String, version: Version, headLength: Int) -> Bool {
    version == .v21 && value.utf8.contains { $0 >= 0x80 || $0 == 0x0A || $0 == 0x0D }
  }

  /// Appends one logical line as `version` writes it: folded at 75 octets for 3.0
  /// and 4.0 (`appendFolded`); whole for 2.1 (`needsQuotedPrintable`).
  public static func appendLine(
    _ line: [UInt8], version: Version, to out: inout [UInt8], lineEnd: [UInt8] = crlf
  ) {
    if version == .v21 {
      out.append(contentsOf: line)
      out.append(contentsOf: lineEnd)
    } else {
      appendFolded(line, to: &out, lineEnd: lineEnd)
    }
  }

  /// Appends `line` folded at 75 octets (continuations begin with one space) and a
  /// line end; a fold never falls inside a UTF-8 sequence.
  public static func appendFolded(_ line: [UInt8], to out: inout [UInt8], lineEnd: [UInt8] = crlf) {
    var start = 0
    var limit = 75
    while line.count - start > limit {
      var cut = start + limit
      while cut > start + 1 && line[cut] & 0xC0 == 0x80 { cut -= 1 }
      // Never leave `=` at the end of a physical line: a 2.1 reader takes it for a
      // quoted-printable soft break.
      if cut > start + 2 && line[cut - 1] == UInt8(ascii: "=") { cut -= 1 }
      out.append(contentsOf: line[start..<cut])
      out.append(contentsOf: lineEnd)
      out.append(0x20)
      start = cut
      limit = 74
    }
    out.append(contentsOf: line[start...])
    out.append(contentsOf: lineEnd)
  }

  /// Appends `head` and `value` quoted-printable encoded (RFC 2045 §6.7) with soft
  /// breaks at 76 octets (never a fold: a 2.1 reader takes only `=` CR LF as a
  /// break inside such a value); line breaks as `=0D=0A`; a blank at the start or end of a physical line is
  /// encoded, so no reader takes it for folding; `=` sequences are never split.
  static func appendQuotedPrintable(head: [UInt8], value: [UInt8], to out: inout [UInt8], lineEnd: [UInt8]) {
    let hex = Array("0123456789ABCDEF".utf8)
    func encoded(_ byte: UInt8) -> [UInt8] { [0x3D, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
    var tokens: [[UInt8]] = []
    var index = 0
    while index < value.count {
      let byte = value[index]
      if byte == 0x0D || byte == 0x0A {
        // Every line break (CR LF, LF or CR) as CR LF, the line break of text in
        // quoted-printable (RFC 2045 §6.7 (4)) and of vCard 2.1's examples.
        tokens.append(encoded(0x0D) + encoded(0x0A))
        index += byte == 0x0D && index + 1 < value.count && value[index + 1] == 0x0A ? 2 : 1
        continue
      }
      if byte >= 0xC0 {
        // A UTF-8 character is one token, so a soft break never splits it (readers
        // that decode each physical line on its own).
        var end = index + 1
        while end < value.count && value[end] & 0xC0 == 0x80 && end - index < 4 { end += 1 }
        tokens.append(value[index..<end].flatMap(encoded))
        index = end
        continue
      }
      if byte == 0x3D || byte >= 0x7F || (byte < 0x20 && byte != 0x09) {
        tokens.append(encoded(byte))
      } else {
        tokens.append([byte])
      }
      index += 1
    }
    var line = head
    var lineHasValue = false
    func finishLine(soft: Bool) {
      if let last = line.last, lineHasValue, last == 0x20 || last == 0x09 {
        line.removeLast()
        line.append(contentsOf: encoded(last))
      }
      out.append(contentsOf: line)
      if soft { out.append(0x3D) }
      out.append(contentsOf: lineEnd)
      line = []
      lineHasValue = false
    }
    // Whether a continuation from token `index` on would read as a property of its own
    // (`LineJoiner.startsProperty`: `TEL;CELL:`, `item1.X-ABLabel:`).
    func startsProperty(at index: Int) -> Bool {
      var prefix: [UInt8] = []
      var next = index
      while next < tokens.count && prefix.count < 72 && !prefix.contains(UInt8(ascii: ":")) {
        prefix.append(contentsOf: tokens[next])
        next += 1
      }
      return prefix.withUnsafeBufferPointer(LineJoiner.startsProperty)
    }
    for (index, token) in tokens.enumerated() {
      var token = token
      if line.isEmpty && (token == [0x20] || token == [0x09]) { token = encoded(token[0]) }
      if line.count + token.count > 73 && !line.isEmpty { finishLine(soft: true) }
      if line.isEmpty && (token == [0x20] || token == [0x09]) { token = encoded(token[0]) }
      // A continuation that starts like `BEGIN:VCARD` or `END:VCARD` would read as a
      // card boundary, one that starts like a property as that property: its first
      // letter is encoded.
      if line.isEmpty && token.count == 1
        && ([[0x42], [0x62], [0x45], [0x65]].contains(token) || startsProperty(at: index))
      {
        token = encoded(token[0])
      }
      line.append(contentsOf: token)
      lineHasValue = true
    }
    finishLine(soft: false)
  }
}
