/// A physical line that opens or closes a card, told from its bytes alone by the rules
/// `ContentLineParser` reads a line with: the name is what comes before the first `;`
/// or `:`, blanks around it, after its group (`item1.END:VCARD`, `.END:VCARD`); the value
/// is what comes after the first `:` outside a quoted parameter value, blanks around it;
/// both in any case.
///
/// For the code that looks at lines before (or without) parsing them: a quoted-printable
/// soft break that must not swallow the next card's `BEGIN:VCARD` (`LineReader`), and an
/// edit that inserts lines before its card's `END:VCARD` (`CardEditor`) — so that a line
/// the reader takes for a card's end is the one they take for it. After a soft break only a
/// line without a group is a boundary (`ungroupedOnly`): a writer that breaks a value at
/// any byte may leave `m1.BEGIN:VCARD` as the value's next piece.
enum CardBoundary: Equatable {
  case begin
  case end

  /// The boundary `line` (without its line end) is; nil for any other line, and for a
  /// line with a group when `ungroupedOnly`.
  static func of(_ line: UnsafeBufferPointer<UInt8>, ungroupedOnly: Bool = false) -> CardBoundary? {
    guard let (name, valueStart) = nameAndValue(line, ungroupedOnly: ungroupedOnly) else { return nil }
    let boundary: CardBoundary
    if isWord(line, name, "BEGIN") {
      boundary = .begin
    } else if isWord(line, name, "END") {
      boundary = .end
    } else {
      return nil
    }
    guard isWord(line, valueStart..<line.count, "VCARD") else { return nil }
    return boundary
  }

  /// Where the name of `line` is (after its group, blanks around it kept) and where its
  /// value starts (after the first colon outside double quotes); nil for a line without
  /// a colon, and for a line with a group when `ungroupedOnly`.
  private static func nameAndValue(_ line: UnsafeBufferPointer<UInt8>, ungroupedOnly: Bool)
    -> (name: Range<Int>, valueStart: Int)?
  {
    var nameEnd = 0
    while nameEnd < line.count && line[nameEnd] != UInt8(ascii: ";") && line[nameEnd] != UInt8(ascii: ":") {
      nameEnd += 1
    }
    guard nameEnd < line.count else { return nil }
    var nameStart = nameEnd
    while nameStart > 0 && line[nameStart - 1] != UInt8(ascii: ".") { nameStart -= 1 }
    if ungroupedOnly && nameStart > 0 { return nil }
    var colon = nameEnd
    var quoted = false
    while colon < line.count && (quoted || line[colon] != UInt8(ascii: ":")) {
      if line[colon] == UInt8(ascii: "\"") { quoted.toggle() }
      colon += 1
    }
    guard colon < line.count else { return nil }
    return (nameStart..<nameEnd, colon + 1)
  }

  /// Whether `line` (without its line end) is one card's `END:VCARD` and the next
  /// one's `BEGIN:VCARD` joined (`END:VCARDBEGIN:VCARD`, blanks or a byte-order mark
  /// between them or not: files joined without a line break), which the reader reads as
  /// both (`CardAssembler`, any group) and a soft break must not swallow (without one,
  /// `ungroupedOnly`, as for `of`).
  static func isJoinedEndBegin(_ line: UnsafeBufferPointer<UInt8>, ungroupedOnly: Bool = true) -> Bool {
    guard let (name, valueStart) = nameAndValue(line, ungroupedOnly: ungroupedOnly), isWord(line, name, "END")
    else { return false }
    var at = valueStart
    func skipBlanks() {
      while at < line.count, line[at] == 0x20 || line[at] == 0x09 { at += 1 }
    }
    func take(_ word: StaticString) -> Bool {
      guard at + word.utf8CodeUnitCount <= line.count,
        isWord(line, at..<(at + word.utf8CodeUnitCount), word)
      else { return false }
      at += word.utf8CodeUnitCount
      return true
    }
    skipBlanks()
    guard take("VCARD") else { return false }
    skipBlanks()
    if at + 3 <= line.count, line[at] == 0xEF, line[at + 1] == 0xBB, line[at + 2] == 0xBF { at += 3 }
    skipBlanks()
    guard take("BEGIN:VCARD") else { return false }
    skipBlanks()
    return at == line.count
  }

  /// Whether `line[range]`, blanks around it dropped, is `word` (upper-case ASCII) in
  /// any case.
  private static func isWord(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
    while end > start && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
    guard end - start == word.utf8CodeUnitCount else { return false }
    for offset in 0..<(end - start) {
      var byte = line[start + offset]
      if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
      if byte != word.utf8Start[offset] { return false }
    }
    return true
  }
}
