/// Turns the bytes of a vCard file into logical lines: byte-order marks skipped,
/// CRLF / LF / CR CR LF / CR line ends accepted, folded lines joined (RFC 6350 §3.2:
/// CRLF followed by one space or tab), vCard 2.1 quoted-printable soft breaks and
/// unindented base64 blocks joined.
///
/// Unfolding works on bytes, so a fold that splits a UTF-8 character is joined
/// before the value is decoded.
struct LogicalLine {
  /// The unfolded line, undecoded.
  var bytes: [UInt8]
  /// 1-based physical line number where it starts.
  var lineNumber: Int
  /// For a quoted-printable value continued after soft breaks: whether its first
  /// continuation line was indented (then one leading space or tab of every
  /// continuation is folding); `nil` before the first soft break.
  var softBreakIndented: Bool? = nil
  /// Where the line's bytes start in the (normalized) input: its first physical line.
  var start: Int = 0
  /// Where the line ends in the input: after the line end of its last physical line.
  var end: Int = 0
}

enum LineReader {
  /// Splits `data` into logical lines.
  ///
  /// - Complexity: O(n) in the number of bytes.
  static func logicalLines(_ input: [UInt8]) -> [LogicalLine] {
    logicalLines(normalized: normalizedUTF8(input))
  }

