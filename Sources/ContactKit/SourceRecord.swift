/// The exact text of the card a contact was read from, so that a contact nobody
/// changed is written back byte for byte and a changed one keeps every line the
/// user did not touch (PRODUCT.md, "Writing never loses data").
///
/// Filled by the loader (`ContactStores`); `nil` for a contact made in memory.
/// `bytes` runs from `BEGIN:VCARD` through `END:VCARD` inclusive, with the line end
/// after `END:VCARD` when the file has one. They are the file's own bytes (in its
/// own charset, e.g. ISO-8859-1 or Shift_JIS), except that a byte-order mark is
/// left out and a UTF-16 file is given as UTF-8. A card that was damaged in the
/// file (no `BEGIN:VCARD`, no `END:VCARD`, a card nested in it) gets a repaired
/// record: its content lines as written, between a `BEGIN:VCARD` and an
/// `END:VCARD` line.
public struct SourceRecord: Sendable, Hashable {
  /// The card's bytes, `BEGIN:VCARD` through `END:VCARD` (and its line end).
  public var bytes: [UInt8]
  /// The 1-based line number of `BEGIN:VCARD` in the file.
  public var firstLine: Int
  /// The card's `VERSION` value (`2.1`, `3.0`, `4.0`), or `nil` when it has none.
  public var version: String?
  /// Groups the contact is in through group cards elsewhere in its address book
  /// (vCard 4.0 `KIND:group` + `MEMBER`, Apple's `X-ADDRESSBOOKSERVER-MEMBER`), not
  /// through its own `CATEGORIES`: the loader adds them to `Contact.groups`, and a
  /// writer does not take them for an edit of the card.
  public var outsideGroups: [String] = []
  /// How many cards of the file had exactly these bytes when it was read (this one
  /// included): a card without a UID that has twins can only be found again at its
  /// own line, never by its bytes elsewhere.
  public var twins: Int = 1

  /// Creates a record.
  public init(bytes: [UInt8], firstLine: Int, version: String?, outsideGroups: [String] = []) {
    self.bytes = bytes
    self.firstLine = firstLine
    self.version = version
    self.outsideGroups = outsideGroups
  }

  /// The record as text (bytes that are not UTF-8 become U+FFFD).
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
