import ContactKit
import Foundation

/// Writes contacts as vCard, losing nothing: a contact nobody changed comes out as
/// the bytes of the card it was read from; a changed one as that card with only the
/// changed lines rewritten, removed or added — every other line, and anything
/// between lines (comments, blank lines), keeps its original bytes. A contact made
/// in memory becomes a new vCard 4.0 card (RFC 6350).
///
/// What an edit touches:
/// - a changed value rewrites its own line (its group, property name and — unless
///   the label or preference changed — its parameters as written);
/// - a new email, phone, address, … adds one line after the last line of that
///   property (before `END:VCARD` when there is none), with its label as `TYPE`, or
///   with an `X-ABLabel` line in a new `itemN` group when no `TYPE` can carry it;
/// - a removed value removes its line (and its now unused `X-ABLabel`);
/// - an existing `REV` line is set to `Options.revision`;
/// - `UID`, unknown and `X-` properties, parameters, groups and order stay as they
///   were, unless the user changed that very value.
///
/// New lines keep the card's version and line ends: a 2.1 card gets 2.1 lines
/// (bare `TYPE` words; quoted-printable `CHARSET=UTF-8` values when a value needs
/// more than ASCII), a file with LF line ends gets LF. New lines are folded at 75
/// octets and escaped per version (`VCardSerializer`).
public enum VCardWriter {
  /// The `PRODID` of cards cpick creates.
  public static let productID = "-//cpick//cpick//EN"

  /// Settings of a write.
  public struct Options: Sendable {
    /// The version of new cards (cards read from a file keep theirs).
    public var version: VCardSerializer.Version = .v40
    /// The time written to `REV` of a new or changed card; `nil` leaves `REV` alone
    /// (and gives new cards none).
    public var revision: Date? = Date()
    /// The `PRODID` of new cards.
    public var productID: String = VCardWriter.productID
    /// The legacy charset the card's file names elsewhere or its values tell
    /// (`VCardParseResult.undeclaredCharset`), in which its values of no declared
    /// charset were read first: lines written are
    /// put in it when the card's are in it (`CardEditor.undeclaredCharset`).
    public var fileCharset: String? = nil

    /// Creates options.
    public init(version: VCardSerializer.Version = .v40, revision: Date? = Date(), productID: String = VCardWriter.productID) {
      self.version = version
      self.revision = revision
      self.productID = productID
    }
  }

  /// The vCard text of `contact` (see `writeBytes` for the rules).
  ///
  /// A card read from a file in a legacy charset (ISO-8859-1, Shift_JIS …) is not
  /// valid UTF-8; use `writeBytes` to keep its bytes exactly.
  public static func write(_ contact: Contact, original: Contact? = nil, options: Options = Options()) -> String {
    String(decoding: writeBytes(contact, original: original, options: options), as: UTF8.self)
  }

  /// The vCard text of several contacts, one card after another.
  public static func write(_ contacts: [Contact], options: Options = Options()) -> String {
    String(decoding: writeBytes(contacts, options: options), as: UTF8.self)
  }

  /// The vCard bytes of several contacts, one card after another (each as
  /// `writeBytes(_:original:options:)` with no original).
  public static func writeBytes(_ contacts: [Contact], options: Options = Options()) -> [UInt8] {
    var out: [UInt8] = []
    for contact in contacts {
      var card = writeBytes(contact, options: options)
      if let last = card.last, last != 0x0A && last != 0x0D { card += VCardSerializer.crlf }
      out += card
    }
    return out
  }

  /// The vCard bytes of `contact`.
  ///
  /// - Parameters:
  ///   - contact: the contact to write, perhaps edited.
  ///   - original: the contact as it was read, before the edit. Without it, the
  ///     contact's `sourceRecord` is read again to find what changed.
  ///   - options: version of new cards, `REV` time.
  /// - Returns: the card's bytes, ending with a line end. Unchanged: exactly
  ///   `sourceRecord.bytes`. Changed: those bytes with the changed lines replaced.
  ///   No record: a new card.
  /// - Complexity: O(n) in the size of the card.
  public static func writeBytes(_ contact: Contact, original: Contact? = nil, options: Options = Options())
    -> [UInt8]
  {
    guard let record = contact.sourceRecord ?? original?.sourceRecord else {
      return newCard(contact, options: options)
    }
    if let original, original == contact { return record.bytes }
    let parsed = VCardReader.read(record.bytes, fallbackCharset: options.fileCharset)
    guard let card = parsed.cards.first else { return newCard(contact, options: options) }
    var provenance: ContactDecoder.Provenance? = ContactDecoder.Provenance()
    var base = ContactDecoder.contact(from: card, source: original?.source ?? contact.source, provenance: &provenance)
    for group in record.outsideGroups where !base.groups.contains(group) { base.groups.append(group) }
    base.sourceRecord = contact.sourceRecord
    if original == nil {
      var comparable = contact
      comparable.hasImage = base.hasImage
      if comparable == base { return record.bytes }
    }
    let before = original ?? base
    var editor = CardEditor(card: card, bytes: parsed.bytes, provenance: provenance ?? .init(), options: options)
    editor.apply(from: before, to: contact, outsideGroups: Set(record.outsideGroups))
    return editor.output()
  }

  /// The card `writeBytes(_:original:options:)` writes for `contact`, read back as
  /// content lines: the one source of the jCard and xCard writers.
  public static func card(_ contact: Contact, original: Contact? = nil, options: Options = Options()) -> RawCard? {
    VCardReader.read(writeBytes(contact, original: original, options: options)).cards.first
  }

  /// A new card for a contact made in memory: `UID` from its identifier (a new
  /// `urn:uuid:` when it has none or only a derived one), `FN`, `N`, `PRODID`, `REV`.
  static func newCard(_ contact: Contact, options: Options) -> [UInt8] {
    let uid =
      contact.identifier.isEmpty || ContactIdentifier.isDerived(contact.identifier)
      ? ContactIdentifier.makeNew() : contact.identifier
    let style = ContactEncoder.Style(version: options.version)
    var out = Array("BEGIN:VCARD\r\n".utf8)
    for line in ContactEncoder.lines(
      for: contact, style: style, uid: uid, productID: options.productID, revision: options.revision)
    {
      out += line.bytes(options.version)
    }
    out += Array("END:VCARD\r\n".utf8)
    return out
  }
}
