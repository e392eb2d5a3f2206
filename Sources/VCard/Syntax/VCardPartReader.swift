import CpickSupport
import Foundation

extension VCardReader {
  /// Reads a large vCard file part by part, giving each part's cards to `body` in file
  /// order as soon as they are read, so that the cards of the whole file are never
  /// held at once (a million cards of a dozen lines are several GB of lines).
  ///
  /// A part is about `partSize` bytes, cut where a line `END:VCARD` is followed by a
  /// line `BEGIN:VCARD` (in a file whose `END:VCARD` lines are missing, at a card begun
  /// inside another: `partBoundary`), and read on all cores in pieces. What `body` is given for a
  /// part is what `read(_:)` gives for its cards and warnings: line numbers are the
  /// whole file's, `RawCard.sourceRange`s are offsets in the whole input, and `bytes`
  /// is the whole input (shared, not copied).
  ///
  /// A jCard document (an array of cards) is read in parts too (`JCardReader`).
  ///
  /// - Returns: false when the file must be read whole (`read(_:)`): it is not vCard
  ///   text that starts with `BEGIN:VCARD` and ends its lines with LF, nor a valid
  ///   jCard array of cards, a part ends
  ///   inside a card (but for cards left open, `CardAssembler.leftOpen`) or after
  ///   text outside cards (but for the first piece's), or a line names a legacy
  ///   charset (`CHARSET=`, which changes how values without one are read in every part).
  ///   `body` may have been given some parts by then: the caller discards them.
  /// - Complexity: O(n) in the size of the input; O(`partSize`) cards held at once.
  public static func read(_ bytes: [UInt8], inPartsOf partSize: Int, _ body: (VCardParseResult) -> Void) -> Bool {
    let input = LineReader.normalizedUTF8(bytes)
    if JCardReader.isJCard(input) { return JCardReader.read(input, inPartsOf: partSize, body) }
    guard input.starts(with: "BEGIN:VCARD".utf8) else { return false }
    var linesBefore = 0
    var tally = WarningTally()
    var carried = PieceCarry()
    return read(
      input, inPartsOf: partSize, linesBefore: &linesBefore, tally: &tally, endsInput: true, carried: &carried, body)
  }

  /// Where `read(blocks:inPartsOf:_:)` gets an input's bytes: it appends at most
  /// `count` more of them to `window` (for a file, read straight into one new buffer
  /// that holds both, so that the file's bytes are not copied again), and returns false
  /// when the input has ended (nothing appended). `count` may be `Int.max`: the rest.
  public typealias Blocks = (_ window: inout [UInt8], _ count: Int) -> Bool

