import ContactFormats
import CpickSupport
import Foundation
import Localization

/// Walks a jCard document (RFC 7095) one card at a time under `VCardLimits`, for
/// `JCardReader.read`: the memory it takes beyond the cards read is one card's JSON
/// objects, not the whole document's.
///
/// - A card (an element of the top-level array) longer than `VCardLimits.cardBytes`
///   is left out without being parsed (`line: jCard item N: …`, the line where it begins).
/// - A card longer than the smaller value limit is parsed a property at a time, and a
///   property (its JSON array) over its value limit is left out unparsed (`line: jCard
///   item N: …`, the line where the property begins); the rest of the card is kept, up
///   to `VCardLimits.cardValues` properties.
/// - Any other card is parsed whole.
///
/// - A card, or a property of a card read a property at a time, whose JSON is broken
///   (a bad escape, a control character in a string, nesting deeper than the parser
///   takes) is left out (`line: jCard item N: …`); the rest is read.
/// - A document that ends inside its array (a file cut off, or a quote or bracket
///   missing, after which no card can be told apart) keeps the cards before, and what
///   follows them is left out (`line: …`, where it begins, with its size).
///
/// What is left out for its size is not checked to be valid JSON. A document whose
/// array cannot be told apart (brackets that close it early, something after it) is not
/// jCard.
struct JCardDocument {
  let bytes: [UInt8]
  let limits: VCardLimits
  private(set) var cards: [RawCard] = []
  private(set) var warnings: [VCardWarning] = []
  /// Items seen that are arrays (cards or not), for `jCard item N` in warnings.
  private var index: Int
  /// Bytes before `counted` have been scanned for line ends; `line` is the line there.
  private var counted: Int
  private var line: Int

  /// A document whose reading starts after `index` array items, on line `line` at
  /// byte `counted` (a part of the document read on another core).
  init(bytes: [UInt8], limits: VCardLimits, index: Int = 0, line: Int = 1, counted: Int = 0) {
    self.bytes = bytes
    self.limits = limits
    self.index = index
    self.line = line
    self.counted = counted
  }

  /// Items per part below which the document is read on one core.
  static let partItems = 2_048

  /// Reads the document's cards into `cards` and `warnings`; `false` when it is not
  /// valid jCard JSON. An array of many cards is read in parts on all cores, the cards
  /// and warnings put back in document order.
  ///
  /// - Complexity: O(n) in the size of the document.
  mutating func read() -> Bool {
    guard let (elements, cut) = JSONArrayElements.items(bytes) else { return false }
    guard let first = elements.first else {
      if let cut { return endsInside(at: cut) }
      return true
    }
    if bytes[first.lowerBound] == UInt8(ascii: "\"") {
      // One card alone: `["vcard", [...]]`.
      guard cut == nil else { return false }
      var start = 0
      while start < bytes.count, bytes[start] != UInt8(ascii: "[") { start += 1 }
      return readCard(start..<bytes.count)
    }
    guard readOnAllCores(elements[...]) else { return false }
    if let cut { return endsInside(at: cut) }
    return true
  }

  /// Warns that the document ends inside its array, what follows `offset` (its white
  /// space skipped) left out — a card cut off, or the rest of the file after a quote
  /// or bracket that is missing (the scan cannot tell where the cards start again);
  /// nothing when only white space follows. True: the cards before are kept.
  private mutating func endsInside(at offset: Int) -> Bool {
    var start = offset
    while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A || bytes[start] == 0x0D {
      start += 1
    }
    guard start < bytes.count else { return true }
    warnings.append(
      VCardWarning(
        line: line(at: start),
        message: L10n.deferredFormat(
          "the file ends inside its array of cards: %s after jCard item %d left out (a quote or bracket missing, or the file cut off)",
          VCardLimits.megabytes(bytes.count - start), index)))
    return true
  }

  /// Reads an array of cards a group of items of about `partSize` bytes at a time,
  /// giving each group's cards and warnings to `body` (and keeping none of them), so
  /// that the cards of the whole document are never held at once; `false` when it is
  /// not an array of items or not valid jCard JSON (`body` may have been given some
  /// groups by then).
  ///
  /// - Complexity: O(n) in the size of the document; O(`partSize`) cards held at once.
  mutating func read(inPartsOf partSize: Int, _ body: (_ cards: [RawCard], _ warnings: [VCardWarning]) -> Void) -> Bool {
    guard let (elements, cut) = JSONArrayElements.items(bytes) else { return false }
    if let first = elements.first, bytes[first.lowerBound] != UInt8(ascii: "[") { return false }
    var start = 0
    while start < elements.count {
      let limit = elements[start].lowerBound + max(1, partSize)
      var end = start + 1
      while end < elements.count, elements[end].upperBound <= limit { end += 1 }
      guard readOnAllCores(elements[start..<end]) else { return false }
      body(cards, warnings)
      cards = []
      warnings = []
      start = end
    }
    if let cut, endsInside(at: cut) {
      body([], warnings)
      warnings = []
    }
    return true
  }

