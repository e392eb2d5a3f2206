import ContactKit
import ContactStores
import Foundation
import Localization

/// The store of an LDAP directory's local copy (RFC 4511): its entries as cards, read
/// only — a directory belongs to its administrators. To keep a colleague, add them to
/// one of your own books (the new-person form, pre-filled).
public struct DirectoryStore: ContactStore {
  /// The directory's account.
  public let account: ServerAccount
  /// Its copy.
  public let paths: MirrorPaths

  /// The store of `account`'s copy.
  public init(account: ServerAccount, environment: [String: String]) {
    self.account = account
    self.paths = MirrorPaths(account: account, environment: environment)
  }

  /// The directory's URL.
  public var name: String { account.url }

  /// The copy's entries (none before the first sync, or in `query` mode).
  public func load() throws(ContactStoreError) -> ContactLoad {
    guard !account.isSearchedOnServer, FileManager.default.fileExists(atPath: paths.root) else { return ContactLoad() }
    return try VdirStore(path: paths.root).load()
  }

  /// Refuses: a directory is read-only.
  ///
  /// - Throws: `.readOnly`, always (for a non-empty request).
  public func execute(_ request: SaveRequest) throws(ContactStoreError) -> [Contact] {
    guard !request.isEmpty else { return [] }
    throw ContactStoreError(
      source: account.url,
      reason: L10n.text(
        "the directory is read-only; add the person to one of your own books instead (cpick new --vcard, or Ctrl-N)"),
      kind: .readOnly)
  }
}
