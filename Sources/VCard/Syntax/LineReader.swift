#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One logical line found by `LineReader`: where its unfolded bytes are, and where
/// it was in the input.
///
/// A line written on one physical line is `contentStart..<contentEnd` of the input;
/// a folded one (or one joined across quoted-printable soft breaks or a 2.1 base64
/// block) is copied, unfolded, to a buffer of its own.
struct LogicalLine {
  /// 1-based physical line number where it starts.
  var lineNumber: Int
  /// Where the line's bytes start in the (normalized) input: its first physical line.
  var start: Int
  /// Where the line ends in the input: after the line end of its last physical line.
  var end: Int
  var contentStart: Int
  var contentEnd: Int
  /// Whether the content is in the joined bytes rather than the input.
  var joined: Bool = false
  /// For a quoted-printable value continued after soft breaks: whether its first
  /// continuation line was indented (then one leading space or tab of every
  /// continuation is folding); `nil` before the first soft break.
  var softBreakIndented: Bool? = nil
  /// Whether the header (the part before the first colon) names quoted-printable;
  /// `nil` while no colon has been read.
  var quotedPrintable: Bool? = nil
  /// Whether the header names a `CHARSET=`; `nil` while no colon has been read.
  var namesCharset: Bool? = nil
  /// Where the content's last byte that is not a blank is (an offset from the
  /// content's start; -1: none; `nil`: not looked for yet), and the one before it:
  /// kept up to date as continuations are appended and soft breaks dropped, so that
  /// a line of many folds of blanks is not scanned again at each (`LineJoiner`).
  var lastSolid: Int? = nil
  var previousSolid: Int? = nil
  /// How much of a header without a colon yet has been looked at for
  /// `QUOTED-PRINTABLE`, and whether it was found there.
  var headerScanned = 0
  var headerNamesQuotedPrintable = false
}