  /// Reads a large vCard file part by part as `read(_:inPartsOf:_:)` does, its bytes
  /// given block by block by `next`: only the part being read is held,
  /// never the whole file. Line numbers are the whole file's; `RawCard.sourceRange`s
  /// are offsets in the part, which is the `bytes` of what `body` is given. A jCard
  /// document is held whole and read in parts as `read(_:inPartsOf:_:)` reads it
  /// (each part's `bytes` is the whole document).
  ///
  /// A part is what is read up to `largestPart` bytes, cut after its last whole card
  /// (`lastPartBoundary`; the bytes after it begin the next part's); it holds at most about
  /// `cardsPerPart` cards: the parts of a book of small cards are smaller than
  /// `largestPart` (what a card costs while it is read and mapped grows with its lines,
  /// not its bytes). The part handed on is the very buffer its bytes were read into.
  ///
  /// Every part has the legacy charset the file's first cards' values tell
  /// (`VCardSource.tallied`: its first 4 MB), as when it is read whole.
  ///
  /// - Returns: false when the file must be read whole, as `read(_:inPartsOf:_:)`
  ///   says — but a legacy charset named in the file's first 4 MB (`VCardSource.tallied`)
  ///   is every part's, as read whole, and the first lines may be blank or other text
  ///   (`beginsCards`), after a byte-order mark; also for an empty file, or one in
  ///   UTF-16 or with CR line ends alone.
  /// - Complexity: O(n) in the size of the input; O(`largestPart`) bytes and cards held
  ///   at once (more for a card larger than that).
  public static func read(
    blocks next: Blocks, inPartsOf largestPart: Int, _ body: (VCardParseResult) -> Void
  ) -> Bool {
    var partSize = max(largestPart, 16)
    var bytesRead = 0
    var cardsRead = 0
    var window: [UInt8] = []
    var ended = false
    var linesBefore = 0
    var tally = WarningTally()
    var first = true
    // The source of the file's first cards (`VCardSource.tallied`), whose values tell
    // every part's legacy charset.
    var tellingSource: VCardSource? = nil
    // The legacy charset the file's first cards name (`CHARSET=`), in which every
    // part's values of no declared charset are read, as a whole read reads them.
    var declared: String? = nil
    // What the pieces read so far leave the next (cards open, text outside cards said).
    var carried = PieceCarry()
    while true {
      // What the last part left (the start of a card), then the input up to a part.
      while !ended && window.count < partSize {
        if !next(&window, partSize - window.count) { ended = true }
      }
      // The first part ends after `cardsPerPart` cards when they take less than it.
      var cut: Int? = nil
      if first {
        // A byte-order mark is no part of the text (a whole read drops it too).
        if window.starts(with: [0xEF, 0xBB, 0xBF]) { window.removeFirst(3) }
        if !window.withUnsafeBufferPointer(Self.beginsCards) {
          // A jCard document is held whole (its parts are ranges of one JSON array)
          // and read a part at a time: its cards are never all held.
          // One that holds no card at all is read whole, which says it is no jCard.
          guard JCardReader.isJCard(window) else { return false }
          while !ended { if !next(&window, .max) { ended = true } }
          var cards = 0
          let read = JCardReader.read(window, inPartsOf: largestPart) { part in
            cards += part.cards.count
            body(part)
          }
          return read && cards > 0
        }
        // The legacy charset of a file's values of no declared charset (a phone's export,
        // or a few such values in a UTF-8 file) may take many of them to tell
        // (`CharsetDecoder.toldCharset(of:)`): those of its first cards
        // (`VCardSource.tallied`), as a whole read takes them, are read before the first
        // part and tell every part's (read only when a value asks: most files never do).
        while !ended && window.count < VCardSource.talliedBytes {
          if !next(&window, VCardSource.talliedBytes - window.count) { ended = true }
        }
        let tallied = window.withUnsafeBufferPointer { Array($0[VCardSource.tallied($0)]) }
        declared = tallied.withUnsafeBufferPointer(LineReader.declaredCharset)
        tellingSource = VCardSource(input: tallied, fallbackCharset: nil)
        first = false
        cut = window.withUnsafeBufferPointer { Self.cardsEnd($0, within: min($0.count, partSize)) }
      }
      guard !window.isEmpty else { return true }
      if cut == nil {
        // A part as long as a part, though more may have been read (for the charset).
        cut = window.withUnsafeBufferPointer { buffer in
          if buffer.count > partSize {
            // After the last whole card within a part, else (a card larger than a
            // part) after that card.
            if let boundary = lastPartBoundary(UnsafeBufferPointer(rebasing: buffer[..<partSize])) { return boundary }
            if let boundary = partBoundary(buffer, after: partSize) { return boundary }
          }
          return ended ? nil : lastPartBoundary(buffer)
        }
      }
      guard cut != nil || ended else {
        // No card begins in what is read after the first: read on (a card larger than a
        // part), as much again as is held, so that a huge card is read in linear time.
        if !next(&window, max(partSize, window.count)) { ended = true }
        continue
      }
      // The part is the window up to the cut; the window goes on with the rest.
      var part: [UInt8] = []
      if let cut {
        part = Array(window[cut...])
        window.removeSubrange(cut...)
      }
      swap(&part, &window)
      let endsInput = ended && window.isEmpty
      let source = VCardSource(input: part, fallbackCharset: declared, toldBy: tellingSource)
      let read = read(
        part, source: source, inPartsOf: part.count, linesBefore: &linesBefore, tally: &tally, endsInput: endsInput,
        carried: &carried
      ) { result in
        var result = result
        result.legacyCharset = declared
        cardsRead += result.cards.count
        body(result)
      }
      guard read else { return false }
      if endsInput { return true }
      // The next part: as many bytes as `cardsPerPart` cards have taken so far.
      bytesRead += part.count
      if cardsRead > 0 {
        partSize = min(max(largestPart, 16), max(Self.smallestPart, bytesRead / cardsRead * Self.cardsPerPart))
      }
    }
  }

