import Dispatch
import CpickSupport
import Foundation
import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads vCard 2.1, 3.0 and 4.0 text (RFC 6350, RFC 2426, the vCard 2.1 spec) into
/// raw cards, leniently: it never throws; a damaged card is closed where the damage
/// is, reported as a warning with its line, and the rest is read.
public enum VCardReader {
  /// Reads all cards from the bytes of a file.
  ///
  /// Damage handled: a `BEGIN:VCARD` inside an open card starts a card of its own
  /// (warning); the open card takes the lines after the inner card's `END:VCARD`
  /// (vCard 2.1 nesting, as Android reads it) or ends with the file (warning), so a
  /// missing `END:VCARD` loses nobody and mixes no properties. Cards come out in the
  /// order they begin. Content lines closed by an `END:VCARD` without a
  /// `BEGIN:VCARD` are read as a card (warning); other text outside cards is
  /// ignored (one warning); lines without a
  /// colon are skipped (warning); damaged base64 data is kept as written (warning).
  /// A card that is only a stray `BEGIN:VCARD` (another came inside it, and it has no
  /// content line but `VERSION`) is left out; past `VCardLimits.openCards` open cards
  /// such cards are counted, not held. The first `VCardLimits.listedWarnings` warnings
  /// are listed, then one says how many more there were.
  /// Values without `CHARSET` that are not UTF-8 are read in the charset another
  /// line of the file declares, else Windows-1252.
  ///
  /// A jCard document (RFC 7095; the first byte that is not white space is `[`)
  /// is read by `JCardReader`, an xCard document (RFC 6351; `<?xml` or `<vcards`)
  /// by the reader installed in `XCardInput`.
  ///
  /// Lines are found and split on the bytes, without copying a line that is not
  /// folded; parameters, values and texts are made when asked for (`ContentLine`).
  /// A large input is read in pieces on all cores, cut where a line `END:VCARD` is
  /// followed by a line `BEGIN:VCARD`; the result is the same as one piece gives
  /// (when a piece ends inside a card or after text outside cards, it is read again
  /// in one piece).
  ///
  /// - Complexity: O(n) in the size of the input.
  public static func read(_ bytes: [UInt8]) -> VCardParseResult {
    read(bytes, pieceSize: defaultPieceSize)
  }

  /// Bytes per piece below which one core reads the input.
  static let defaultPieceSize = 1 << 20

