import ContactKit

/// One card as written: its content lines between `BEGIN:VCARD` and `END:VCARD`,
/// nothing interpreted, nothing dropped (the lossless layer).
public struct RawCard: Sendable, Hashable {
  /// The content lines in file order, `BEGIN` and `END` excluded.
  public var lines: [ContentLine]
  /// The line number of `BEGIN:VCARD`.
  public var beginLine: Int
  /// The line number of `END:VCARD`, or `nil` when the card was not closed.
  public var endLine: Int?
  /// Where the card is in the input that was read, from `BEGIN:VCARD` through the
  /// line end after `END:VCARD`; `nil` when the card is not one whole piece of the
  /// input (no `BEGIN:VCARD` or `END:VCARD`, a card nested in it).
  public var sourceRange: Range<Int>?
  /// The group prefix of the `BEGIN:VCARD` line as written (`home` in
  /// `home.begin:vcard`), or `nil`.
  public var group: String?

  /// Creates a card.
  public init(
    lines: [ContentLine], beginLine: Int, endLine: Int?, sourceRange: Range<Int>? = nil, group: String? = nil
  ) {
    self.lines = lines
    self.beginLine = beginLine
    self.endLine = endLine
    self.sourceRange = sourceRange
    self.group = group
  }

  /// The `VERSION` value (`2.1`, `3.0`, `4.0`) wherever it stands, or `nil`.
  public var version: String? {
    guard let index = firstIndex(.version) else { return nil }
    // The usual values are answered on the bytes, without decoding the value (nor
    // copying the line).
    if lines[index].valueIs("3.0") { return "3.0" }
    if lines[index].valueIs("4.0") { return "4.0" }
    if lines[index].valueIs("2.1") { return "2.1" }
    return lines[index].value.trimmingBlanks()
  }

  /// The first line of `kind`, a kind that only one property name has (`UID`, `FN`,
  /// `VERSION`): `first(_:)` without reading the name.
  func first(_ kind: PropertyKind) -> ContentLine? {
    firstIndex(kind).map { lines[$0] }
  }

  /// The index of the first line of `kind` (the lines looked at in place, not copied).
  func firstIndex(_ kind: PropertyKind) -> Int? {
    for index in lines.indices where lines[index].kind == kind { return index }
    return nil
  }

  /// The first line named `name` (upper case), or `nil`.
  public func first(_ name: String) -> ContentLine? {
    let kind = PropertyKind(name)
    if kind != .other, let index = lines.firstIndex(where: { $0.kind == kind && $0.name == name }) {
      return lines[index]
    }
    guard kind == .other else { return nil }
    return lines.first { $0.name == name }
  }

  /// Every line named `name` (upper case), in order.
  public func all(_ name: String) -> [ContentLine] {
    lines.filter { $0.name == name }
  }
}

/// What reading a file gave: the cards and the problems met.
public struct VCardParseResult: Sendable {
  /// The cards read, in file order.
  public var cards: [RawCard]
  /// The problems met, in file order; a damaged card or line is skipped, not fatal.
  public var warnings: [VCardWarning]
  /// The input as read: the file's bytes without a byte-order mark, UTF-16 given as
  /// UTF-8. `RawCard.sourceRange` and `ContentLine.sourceRange` are offsets in it.
  public var bytes: [UInt8]
  /// The legacy charset the input names (the first `CHARSET=` other than UTF-8), in
  /// which its values of no declared charset were read first; nil when it names none.
  public var legacyCharset: String? = nil
  /// The `BEGIN:VCARD` line of the first card left out as no one's — a stray
  /// `BEGIN:VCARD` with nothing in it, or one the file ends right after (warned of) — nil
  /// when none was: the file's card structure is damaged though every card read is whole.
  public var leftOutCardLine: Int? = nil

  /// The charset the input's values of no declared charset are in, for values written
  /// into it so that they read as the others: the one it names (`legacyCharset`), else
  /// the script's charset its values tell (`LegacyCharsetVerdict`: Windows-1251,
  /// Windows-1250 …); nil for UTF-8, and for the East Asian charsets the reader tells
  /// value by value.
  public var undeclaredCharset: String? {
    legacyCharset
      ?? LegacyCharsetVerdict.told(
        by: CharsetDecoder.undeclaredLegacyValues(of: cards, limit: LegacyCharsetVerdict.examinedBytes))
  }

  /// Creates a result.
  public init(cards: [RawCard], warnings: [VCardWarning], bytes: [UInt8] = []) {
    self.cards = cards
    self.warnings = warnings
    self.bytes = bytes
  }

  /// The record of `card` for `Contact.sourceRecord`: its bytes in the input when it
  /// is one whole piece of it, otherwise its content lines as written (folded at 75
  /// octets, CRLF) between `BEGIN:VCARD` and `END:VCARD`.
  ///
  /// - Parameter lineOffset: added to line numbers (for a piece of a larger file).
  /// - Complexity: O(n) in the size of the card.
  public func sourceRecord(of card: RawCard, lineOffset: Int = 0) -> SourceRecord {
    if let range = card.sourceRange, range.upperBound <= bytes.count {
      // A card that is the whole input (a vdir's one-card file) shares its storage.
      let record = range.lowerBound == 0 && range.upperBound == bytes.count ? bytes : Array(bytes[range])
      return SourceRecord(bytes: record, firstLine: card.beginLine + lineOffset, version: card.version)
    }
    var out = Array("BEGIN:VCARD\r\n".utf8)
    for line in card.lines {
      VCardSerializer.appendFolded(Array(line.text.utf8), to: &out, lineEnd: VCardSerializer.crlf)
    }
    out.append(contentsOf: "END:VCARD\r\n".utf8)
    return SourceRecord(bytes: out, firstLine: card.beginLine + lineOffset, version: card.version)
  }
}