  /// Whether `input` (a file's first bytes) is vCard text: not UTF-16 (read whole,
  /// converted), a line `BEGIN:VCARD`, in any case, comes first (after a byte-order
  /// mark or not) — or after blank lines
  /// or a few lines of other text (an exporter's note), which the first piece reads as
  /// the whole read does.
  package static func beginsCards(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = input.baseAddress, input.count > 0, input[0] != UInt8(ascii: "["), input[0] != UInt8(ascii: "<"),
      input[0] != UInt8(ascii: "{"), LineReader.utf16(input) == nil
    else { return false }
    var lineStart = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for _ in 0..<Self.linesBeforeCards {
      if LineReader.matchesUppercased(input, at: lineStart, end: input.count, "BEGIN:VCARD") { return true }
      guard let found = memchr(base + lineStart, 0x0A, input.count - lineStart) else { return false }
      lineStart = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
    }
    return false
  }

  /// The most lines before a file's first `BEGIN:VCARD` for it to be read in parts.
  static let linesBeforeCards = 16

  /// The most cards a part of `read(blocks:inPartsOf:_:)` holds, about: 16,384 (a
  /// part of 4 MB holds about 7,000 cards of a phone's or Google's export, but 80,000
  /// cards of a name each).
  static let cardsPerPart = 16_384

  /// The least bytes a part of `read(blocks:inPartsOf:_:)` is cut after, whatever
  /// its cards.
  static let smallestPart = 256 << 10

  /// Where the first `cardsPerPart` cards of `input` end (the offset of the next
  /// card's `BEGIN:VCARD`, counted by `beginLine`, moved back to the last place between
  /// two cards when there is one), when that is before `limit`; nil otherwise.
  static func cardsEnd(_ input: UnsafeBufferPointer<UInt8>, within limit: Int) -> Int? {
    var position = 0
    for _ in 0..<cardsPerPart {
      guard let next = beginLine(input, after: position), next < limit else { return nil }
      position = next
    }
    // Between two cards there when it can (`partBoundary`): the last card boundary up
    // to that card's BEGIN:VCARD line.
    let through = UnsafeBufferPointer(rebasing: input[..<min(input.count, position + 13)])
    return lastCardBoundary(through).flatMap { $0 > 0 ? $0 : nil } ?? position
  }

  /// The offset of the last card boundary of `input` (a line `BEGIN:VCARD` after a
  /// line `END:VCARD`, as `cardBoundary(_:after:)` finds them), or nil.
  ///
  /// - Complexity: O(n) in the bytes after the boundary (the lines are looked at from
  ///   the end; each line `END:VCARD` only with the blank lines after it).
  static func lastCardBoundary(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
    var position = input.count
    while position > 0 {
      position -= 1
      guard input[position] == 0x0A else { continue }
      if let begin = cardStart(input, afterEndLineAt: position + 1) { return begin }
    }
    return nil
  }

  /// The offset of the first line after `start` where a part or a piece of one may
  /// begin: between two cards (`cardBoundary(_:after:)`), else — a file with no such
  /// place after `start`, its `END:VCARD` lines missing — at a card begun inside
  /// another (`beginsPart(_:at:)`); nil when neither.
  static func partBoundary(_ input: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
    cardBoundary(input, after: start) ?? beginLine(input, after: start)
  }

  /// The offset of the first line after `start` that `beginsPart(_:at:)`, or nil.
  static func beginLine(_ input: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
    guard let base = input.baseAddress else { return nil }
    var from = start
    while from < input.count, let found = memchr(base + from, 0x0A, input.count - from) {
      from = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
      if beginsPart(input, at: from) { return from }
    }
    return nil
  }

  /// The offset of the last line of `input` where a part may begin: the last place
  /// between two cards (`lastCardBoundary(_:)`), else the last line that
  /// `beginsPart(_:at:)`; nil when neither.
  ///
  /// - Complexity: O(n).
  static func lastPartBoundary(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
    lastCardBoundary(input) ?? lastBeginLine(input)
  }