  /// The number `read(_:)` gives the line that starts at `offset` of `bytes` (the first
  /// line is 1): lines end at LF in a file that has one, else at CR (old Macs).
  ///
  /// - Complexity: O(`offset`).
  package static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { input in
      let separator = LineReader.separator(input)
      return 1 + input[..<offset].reduce(0) { $0 + ($1 == separator ? 1 : 0) }
    }
  }

  /// `read` with pieces of at least `pieceSize` bytes (tests read small inputs in pieces).
  static func read(_ bytes: [UInt8], pieceSize: Int, limits: VCardLimits = .standard) -> VCardParseResult {
    let input = LineReader.normalizedUTF8(bytes)
    if input.first == UInt8(ascii: "[") || (input.first.map { $0 <= 0x20 } ?? false && JCardReader.isJCard(input)) {
      return JCardReader.read(input, limits: limits)
    }
    if (input.first == UInt8(ascii: "<") || input.first.map { $0 <= 0x20 } ?? false) && XCardInput.isXCard(input) {
      return XCardInput.read(input)
    }
    let first = read(input, fallbackCharset: nil, pieceSize: pieceSize, limits: limits)
    // Values without CHARSET are read in the legacy charset the file declares
    // anywhere; when there is one, read again knowing it (phone exports: small files).
    guard let legacy = first.legacyCharset else { return first.result }
    var result = read(input, fallbackCharset: legacy, pieceSize: pieceSize, limits: limits).result
    result.legacyCharset = legacy
    return result
  }

  /// The cards of `input` (vCard text, normalized) read in one piece from a source
  /// that tells no legacy charset: what `VCardSource.toldCharset()` tallies
  /// (a value read while its cards are put together, a damaged base64 one, must not
  /// ask again: that reading would read the input again, and so on).
  static func cardsForCharsetTally(_ input: [UInt8]) -> [RawCard] {
    let source = VCardSource(input: input, fallbackCharset: nil, tellsCharset: false)
    return input.withUnsafeBufferPointer { buffer in
      var piece = readPiece(
        buffer, range: 0..<buffer.count, separator: LineReader.separator(buffer), linesBefore: 0, source: source,
        limits: .standard)
      return piece.assembler.finish(bytes: input).cards
    }
  }

  /// `read` with values of no declared charset read first in `fallbackCharset` (the
  /// legacy charset of the file a card came from, `VCardParseResult.legacyCharset`).
  static func read(_ bytes: [UInt8], fallbackCharset: String?) -> VCardParseResult {
    guard let fallbackCharset else { return read(bytes) }
    var result = read(LineReader.normalizedUTF8(bytes), fallbackCharset: fallbackCharset, pieceSize: defaultPieceSize, limits: .standard).result
    result.legacyCharset = fallbackCharset
    return result
  }

  private static func read(
    _ input: [UInt8], fallbackCharset: String?, pieceSize: Int, limits: VCardLimits
  ) -> (result: VCardParseResult, legacyCharset: String?) {
    let source = VCardSource(input: input, fallbackCharset: fallbackCharset)
    if let pieces = readInPieces(input, source: source, pieceSize: pieceSize, limits: limits) { return pieces }
    return input.withUnsafeBufferPointer { buffer in
      var piece = readPiece(
        buffer, range: 0..<buffer.count, separator: LineReader.separator(buffer), linesBefore: 0, source: source,
        limits: limits)
      return (piece.assembler.finish(bytes: input), piece.legacyCharset)
    }
  }

  /// What one piece of the input gave.
  struct Piece {
    var assembler = CardAssembler()
    var legacyCharset: String? = nil
  }

  static func readPiece(
    _ input: UnsafeBufferPointer<UInt8>, range: Range<Int>, separator: UInt8, linesBefore: Int, source: VCardSource,
    limits: VCardLimits
  ) -> Piece {
    var piece = Piece()
    piece.assembler.limits = limits
    piece.legacyCharset = LineReader.logicalLines(input, range: range, separator: separator, linesBefore: linesBefore) {
      line, buffer, joined in
      do throws(ContentLineParser.Failure) {
        piece.assembler.add(line: try ContentLineParser.parse(line, buffer: buffer, source: source, joined: joined), line)
      } catch {
        piece.assembler.add(failure: error, line)
      }
    }.legacyCharset
    return piece
  }

  /// Reads a large LF-separated input in pieces in parallel, or `nil` when it is
  /// small, cannot be cut, or a piece ends in a state that the next depends on.
  private static func readInPieces(
    _ input: [UInt8], source: VCardSource, pieceSize: Int, limits: VCardLimits
  ) -> (result: VCardParseResult, legacyCharset: String?)? {
    // Small inputs (a vdir's one-card files) stop here, before asking for the cores:
    // Foundation reads the cgroup files for that, which cost more than the card.
    guard input.count / max(pieceSize, 1) >= 2 else { return nil }
    let cores = max(Parallel.cores, pieceSize < defaultPieceSize ? 4 : 1)
    let count = min(cores, input.count / max(pieceSize, 1), 16)
    guard count >= 2 else { return nil }
    return input.withUnsafeBufferPointer { buffer -> (result: VCardParseResult, legacyCharset: String?)? in
      guard LineReader.separator(buffer) == 0x0A else { return nil }
      // Cut points: the start of a line BEGIN:VCARD right after a line END:VCARD.
      var cuts = [0]
      for index in 1..<count {
        guard let cut = cardBoundary(buffer, after: max(index * buffer.count / count, cuts.last! + 1)) else { break }
        if cut > cuts.last! { cuts.append(cut) }
      }
      cuts.append(buffer.count)
      let ranges = (0..<(cuts.count - 1)).map { cuts[$0]..<cuts[$0 + 1] }
      guard ranges.count >= 2 else { return nil }
      let results = readPieces(buffer, ranges: ranges, linesBefore: 0, source: source, limits: limits).map(\.piece)
      // A piece must leave the state the next one starts from: no card open, no
      // text outside cards before the last piece.
      for index in 0..<(ranges.count - 1) {
        let assembler = results[index].assembler
        if !assembler.open.isEmpty || assembler.warnedOutside { return nil }
      }
      var assembler = results[ranges.count - 1].assembler
      var cards: [RawCard] = []
      var warnings: [VCardWarning] = []
      // The file lists as many warnings as one piece would: the first ones.
      var tally = WarningTally()
      cards.reserveCapacity(results.reduce(0) { $0 + $1.assembler.cards.count })
      for index in 0..<ranges.count {
        if index < ranges.count - 1 { cards.append(contentsOf: results[index].assembler.cards) }
        var own = results[index].assembler.warnings
        tally.take(&own, more: results[index].assembler.tally, limit: limits.listedWarnings)
        warnings.append(contentsOf: own)
      }
      assembler.cards = cards + assembler.cards
      assembler.warnings = warnings
      assembler.leftOutCardLine = results.lazy.compactMap(\.assembler.leftOutCardLine).min()
      assembler.tally = tally
      let legacy = results.lazy.compactMap(\.legacyCharset).first
      return (assembler.finish(bytes: input), legacy)
    }
  }

  /// Reads `ranges` of `buffer` (LF-separated, each a whole number of lines) on all
  /// cores: each range's piece and its number of physical lines.
  static func readPieces(
    _ buffer: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>], linesBefore: Int, source: VCardSource, limits: VCardLimits
  ) -> [(piece: Piece, lines: Int)] {
    let results = UnsafeMutableBufferPointer<Piece>.allocate(capacity: ranges.count)
    results.initialize(repeating: Piece())
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    let lineCounts = UnsafeMutableBufferPointer<Int>.allocate(capacity: ranges.count)
    lineCounts.initialize(repeating: 0)
    defer { lineCounts.deallocate() }
    let shared = Shared(input: buffer, results: results, lineCounts: lineCounts)
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
      var lines = 0
      var from = ranges[index].lowerBound
      let end = ranges[index].upperBound
      let base = shared.input.baseAddress!
      while from < end, let found = memchr(base + from, 0x0A, end - from) {
        lines += 1
        from = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
      }
      shared.lineCounts[index] = lines
    }
    var before = [linesBefore]
    for index in 0..<(ranges.count - 1) { before.append(before[index] + lineCounts[index]) }
    let starts = before
    DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
      shared.results[index] = readPiece(
        shared.input, range: ranges[index], separator: 0x0A, linesBefore: starts[index], source: source,
        limits: limits)
    }
    return ranges.indices.map { (results[$0], lineCounts[$0]) }
  }

  /// Unsafe views shared by the workers of `readPieces`, each writing its own element.
  struct Shared: @unchecked Sendable {
    let input: UnsafeBufferPointer<UInt8>
    let results: UnsafeMutableBufferPointer<Piece>
    let lineCounts: UnsafeMutableBufferPointer<Int>
  }

  /// The offset of the first line `BEGIN:VCARD` after `start` that follows a line
  /// `END:VCARD` (LF or CR LF), with only blank lines between them, or `nil`.
  static func cardBoundary(_ input: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
    let base = input.baseAddress!
    let count = input.count
    var from = start
    while from < count, let found = memchr(base + from, 0x0A, count - from) {
      let lineStart = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
      from = lineStart
      if let begin = cardStart(input, afterEndLineAt: lineStart) { return begin }
    }
    return nil
  }

  /// The offset of the line `BEGIN:VCARD` that follows the line at `lineStart` when
  /// that is `END:VCARD` (LF or CR LF), with only blank lines between them; nil
  /// otherwise. Either in any case (`end:vcard`, as some exporters write them and the
  /// reader reads them).
  static func cardStart(_ input: UnsafeBufferPointer<UInt8>, afterEndLineAt lineStart: Int) -> Int? {
    let count = input.count
    func matches(_ at: Int, _ pattern: StaticString) -> Bool {
      at + pattern.utf8CodeUnitCount <= count && LineReader.matchesUppercased(input, at: at, end: count, pattern)
    }
    guard lineStart < count, input[lineStart] | 0x20 == UInt8(ascii: "e"), matches(lineStart, "END:VCARD") else {
      return nil
    }
    var next = lineStart + 9
    if next < count && input[next] == 0x0D { next += 1 }
    guard next < count, input[next] == 0x0A else { return nil }
    // Blank lines between the cards (some exporters write one) stay with the first.
    var begin = next + 1
    while begin < count {
      if input[begin] == 0x0A {
        begin += 1
      } else if input[begin] == 0x0D, begin + 1 < count, input[begin + 1] == 0x0A {
        begin += 2
      } else {
        break
      }
    }
    return matches(begin, "BEGIN:VCARD") ? begin : nil
  }
}

