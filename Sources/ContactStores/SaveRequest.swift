import ContactKit

/// The additions, changes and deletions to save to an address book in one go
/// (CNSaveRequest); run with `ContactStore.execute(_:)`.
///
/// ```swift
/// var request = SaveRequest()
/// request.add(newPerson, toGroup: "Choir")
/// request.update(edited, original: loaded)
/// request.renameGroup("Choir", to: "Chamber Choir")
/// let saved = try store.execute(request)
/// ```
///
/// An update names the contact as it was loaded (`original`, with its
/// `sourceRecord`) next to the edited one: the difference between the two is what
/// is written, and all else in the card stays byte for byte. A contact's `groups`
/// changed in an update are written as its book stores groups (`GroupStorage`): its
/// `CATEGORIES`, or one `MEMBER` line more or less in a group card.
public struct SaveRequest: Sendable {
  /// One change.
  public enum Operation: Sendable {
    /// A new contact, perhaps into a group (CNSaveRequest `add(_:toContainerWithIdentifier:)`
    /// and `addMember(_:to:)`).
    case add(Contact, group: String?)
    /// An edit of a loaded contact: `original` is the contact as loaded.
    case update(Contact, original: Contact)
    /// The removal of a loaded contact's card.
    case delete(Contact)
    /// A change to a group as a whole (`addGroup(named:)`, `renameGroup(_:to:)`,
    /// `deleteGroup(_:)`).
    case group(GroupChange)
  }

  /// The changes, in the order they were made.
  public private(set) var operations: [Operation] = []

  /// An empty request.
  public init() {}

  /// Whether the request holds no change.
  public var isEmpty: Bool { operations.isEmpty }

  /// Adds a new contact.
  ///
  /// A contact made in memory (no `sourceRecord`) becomes a new vCard 4.0 card with
  /// `UID` (its identifier, or a new `urn:uuid:` when it has none), `PRODID`, `REV`,
  /// `FN` and `N`. A contact read from another address book (with its
  /// `sourceRecord`) is copied with its card's bytes and `UID` unchanged.
  ///
  /// - Parameters:
  ///   - contact: the contact to add.
  ///   - group: a group to put it in, or `nil`. A contact made in memory is filed in
  ///     its groups as the book stores them (`GroupStorage`): a `MEMBER` line in the
  ///     group card (a new group card for a group the book has none of), or its
  ///     `CATEGORIES`.
  public mutating func add(_ contact: Contact, toGroup group: String? = nil) {
    operations.append(.add(contact, group: group))
  }

  /// Saves an edit of a contact that was loaded from this address book.
  ///
  /// Only what differs between `original` and `contact` is written; every other
  /// line of the card keeps its bytes. No difference: nothing is written.
  ///
  /// - Parameters:
  ///   - contact: the edited contact.
  ///   - original: the contact as it was loaded (with its `sourceRecord`).
  public mutating func update(_ contact: Contact, original: Contact) {
    operations.append(.update(contact, original: original))
  }

  /// Removes a loaded contact's card from its file (a vdir file holding only that
  /// card is removed).
  public mutating func delete(_ contact: Contact) {
    operations.append(.delete(contact))
  }

  /// Appends `operation`.
  mutating func append(_ operation: Operation) {
    operations.append(operation)
  }
}
