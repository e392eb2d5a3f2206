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
/// What is left out for its size is not checked to be valid JSON; any other broken JSON
/// makes the whole document invalid (as one parse of it would).
struct JCardDocument {
  let bytes: [UInt8]
  let limits: VCardLimits
  private(set) var cards: [RawCard] = []
  private(set) var warnings: [VCardWarning] = []
  /// Items seen that are arrays (cards or not), for `jCard item N` in warnings.
  private var index = 0
  /// Bytes before `counted` have been scanned for line ends; `line` is the line there.
  private var counted = 0
  private var line = 1

  init(bytes: [UInt8], limits: VCardLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Reads the document's cards into `cards` and `warnings`; `false` when it is not
  /// valid jCard JSON.
  ///
  /// - Complexity: O(n) in the size of the document.
  mutating func read() -> Bool {
    guard let elements = JSONArrayElements.ranges(bytes) else { return false }
    guard let first = elements.first else { return true }
    if bytes[first.lowerBound] == UInt8(ascii: "\"") {
      // One card alone: `["vcard", [...]]`.
      var start = 0
      while start < bytes.count, bytes[start] != UInt8(ascii: "[") { start += 1 }
      return readCard(start..<bytes.count)
    }
    for element in elements {
      // Strings, numbers and objects among the cards are passed over, as before.
      if bytes[element.lowerBound] != UInt8(ascii: "[") {
        guard element.count > limits.cardBytes || parse(element) != nil else { return false }
        continue
      }
      guard readCard(element) else { return false }
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

  private func parse(_ range: Range<Int>) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes[range]), options: [.fragmentsAllowed])
  }

  private mutating func warn(_ line: Int, _ message: String) {
    warnings.append(VCardWarning(line: line, message: L10n.deferredFormat("jCard item %d: %s", index, message)))
  }

  /// Reads the array in `range` as a card; `false` when its JSON is broken.
  private mutating func readCard(_ range: Range<Int>) -> Bool {
    index += 1
    let cardLine = line(at: range.lowerBound)
    if range.count > limits.cardBytes {
      warn(cardLine, limits.cardProblem())
      return true
    }
    if range.count <= limits.smallestValueLimit {
      guard let json = parse(range) else { return false }
      guard let card = json as? [Any], (card.first as? String)?.lowercased() == "vcard", card.count >= 2,
        let properties = card[1] as? [Any]
      else { return notACard(cardLine) }
      var lines: [ContentLine] = []
      for property in properties { add(property, to: &lines, line: cardLine) }
      cards.append(RawCard(lines: lines, beginLine: index, endLine: index, sourceRange: nil))
      return true
    }
    guard let parts = JSONArrayElements.ranges(bytes, in: range) else { return false }
    guard parts.count >= 2, (parse(parts[0]) as? String)?.lowercased() == "vcard",
      bytes[parts[1].lowerBound] == UInt8(ascii: "[")
    else { return notACard(cardLine) }
    guard let properties = JSONArrayElements.ranges(bytes, in: parts[1]) else { return false }
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
      guard let json = parse(property) else { return false }
      add(json, to: &lines, line: propertyLine)
    }
    cards.append(RawCard(lines: lines, beginLine: index, endLine: index, sourceRange: nil))
    return true
  }

  private mutating func notACard(_ line: Int) -> Bool {
    warnings.append(VCardWarning(line: line, message: L10n.deferredFormat("jCard item %d is not [\"vcard\", [...]]; skipped", index)))
    return true
  }

  private mutating func add(_ property: Any, to lines: inout [ContentLine], line: Int) {
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
    let name = parts.first.flatMap { parse($0) as? String }?.uppercased() ?? ""
    // `{}` has no parameters; anything longer may say ENCODING (a vendor picture).
    let hasParameters = parts.count > 1 && bytes[parts[1]].filter { $0 > 0x20 }.count > 2
    return limits.valueProblem(name: name, mayBeData: hasParameters, bytes: property.count)
  }
}
