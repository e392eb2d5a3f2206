import ContactKit
import Foundation

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

  /// How the book stores groups now (`GroupStorage`): in group cards, where a group
  /// without members is a card of its own, or in `CATEGORIES`, where it cannot be
  /// written until someone is filed under it (`GroupChange.create`).
  func groupStorage() -> GroupStorage
}

extension ContactStore {
  /// `CATEGORIES`: a book that cannot hold group cards.
  public func groupStorage() -> GroupStorage { .categories }
}

/// What loading gave: the contacts in file order and the problems met.
public struct ContactLoad: Sendable {
  /// The contacts read, in file order (group cards not among them).
  public var contacts: [Contact]
  /// One line per problem: `file:line: what`.
  public var warnings: [String]
  /// The group cards read (vCard 4.0 `KIND:group`, Apple's
  /// `X-ADDRESSBOOKSERVER-KIND:group`), whose members may be in other files.
  public var groupCards: [GroupCard] = []

  /// A group card: its name and its members (UIDs, `urn:uuid:` removed, or
  /// `mailto:` addresses).
  public struct GroupCard: Sendable, Hashable {
    /// The group's name: the card's `FN` (RFC 6350 §6.2.1).
    public var name: String
    /// The members' UIDs from `MEMBER` (RFC 6350 §6.6.5) or `X-ADDRESSBOOKSERVER-MEMBER`, `urn:uuid:` removed.
    public var members: [String]

    /// Creates a group card.
    public init(name: String, members: [String]) {
      self.name = name
      self.members = members
    }

    /// A member's UID as compared with a contact's identifier: trimmed, lower case,
    /// `urn:uuid:` removed (RFC 6350 §6.6.5 names members by URI; cards are found by
    /// `UID` either way).
    public static func memberKey(_ uid: String) -> String {
      // Most UIDs have nothing to trim (a printable ASCII byte at each end): Foundation's
      // trimming, per member of a large group, cost more than the rest of reading it.
      func plain(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
      let trimmed = plain(uid.utf8.first) && plain(uid.utf8.last) ? uid : uid.trimmingCharacters(in: .whitespaces)
      return String(ContactIdentifier.removingURNPrefix(trimmed.lowercased()))
    }
  }

  /// Creates a result.
  public init(contacts: [Contact] = [], warnings: [String] = []) {
    self.contacts = contacts
    self.warnings = warnings
  }

  /// Appends `other`'s contacts, warnings and group cards.
  public mutating func append(_ other: ContactLoad) {
    contacts.append(contentsOf: other.contacts)
    warnings.append(contentsOf: other.warnings)
    groupCards.append(contentsOf: other.groupCards)
  }

  /// Adds each group card's name to the `groups` of its members, found by UID (with
  /// or without `urn:uuid:`, case-insensitively) or, for `mailto:` members, by email
  /// (RFC 6350 §6.6.5), as `GroupMembership` finds them. Safe to call again after more
  /// books were appended. Linear in the members, the contacts' emails and the
  /// memberships made (one person in 10,000 group cards).
  public mutating func resolveGroups() {
    guard !groupCards.isEmpty else { return }
    let membership = GroupMembership(groupCards)
    for index in contacts.indices { membership.addGroups(to: &contacts[index]) }
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