/// Puts content lines together into cards, with the warnings for damage.
struct CardAssembler {
  var cards: [RawCard] = []
  var warnings: [VCardWarning] = []
  var open: [RawCard] = []  // innermost last
  /// What is counted of each open card, innermost last.
  var openState: [OpenCard] = []
  var warnedOutside = false
  /// The warning for the file's first text outside cards, until it is known whether
  /// that text is ignored (listed then) or is a card without `BEGIN:VCARD` (not listed).
  var pendingOutside: VCardWarning? = nil
  var orphans: [ContentLine] = []  // content lines since the last card
  var orphansBroken = false  // junk among them: no card
  var limits = VCardLimits.standard
  /// The content lines of the card closed last: room for as many is made in the next
  /// card (a book's cards are much alike), so a book of small cards does not hold a
  /// part's worth of room for lines it never has.
  var linesOfLastCard = 8
  /// Warnings met after `limits.listedWarnings` were listed: how many, and the line of
  /// the first.
  var tally = WarningTally()
  /// Whether `finish` adds the warning that says how many were not listed (not for a
  /// piece of a file read in parts: `WarningTally` counts for the whole file).
  var summarizes = true
  /// The warning that the file ends inside a card, when it does (`finish`).
  var openEnd: VCardWarning? = nil
  /// The deepest the open cards were (before a card was opened inside them) when a
  /// card began inside one with nothing in it — what past `limits.openCards` makes that
  /// one a stray `BEGIN:VCARD` (`cardBegins`); nil when none did.
  var valuelessOuterDepth: Int? = nil
  /// Whether a card began with no card open: read in parts, inside the cards an
  /// earlier piece left open.
  var beganOnEmpty = false
  /// The `BEGIN:VCARD` line of the first card left out as no one's: a stray
  /// `BEGIN:VCARD` (another came inside it, and it holds nothing), or one the file ends
  /// right after — damage no card read shows (`VCardParseResult.leftOutCardLine`).
  var leftOutCardLine: Int? = nil

