import ContactKit
import ContactStores
import Dispatch
import Foundation
import Matching
import CpickSupport

/// What loading address books gave: the list to pick from, and what the books said.
public struct ContactBook: Sendable {
  /// The contacts, sorted and indexed.
  public var list: ContactList
  /// One line per problem met: `file:line: why`.
  public var warnings: [String]
  /// The group cards read (their members are already in `Contact.groups`).
  public var groupCards: [ContactLoad.GroupCard]
  /// The person JSON of every contact of `list`, by position, when the index has it
  /// (or it was made for the index during this load); nil otherwise.
  public var renderings: ContactRenderings?

  /// Every group of the books: those with members here (`ContactList.groups`, by
  /// name), then the group cards with none here (empty, or their members in no book
  /// read), as named — what `cpick groups` lists and a form offers to file into.
  public var groups: [ContactGroup] {
    list.groups + list.memberlessGroups.map { ContactGroup(name: $0, memberCount: 0) }
  }

  /// The book, its list told its memberless groups (`ContactList.memberlessGroups`).
  func namingMemberlessGroups() -> ContactBook {
    var named = Set(list.groups.map(\.name))
    list.memberlessGroups = groupCards.compactMap { card in
      !card.name.isEmpty && named.insert(card.name).inserted ? card.name : nil
    }
    return self
  }
}

/// Loads address books (vCard files, vdir folders, standard input — any
/// `BookSource`) into a `ContactList`, through the on-disk index when there is one.
///
/// The index (`IndexCache`, SQLite under `$XDG_CACHE_HOME/cpick/`) keeps, for every
/// item read (a card file), its version (`ItemVersion`: for a file its
/// `FileSignature` — size, modification and change times, inode, device) and what
/// reading it gave — contacts, sort keys, display names, folded
/// search fields (`SegmentArchive`). A file whose signature is unchanged is not read
/// again: its contacts are shown from the index and decoded only when one is shown
/// in full or chosen. A file that changed, appeared or vanished is read (or dropped)
/// and its entry replaced. A vdir is checked by listing it and `fstatat` of every file
/// (about 60 ms for 100,000 files on two cores), so an edited, added or deleted card
/// is always seen.
///
/// The index is only a cache: without it (`cachePath` nil, `CPICK_NO_CACHE`, an
/// unwritable cache folder) every file is read; a damaged entry is read again; a file
/// changed less than `racyInterval` before it was read is not stored (a change within
/// the file system's timestamp granularity could otherwise go unseen).
public struct ContactListLoader: Sendable {
  /// Source specifications: `-` (standard input), a `.vcf` file, a vdir folder (the
  /// names of `books` when the loader was made with `init(books:…)`).
  public var sources: [String]
  /// The order of the list.
  public var sortOrder: ContactFormatter.SortOrder
  /// The order of name parts in composed names.
  public var nameOrder: ContactFormatter.NameOrder
  /// Only contacts in this group (compared without regard to case), when set.
  public var group: String?
  /// The index the sort keys carry (the language's: kana rows in Japanese): part of
  /// the names of the view and the books in the index, as the orders are.
  public var sectionIndex = SectionIndex.current
  /// The on-disk index (`ContactListLoader.defaultCachePath(environment:)`), or nil for none.
  public var cachePath: String?
  /// When true, what was read is written to the index on a background thread after
  /// `load` returns (a picker shows the list meanwhile; a process that ends first
  /// leaves the index as it was — SQLite rolls the unfinished write back). When
  /// false (the default), `load` returns once it is written.
  public var storesInBackground = false

  /// Bytes of a large `.vcf` file read, mapped, indexed and encoded for the index at a
  /// time (about 8,000 cards of the usual size; `BookSource.readInParts`), so that
  /// its bytes, cards and contacts are never all held at once; nil: read whole. Only
  /// with an index (`cachePath`) is a file read in parts: its cards are written to the
  /// index as they are read (kept encoded when the file is too new to be stored).
  var partSize: Int? = 4 << 20

