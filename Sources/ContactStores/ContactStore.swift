import ContactKit

/// An address book that contacts are read from and saved to (CNContactStore; one
/// type per kind of address book: `VCardFileStore`, `VdirStore`).
public protocol ContactStore: Sendable {
  /// What to call the address book in messages: its path, or `-` for stdin.
  var name: String { get }
  /// Reads every contact.
  ///
  /// - Throws: `ContactStoreError` when the address book as a whole cannot be read
  ///   (missing, unreadable). A damaged card is not an error: it is reported in
  ///   `ContactLoad.warnings` and the rest load.
  func load() throws(ContactStoreError) -> ContactLoad

  /// Saves the additions, changes and deletions of `request` (CNContactStore's
  /// `execute(_:)`), never losing data: each file is replaced atomically, a card
  /// keeps every line the edit did not touch, and a file changed on disk since it
  /// was loaded is re-read and the edit re-applied to it — or, when the two changes
  /// conflict, nothing is written and a `.conflict` error says what to do.
  ///
  /// - Returns: the added and updated contacts as they are now, in the order of the
  ///   request: their identifier (`UID`; new for a new card), `source` (the file
  ///   written) and a fresh `sourceRecord` — ready for a later update.
  /// - Throws: `ContactStoreError` when something could not be saved: the address
  ///   book is read-only (stdin), a file's structure is damaged, a contact belongs to
  ///   another address book, a conflict, or a system error. Each file is written
  ///   whole or not at all; a request spanning several files (a vdir) may have
  ///   written the files before the one that failed.
  func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact]
}

/// What loading gave: the contacts in file order and the problems met.
public struct ContactLoad: Sendable {
  public var contacts: [Contact]
  /// One line per problem: `file:line: what`.
  public var warnings: [String]

  /// Creates a result.
  public init(contacts: [Contact] = [], warnings: [String] = []) {
    self.contacts = contacts
    self.warnings = warnings
  }

  /// Appends `other`'s contacts and warnings.
  public mutating func append(_ other: ContactLoad) {
    contacts.append(contentsOf: other.contacts)
    warnings.append(contentsOf: other.warnings)
  }
}

/// Why an address book could not be read at all, or a save did not happen.
public struct ContactStoreError: Error, Sendable, CustomStringConvertible {
  /// The address book, or the file of it the error is about.
  public var source: String
  /// What went wrong, for a one-line message (with what to do, when there is
  /// something to do).
  public var reason: String
  /// What kind of failure it is.
  public var kind: Kind

  /// Kinds of failure.
  public enum Kind: Sendable, Hashable {
    /// The address book cannot be read (missing, unreadable).
    case unreadable
    /// The address book cannot be written: standard input, a format cpick reads
    /// but does not write (jCard, JSON lines, UTF-16).
    case readOnly
    /// The file's card structure is damaged (a card without `END:VCARD`, …):
    /// cpick does not rewrite it, so that other cards are not "repaired" as a side
    /// effect (case 09).
    case damaged
    /// The card changed on disk since it was loaded, in a way that conflicts with
    /// the edit; the other version is left as it is.
    case conflict
    /// The contact does not belong to this address book (its `source` is another
    /// file, or outside the vdir folder).
    case notInAddressBook
    /// The request itself is wrong (an update of a contact that was not loaded).
    case invalidRequest
    /// A system call failed; `errno` says why.
    case system(errno: Int32)
  }

  /// Creates an error.
  public init(source: String, reason: String, kind: Kind = .unreadable) {
    self.source = source
    self.reason = reason
    self.kind = kind
  }

  /// `source: reason`.
  public var description: String { "\(source): \(reason)" }
}
