/// One card as written: its content lines between `BEGIN:VCARD` and `END:VCARD`,
/// nothing interpreted, nothing dropped (the lossless layer).
public struct RawCard: Sendable, Hashable {
  /// The content lines in file order, `BEGIN` and `END` excluded.
  public var lines: [ContentLine]
  /// The line number of `BEGIN:VCARD`.
  public var beginLine: Int
  /// The line number of `END:VCARD`, or `nil` when the card was not closed.
  public var endLine: Int?

  /// Creates a card.
  public init(lines: [ContentLine], beginLine: Int, endLine: Int?) {
    self.lines = lines
    self.beginLine = beginLine
    self.endLine = endLine
  }

  /// The `VERSION` value (`2.1`, `3.0`, `4.0`) wherever it stands, or `nil`.
  public var version: String? {
    first("VERSION").map { $0.value.trimmingCharacters(in: " \t") }
  }

  /// The first line named `name` (upper case), or `nil`.
  public func first(_ name: String) -> ContentLine? {
    lines.first { $0.name == name }
  }

  /// Every line named `name` (upper case), in order.
  public func all(_ name: String) -> [ContentLine] {
    lines.filter { $0.name == name }
  }
}

/// What reading a file gave: the cards and the problems met.
public struct VCardParseResult: Sendable {
  public var cards: [RawCard]
  public var warnings: [VCardWarning]
}

/// Reads vCard 2.1, 3.0 and 4.0 text (RFC 6350, RFC 2426, the vCard 2.1 spec) into
/// raw cards, leniently: it never throws; a damaged card is closed where the damage
/// is, reported as a warning with its line, and the rest is read.
public enum VCardReader {
  /// Reads all cards from the bytes of a file.
  ///
  /// Damage handled: a `BEGIN:VCARD` inside an open card closes the open card
  /// there (warning); a file that ends inside a card keeps the card (warning);
  /// lines outside cards are ignored; lines without a colon are skipped (warning).
  ///
  /// - Complexity: O(n) in the size of the input.
  public static func read(_ bytes: [UInt8]) -> VCardParseResult {
    var cards: [RawCard] = []
    var warnings: [VCardWarning] = []
    var open: RawCard? = nil
    var sawOutsideContent = false
    for logical in LineReader.logicalLines(bytes) {
      let line: ContentLine
      do {
        line = try ContentLineParser.parse(logical)
      } catch {
        if open != nil {
          warnings.append(VCardWarning(line: logical.lineNumber, message: error.description))
        }
        continue
      }
      let value = line.value.trimmingCharacters(in: " \t").uppercased()
      if line.name == "BEGIN" && value == "VCARD" {
        if let card = open {
          warnings.append(
            VCardWarning(
              line: line.lineNumber,
              message: "BEGIN:VCARD inside the card that began on line \(card.beginLine) (no END:VCARD); that card ends here"))
          cards.append(card)
        }
        open = RawCard(lines: [], beginLine: line.lineNumber, endLine: nil)
        continue
      }
      if line.name == "END" && value == "VCARD" {
        if var card = open {
          card.endLine = line.lineNumber
          cards.append(card)
          open = nil
        }
        continue
      }
      if open != nil {
        open!.lines.append(line)
      } else if !sawOutsideContent && line.name != "BEGIN" && line.name != "END" {
        sawOutsideContent = true
      }
    }
    if let card = open {
      warnings.append(
        VCardWarning(
          line: card.beginLine, message: "the file ends inside the card that began here (no END:VCARD)"))
      cards.append(card)
    }
    return VCardParseResult(cards: cards, warnings: warnings)
  }
}
