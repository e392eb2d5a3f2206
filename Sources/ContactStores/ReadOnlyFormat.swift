import ContactFormats
import ContactKit
import Localization

/// The address books of other programs, told apart by content: an abook book
/// (`AbookReader`), a mutt alias file (`MuttAliasReader`). `VCardLoading` reads them
/// with their reader (before the vCard reader, and without `ForeignFormat`'s
/// warning); `CardFileEditor` never writes one as vCard: an abook book is saved by
/// `AbookStore` (new sections, edits and deletes in place), a mutt alias file by
/// `MuttAliasStore` (new alias lines only); what takes no new contact sends them to a
/// vCard book (`VCardFileStore.isReadOnlyFormat`). cpick's own read-only formats
/// (JSON lines, jCard, xCard) are told apart where the vCard reader is.
enum ReadOnlyFormat: Sendable, Hashable {
  case abook
  case muttAliases

  /// The format of `bytes` (after any UTF-8 byte-order mark), or nil when they are
  /// none of these.
  init?(_ bytes: [UInt8]) {
    let body = Self.withoutByteOrderMark(bytes)
    if AbookReader.isAbook(body) {
      self = .abook
    } else if MuttAliasReader.isAliasFile(body) {
      self = .muttAliases
    } else {
      return nil
    }
  }

  /// Whether new contacts can be added to a book of this format: an abook book (a
  /// new section), a mutt alias file (a new alias line).
  var takesNewContacts: Bool {
    switch self {
    case .abook, .muttAliases: true
    }
  }

  /// Whether the contacts of a book of this format can be edited and deleted in
  /// place: an abook book's (its section rewritten); not a mutt alias file's, whose
  /// lines are mutt's configuration (`MuttAliasStore`).
  var editsContacts: Bool {
    switch self {
    case .abook: true
    case .muttAliases: false
    }
  }

  /// What the format is called in messages.
  var name: String {
    switch self {
    case .abook: L10n.text("abook address books")
    case .muttAliases: L10n.text("mutt alias files")
    }
  }

  /// The contacts of `bytes` and a `source:line: why` warning for each line not read.
  func read(_ bytes: [UInt8], source: String) -> (contacts: [Contact], warnings: [String]) {
    let body = Self.withoutByteOrderMark(bytes)
    switch self {
    case .abook: return AbookReader.read(body, source: source)
    case .muttAliases: return MuttAliasReader.read(body, source: source)
    }
  }

  /// `bytes` without a leading UTF-8 byte-order mark.
  static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  }
}