/// Turns the bytes of a vCard file into logical lines: byte-order marks skipped,
/// CRLF / LF / CR CR LF / CR line ends accepted (CR alone also inside a file of LF
/// lines), folded lines joined (RFC 6350 §3.2:
/// CRLF followed by one space or tab), vCard 2.1 quoted-printable soft breaks and
/// unindented base64 blocks joined.
///
/// Unfolding works on bytes, so a fold that splits a UTF-8 character is joined
/// before the value is decoded. Lines are found with `memchr`; a line that is not
/// folded is not copied.
package enum LineReader {
  /// Whether the blank of a fold in a 2.1 card (one whose `VERSION:2.1` came before the
  /// fold; a card without `VERSION` folds as 3.0 here) is part of the value: vCard 2.1 folds as
  /// RFC 822 does (§2.1.3: "CRLF immediately followed by a LWSP-char" is that
  /// LWSP-char), at a blank between words (`NOTE:an` / ` example` is `an example`, as
  /// Roundcube reads it since roundcubemail#9647), where 3.0 drops it. Only when the
  /// continuation begins with one blank before text (with more, one goes, as Android
  /// reads `"Omega"` / `  <omega@…>`) and the line before is short of the 75 octets
  /// where a writer folding as 3.0 does cuts words (`Marszal` / ` kowska`): such a
  /// line ends before `foldedLineLength`, and with text (`previousLast`), not a blank
  /// or where a value or a component begins (`EMAIL:` / ` bjorn@…` is no word apart).
  static func foldKeepsBlank(
    _ input: UnsafeBufferPointer<UInt8>, start: Int, end: Int, previousLength: Int, previousLast: UInt8
  ) -> Bool {
    previousLength < foldedLineLength && end - start >= 2 && input[start + 1] != 0x20 && input[start + 1] != 0x09
      && previousLast != 0x20 && previousLast != 0x09 && previousLast != UInt8(ascii: ":")
      && previousLast != UInt8(ascii: ";")
  }

  /// The length below which a 2.1 line was not folded for its length (`foldKeepsBlank`).
  static let foldedLineLength = 64

  /// The line end of `input`: LF when there is one, else CR.
  static func separator(_ input: UnsafeBufferPointer<UInt8>) -> UInt8 {
    guard let base = input.baseAddress, input.count > 0 else { return 0x0A }
    return memchr(base, 0x0A, input.count) != nil ? 0x0A : 0x0D
  }

  /// Splits `input[range]` (which starts at a physical line, after `linesBefore`
  /// others) into logical lines and
  /// calls `body` with each: the line, its content (in `input`, or the unfolded
  /// copy for a joined line), and for a joined line that copy. Returns the first
  /// legacy charset a `CHARSET=` names (see `legacyCharset`) and the number of
  /// physical lines.
  ///
  /// - Complexity: O(n) in the number of bytes.
  static func logicalLines(
    _ input: UnsafeBufferPointer<UInt8>, range: Range<Int>, separator: UInt8, linesBefore: Int = 0,
    _ body: (LogicalLine, UnsafeBufferPointer<UInt8>, [UInt8]?) -> Void
  ) -> (legacyCharset: String?, physicalLines: Int) {
    var joiner = LineJoiner(input: input)
    var current: LogicalLine? = nil
    var inBase64 = false
    var lineNumber = linesBefore
    let base = input.baseAddress!
    var position = range.lowerBound
    let limit = range.upperBound
    // Whether the line before ended at a CR inside an LF-separated line.
    var afterInnerCR = false
    // Whether the card being read is 2.1 (its `VERSION:2.1` read), and the length of
    // the physical line before: a 2.1 fold keeps its blank (`foldKeepsBlank`).
    var inVersion21 = false
    var previousLength = 0
    var previousLast: UInt8 = 0

    while position < limit {
      let found = memchr(base + position, Int32(separator), limit - position)
      let index = found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - UnsafePointer(base) } ?? limit
      var end = index
      var next = Swift.min(index + 1, limit)
      var start = position
      position = index + 1
      while end > start && input[end - 1] == 0x0D { end -= 1 }
      // In an LF file, a CR inside a line ends a line too (a classic Mac OS export
      // joined to others): what follows it is read as the next line, numbered as the
      // LF line it is on, as an editor showing the file's LF lines numbers it.
      let sameNumber = afterInnerCR
      afterInnerCR = false
      if separator == 0x0A, end > start, let cr = memchr(base + start, 0x0D, end - start) {
        end = UnsafePointer<UInt8>(cr.assumingMemoryBound(to: UInt8.self)) - UnsafePointer(base)
        next = end + 1
        position = next
        afterInnerCR = true
      }
      if index == limit && end == start && !afterInnerCR { break }  // nothing after the last line end
      if !sameNumber { lineNumber += 1 }
      let lineStart = start
      // Byte-order marks at the start of any line (files concatenated, one saved again
      // with another added).
      while end - start >= 3, input[start] == 0xEF, input[start + 1] == 0xBB, input[start + 2] == 0xBF {
        start += 3
      }
      if start == end {
        // Blank line: ends a 2.1 base64 block and a quoted-printable value left open
        // by a soft break (a truncated export); otherwise ignored (a fold may follow).
        if var line = current {
          if joiner.continuesQuotedPrintable(&line) { joiner.dropSoftBreak(&line) }
          // Kept either way: what was learnt of the line (its last solid byte, how much
          // of its header was read) is not looked for again at the next blank line.
          current = line
        }
        inBase64 = false
        continue
      }
      defer { (previousLength, previousLast) = (end - start, input[end - 1]) }
      if var line = current {
        let keepsBlank =
          inVersion21 && !inBase64
          && foldKeepsBlank(input, start: start, end: end, previousLength: previousLength, previousLast: previousLast)
        if joiner.joinContinuation(&line, start: start, end: end, next: next, inBase64: inBase64, keepsBlank: keepsBlank) {
          current = line
          continue
        }
        joiner.finish(&line, body)
      }
      let first = input[start] | 0x20
      if first == UInt8(ascii: "v") || first == UInt8(ascii: "b") {
        let content = UnsafeBufferPointer(rebasing: input[start..<end])
        if matchesUppercased(content, at: 0, end: content.count, "BEGIN:VCARD") { inVersion21 = false }
        if content.count >= 11, matchesUppercased(content, at: 0, end: 11, "VERSION:2.1"),
          content[11...].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        {
          inVersion21 = true
        }
      }
      var line = LogicalLine(lineNumber: lineNumber, start: lineStart, end: next, contentStart: start, contentEnd: end)
      let flags = headerFlags(UnsafeBufferPointer(rebasing: input[start..<end]))
      inBase64 = flags.base64
      if flags.hasColon {
        line.quotedPrintable = flags.quotedPrintable
        line.namesCharset = flags.charset
      }
      current = line
    }
    if var line = current { joiner.finish(&line, body) }
    return (joiner.legacy, lineNumber - linesBefore)
  }

  /// Whether a content line as written (`line`: its bytes, folds and line end
  /// included) ends in a quoted-printable soft break as the reader takes one: its last
  /// byte that is not blank or a line end is `=`, and its header names quoted-printable
  /// (`headerFlags`). A line put right after it would be read as the value's next piece.
  package static func endsInSoftBreak(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var end = line.count
    while end > 0 && (line[end - 1] == 0x0A || line[end - 1] == 0x0D || LineJoiner.isBlank(line[end - 1])) { end -= 1 }
    guard end > 0, line[end - 1] == UInt8(ascii: "=") else { return false }
    return headerFlags(line).quotedPrintable
  }

  /// What the header of a line (its bytes up to the first colon, or all of them)
  /// names: quoted-printable, base64 (`BASE64`, `ENCODING=B`).
  static func headerFlags(
    _ line: UnsafeBufferPointer<UInt8>
  ) -> (hasColon: Bool, quotedPrintable: Bool, base64: Bool, charset: Bool) {
    var end = line.count
    var hasColon = false
    if let base = line.baseAddress, let colon = memchr(base, Int32(UInt8(ascii: ":")), line.count) {
      end = UnsafePointer<UInt8>(colon.assumingMemoryBound(to: UInt8.self)) - base
      hasColon = true
    }
    var quotedPrintable = false
    var base64 = false
    var charset = false
    var index = 0
    while index < end {
      switch line[index] | 0x20 {
      case UInt8(ascii: "c"):
        if matchesUppercased(line, at: index, end: end, "CHARSET=") { charset = true }
      case UInt8(ascii: "q"):
        if matchesUppercased(line, at: index, end: end, "QUOTED-PRINTABLE") { quotedPrintable = true }
      case UInt8(ascii: "b"):
        if matchesUppercased(line, at: index, end: end, "BASE64") { base64 = true }
      case UInt8(ascii: "e"):
        if matchesUppercased(line, at: index, end: end, "ENCODING=B") { base64 = true }
      default: break
      }
      index += 1
    }
    return (hasColon, quotedPrintable, base64, charset)
  }

  /// The first legacy charset a `CHARSET=` of `input`'s lines names (`legacyCharset`),
  /// as reading its lines finds it; nil when none does.
  ///
  /// - Complexity: O(n) in the size of `input`; its lines are read only when its bytes
  ///   hold `CHARSET=` in any case.
  static func declaredCharset(_ input: UnsafeBufferPointer<UInt8>) -> String? {
    guard let base = input.baseAddress else { return nil }
    var from = 7
    while from < input.count, let found = memchr(base + from, Int32(UInt8(ascii: "=")), input.count - from) {
      let equals = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
      if matchesUppercased(input, at: equals - 7, end: equals + 1, "CHARSET=") {
        return logicalLines(input, range: 0..<input.count, separator: separator(input)) { _, _, _ in }.legacyCharset
      }
      from = equals + 1
    }
    return nil
  }

  /// The first legacy (not Unicode, not ASCII) charset that a `CHARSET=` in the
  /// header of `line` names, e.g. `Windows-1253`: the charset of the file's
  /// undeclared 8-bit values.
  static func legacyCharset(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    var end = line.count
    if let base = line.baseAddress, let colon = memchr(base, Int32(UInt8(ascii: ":")), line.count) {
      end = UnsafePointer<UInt8>(colon.assumingMemoryBound(to: UInt8.self)) - base
    }
    var start = 0
    while start < end {
      if line[start] | 0x20 == UInt8(ascii: "c"), matchesUppercased(line, at: start, end: end, "CHARSET=") {
        var stop = start + 8
        while stop < end, line[stop] != UInt8(ascii: ";") { stop += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: line[(start + 8)..<stop]), as: UTF8.self)
          .trimmingCharacters(in: " \t\"")
        let upper = name.uppercased()
        if !name.isEmpty && !upper.hasPrefix("UTF") && !upper.contains("ASCII") { return name }
      }
      start += 1
    }
    return nil
  }

  static func isBase64Continuation(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { byte in
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x2B || byte == 0x2F || byte == 0x3D || byte == 0x20
    }
  }

  /// Whether `bytes` at `start`, upper-cased, equal the upper-case ASCII `pattern`
  /// before `end`.
  @inline(__always)
  static func matchesUppercased(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, _ pattern: StaticString) -> Bool {
    let count = pattern.utf8CodeUnitCount
    guard start + count <= end else { return false }
    let pointer = pattern.utf8Start
    for offset in 0..<count {
      var byte = bytes[start + offset]
      if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
      if byte != pointer[offset] { return false }
    }
    return true
  }

  /// UTF-8 bytes of the file: UTF-16 with a BOM, or without one when it starts with
  /// an ASCII character and a zero byte (`B\0E\0…`), is converted; a UTF-8 BOM dropped.
  package static func normalizedUTF8(_ bytes: [UInt8]) -> [UInt8] {
    switch utf16(bytes) {
    case .littleEndian(let skipped): return decodeUTF16(bytes.dropFirst(skipped), bigEndian: false)
    case .bigEndian(let skipped): return decodeUTF16(bytes.dropFirst(skipped), bigEndian: true)
    case nil: break
    }
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      return Array(bytes.dropFirst(3))
    }
    return bytes
  }

  /// How a file's first bytes say it is UTF-16 (`normalizedUTF8` reads it so): a
  /// byte-order mark (skipped: 2 bytes), or ASCII with a zero byte after (or before)
  /// each character (none skipped); nil for anything else.
  package enum UTF16Order: Equatable {
    case littleEndian(skipped: Int)
    case bigEndian(skipped: Int)
  }

  /// The UTF-16 a file's first bytes (`prefix`, at least four of them when there are)
  /// say it is in, or nil (`UTF16Order`).
  package static func utf16(_ prefix: some RandomAccessCollection<UInt8>) -> UTF16Order? {
    let bytes = Array(prefix.prefix(4))
    if bytes.count >= 2 {
      if bytes[0] == 0xFF && bytes[1] == 0xFE { return .littleEndian(skipped: 2) }
      if bytes[0] == 0xFE && bytes[1] == 0xFF { return .bigEndian(skipped: 2) }
    }
    if bytes.count >= 4 {
      if bytes[0] != 0 && bytes[0] < 0x80 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0 { return .littleEndian(skipped: 0) }
      if bytes[0] == 0 && bytes[1] != 0 && bytes[1] < 0x80 && bytes[2] == 0 && bytes[3] != 0 { return .bigEndian(skipped: 0) }
    }
    return nil
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
}

