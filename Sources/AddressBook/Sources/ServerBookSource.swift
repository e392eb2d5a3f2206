import ContactStores
import CpickSupport
import Foundation
import ServerBooks

/// A server account's books — a CardDAV account's address books (RFC 6352), an LDAP
/// directory's entries (RFC 4511) — read from their local copy: a vdir
/// the sync helper keeps (`MirrorPaths.root`, one folder per address book, each card
/// as the server sent it), so that listing, reading and the index work as for any
/// vdir — offline too — and saving goes to the server (`CardDAVStore`). The copy is
/// brought up to date by `cpick sync`, by the picker in the background, and by
/// `cpick query`/`list` when it is older than the account's `max-age`.
public struct ServerBookSource: BookSource {
  /// The account.
  public let account: ServerAccount
  /// Where its copy is.
  public let paths: MirrorPaths
  private let environment: [String: String]

  /// The account's books, as kept in the copy for `environment`.
  public init(account: ServerAccount, environment: [String: String]) {
    self.account = account
    self.paths = MirrorPaths(account: account, environment: environment)
    self.environment = environment
  }

  /// The account's URL.
  public var name: String { account.url }
  /// The copy's folder: its key in the index as for a vdir (deleting the copy makes
  /// the book gone from the index, `BookSources.isGone`).
  public var key: String { SourcePath.canonical(paths.root) }
  /// True.
  public var isIndexed: Bool { true }

  private var copy: VdirSource { VdirSource(path: paths.root) }

  /// The copy's card files; none before the first sync, nor for a directory searched
  /// on the server (`mode = query`: a copy left from `mirror` mode is not read).
  public func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing {
    if account.isSearchedOnServer { return ItemListing() }
    guard FileManager.default.fileExists(atPath: paths.root) else { return ItemListing() }
    let journal = CopyJournal(root: paths.root)
    let (changed, state) = journal.changes(since: known?.syncState.flatMap(CopyJournal.State.init))
    if known?.hasItems == true, let changed, let state {
      return partialListing(changed, state: state)
    }
    var listing = try copy.listItems(known: known)
    listing.syncState = state?.bytes
    return listing
  }

  /// Only the files the copy's journal names since the last listing (`CopyJournal`): a
  /// `stat` each — one there is changed, one gone is removed; the index keeps the rest.
  private func partialListing(_ changed: [String], state: CopyJournal.State) -> ItemListing {
    var listing = ItemListing()
    listing.isComplete = false
    listing.syncState = state.bytes
    var byFolder: [String: [(name: String, version: ItemVersion)]] = [:]
    for path in Set(changed) {
      let full = paths.root + "/" + path
      guard let slash = full.lastIndex(of: "/") else { continue }
      if let signature = FileSignature.of(path: full) {
        byFolder[String(full[...slash]), default: []].append((String(full[full.index(after: slash)...]), ItemVersion(signature)))
      } else {
        listing.removed.append(full)
      }
    }
    listing.collections = byFolder.sorted { $0.key < $1.key }.map { (base: $0.key, items: $0.value) }
    return listing
  }

  /// Reads a card file of the copy.
  public func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
    try copy.read(item, progress: progress)
  }

  /// Always: every write of the copy replaces its file by `rename(2)` (a new inode, so a
  /// new version even within one timestamp tick) and is named in the journal, so no
  /// change can go unseen — and an item left out of the index would be missed, the
  /// journal having moved past it.
  public func isSettled(_ version: ItemVersion) -> Bool { true }

  /// The account's store: `CardDAVStore`, or for a directory the read-only
  /// `DirectoryStore`.
  public func store() -> any ContactStore {
    account.kind == .directory
      ? DirectoryStore(account: account, environment: environment)
      : CardDAVStore(account: account, environment: environment)
  }
}
