import ContactStores
import Foundation

/// An edit of a server book not yet accepted by the server: what to send, and what
/// it was made from, so that when the server's card changed meanwhile the edit can be
/// merged into the server's version as a file edit is (a three-way merge), or kept
/// aside when the changes conflict. One JSON file in `MirrorPaths.outbox`.
public struct PendingEdit: Codable, Sendable, Equatable {
  /// What to do with the card.
  public enum Kind: String, Codable, Sendable {
    /// Write the card (`PUT`): a new one (`ifMatch` nil: `If-None-Match: *`) or a
    /// change (`If-Match: <etag>`).
    case put
    /// Remove the card (`DELETE` with `If-Match`).
    case delete
  }

  /// The edit's name in the queue: sortable by the time it was made.
  public var id: String
  /// What to do.
  public var kind: Kind
  /// The address book's URL.
  public var bookURL: String
  /// The book's folder in the copy.
  public var folder: String
  /// The card's URL.
  public var url: String
  /// The card's file in the book's folder.
  public var fileName: String
  /// The ETag of the card the edit was made from; nil for a new card.
  public var ifMatch: String?
  /// The card as it was before the edit (nil for a new card).
  public var base: [UInt8]?
  /// The card after the edit (nil for a delete).
  public var body: [UInt8]?
  /// For an edit that only changes group lines (a group card's members, name or
  /// removal; a group renamed in a person's `CATEGORIES`): those changes, in order.
  /// After a `412` they are made again on the server's version (a group card is no
  /// person, so no three-way merge of contacts applies); nil for any other edit.
  package var groupEdits: [GroupCardEdit]?

  /// An edit.
  public init(
    kind: Kind, bookURL: String, folder: String, url: String, fileName: String, ifMatch: String?, base: [UInt8]?,
    body: [UInt8]?
  ) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    id = String(format: "%011d.%09d-%d", now.tv_sec, now.tv_nsec, getpid())
    self.kind = kind
    self.bookURL = bookURL
    self.folder = folder
    self.url = url
    self.fileName = fileName
    self.ifMatch = ifMatch
    self.base = base
    self.body = body
  }
}

/// The queue of pending edits of an account, oldest first.
public struct Outbox: Sendable {
  /// The queue's folder.
  public let folder: String

  /// The queue in `folder` (`MirrorPaths.outbox`).
  public init(folder: String) {
    self.folder = folder
  }

  /// The edits waiting, oldest first (a damaged file is left where it is, unread).
  public func edits() -> [PendingEdit] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      FileManager.default.contents(atPath: folder + "/" + name).flatMap {
        try? JSONDecoder().decode(PendingEdit.self, from: $0)
      }
    }
  }

  /// Adds `edit` to the queue (written atomically, then its folder synced).
  public func add(_ edit: PendingEdit) throws {
    try MirrorFiles.writeJSON(edit, to: path(of: edit))
  }

  /// Removes `edit` from the queue.
  public func remove(_ edit: PendingEdit) {
    try? FileManager.default.removeItem(atPath: path(of: edit))
  }

  /// The file names of the cards with an edit waiting, by book folder.
  public func pendingFiles() -> Set<String> {
    Set(edits().map { $0.folder + "/" + $0.fileName })
  }

  private func path(of edit: PendingEdit) -> String { folder + "/" + edit.id + ".json" }
}