  /// Files from which a book the index does not hold yet is indexed while it is read
  /// (`IndexBookWriter`, `BookRenderings`) rather than after.
  var firstIndexFrom = IndexCache.bulkRows

  /// Files changed less than this many seconds before they are read are not stored
  /// in the index (`BookSources.source(for:racyInterval:)`).
  var racyInterval: Int64 = 2

  /// The books given as sources, when they are not all files named by `sources`.
  private var givenBooks: [any BookSource]?

  /// A loader of the books `sources` names (`BookSources.source(for:)`).
  public init(
    sources: [String], sortOrder: ContactFormatter.SortOrder = .family, nameOrder: ContactFormatter.NameOrder = .auto,
    group: String? = nil, cachePath: String? = nil
  ) {
    self.sources = sources
    self.sortOrder = sortOrder
    self.nameOrder = nameOrder
    self.group = group
    self.cachePath = cachePath
  }

  /// A loader of `books`, whatever they are.
  public init(
    books: [any BookSource], sortOrder: ContactFormatter.SortOrder = .family,
    nameOrder: ContactFormatter.NameOrder = .auto, group: String? = nil, cachePath: String? = nil
  ) {
    self.init(sources: books.map(\.name), sortOrder: sortOrder, nameOrder: nameOrder, group: group, cachePath: cachePath)
    self.givenBooks = books
  }

  /// The books read, in order.
  var books: [any BookSource] {
    givenBooks ?? sources.map { BookSources.source(for: $0, racyInterval: racyInterval) }
  }

