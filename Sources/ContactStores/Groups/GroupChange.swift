import ContactKit

/// A change to an address book's groups as a whole (CNSaveRequest `add(_:toContainerWithIdentifier:)`,
/// `update(_:)` and `delete(_:)` of a `CNMutableGroup`); a person's own memberships
/// change through `SaveRequest.update(_:original:)` with other `groups`.
///
/// Applied as the book stores groups (`GroupStorage`), line by line: a `CATEGORIES`
/// line loses or renames one item and keeps the others; a group card's `FN` (and `N`)
/// is rewritten or the card removed. Deleting a group keeps its members as contacts.
/// Encodable as JSON (a server edit waiting to be sent keeps it).
public enum GroupChange: Codable, Sendable, Hashable {
  /// A new, empty group: a group card in a book that has them (an empty `CATEGORIES`
  /// group cannot be written: it exists once a person is filed under it).
  case create(String)
  /// The group `name` is called `to` from now on.
  case rename(String, to: String)
  /// The group goes; its members stay.
  case delete(String)
}

/// How an address book stores its groups, decided per book: a book with at least
/// one group card uses group cards, any other `CATEGORIES` (RFC 6350 §6.7.1).
public enum GroupStorage: Sendable, Hashable {
  /// Each person's `CATEGORIES` names its groups.
  case categories
  /// Group cards list their members: vCard 4.0 `KIND:group` + `MEMBER:urn:uuid:…`
  /// (RFC 6350 §6.1.4, §6.6.5), or Apple's `X-ADDRESSBOOKSERVER-KIND:group` +
  /// `X-ADDRESSBOOKSERVER-MEMBER` (`apple`), as the book's first group card does.
  case groupCards(apple: Bool)
}

extension SaveRequest {
  /// Creates the empty group `name` (see `GroupChange.create`).
  public mutating func addGroup(named name: String) {
    append(.group(.create(name)))
  }

  /// Renames the group `name` to `newName` on every card that names it.
  public mutating func renameGroup(_ name: String, to newName: String) {
    append(.group(.rename(name, to: newName)))
  }

  /// Deletes the group `name`; its members stay in the book.
  public mutating func deleteGroup(_ name: String) {
    append(.group(.delete(name)))
  }
}