  /// The offset of the last line of `input` that `beginsPart(_:at:)`, or nil.
  static func lastBeginLine(_ input: UnsafeBufferPointer<UInt8>) -> Int? {
    var position = input.count
    while position > 0 {
      position -= 1
      if input[position] == 0x0A && beginsPart(input, at: position + 1) { return position + 1 }
    }
    return nil
  }

  /// Whether a part (or a piece of one) may begin at `lineStart` when no place between
  /// two cards is at hand: a line `BEGIN:VCARD` (in any case) whose last line before it that is not blank is not an
  /// `AGENT` property (a vCard 2.1 agent's card, after which the card around it goes
  /// on). After a line `END:VCARD` that is the boundary between two cards; after any
  /// other, the cards open there had their `END:VCARD` missing: a whole read leaves
  /// them open to the file's end, and cards after them are cards of their own
  /// (`CardAssembler.leftOpen`), so the cut changes nothing unless the file has more
  /// text for them — then it is read whole.
  static func beginsPart(_ input: UnsafeBufferPointer<UInt8>, at lineStart: Int) -> Bool {
    // The line is `BEGIN:VCARD` and no more (`BEGIN:VCARDX` is text in a card).
    let after = lineStart + 11
    guard lineStart > 0, after < input.count, input[after] == 0x0A || input[after] == 0x0D,
      LineReader.matchesUppercased(input, at: lineStart, end: input.count, "BEGIN:VCARD")
    else { return false }
    var end = lineStart
    while end > 0 && (input[end - 1] == 0x0A || input[end - 1] == 0x0D) { end -= 1 }
    var start = end
    while start > 0 && input[start - 1] != 0x0A { start -= 1 }
    return !isAgentLine(UnsafeBufferPointer(rebasing: input[start..<end]))
  }