  /// Notes a card left out as no one's (`leftOutCardLine`).
  mutating func leftOut(_ card: borrowing RawCard) {
    leftOutCardLine = min(leftOutCardLine ?? card.beginLine, card.beginLine)
  }

  /// Lists `warning` while the file has fewer than `limits.listedWarnings`, else counts
  /// it (one warning at the end says how many more; the message of one not listed is
  /// not made).
  mutating func warn(_ warning: @autoclosure () -> VCardWarning) {
    guard warnings.count < limits.listedWarnings else { return tally.count { warning().line } }
    warnings.append(warning())
  }

  /// Whether `card` is only a stray `BEGIN:VCARD` line: a card that another
  /// `BEGIN:VCARD` came inside of (its `END:VCARD` missing) and that has no content
  /// line but `VERSION` — the outer ones of a run of nested or repeated `BEGIN:VCARD`
  /// lines. Such a card is left out (the `BEGIN:VCARD` inside it was reported); an empty
  /// card that is whole is a contact, as other readers read it.
  private static func isStrayBegin(_ card: borrowing RawCard, _ state: OpenCard) -> Bool {
    state.damaged && hasNoValues(card)
  }

  /// Whether `card` has no content line but `VERSION`.
  static func hasNoValues(_ card: borrowing RawCard) -> Bool {
    card.lines.allSatisfy { $0.kind == .version }
  }

