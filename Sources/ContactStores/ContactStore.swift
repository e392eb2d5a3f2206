import ContactKit

/// An address book that contacts are read from (CNContactStore; one type per kind
/// of address book: `VCardFileStore`, `VdirStore`).
public protocol ContactStore: Sendable {
  /// What to call the address book in messages: its path, or `-` for stdin.
  var name: String { get }
  /// Reads every contact.
  ///
  /// - Throws: `ContactStoreError` when the address book as a whole cannot be read
  ///   (missing, unreadable). A damaged card is not an error: it is reported in
  ///   `ContactLoad.warnings` and the rest load.
  func load() throws(ContactStoreError) -> ContactLoad
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

/// Why an address book could not be read at all.
public struct ContactStoreError: Error, Sendable, CustomStringConvertible {
  /// The address book.
  public var source: String
  /// What went wrong, for a one-line message.
  public var reason: String

  /// Creates an error.
  public init(source: String, reason: String) {
    self.source = source
    self.reason = reason
  }

  /// `source: reason`.
  public var description: String { "\(source): \(reason)" }
}