  /// Whether `line` is an `AGENT` property (its name, after a group or not, in any case).
  private static func isAgentLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let nameEnd = line.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") }) else {
      return false
    }
    let nameStart = line[..<nameEnd].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
    return nameEnd - nameStart == 5 && LineReader.matchesUppercased(line, at: nameStart, end: nameEnd, "AGENT")
  }

  /// The parts of `input` (vCard text that starts with `BEGIN:VCARD`), its lines
  /// numbered after `linesBefore` (advanced past them), given to `body`; only the last
  /// piece of an input that `endsInput` (the file's end) may end inside a card or
  /// after text outside cards. The file's first `VCardLimits.listedWarnings` warnings
  /// are listed, the rest counted in `tally` (the last piece says how many); its lines
  /// read from `source` (made for `input` when nil). False as `read(_:inPartsOf:_:)`
  /// says.
  ///
  /// A piece may end inside cards that a card came inside of (`CardAssembler.leftOpen`:
  /// a card whose `END:VCARD` is missing, at the top of a file): read whole, they
  /// would stay open to the file's end, and the cards after them would be read inside
  /// them as cards of their own — as they are read here. Such a card is given with its
  /// piece, as if it ended there; `carried` says so for the pieces after it, which
  /// must then hold no text outside cards (read whole, it would go into the open card).
  private static func read(
    _ input: [UInt8], source: VCardSource? = nil, inPartsOf partSize: Int, linesBefore: inout Int,
    tally: inout WarningTally, endsInput: Bool, carried: inout PieceCarry, _ body: (VCardParseResult) -> Void
  ) -> Bool {
    let source = source ?? VCardSource(input: input, fallbackCharset: nil)
    return input.withUnsafeBufferPointer { buffer -> Bool in
      guard LineReader.separator(buffer) == 0x0A else { return false }
      let workers = max(1, min(Parallel.cores, 16))
      let pieceSize = max(1, partSize / workers)
      var start = 0
      while start < buffer.count {
        var cuts = [start]
        while cuts.count <= workers, let last = cuts.last, last < buffer.count {
          let after = last + pieceSize
          cuts.append(after < buffer.count ? partBoundary(buffer, after: after) ?? buffer.count : buffer.count)
        }
        let ranges = (0..<(cuts.count - 1)).map { cuts[$0]..<cuts[$0 + 1] }
        var pieces = readPieces(buffer, ranges: ranges, linesBefore: linesBefore, source: source, limits: .standard)
        var linesRead = linesBefore
        for index in pieces.indices {
          let range = ranges[index]
          linesRead += pieces[index].lines
          // Every piece but the file's last is cut before a line `BEGIN:VCARD`, the next
          // one's first: what it does to the cards open at the cut (their `END:VCARD`
          // missing) is done here, as a whole read does it there.
          if !(endsInput && range.upperBound == buffer.count) {
            let agent = pieces[index].piece.assembler.awaitsAgentCard
            pieces[index].piece.assembler.cardBegins(onLine: linesRead + 1, agent: agent)
          }
          let piece = pieces[index]
          // Only the file's last piece may end inside a card or after text outside
          // cards (others inside cards left open, as above). Text outside cards is
          // said once a file: only its first piece may have any (lines before its
          // first card), and only when a card came after it.
          let isLast = endsInput && range.upperBound == buffer.count
          let isFirst = linesBefore == 0 && range.lowerBound == 0
          let assembler = piece.piece.assembler
          let outside =
            assembler.warnedOutside && !(isFirst && assembler.orphans.isEmpty && assembler.pendingOutside == nil)
          guard source.fallbackCharset != nil || piece.piece.legacyCharset == nil,
            !((carried.openCards || carried.outsideText) && assembler.warnedOutside),
            isLast || (!outside && (assembler.open.isEmpty || assembler.leftOpen))
          else { return false }
          // Past `openCards` open cards, a whole read counts a card with nothing in it
          // that a card begins inside as a stray, with the cards earlier pieces left
          // open: read whole when this piece may meet that.
          let limit = VCardLimits.standard.openCards
          if let depth = assembler.valuelessOuterDepth, carried.openCount + depth >= limit { return false }
          if assembler.beganOnEmpty, carried.openCount >= limit, carried.innermostValueless { return false }
          if assembler.leftOpen {
            carried.openCount += assembler.open.count
            carried.innermostValueless = assembler.innermostHasNoValues
          }
          if assembler.warnedOutside { carried.outsideText = true }
        }
        for (range, piece) in zip(ranges, pieces) {
          var assembler = piece.piece.assembler
          assembler.summarizes = false
          var result = assembler.finish(bytes: input)
          tally.take(&result.warnings, more: assembler.tally, limit: VCardLimits.standard.listedWarnings)
          if let openEnd = assembler.openEnd { result.warnings.append(openEnd) }
          if endsInput && range.upperBound == buffer.count, let summary = tally.summary(.standard) {
            result.warnings.append(summary)
          }
          body(result)
          linesBefore += piece.lines
        }
        start = cuts.last!
      }
      return true
    }
  }
}

/// What the pieces of a file read so far leave the pieces after them
/// (`VCardReader.read(_:source:inPartsOf:…)`).
struct PieceCarry {
  /// Cards left open (`CardAssembler.leftOpen`): text outside cards after them would go
  /// into them.
  var openCards: Bool { openCount > 0 }
  /// How many: a whole read holds them open under the pieces after (its
  /// `VCardLimits.openCards` counts them).
  var openCount = 0
  /// Whether the innermost of them holds nothing: a card begun inside it past
  /// `VCardLimits.openCards` open ones makes it a stray read whole.
  var innermostValueless = false
  /// Text outside cards was said (once a file, as read whole).
  var outsideText = false
}

extension CardAssembler {
  /// Whether the cards open at the end of what was read can stay open across a cut
  /// between two cards: each had a card come inside it (reported there as a missing
  /// `END:VCARD`, so that its end is not reported again), none is over the size limit
  /// or holds stray `BEGIN:VCARD` lines.
  var leftOpen: Bool {
    !open.isEmpty && openState.allSatisfy { $0.damaged && !$0.oversized && $0.straysInside == 0 }
  }

  /// Whether the innermost open card has no content line but `VERSION`.
  var innermostHasNoValues: Bool {
    guard let last = open.last else { return false }
    return Self.hasNoValues(last)
  }
}