  /// Opens again, for a content line on `line`, the innermost of the stray cards
  /// counted inside the innermost open card (`OpenCard.straysInside`): a card whose
  /// `BEGIN:VCARD` line is not known any more (its first line is taken for it).
  private mutating func reopenStray(at line: Int) {
    openState[openState.count - 1].straysInside -= 1
    open.append(RawCard(lines: [], beginLine: line, endLine: nil, sourceRange: nil))
    openState.append(OpenCard(bytes: 0, damaged: true))
  }

  /// Adds a line that could not be parsed: inside a card a warning, its bytes counted
  /// toward the card's (`VCardLimits.cardBytes`).
  package mutating func add(failure: ContentLineParser.Failure, _ logical: LogicalLine) {
    if !open.isEmpty {
      if openState[open.count - 1].straysInside > 0 { reopenStray(at: logical.lineNumber) }
      if withinCardBytes(logical) {
        warn(VCardWarning(line: logical.lineNumber, message: failure.description))
      }
      return
    }
    add(nil, logical)
  }

  /// Adds a parsed line (`nil`: one that could not be parsed, outside cards).
  /// Adds a parsed line, moved into its card in the common case.
  package mutating func add(line: consuming ContentLine, _ logical: LogicalLine) {
    if line.kind != .begin && line.kind != .end && !open.isEmpty {
      // The common case first: a content line inside a card.
      if openState[open.count - 1].straysInside > 0 { reopenStray(at: line.lineNumber) }
      if !withinLimits(line, logical) { return }
      if line.mayBeBase64, let problem = Self.damagedBase64(line) {
        warn(VCardWarning(line: line.lineNumber, message: problem))
      }
      // vCard 2.1's AGENT card begun on the AGENT line itself (`AGENT:BEGIN:VCARD`):
      // the line stays in its card, and the agent's card opens as after `AGENT:`.
      if line.kind == .other && line.isAgentCardBegin {
        let (number, group) = (line.lineNumber, line.group)
        open[open.count - 1].lines.append(consume line)
        openCard(line: number, group: group, logical, agent: true, wholeSource: false)
        return
      }
      open[open.count - 1].lines.append(consume line)
      return
    }
    add(Optional(consume line), logical)
  }