  /// Reads the items `elements` of the top-level array, many of them in parts on all
  /// cores; afterwards the document is where the last part ended.
  private mutating func readOnAllCores(_ elements: ArraySlice<Range<Int>>) -> Bool {
    guard elements.count >= 2 * Self.partItems else { return read(elements) }
    // Where each part starts: the array items and the lines before it.
    let partSize = max(Self.partItems, elements.count / (4 * max(1, Parallel.cores)))
    let ranges = Parallel.ranges(count: elements.count, chunk: partSize, cores: Parallel.cores)
    var starts: [(index: Int, line: Int, counted: Int)] = []
    var arrays = index
    var lines = line
    var counted = self.counted
    for (offset, element) in zip(0..., elements) {
      if starts.count < ranges.count, offset == ranges[starts.count].lowerBound {
        for byte in bytes[counted..<max(counted, element.lowerBound)] where byte == 0x0A { lines += 1 }
        counted = max(counted, element.lowerBound)
        starts.append((arrays, lines, counted))
      }
      if bytes[element.lowerBound] == UInt8(ascii: "[") { arrays += 1 }
    }
    let bytes = self.bytes
    let limits = self.limits
    let items = Array(elements)
    let partStarts = starts
    let parts = Parallel.map(count: ranges.count, chunk: 1) { at in
      let (range, start) = (ranges[at.lowerBound], partStarts[at.lowerBound])
      var part = JCardDocument(bytes: bytes, limits: limits, index: start.index, line: start.line, counted: start.counted)
      let valid = part.read(items[range])
      return (valid, part.cards, part.warnings, (part.index, part.line, part.counted))
    }
    for (valid, partCards, partWarnings, end) in parts {
      guard valid else { return false }
      cards += partCards
      warnings += partWarnings
      (index, line, self.counted) = end  // `counted` alone is the local one above
    }
    return true
  }

  /// Reads the items `elements` of the top-level array.
  private mutating func read(_ elements: some Collection<Range<Int>>) -> Bool {
    for element in elements {
      // Strings, numbers and objects among the cards are passed over, as before.
      if bytes[element.lowerBound] != UInt8(ascii: "[") {
        if element.count <= limits.cardBytes, parse(element) == nil {
          // No card: told by its line alone (`index` counts the cards' arrays).
          warnings.append(VCardWarning(line: line(at: element.lowerBound), message: L10n.deferred("not valid JSON; left out")))
        }
        continue
      }
      readCard(element)
    }
    return true
  }

  /// The line of the byte at `offset`; offsets are asked in increasing order.
  private mutating func line(at offset: Int) -> Int {
    while counted < offset {
      if bytes[counted] == 0x0A { line += 1 }
      counted += 1
    }
    return line
  }

  private func parse(_ range: Range<Int>) -> ParsedJSON? {
    ParsedJSON.parse(bytes, range)
  }

  private mutating func warn(_ line: Int, _ message: String) {
    warnings.append(VCardWarning(line: line, message: L10n.deferredFormat("jCard item %d: %s", index, message)))
  }

  /// Reads the array in `range` as a card; one whose JSON is broken is left out with a
  /// warning, as is a property of it read on its own. Always true (a card alone at the
  /// top level: its result is the document's).
  @discardableResult
  private mutating func readCard(_ range: Range<Int>) -> Bool {
    index += 1
    let cardLine = line(at: range.lowerBound)
    if range.count > limits.cardBytes {
      warn(cardLine, limits.cardProblem())
      return true
    }
    if range.count <= limits.smallestValueLimit {
      guard let json = parse(range) else { return brokenCard(cardLine) }
      guard let card = json.array, card.first?.string?.lowercased() == "vcard", card.count >= 2,
        let properties = card[1].array
      else { return notACard(cardLine) }
      var lines: [ContentLine] = []
      for property in properties { add(property, to: &lines, line: cardLine) }
      cards.append(RawCard(lines: lines, beginLine: index, endLine: index, sourceRange: nil))
      return true
    }
    guard let parts = JSONArrayElements.ranges(bytes, in: range) else { return brokenCard(cardLine) }
    guard parts.count >= 2, parse(parts[0])?.string?.lowercased() == "vcard",
      bytes[parts[1].lowerBound] == UInt8(ascii: "[")
    else { return notACard(cardLine) }
    guard let properties = JSONArrayElements.ranges(bytes, in: parts[1]) else { return brokenCard(cardLine) }
    var lines: [ContentLine] = []
    for (offset, property) in properties.enumerated() {
      let propertyLine = line(at: property.lowerBound)
      if offset == limits.cardValues {
        warn(propertyLine, limits.valueCountProblem())
        break
      }
      if let problem = valueProblem(property) {
        warn(propertyLine, problem)
        continue
      }
      guard let json = parse(property) else {
        warn(propertyLine, L10n.deferred("a property is malformed; skipped"))
        continue
      }
      add(json, to: &lines, line: propertyLine)
    }
    cards.append(RawCard(lines: lines, beginLine: index, endLine: index, sourceRange: nil))
    return true
  }

  /// Warns that the card at `line` is not valid JSON (it is left out); true.
  private mutating func brokenCard(_ line: Int) -> Bool {
    warn(line, L10n.deferred("not valid JSON; left out"))
    return true
  }

  private mutating func notACard(_ line: Int) -> Bool {
    warnings.append(VCardWarning(line: line, message: L10n.deferredFormat("jCard item %d is not [\"vcard\", [...]]; skipped", index)))
    return true
  }

  private mutating func add(_ property: ParsedJSON, to lines: inout [ContentLine], line: Int) {
    guard let contentLine = JCardReader.contentLine(property, card: index) else {
      warn(line, L10n.deferred("a property is malformed; skipped"))
      return
    }
    lines.append(contentLine)
  }

  /// The warning for a property over its value limit, found from its name and whether
  /// it has parameters, without parsing its value.
  private func valueProblem(_ property: Range<Int>) -> String? {
    guard property.count > limits.smallestValueLimit else { return nil }
    let parts = JSONArrayElements.ranges(bytes, in: property) ?? []
    let name = parts.first.flatMap { parse($0)?.string }?.uppercased() ?? ""
    // `{}` has no parameters; anything longer may say ENCODING (a vendor picture).
    let hasParameters = parts.count > 1 && bytes[parts[1]].filter { $0 > 0x20 }.count > 2
    return limits.valueProblem(name: name, mayBeData: hasParameters, bytes: property.count)
  }
}
