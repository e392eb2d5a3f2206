import Localization

/// How large a value and a card may be: generous for real address books, small
/// enough that a damaged or hostile file cannot make the reader hold gigabytes.
///
/// - A **value** (one content line, folds included) of a property that carries data —
///   `PHOTO`, `LOGO`, `SOUND`, `KEY`, in base64 or as a `data:` URI, or an `X-` property
///   with an encoding (`X-MS-CARDPICTURE;ENCODING=BASE64`) — may have 64 MiB:
///   the largest photos in the shared corpus make cards of 35 MB, phone exports keep
///   photos of a few MB. Any other value may have 1 MiB: a note of a thousand pages.
///   A longer value is left out of its card (`file:line: …`), the card is kept.
/// - A **card** may have 100 MiB from `BEGIN:VCARD` through `END:VCARD` (a few photos
///   at the value limit). A larger card is left out (`file:line: …`, its first line),
///   the rest of the file is read; its lines are let go as soon as it is over.
/// - A book read from a **stream** (standard input, a pipe, a device) may have 1 GiB;
///   more, and it is not read (`cannot be read: longer than 1 GiB, …`).
///
/// - A card may have 100,000 **values** (content lines; a phone's card has dozens, a
///   group card of a large company's members tens of thousands). The values after that
///   are left out (`file:line: …`, the first one left out), the card is kept: so that one
///   card of 100 MB of short lines is not three million values to decode and show.
/// - In a vCard file, past 1,000 cards **open** at once, one inside another, a stray
///   `BEGIN:VCARD` (a card with nothing in it) is counted, not held (`openCards`).
/// - A vCard file lists its first 100 **warnings** (`file:line: why`), then one with
///   the count of the rest: a file damaged on every line says so in a screenful.
///
/// Sizes are bytes of the input as read (after the conversion of UTF-16 input to UTF-8).
/// The other readers of cards have the same limits: in a jCard document (`JCardReader`)
/// a value is a property's JSON array and a card the card's; in JSON lines
/// (`PersonJSONReader`) a card is a line (at most `jsonLineBytes`), a value a string in
/// it, and each element of its arrays one of its values. `VCardLimits` is a name for
/// this type.
public struct ReadingLimits: Sendable {
  /// The most bytes of a value that carries data (`PHOTO`, `LOGO`, `SOUND`, `KEY`).
  public var dataValueBytes = 64 << 20
  /// The most bytes of any other value.
  public var textValueBytes = 1 << 20
  /// The most bytes of one card.
  public var cardBytes = 100 << 20

  /// The most values (content lines, properties) of one card.
  public var cardValues = 100_000

  /// The most bytes of one line of JSON lines (`PersonJSONReader`): a person's JSON
  /// holds no picture (only `hasImage`), so a person at the value limits is a few MB;
  /// and a line is parsed whole into Foundation's objects, about 70 times its size.
  public var jsonLineBytes = 8 << 20

  /// The most bytes of a book read from a stream without a size — standard input, a
  /// pipe, a device (`FileDescriptor.readBookStream`): a million contacts are about
  /// 600 MB; an endless stream (`-s /dev/urandom`) is refused once past it rather than
  /// read until memory runs out.
  public var streamBytes = 1 << 30

  /// The most cards held open at once in a vCard file, one inside another (a vCard
  /// 2.1 `AGENT` card nests one; a card whose `END:VCARD` is missing holds the next)
  /// before a card with nothing in it that a `BEGIN:VCARD` comes inside of — a stray
  /// `BEGIN:VCARD` line — is counted instead of held: so that a million nested
  /// `BEGIN:VCARD` lines are not a million open cards. A card with values is always held.
  public var openCards = 1_000

  /// The most warnings listed for one file (vCard): a damaged file — a million nested
  /// `BEGIN:VCARD` lines — lists its first problems and then how many more there are
  /// (`unlistedProblems`) instead of holding and printing a line for each.
  public var listedWarnings = 100

  /// The limits the readers read with.
  public static let standard = ReadingLimits()

  /// Whether a property of this name carries data (and gets `dataValueBytes`).
  package static func carriesData(_ name: String) -> Bool {
    name == "PHOTO" || name == "LOGO" || name == "SOUND" || name == "KEY"
  }

  /// The smaller of the two value limits: a card no longer than this has no value over
  /// its limit.
  package var smallestValueLimit: Int { min(textValueBytes, dataValueBytes) }

  /// The warning for a value of the property `name` (upper case) over its limit, or
  /// `nil` when it is within it. `mayBeData`: whether the property has parameters
  /// that could say it is base64 (an `X-` property then gets the data limit).
  package func valueProblem(name: String, mayBeData: Bool, bytes: Int) -> String? {
    guard bytes > smallestValueLimit else { return nil }
    // Vendor pictures (Outlook's X-MS-CARDPICTURE) come as base64 in X- properties.
    let data = Self.carriesData(name) || (name.hasPrefix("X-") && mayBeData)
    let limit = data ? dataValueBytes : textValueBytes
    guard bytes > limit else { return nil }
    return data
      ? L10n.deferredFormat("%s value longer than %s, the limit for a %s value; left out", name, Self.megabytes(limit), name)
      : L10n.deferredFormat(
        "%s value longer than %s, the limit for a value other than PHOTO, LOGO, SOUND, KEY; left out", name,
        Self.megabytes(limit))
  }

  /// The warning for a card that grew over `cardBytes`.
  package func cardProblem() -> String {
    L10n.deferredFormat("the card that begins here is longer than %s, the limit for a card; left out", Self.megabytes(cardBytes))
  }

  /// The warning for a line of JSON lines over `jsonLineBytes`.
  package func jsonLineProblem() -> String {
    L10n.deferredFormat("the JSON line is longer than %s, the limit for a line of JSON; left out", Self.megabytes(jsonLineBytes))
  }

  /// The warning that ends a file's list at `listedWarnings`: how many more there were.
  package func unlistedProblems(_ count: Int) -> String {
    L10n.deferredFormat("problems not listed: %d more, the first on this line", count)
  }

  /// The warning for the first value over `cardValues`.
  package func valueCountProblem() -> String {
    L10n.deferredFormat("the card has more than %d values; this one and the rest are left out", cardValues)
  }

  /// `1 MiB`, `64 MiB`, `3.2 MiB`; below a MiB, `900 bytes`; from a GiB, `1 GiB`.
  package static func megabytes(_ bytes: Int) -> String {
    if bytes < 1 << 20 { return "\(bytes) bytes" }
    if bytes >= 1 << 30 {
      let tenths = (bytes * 10 + (1 << 29)) >> 30
      return tenths % 10 == 0 ? "\(tenths / 10) GiB" : "\(tenths / 10).\(tenths % 10) GiB"
    }
    let tenths = (bytes * 10 + (1 << 19)) >> 20
    return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
  }
}