  package mutating func add(_ parsedLine: ContentLine?, _ logical: LogicalLine) {
    if let line = parsedLine, line.isBegin {
      // Text outside cards before this card was ignored.
      if let pending = pendingOutside.take() { warn(pending) }
      openCard(line: line.lineNumber, group: line.group, logical, agent: awaitsAgentCard, wholeSource: true)
      return
    }
    guard let line = parsedLine, !open.isEmpty else {
      // Outside any card: content lines closed by an END:VCARD are a card whose
      // BEGIN:VCARD is missing; anything else is text to ignore.
      if let line = parsedLine, line.isEnd, let first = orphans.first {
        // The text outside cards was this card, unless it began before it or had junk.
        if let pending = pendingOutside.take(), pending.line != first.lineNumber || orphansBroken { warn(pending) }
        warn(
          VCardWarning(
            line: first.lineNumber,
            message: L10n.deferredFormat(
              "END:VCARD on line %d without BEGIN:VCARD; the lines before it read as a card", line.lineNumber)))
        cards.append(RawCard(lines: orphans, beginLine: first.lineNumber, endLine: line.lineNumber, sourceRange: nil))
        orphans = []
        return
      }
      if let line = parsedLine, line.kind != .begin, line.kind != .end, !orphansBroken {
        orphans.append(line)
      } else {
        orphansBroken = true
      }
      if !warnedOutside {
        warnedOutside = true
        pendingOutside = VCardWarning(line: logical.lineNumber, message: L10n.deferred("text outside BEGIN:VCARD … END:VCARD; ignored"))
      }
      return
    }
    if openState[open.count - 1].straysInside > 0 {
      // The innermost open card is a stray counted inside the last one held.
      if line.isEnd {
        openState[open.count - 1].straysInside -= 1
        return
      }
      reopenStray(at: line.lineNumber)
    }
    let last = open.count - 1
    if line.isJoinedEndBegin {
      warn(
        VCardWarning(
          line: line.lineNumber,
          message: L10n.deferred("END:VCARD and BEGIN:VCARD on one line (files joined without a line break); read as two cards")))
      // Both cards end or begin inside a line: they are read, not rewritten (a file
      // with them is refused for edits, as any damaged one).
      var card = open.removeLast()
      let state = openState.removeLast()
      if !state.oversized && Self.isStrayBegin(card, state) { leftOut(card) }
      if !(state.oversized || Self.isStrayBegin(card, state)) {
        card.endLine = line.lineNumber
        card.sourceRange = nil
        cards.append(card)
      }
      openCard(line: line.lineNumber, group: nil, logical, agent: false, wholeSource: false)
      return
    }
    if line.isEnd {
      var card = open.removeLast()
      let state = openState.removeLast()
      if state.oversized { return }
      if Self.isStrayBegin(card, state) { return leftOut(card) }
      card.endLine = line.lineNumber
      linesOfLastCard = max(1, card.lines.count)
      if let start = card.sourceRange?.lowerBound, !state.damaged {
        card.sourceRange = start..<logical.end
      } else {
        card.sourceRange = nil
      }
      cards.append(card)
      return
    }
    if !withinLimits(line, logical) { return }
    if let problem = Self.damagedBase64(line) {
      warn(VCardWarning(line: line.lineNumber, message: problem))
    }
    open[last].lines.append(line)
  }

  /// Opens a card whose `BEGIN:VCARD` is on `line` (in `logical`), inside the open
  /// card if any: that one is then reported (once) and not rewritten, its card
  /// structure damaged — unless `agent`, its vCard 2.1 `AGENT` card (`AGENT:` then
  /// `BEGIN:VCARD`, or `AGENT:BEGIN:VCARD`), which is reported as such. The card's
  /// bytes are its source only when `wholeSource` (they start with its `BEGIN:VCARD`).
  private mutating func openCard(line: Int, group: String?, _ logical: LogicalLine, agent: Bool, wholeSource: Bool) {
    cardBegins(onLine: line, agent: agent)
    var card = RawCard(
      lines: [], beginLine: line, endLine: nil, sourceRange: wholeSource ? logical.start..<logical.start : nil,
      group: group)
    // Room for as many lines as the last card had, for a card that is not nested (a
    // file of nested cards holds each open one).
    if open.isEmpty { card.lines.reserveCapacity(linesOfLastCard) }
    open.append(card)
    openState.append(OpenCard(bytes: wholeSource ? logical.end - logical.start : 0))
    orphans = []
    orphansBroken = false
  }

  /// Whether the innermost open card's last line is `AGENT:` with no value: a card
  /// begun next is its vCard 2.1 `AGENT` card (§2.5.4).
  var awaitsAgentCard: Bool {
    open.last?.lines.last.map { $0.kind == .other && $0.isAgentProperty && $0.valueIs("") } ?? false
  }

