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