  /// Reads the contact at a position of a stored list from its card file — the file
  /// and the UID its stored JSON names — for when the index cannot give it (its
  /// database damaged and rebuilt, or its cards removed, while the list file is
  /// intact): a whole `.vcf` file is read for one contact then, but the contact chosen
  /// is the one printed, not an error. The last file read is kept, its contacts by
  /// identifier: a `list` whose every contact the index lost (another cpick rebuilt
  /// it meanwhile) reads its file once, not once per contact (10,000 contacts: 99 s).
  static func recovery(from renderings: ContactRenderings) -> @Sendable (Int) -> Contact? {
    let lastRead = Locked<(source: String, contacts: [String: Contact])?>(nil)
    return { position in
      guard let json = renderings.json(at: position),
        let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
        let identifier = object["identifier"] as? String, let source = object["source"] as? String,
        source != "-"
      else { return nil }
      // Under the lock while a file is read: the other threads of a batch wait for it.
      return lastRead.withLock { last -> Contact? in
        if let last, last.source == source { return last.contacts[identifier] }
        guard let load = try? VCardFileStore(path: source).load() else { return nil }
        // The first of twins, as a search in file order would find.
        let contacts = Dictionary(load.contacts.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        last = (source, contacts)
        return contacts[identifier]
      }
    }
  }

  /// The default index for `environment` (`$XDG_CACHE_HOME/cpick/index.sqlite`,
  /// `~/.cache/cpick/index.sqlite`), nil with `CPICK_NO_CACHE` set.
  public static func defaultCachePath(environment: [String: String]) -> String? {
    IndexCache.defaultPath(environment: environment)
  }

  /// The name of the view in the index: the books, the orders and the group.
  var viewKey: String { viewKey(of: books) }

  /// The name of the view of `books` in the index.
  func viewKey(of books: [any BookSource]) -> String {
    books.map(\.key).joined(separator: "\u{1}") + "\u{0}\(sortOrder)\u{0}\(nameOrder)\u{0}\(group ?? "")\u{0}\(sectionIndex)"
  }

  /// The name of an address book in the index: its key and the orders its keys and
  /// names were made with.
  func bookKey(_ source: any BookSource) -> String {
    "\(source.key)\u{0}\(sortOrder)\u{0}\(nameOrder)\u{0}\(sectionIndex)"
  }

  /// The name in the index of the book at `path` (a file or folder).
  func bookKey(_ path: String) -> String {
    bookKey(BookSources.source(for: path))
  }

  /// The book's key in a name made by `bookKey(_:)`.
  static func key(ofBook name: String) -> String {
    String(name.prefix { $0 != "\u{0}" })
  }

  /// Reads every book, in order, and builds the list.
  ///
  /// - Parameters:
  ///   - progress: called (from any thread) with the number of contacts read so far,
  ///     after each file or part of a file.
  ///   - preview: called with the list last stored for these books, before their
  ///     items are checked, when there is one: a picker shows it at once. The list
  ///     returned is that same object when nothing changed.
  /// - Throws: `ContactStoreError` when a book as a whole cannot be read (missing,
  ///   unreadable); a damaged card is a warning.
  /// - Complexity: when no item changed since the last load of the same view, reading
  ///   the snapshot (O(n) in the contacts, no sort); otherwise, for unchanged items,
  ///   O(n log n) (a sort on stored keys) plus a copy of their search fields, and
  ///   reading and indexing the others.
  public func load(
    progress: @escaping @Sendable (Int) -> Void = { _ in }, preview: (@Sendable (ContactList) -> Void)? = nil
  ) throws(ContactStoreError) -> ContactBook {
    // A new index is filled with the rollback journal, then switched to the log (once
    // the books are read and their writers closed, before the updates of `store`,
    // which may run in the background and hold the connection).
    let cache = cachePath.flatMap { try? IndexCache(path: $0, payloadVersion: IndexFormat.version, firstFill: true) }
    let counter = ProgressCounter(report: progress)
    let books = self.books
    // What is there now — every item of every book with its version — listed on a
    // thread of its own while the stored list is read (a vdir of 1,000,000 files
    // takes about a second of reading and examining).
    let listed = Locked<Result<[BookListing], ContactStoreError>?>(nil)
    let listing = DispatchGroup()
    listing.enter()
    Thread.detachNewThread { [self] in
      let result = Result { () throws(ContactStoreError) -> [BookListing] in
        var listings: [BookListing] = []
        for book in books { listings.append(try list(book, cache: cache)) }
        return listings
      }
      listed.withLock { $0 = result }
      listing.leave()
    }
    let view = StoredView(loader: self, books: books, cache: cache)
    let stored = view.read(preview: preview)
    listing.wait()
    let listings = try listed.withLock { $0! }.get()
    // The snapshot fits when the items are those it was built from: compared through
    // a digest of every item and version (order-free: no sorting, no names kept).
    // Books listed without their versions (not in the index: all their items are
    // read) add those of the items read, below.
    var onDisk: FilesDigest? =
      listings.contains { !$0.source.isIndexed } ? nil : listings.filter(\.examined).reduce(FilesDigest()) { $0 + $1.digest }
    if let stored, let onDisk, listings.allSatisfy(\.examined), stored.contents.digest == onDisk {
      counter.add(stored.contents.list.contacts.count)
      return ContactBook(
        list: stored.contents.list, warnings: listings.flatMap(\.listing.warnings) + stored.contents.warnings,
        groupCards: stored.contents.groupCards, renderings: stored.renderings
      ).namingMemberlessGroups()
    }
    let read = try readBooks(listings, cache: cache, counter: counter, onDisk: &onDisk)
    // With rows still to commit, once they are (`StoredView.store`).
    if read.pendingRows.isEmpty { cache?.startLog() }
    return view.store(consume read, onDisk: onDisk, previous: stored).namingMemberlessGroups()
  }

  /// What `readBooks` gave: every book's segments (regrouped), problems and group
  /// cards, whether all of it is in the index, and the index updates to make.
  struct BooksRead {
    var segments: [ListSegment] = []
    var warnings: [String] = []
    var groupCards: [ContactLoad.GroupCard] = []
    var complete = true
    var regrouped = false
    var updates: [(book: String, stored: [CachedFile], removed: [String], syncState: [UInt8]?)] = []
    /// The person JSON of contacts rendered as they were read.
    var renderings: [PartRenderings] = []
    var bookRenderings: [BookRenderings] = []
    /// Rows of files read in parts, committed while the list is built.
    var pendingRows: [PendingRow] = []
  }

  /// Reads the books listed (unchanged items from the index), in order; adds to
  /// `onDisk` the versions of the items of books listed without them.
  private func readBooks(
    _ listings: [BookListing], cache: IndexCache?, counter: ProgressCounter, onDisk: inout FilesDigest?
  ) throws(ContactStoreError) -> BooksRead {
    var read = BooksRead(complete: onDisk != nil)
    for listing in listings {
      let part = try readBook(listing, cache: cache, counter: counter)
      read.segments.append(contentsOf: part.segments)
      read.warnings.append(contentsOf: listing.listing.warnings + part.warnings)
      read.groupCards.append(contentsOf: part.groupCards)
      read.complete = read.complete && part.complete
      read.renderings.append(contentsOf: part.renderings)
      read.bookRenderings.append(contentsOf: part.bookRenderings)
      read.pendingRows.append(contentsOf: part.pendingRows)
      if !listing.examined {
        for file in part.stored { onDisk?.add(base: "", name: file.path, signature: file.signature) }
        for file in part.written { onDisk?.add(base: "", name: file.path, signature: file.signature) }
      }
      if !part.stored.isEmpty || !part.removed.isEmpty || listing.listing.syncState != nil || part.wroteIndex {
        // A source's state is kept with the book's digest, when its items were examined.
        let state = listing.listing.syncState.map { listing.examined ? SyncStateDigest.join(listing.digest, $0) : $0 }
        read.updates.append((part.book, part.stored, part.removed, state))
      }
    }
    read.regrouped = !read.groupCards.isEmpty || group != nil
    if read.regrouped { read.segments = regrouped(read.segments, groupCards: read.groupCards) }
    return read
  }

  /// The segments again after the group cards are resolved and the `--group` filter
  /// applied: both change what the segments hold (`Contact.groups`, which contacts).
  /// Each segment is looked at a chunk of contacts at a time (`ListSegment.chunk`, on
  /// all cores): a chunk in which no contact gains a group and none is filtered out
  /// stays as it is (its contacts where they are: in the index, encoded); the others
  /// are built again from their contacts. No file is read again, and a large book
  /// with a small group is never decoded into memory whole (a large file's row is one
  /// segment).
  private func regrouped(_ segments: [ListSegment], groupCards: [ContactLoad.GroupCard]) -> [ListSegment] {
    let membership = GroupMembership(groupCards)
    let group = group
    let (sortOrder, nameOrder, sectionIndex) = (sortOrder, nameOrder, sectionIndex)
    let chunks = segments.indices.flatMap { index in
      stride(from: 0, to: segments[index].count, by: ListSegment.chunk).map { start in
        (segment: index, range: start..<min(start + ListSegment.chunk, segments[index].count))
      }
    }
    let rebuilt = Parallel.map(count: chunks.count, chunk: 1) { at -> ListSegment? in
      let (index, range) = chunks[at.lowerBound]
      let segment = segments[index]
      let unchanged = { range.count == segment.count ? segment : segment.slice(range) }
      var contacts: [Contact] = []
      var kept: [Int] = []
      if membership.isEmpty {
        // The filter alone reads the segment's groups column; only the kept are decoded.
        kept = range.filter { Self.isIn(group, segment.groups[$0]) }
        if kept.count == range.count { return unchanged() }
        contacts = kept.map { segment.contacts[$0] }
      } else {
        var changed = false
        for (offset, var contact) in segment.contacts.contacts(range).enumerated() {
          changed = membership.addGroups(to: &contact) || changed
          guard Self.isIn(group, contact.groups) else { continue }
          kept.append(range.lowerBound + offset)
          contacts.append(contact)
        }
        if !changed && kept.count == range.count { return unchanged() }
      }
      guard !contacts.isEmpty else { return nil }
      let origins = segment.origins.map { origins in kept.map { origins[$0] } }
      return ListSegment(contacts, origins: origins, sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
    }
    return rebuilt.compactMap { $0 }
  }

  /// Whether a contact in `groups` passes the `--group` filter `group` (nil: everyone).
  private static func isIn(_ group: String?, _ groups: [String]) -> Bool {
    guard let group else { return true }
    return groups.contains { $0.caseInsensitiveCompare(group) == .orderedSame }
  }

}