  /// What a card begun on `line` does to the cards open before it (`openCard`; also a
  /// piece read in parts that the next piece's first line, a `BEGIN:VCARD`, comes
  /// after): the innermost one is reported (once) and not rewritten, its card
  /// structure damaged — unless `agent` (`awaitsAgentCard`) — and, past
  /// `VCardLimits.openCards`, left out when it holds nothing.
  mutating func cardBegins(onLine line: Int, agent: Bool) {
    if let outer = open.last, Self.hasNoValues(outer) {
      valuelessOuterDepth = max(valuelessOuterDepth ?? 0, open.count)
    } else if open.isEmpty {
      beganOnEmpty = true
    }
    if let outer = open.last, openState[open.count - 1].straysInside == 0 {
      if !openState[open.count - 1].damaged {
        openState[open.count - 1].damaged = true
        let message =
          agent
          ? L10n.deferredFormat(
            "a vCard 2.1 AGENT card inside the card that began on line %d; read as a card of its own", outer.beginLine)
          : L10n.deferredFormat(
            "BEGIN:VCARD inside the card that began on line %d (missing END:VCARD?); read as a card of its own",
            outer.beginLine)
        warn(VCardWarning(line: line, message: message))
      }
      // Past `openCards`, a card with nothing in it that a BEGIN:VCARD comes inside
      // of is a stray BEGIN:VCARD line: counted in the card around it, not held.
      if open.count >= limits.openCards, Self.hasNoValues(outer) {
        open.removeLast()
        openState.removeLast()
        openState[open.count - 1].straysInside += 1
      }
    }
  }

  /// Whether a content line of the innermost open card may go into it: not when the
  /// value is over its limit (warning, the line is left out), nor after the card's
  /// `VCardLimits.cardValues` values (one warning), nor when the card is over
  /// `VCardLimits.cardBytes` (one warning at its BEGIN line; its lines are let go and
  /// the card is left out at its END).
  private mutating func withinLimits(_ line: borrowing ContentLine, _ logical: LogicalLine) -> Bool {
    guard withinCardBytes(logical) else { return false }
    let last = open.count - 1
    if let problem = limits.valueProblem(line, bytes: logical.end - logical.start) {
      warn(VCardWarning(line: line.lineNumber, message: problem))
      return false
    }
    openState[last].values += 1
    if openState[last].values > limits.cardValues {
      if openState[last].values == limits.cardValues + 1 {
        let problem = limits.valueCountProblem()
        warn(VCardWarning(line: line.lineNumber, message: problem))
      }
      return false
    }
    return true
  }

  /// Counts `logical`'s bytes toward the innermost open card: false once the card is
  /// over `VCardLimits.cardBytes` (one warning at its BEGIN line; its lines are let go
  /// and the card is left out at its END).
  private mutating func withinCardBytes(_ logical: LogicalLine) -> Bool {
    let last = open.count - 1
    openState[last].bytes += logical.end - logical.start
    guard openState[last].bytes > limits.cardBytes else { return true }
    let begin = open[last].beginLine
    if !openState[last].oversized {
      openState[last].oversized = true
      let problem = limits.cardProblem()
      warn(VCardWarning(line: begin, message: problem))
      open[last].lines = []
    }
    return false
  }

  package mutating func finish(bytes: [UInt8]) -> VCardParseResult {
    // Text outside cards at the end of the file was ignored.
    if let pending = pendingOutside.take() { warn(pending) }
    for (var card, state) in zip(open, openState).reversed() where !state.oversized {
      if Self.isStrayBegin(card, state) {
        leftOut(card)
        continue
      }
      card.sourceRange = nil
      // A card whose END:VCARD was already found missing (a BEGIN:VCARD came inside
      // it) was reported there: the file does not end inside it as far as the user
      // can tell.
      // Listed whatever came before (only the innermost open card can be one): after
      // the others of a piece of a file read in parts (`openEnd`).
      if !state.damaged {
        openEnd = VCardWarning(
          line: card.beginLine, message: L10n.deferred("the file ends inside the card that began here (no END:VCARD)"))
        if summarizes { warnings.append(openEnd!) }
      }
      // A file cut off right after a `BEGIN:VCARD` (an interrupted download or
      // export): said, but no one's card.
      if Self.hasNoValues(card) {
        leftOut(card)
        continue
      }
      cards.append(card)
    }
    if summarizes, let summary = tally.summary(limits) { warnings.append(summary) }
    // Compared where they lie: a card copied to compare is a retain and a release of
    // each of its parts.
    if cards.indices.dropFirst().contains(where: { cards[$0].beginLine < cards[$0 - 1].beginLine }) {
      cards.sort { $0.beginLine < $1.beginLine }
    }
    var result = VCardParseResult(cards: cards, warnings: warnings, bytes: bytes)
    result.leftOutCardLine = leftOutCardLine
    return result
  }

