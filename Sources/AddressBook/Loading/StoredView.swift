import ContactKit
import ContactStores
import CpickSupport
import Dispatch
import Foundation
import Matching

/// One view's stored list (its `ListFile`: the books, orders and group of a
/// `ContactListLoader`): read before the books are checked, and after they are read
/// written again with the index's updates.
struct StoredView: Sendable {
  /// The list stored, when it could be read: the snapshot and every contact's JSON.
  typealias Stored = (contents: ListSnapshot.Contents, renderings: ContactRenderings)

  let loader: ContactListLoader
  let cache: IndexCache?
  /// The view's key (`ContactListLoader.viewKey`).
  let key: String
  /// The index's identity; nil without an index, or when a book is not indexed
  /// (standard input): no list is stored then.
  let identity: Int64?
  /// The list file's path.
  let path: String?

  init(loader: ContactListLoader, books: [any BookSource], cache: IndexCache?) {
    self.loader = loader
    self.cache = cache
    key = loader.viewKey(of: books)
    identity = books.allSatisfy(\.isIndexed) ? cache?.identity() : nil
    path = identity == nil ? nil : loader.cachePath.map { [key] in ListFile.path(forView: key, cachePath: $0) }
  }

  /// The list as last stored, offered to `preview` before the books are checked (a
  /// vdir of 100,000 files takes a few hundred ms to list and examine).
  func read(preview: (@Sendable (ContactList) -> Void)?) -> Stored? {
    guard let cache, let path, let identity, let file = ListFile.read(path: path, view: key, identity: identity),
      let contents = try? ListSnapshot.decode(
        file.snapshot, owner: file.file, cache: cache, sortOrder: loader.sortOrder, nameOrder: loader.nameOrder,
        sectionIndex: loader.sectionIndex, recover: ContactListLoader.recovery(from: file.renderings))
    else { return nil }
    preview?(contents.list)
    return (contents, file.renderings)
  }

  /// The book of what was `read`: SQLite stores the items read (one thread; first the
  /// rows of files read in parts, `PendingRow`) while the
  /// list is built on the other cores; its JSON is rendered into the list file once
  /// they are stored (in the background with `storesInBackground`).
  ///
  /// The updates are handed to the thread that writes them (and let go when written:
  /// a large file's payload is hundreds of MB), and the segments let go once the list
  /// is built from them, so that neither is held while the JSON is rendered: the
  /// rendering waits for the index's write, whose payload and pages would otherwise
  /// be held beside the snapshot and the JSON (a cold book's peak of memory).
  func store(_ read: consuming ContactListLoader.BooksRead, onDisk: FilesDigest?, previous: Stored?) -> ContactBook {
    let committed = Locked(true)
    let storing = DispatchGroup()
    let quality: DispatchQoS.QoSClass = loader.storesInBackground ? .utility : .userInitiated
    // Taken by the thread that writes them: nothing else keeps them.
    let pending = Locked(read.updates)
    read.updates = []
    let rows = read.pendingRows
    read.pendingRows = []
    if let cache, !rows.isEmpty || pending.withLock({ !$0.isEmpty }) {
      DispatchQueue.global(qos: quality).async(group: storing) {
        // The rows of files read in parts first (the books' updates come after their
        // files), then the log the first fill deferred (`ContactListLoader.load`).
        if !rows.isEmpty {
          for row in rows {
            let done = row.commit()
            committed.withLock { $0 = $0 && done }
          }
          cache.startLog()
        }
        let updates = pending.withLock { taken in
          defer { taken = [] }
          return taken
        }
        for update in updates {
          let done = cache.update(
            book: update.book, upserting: update.stored, removing: update.removed, syncState: update.syncState)
          committed.withLock { $0 = $0 && done }
        }
        // Books deleted since they were indexed keep no contacts.
        cache.removeBooks { name in BookSources.isGone(key: ContactListLoader.key(ofBook: name)) }
      }
    }
    // What reading freed (its parts, cards and contacts, on several threads' heaps)
    // and what it memoized (names' forms and keys) is given back before the list is
    // built beside the segments.
    let readCount = read.segments.reduce(0) { $0 + $1.count }
    if readCount >= FreedMemory.worthwhile {
      IndexEntries.forgetMemoized()
      ContactFormatter.forgetMemoized()
    }
    FreedMemory.giveBack(forListOf: readCount)
    let list = ContactList(
      segments: read.segments, sortOrder: loader.sortOrder, nameOrder: loader.nameOrder,
      sectionIndex: loader.sectionIndex)
    guard cache != nil else { return ContactBook(list: list, warnings: read.warnings, groupCards: read.groupCards) }
    let listFile = update(of: list, read: read, onDisk: onDisk, previous: previous)
    // The list holds copies of the segments' names, keys and search fields (and their
    // contacts): the segments go before the JSON is rendered.
    read.segments = []
    FreedMemory.giveBack(forListOf: list.contacts.count)
    let store: @Sendable () -> ContactRenderings? = {
      defer { storing.wait() }  // also when the file could not be written
      guard let listFile else { return nil }
      // Once the index is written (its payload and pages let go), the list file's
      // JSON (a cold book's already in its temp file, else rendered straight into the
      // file), then its snapshot: neither all the JSON nor the snapshot beside it is
      // held in memory.
      storing.wait()
      return listFile.writeRendering { committed.withLock { $0 } }
    }
    if loader.storesInBackground {
      DispatchQueue.global(qos: .utility).async {
        _ = store()
        FreedMemory.giveBack()
      }
      return ContactBook(list: list, warnings: read.warnings, groupCards: read.groupCards)
    }
    return ContactBook(list: list, warnings: read.warnings, groupCards: read.groupCards, renderings: store())
  }

  /// The list file to write for `list`, when every contact is stored in the index (no
  /// item left out as unsettled or unreadable) and the books' digest is known.
  private func update(
    of list: ContactList, read: ContactListLoader.BooksRead, onDisk: FilesDigest?, previous: Stored?
  ) -> ListFileUpdate? {
    // Where each contact is stored.
    let origins: [ContactOrigin] = list.contacts.order.compactMap { reference in
      read.segments[Int(reference.entries)].origins?[Int(reference.contact)]
    }
    guard read.complete, origins.count == list.contacts.count, let path, let identity, let onDisk else { return nil }
    // Groups given by group cards are not in the stored cards: kept with the list.
    // They are in the segments built again (`regrouped`), whose contacts are values; a
    // segment kept as it was gained none, and is not decoded for this.
    var outside: [Int: [String]] = [:]
    if read.regrouped {
      for (position, reference) in list.contacts.order.enumerated() {
        guard case .values(let contacts) = read.segments[Int(reference.entries)].contacts else { continue }
        if let groups = contacts[Int(reference.contact)].sourceRecord?.outsideGroups, !groups.isEmpty {
          outside[position] = groups
        }
      }
    }
    return ListFileUpdate(
      view: key, path: path, identity: identity, list: list, origins: origins, outsideGroups: outside,
      digest: onDisk, warnings: read.warnings, groupCards: read.groupCards, previous: previous,
      partRenderings: Dictionary(read.renderings.map { ($0.generation, $0) }, uniquingKeysWith: { first, _ in first }),
      bookRenderings: read.bookRenderings)
  }
}