  /// Splits bytes already given by `normalizedUTF8` into logical lines; their
  /// `start` and `end` are offsets in `bytes`.
  ///
  /// - Complexity: O(n) in the number of bytes.
  static func logicalLines(normalized bytes: [UInt8]) -> [LogicalLine] {
    var lines: [LogicalLine] = []
    lines.reserveCapacity(bytes.count / 24)
    var current: LogicalLine? = nil
    var inBase64 = false
    var lineNumber = 0
    forEachPhysicalLine(bytes) { start, end, next in
      lineNumber += 1
      let lineStart = start
      var start = start
      // A byte-order mark at the start of any line (files concatenated).
      if end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
        start += 3
      }
      if start == end {
        // Blank line: ends a 2.1 base64 block and a quoted-printable value left open
        // by a soft break (a truncated export); otherwise ignored (a fold may follow).
        if var line = current, continuesQuotedPrintable(line) {
          dropSoftBreak(&line)
          current = line
        }
        inBase64 = false
        return
      }
      let first = bytes[start]
      if var line = current {
        let indented = first == 0x20 || first == 0x09
        if continuesQuotedPrintable(line) && !isCardBoundary(bytes[start..<end]) {
          // A soft break: the next physical line continues the value whatever it
          // starts with. Whether a leading blank is folding or text is decided by
          // the first continuation (Outlook indents every one; Android none, so a
          // later leading space is text: "come=" + " to").
          dropSoftBreak(&line)
          if line.softBreakIndented == nil { line.softBreakIndented = indented }
          let skip = indented && line.softBreakIndented == true ? 1 : 0
          line.bytes.append(contentsOf: bytes[(start + skip)..<end])
          line.end = next
          current = line
          return
        }
        if indented {
          line.bytes.append(contentsOf: bytes[(start + 1)..<end])
          line.end = next
          current = line
          return
        }
        if inBase64 && isBase64Continuation(bytes[start..<end]) {
          line.bytes.append(contentsOf: bytes[start..<end])
          line.end = next
          current = line
          return
        }
        lines.append(line)
      }
      let line = LogicalLine(bytes: Array(bytes[start..<end]), lineNumber: lineNumber, start: lineStart, end: next)
      inBase64 = isBase64(line.bytes)
      current = line
    }
    if let line = current { lines.append(line) }
    return lines
  }

  /// The first `CHARSET=` of `lines` that names a legacy (not Unicode, not ASCII)
  /// charset, e.g. `Windows-1253`: the charset of the file's undeclared 8-bit values.
  static func declaredLegacyCharset(_ lines: [LogicalLine]) -> String? {
    let pattern = Array("CHARSET=".utf8)
    for line in lines {
      let end = line.bytes.firstIndex(of: UInt8(ascii: ":")) ?? line.bytes.count
      guard end >= pattern.count else { continue }
      for start in 0...(end - pattern.count) where matchesUppercased(line.bytes, at: start, pattern) {
        var stop = start + pattern.count
        while stop < end, line.bytes[stop] != UInt8(ascii: ";") { stop += 1 }
        let name = String(decoding: line.bytes[(start + pattern.count)..<stop], as: UTF8.self)
          .trimmingCharacters(in: " \t\"")
        let upper = name.uppercased()
        if !name.isEmpty && !upper.hasPrefix("UTF") && !upper.contains("ASCII") { return name }
      }
    }
    return nil
  }

  /// Calls `body` with the bounds of each physical line, line-end bytes excluded.
  /// (`next` is where the following line starts: after the line end.)
  private static func forEachPhysicalLine(_ bytes: [UInt8], _ body: (Int, Int, Int) -> Void) {
    let hasLF = bytes.contains(0x0A)
    let separator: UInt8 = hasLF ? 0x0A : 0x0D
    var start = 0
    var index = 0
    let count = bytes.count
    while index <= count {
      if index == count || bytes[index] == separator {
        var end = index
        while end > start && bytes[end - 1] == 0x0D { end -= 1 }
        if index < count || end > start { body(start, end, min(index + 1, count)) }
        start = index + 1
      }
      index += 1
    }
  }

  /// UTF-8 bytes of the file: UTF-16 with a BOM, or without one when it starts with
  /// an ASCII character and a zero byte (`B\0E\0…`), is converted; a UTF-8 BOM dropped.
  static func normalizedUTF8(_ bytes: [UInt8]) -> [UInt8] {
    if bytes.count >= 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE { return decodeUTF16(bytes.dropFirst(2), bigEndian: false) }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { return decodeUTF16(bytes.dropFirst(2), bigEndian: true) }
    }
    if bytes.count >= 4 {
      if bytes[0] != 0 && bytes[0] < 0x80 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0 {
        return decodeUTF16(bytes[...], bigEndian: false)
      }
      if bytes[0] == 0 && bytes[1] != 0 && bytes[1] < 0x80 && bytes[2] == 0 && bytes[3] != 0 {
        return decodeUTF16(bytes[...], bigEndian: true)
      }
    }
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      return Array(bytes.dropFirst(3))
    }
    return bytes
  }

  private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let a = UInt16(bytes[index]), b = UInt16(bytes[index + 1])
      units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  /// Whether `line` is a quoted-printable value whose last physical line ended in a
  /// soft break (`=`, then perhaps blanks RFC 2045 §6.7 tells decoders to drop), so
  /// the next physical line belongs to it.
  private static func continuesQuotedPrintable(_ line: LogicalLine) -> Bool {
    let last = line.bytes.lastIndex { $0 != 0x20 && $0 != 0x09 }
    guard let last, line.bytes[last] == UInt8(ascii: "=") else { return false }
    return isQuotedPrintable(line.bytes)
  }

  /// Whether `line` is `BEGIN:VCARD` or `END:VCARD` (any case), which a soft break
  /// left at the end of a card's last value must not swallow.
  private static func isCardBoundary(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.count >= 9, line.count <= 16 else { return false }
    let text = String(decoding: line, as: UTF8.self).uppercased().filter { $0 != " " && $0 != "\t" }
    return text == "END:VCARD" || text == "BEGIN:VCARD"
  }

  /// Removes the soft break (and blanks after it) that ends `line`.
  private static func dropSoftBreak(_ line: inout LogicalLine) {
    while let byte = line.bytes.last, byte == 0x20 || byte == 0x09 { line.bytes.removeLast() }
    line.bytes.removeLast()
  }

  /// Whether the part before the first colon names quoted-printable encoding.
  static func isQuotedPrintable(_ line: [UInt8]) -> Bool {
    header(of: line, contains: "QUOTED-PRINTABLE")
  }

  private static func isBase64(_ line: [UInt8]) -> Bool {
    header(of: line, contains: "BASE64") || header(of: line, contains: "ENCODING=B")
  }

  private static func isBase64Continuation(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { byte in
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x2B || byte == 0x2F || byte == 0x3D || byte == 0x20
    }
  }

  /// Case-insensitive search for ASCII `needle` in the bytes before the first `:`.
  private static func header(of line: [UInt8], contains needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    let end = line.firstIndex(of: UInt8(ascii: ":")) ?? line.count
    guard end >= pattern.count else { return false }
    return (0...(end - pattern.count)).contains { matchesUppercased(line, at: $0, pattern) }
  }

  /// Whether `bytes` at `start`, upper-cased, equal the upper-case ASCII `pattern`.
  private static func matchesUppercased(_ bytes: [UInt8], at start: Int, _ pattern: [UInt8]) -> Bool {
    for offset in 0..<pattern.count {
      var byte = bytes[start + offset]
      if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
      if byte != pattern[offset] { return false }
    }
    return true
  }
}