  /// Whether a byte may be in a clean base64 value: `A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`,
  /// `=`, space and the ASCII blanks tab through carriage return.
  static func isBase64Byte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2B || byte == 0x2F || byte == 0x3D || byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// `isBase64Byte` of every byte value, by value.
  static let base64Bytes: [Bool] = (0...255).map { isBase64Byte(UInt8($0)) }

  /// A message when `line` is base64-encoded but holds characters base64 does not use.
  static func damagedBase64(_ line: ContentLine) -> String? {
    guard line.transferEncoding == "BASE64" else { return nil }
    if line.storedValue == nil, let raw = line.raw {
      // On the bytes: base64 letters and ASCII blanks are fine (a photo's thousands
      // of bytes, each looked up in a table).
      let clean = raw.withBuffer { buffer in
        Self.base64Bytes.withUnsafeBufferPointer { allowed in
          UnsafeBufferPointer(rebasing: buffer[(raw.colon + 1)..<raw.end]).allSatisfy { allowed[Int($0)] }
        }
      }
      if clean { return nil }
    }
    let value = line.value
    guard !value.hasPrefix("data:") else { return nil }
    guard
      let bad = value.unicodeScalars.first(where: { scalar in
        !(("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
          || scalar == "+" || scalar == "/" || scalar == "=" || scalar.properties.isWhitespace)
      })
    else { return nil }
    return L10n.deferredFormat("%s: damaged base64 data (unexpected \"%s\"); kept as written", line.name, String(bad))
  }
}

extension ContentLine {
  fileprivate var isBegin: Bool { kind == .begin && valueIs("VCARD") }
  fileprivate var isEnd: Bool { kind == .end && valueIs("VCARD") }
  /// vCard 2.1's `AGENT` (§2.5.4), whose value may be a card of its own.
  fileprivate var isAgentProperty: Bool { name == "AGENT" }
  /// `AGENT:BEGIN:VCARD`: an `AGENT` card begun on the `AGENT` line itself.
  fileprivate var isAgentCardBegin: Bool { isAgentProperty && valueIs("BEGIN:VCARD") }
  /// `END:VCARDBEGIN:VCARD` (a byte-order mark or blanks between them or not, in any
  /// case): two files joined without a line break, the first without a final one.
  fileprivate var isJoinedEndBegin: Bool {
    guard kind == .end, !isEnd else { return false }
    var text = text
    return text.withUTF8 { CardBoundary.isJoinedEndBegin($0, ungroupedOnly: false) }
  }
}

/// What `CardAssembler` counts of a card while it is open.
struct OpenCard {
  /// Its bytes so far (`VCardLimits.cardBytes`).
  var bytes: Int
  /// Its values so far (`VCardLimits.cardValues`).
  var values = 0
  /// Whether a `BEGIN:VCARD` came inside it (reported once; its `END:VCARD` may be missing).
  var damaged = false
  /// Whether it grew over `VCardLimits.cardBytes`: its lines are let go, it is left out.
  var oversized = false
  /// Stray `BEGIN:VCARD` lines open inside it (cards with nothing in them that another
  /// `BEGIN:VCARD` came inside of), counted past `VCardLimits.openCards` open cards
  /// instead of held; the cards opened after them are inside them.
  var straysInside = 0
}