/// The joining of the physical lines of one logical line at a time (`LineReader`): a
/// line on one physical line stays where it is in `input`; the first continuation
/// (a fold, a quoted-printable soft break, a 2.1 base64 block) copies it to
/// `scratch`, where the continuations are appended.
struct LineJoiner {
  /// The bytes being read.
  let input: UnsafeBufferPointer<UInt8>
  /// The unfolded bytes of the current line when joined.
  var scratch: [UInt8] = []
  /// The first legacy charset a `CHARSET=` names (`LineReader.legacyCharset`) in the
  /// lines finished so far.
  var legacy: String? = nil

  init(input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  /// Hands `line` to `body`: with its content in `input`, or for a joined line, in a
  /// copy of `scratch` of its own (also passed), after which `scratch` is emptied.
  mutating func finish(_ line: inout LogicalLine, _ body: (LogicalLine, UnsafeBufferPointer<UInt8>, [UInt8]?) -> Void) {
    if line.joined {
      line.contentEnd = scratch.count
      // A copy of the line's size: `Array(scratch)` (or of `scratch[...]`) would
      // share the scratch buffer, and `removeAll(keepingCapacity:)` would then
      // allocate a new one of the scratch's capacity for every joined line — each
      // kept by its content line until the cards are mapped.
      let owned = scratch.withUnsafeBufferPointer { Array($0) }
      scratch.removeAll(keepingCapacity: true)
      owned.withUnsafeBufferPointer { content in
        if legacy == nil && line.namesCharset != false { legacy = LineReader.legacyCharset(content) }
        body(line, content, owned)
      }
    } else {
      if legacy == nil && line.namesCharset != false {
        legacy = LineReader.legacyCharset(UnsafeBufferPointer(rebasing: input[line.contentStart..<line.contentEnd]))
      }
      body(line, input, nil)
    }
  }

  /// Joins the physical line `input[start..<end]` (ending before `next`) to `line` when
  /// it continues it: after a quoted-printable soft break (whatever it starts with,
  /// unless it begins a card), as a fold (a leading space or tab, dropped unless
  /// `keepsBlank`), or as the next line of a 2.1 base64 block. False, with nothing
  /// changed, when it starts a line of its own.
  mutating func joinContinuation(
    _ line: inout LogicalLine, start: Int, end: Int, next: Int, inBase64: Bool, keepsBlank: Bool = false
  ) -> Bool {
    let first = input[start]
    let indented = first == 0x20 || first == 0x09
    if indented && continuesQuotedPrintable(&line)
      && (foldsEscape(line, next: start + 1, end: end) || foldsBeforeEscape(line, next: start + 1, end: end))
    {
      // A fold inside an escape (`f=C3=` then ` BChrer`: `=BC`, the rest of `ü`), or
      // between an escape's `=` and its digits (`M=` then ` C3=BCller`): the `=`
      // stays, the fold goes.
      append(&line, start + 1, end)
    } else if continuesQuotedPrintable(&line)
      && CardBoundary.of(UnsafeBufferPointer(rebasing: input[start..<end]), ungroupedOnly: true) == nil
      && !CardBoundary.isJoinedEndBegin(UnsafeBufferPointer(rebasing: input[start..<end]))
      && (indented || !Self.startsProperty(UnsafeBufferPointer(rebasing: input[start..<end])))
    {
      // A soft break: the next physical line continues the value whatever it
      // starts with. Whether a leading blank is folding or text is decided by
      // the first continuation (Outlook indents every one; Android none, so a
      // later leading space is text: "come=" + " to").
      dropSoftBreak(&line)
      if line.softBreakIndented == nil { line.softBreakIndented = indented }
      let skip = indented && line.softBreakIndented == true ? 1 : 0
      append(&line, start + skip, end)
    } else if indented {
      // A 2.1 fold at a blank between words keeps it (`LineReader.foldKeepsBlank`).
      append(&line, keepsBlank ? start : start + 1, end)
    } else if inBase64 && LineReader.isBase64Continuation(UnsafeBufferPointer(rebasing: input[start..<end])) {
      append(&line, start, end)
    } else {
      return false
    }
    line.end = next
    return true
  }

  /// Calls `body` with the content of `line` so far.
  @inline(__always)
  func withContent<R>(_ line: LogicalLine, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if line.joined { return scratch.withUnsafeBufferPointer(body) }
    return body(UnsafeBufferPointer(rebasing: input[line.contentStart..<line.contentEnd]))
  }

  /// Appends `input[start..<end]` to `line`, moving its content to `scratch` first.
  @inline(__always)
  mutating func append(_ line: inout LogicalLine, _ start: Int, _ end: Int) {
    if !line.joined {
      scratch.append(contentsOf: input[line.contentStart..<line.contentEnd])
      line.contentStart = 0
      line.joined = true
    }
    let offset = scratch.count
    scratch.append(contentsOf: input[start..<end])
    // The last two solid bytes among those appended, if any: the appended bytes are
    // looked at once.
    guard let last = line.lastSolid else { return }
    var index = scratch.count
    var newest = -1
    while index > offset {
      index -= 1
      guard !Self.isBlank(scratch[index]) else { continue }
      if newest < 0 {
        newest = index
      } else {
        (line.lastSolid, line.previousSolid) = (newest, index)
        return
      }
    }
    if newest >= 0 { (line.lastSolid, line.previousSolid) = (newest, last) }
  }

  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The byte at `offset` of `line`'s content.
  @inline(__always)
  func byte(_ line: LogicalLine, _ offset: Int) -> UInt8 {
    line.joined ? scratch[offset] : input[line.contentStart + offset]
  }

  /// The offset of the last solid byte of `line`'s content at or before `offset`, or -1.
  func solid(_ line: LogicalLine, atOrBefore offset: Int) -> Int {
    var index = offset
    while index >= 0 && Self.isBlank(byte(line, index)) { index -= 1 }
    return index
  }

  /// The number of bytes of `line`'s content so far.
  @inline(__always)
  func contentCount(_ line: LogicalLine) -> Int {
    line.joined ? scratch.count : line.contentEnd - line.contentStart
  }

  /// Whether `line` ends in a quoted-printable soft break: its last byte that is not a
  /// blank is `=` and its header names quoted-printable (read once a colon is there).
  /// Linear over a line of any number of folds: the last solid byte is kept in the
  /// line (`LogicalLine.lastSolid`), and a header without a colon is read on from
  /// where it was last read.
  func continuesQuotedPrintable(_ line: inout LogicalLine) -> Bool {
    if line.lastSolid == nil { line.lastSolid = solid(line, atOrBefore: contentCount(line) - 1) }
    guard let last = line.lastSolid, last >= 0, byte(line, last) == UInt8(ascii: "=") else { return false }
    if let known = line.quotedPrintable { return known }
    // From a little before where the last look stopped: a name cut there by a fold.
    let from = max(0, min(line.headerScanned, contentCount(line)) - 16)
    let flags = withContent(line) { LineReader.headerFlags(UnsafeBufferPointer(rebasing: $0[from...])) }
    let quotedPrintable = line.headerNamesQuotedPrintable || flags.quotedPrintable
    line.headerScanned = contentCount(line)
    line.headerNamesQuotedPrintable = quotedPrintable
    if flags.hasColon { line.quotedPrintable = quotedPrintable }
    return quotedPrintable
  }

  /// Whether the `=` that ends `line` (a quoted-printable value) begins an escape that
  /// a fold cut, rather than being a soft break: the escapes before it leave a UTF-8
  /// sequence unfinished (`=C3=`: a lead byte without its continuation) and the folded
  /// line `input[next..<end]` starts with the two hex digits of a continuation byte
  /// (0x80–0xBF) and the escapes that finish it, as `=C3=` and ` BC` do. A soft break
  /// there would leave the sequence cut (`Geschäftsf\u{FFFD}BChrer`); after a whole
  /// character (`Caf=C3=A9=` then ` Bad`), before what does not finish it (Latin-1's
  /// `Qu=E9=` then ` bec`), or in a value of a declared legacy charset, it is a soft
  /// break.
  func foldsEscape(_ line: LogicalLine, next: Int, end: Int) -> Bool {
    guard end - next >= 2, let last = line.lastSolid, last >= 3 else { return false }
    let hex = ValueDecoder.hexDigit
    guard let nextHigh = hex(input[next]), (8...0xB).contains(nextHigh), hex(input[next + 1]) != nil else { return false }
    // The escaped bytes just before the `=`, the nearest first (at most a sequence's).
    var escaped: [UInt8] = []
    var position = last - 3
    while escaped.count < 4, position >= 0, byte(line, position) == UInt8(ascii: "="),
      let high = hex(byte(line, position + 1)), let low = hex(byte(line, position + 2))
    {
      escaped.append(high << 4 | low)
      position -= 3
    }
    // Continuation bytes back to the sequence's lead: unfinished when it wants more,
    // and finished by the folded line's escapes (` BC`, ` 82=AC`).
    var continuations = 0
    while continuations < escaped.count, escaped[continuations] & 0xC0 == 0x80 { continuations += 1 }
    guard continuations < escaped.count else { return false }
    let lead = escaped[continuations]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1
    let wanted = length - continuations - 1
    guard wanted > 0 else { return false }
    var at = next + 2
    for _ in 1..<wanted {
      guard at + 3 <= end, input[at] == UInt8(ascii: "="), let high = hex(input[at + 1]), (8...0xB).contains(high),
        hex(input[at + 2]) != nil
      else { return false }
      at += 3
    }
    // Not in a value of a declared legacy charset (Latin-1's `é` is UTF-8's lead 0xE9).
    return withContent(line) { LineReader.legacyCharset($0) } == nil
  }

  /// Whether the `=` that ends `line` (a quoted-printable value) is the start of an
  /// escape whose digits a fold put on the next line (`input[next..<end]`, after the
  /// fold's blank): a 75-octet folder cut `M=C3=BCller` as `M=` and ` C3=BCller`. Told
  /// when the digits there escape the lead byte of a UTF-8 character whose
  /// continuation bytes follow as escapes (a soft break would leave them alone, `MC3`
  /// and a stray byte), or a line feed after an escaped carriage return (`=0D=` and
  /// ` 0A`); not in a value of a declared legacy charset.
  func foldsBeforeEscape(_ line: LogicalLine, next: Int, end: Int) -> Bool {
    let hex = ValueDecoder.hexDigit
    guard end - next >= 2, let last = line.lastSolid, last >= 0, let high = hex(input[next]),
      let low = hex(input[next + 1])
    else { return false }
    let escaped = high << 4 | low
    if escaped == 0x0A {
      // `=0D=` before it.
      return last >= 3 && byte(line, last - 3) == UInt8(ascii: "=") && hex(byte(line, last - 2)) == 0
        && hex(byte(line, last - 1)) == 0xD
    }
    guard (0xC2...0xF4).contains(escaped) else { return false }
    let length = escaped >= 0xF0 ? 4 : escaped >= 0xE0 ? 3 : 2
    var at = next + 2
    for _ in 1..<length {
      guard at + 3 <= end, input[at] == UInt8(ascii: "="), let continuation = hex(input[at + 1]),
        (8...0xB).contains(continuation), hex(input[at + 2]) != nil
      else { return false }
      at += 3
    }
    return withContent(line) { LineReader.legacyCharset($0) } == nil
  }

  /// Whether `text` (a physical line not indented) begins a property as exporters
  /// write one — a known name in upper case (in any case after a group's `name.`) or
  /// an `X-` name, then `;`, or `:` and a value that does not begin with a blank — rather than continuing a quoted-printable value after its
  /// soft break: a value that ends in a literal `=` (sabre/vobject, behind Nextcloud
  /// and Baïkal, leaves `=` unescaped in 2.1; a phone's `FN` of `…=`) would otherwise
  /// take the next line (`TEL;CELL:555-0142`) into itself. Text of a continuation in
  /// mixed case (`Note: bring keys`) is not a property.
  static func startsProperty(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    var index = 0
    // A group: letters, digits and `-`, then `.`.
    while index < text.count, index < 64 {
      let byte = text[index] | 0x20
      guard (0x61...0x7A).contains(byte) || (0x30...0x39).contains(text[index]) || text[index] == UInt8(ascii: "-")
      else { break }
      index += 1
    }
    if index > 0 && index < text.count && text[index] == UInt8(ascii: ".") { start = index + 1 }
    var end = start
    var upper = true
    while end < text.count, end - start < 64 {
      let byte = text[end]
      if (0x61...0x7A).contains(byte) {
        upper = false
      } else if !((0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")) {
        break
      }
      end += 1
    }
    guard end > start, end < text.count, text[end] == UInt8(ascii: ";") || text[end] == UInt8(ascii: ":") else {
      return false
    }
    // Exporters write a value right after the colon; a note's `TEL: 555` or `URL: …`
    // continues the text.
    if text[end] == UInt8(ascii: ":"), end + 1 < text.count, text[end + 1] == 0x20 || text[end + 1] == 0x09 {
      return false
    }
    let name = UnsafeBufferPointer(rebasing: text[start..<end])
    // Card boundaries are told apart elsewhere (`CardBoundary`): a grouped
    // `item1.BEGIN:VCARD` after a soft break is the value's text.
    if let known = PropertyKind.known(name)?.name, known == "BEGIN" || known == "END" { return false }
    // `X-` names (Apple's `X-ABLabel`: an upper-case `X`); known ones upper-case or grouped.
    if name.count > 2 && name[0] == UInt8(ascii: "X") && name[1] == UInt8(ascii: "-") { return true }
    return (upper || start > 0) && PropertyKind.known(name) != nil
  }

  /// Removes the soft break (`=` and the blanks after it) from the end of `line`
  /// (whose last solid byte, `continuesQuotedPrintable` found, is that `=`).
  @inline(__always)
  mutating func dropSoftBreak(_ line: inout LogicalLine) {
    guard let last = line.lastSolid, last >= 0 else { return }
    if line.joined {
      scratch.removeSubrange(last...)
    } else {
      line.contentEnd = line.contentStart + last
    }
    line.lastSolid = line.previousSolid ?? solid(line, atOrBefore: last - 1)
    line.previousSolid = nil
  }
}
