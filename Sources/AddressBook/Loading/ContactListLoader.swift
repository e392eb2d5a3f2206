import ContactKit
import ContactStores
import Dispatch
import Foundation
import Matching
import Synchronization
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
}

/// Loads address books (vCard files, vdir folders, standard input) into a
/// `ContactList`, through the on-disk index when there is one.
///
/// The index (`IndexCache`, SQLite under `$XDG_CACHE_HOME/cpick/`) keeps, for every
/// file read, its `FileSignature` (size, modification and change times, inode,
/// device) and what reading it gave — contacts, sort keys, display names, folded
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
  /// Source specifications: `-` (standard input), a `.vcf` file, a vdir folder.
  public var sources: [String]
  /// The order of the list.
  public var sortOrder: ContactFormatter.SortOrder
  /// The order of name parts in composed names.
  public var nameOrder: ContactFormatter.NameOrder
  /// Only contacts in this group (compared without regard to case), when set.
  public var group: String?
  /// The on-disk index (`IndexCache.defaultPath(environment:)`), or nil for none.
  public var cachePath: String?
  /// When true, what was read is written to the index on a background thread after
  /// `load` returns (a picker shows the list meanwhile; a process that ends first
  /// leaves the index as it was — SQLite rolls the unfinished write back). When
  /// false (the default), `load` returns once it is written.
  public var storesInBackground = false

  /// Files changed less than this many seconds before they are read are not stored
  /// in the index: a second change within the file system's timestamp granularity
  /// would leave the same signature (git's "racily clean" files).
  var racyInterval: Int64 = 2

  /// Creates a loader.
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

  /// Reads the contact at a position of a stored list from its card file — the file
  /// and the UID its stored JSON names — for when the index cannot give it (its
  /// database damaged and rebuilt, or its cards removed, while the list file is
  /// intact): a whole `.vcf` file is read for one contact then, but the contact chosen
  /// is the one printed, not an error.
  static func recovery(from renderings: ContactRenderings) -> @Sendable (Int) -> Contact? {
    { position in
      guard let json = renderings.json(at: position),
        let object = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
        let identifier = object["identifier"] as? String, let source = object["source"] as? String,
        source != "-", let load = try? VCardFileStore(path: source).load()
      else { return nil }
      return load.contacts.first { $0.identifier == identifier }
    }
  }

  /// The default index for `environment` (`$XDG_CACHE_HOME/cpick/index.sqlite`,
  /// `~/.cache/cpick/index.sqlite`), nil with `CPICK_NO_CACHE` set.
  public static func defaultCachePath(environment: [String: String]) -> String? {
    IndexCache.defaultPath(environment: environment)
  }

  /// Reads every source, in order, and builds the list.
  ///
  /// - Parameters:
  ///   - progress: called (from any thread) with the number of contacts read so far,
  ///     after each file or part of a file.
  ///   - preview: called with the list last stored for these books, before their
  ///     files are checked, when there is one: a picker shows it at once. The list
  ///     returned is that same object when no file changed.
  /// - Throws: `ContactStoreError` when a source as a whole cannot be read (missing,
  ///   unreadable); a damaged card is a warning.
  /// - Complexity: when no file changed since the last load of the same view, reading
  ///   the snapshot (O(n) in the contacts, no sort); otherwise, for unchanged files,
  ///   O(n log n) (a sort on stored keys) plus a copy of their search fields, and
  ///   reading and indexing the others.
  public func load(
    progress: @escaping @Sendable (Int) -> Void = { _ in }, preview: (@Sendable (ContactList) -> Void)? = nil
  ) throws(ContactStoreError) -> ContactBook {
    let cache = cachePath.flatMap { try? IndexCache(path: $0, payloadVersion: IndexFormat.version) }
    let counter = ProgressCounter(report: progress)
    let view = viewKey
    // What is on disk now — every file of every source with its signature — listed on
    // a thread of its own while the stored list is read (a vdir of 1,000,000 files
    // takes about a second of reading and examining).
    let listed = Mutex<Result<[SourceFiles], ContactStoreError>?>(nil)
    let listing = DispatchGroup()
    listing.enter()
    Thread.detachNewThread { [self] in
      let books = Result { () throws(ContactStoreError) -> [SourceFiles] in
        var books: [SourceFiles] = []
        for spec in sources { books.append(try listFiles(spec, cache: cache)) }
        return books
      }
      listed.withLock { $0 = books }
      listing.leave()
    }
    let identity = sources.contains("-") ? nil : cache?.identity()
    let listPath = identity == nil ? nil : cachePath.map { ListFile.path(forView: view, cachePath: $0) }
    // The list as last stored, offered before the files are checked (a vdir of
    // 100,000 files takes a few hundred ms to list and examine).
    var stored: (contents: ListSnapshot.Contents, renderings: ContactRenderings)?
    if let cache, let listPath, let identity, let file = ListFile.read(path: listPath, view: view, identity: identity),
      let contents = try? ListSnapshot.decode(
        file.snapshot, owner: file.file, cache: cache, sortOrder: sortOrder, nameOrder: nameOrder,
        recover: Self.recovery(from: file.renderings))
    {
      stored = (contents, file.renderings)
      preview?(contents.list)
    }
    listing.wait()
    let books = try listed.withLock { $0! }.get()
    // The snapshot fits when the files are those it was built from: compared through
    // a digest of every path and signature (order-free: no sorting, no paths kept).
    // Books listed without their signatures (not in the index: all their files are
    // read) add those of the files read, below.
    var onDisk: FilesDigest? =
      books.contains { $0.isStandardInput } ? nil : books.filter(\.examined).reduce(FilesDigest()) { $0 + $1.digest }
    if let stored, let onDisk, books.allSatisfy(\.examined), stored.contents.digest == onDisk {
      counter.add(stored.contents.list.contacts.count)
      return ContactBook(
        list: stored.contents.list, warnings: books.flatMap(\.listing.warnings) + stored.contents.warnings,
        groupCards: stored.contents.groupCards, renderings: stored.renderings)
    }

    var segments: [ListSegment] = []
    var warnings: [String] = []
    var groupCards: [ContactLoad.GroupCard] = []
    var complete = onDisk != nil
    var updates: [(book: String, stored: [CachedFile], removed: [String])] = []
    for book in books {
      let part: FileContents
      if book.isStandardInput {
        let load = try VCardFileStore(path: "-").load()
        part = FileContents(
          segments: ListSegment.build(load.contacts, origins: nil, sortOrder: sortOrder, nameOrder: nameOrder),
          warnings: load.warnings, groupCards: load.groupCards, complete: false)
        counter.add(part.count)
      } else {
        part = try loadFiles(book, cache: cache, counter: counter)
      }
      segments.append(contentsOf: part.segments)
      warnings.append(contentsOf: book.listing.warnings + part.warnings)
      groupCards.append(contentsOf: part.groupCards)
      complete = complete && part.complete
      if !book.examined {
        for file in part.stored { onDisk?.add(base: "", name: file.path, signature: file.signature) }
      }
      if !part.stored.isEmpty || !part.removed.isEmpty { updates.append((part.book, part.stored, part.removed)) }
    }
    let regroup = !groupCards.isEmpty || group != nil
    if regroup { segments = regrouped(segments, groupCards: groupCards) }
    // SQLite stores the files read (one thread) while the list is built and its JSON
    // rendered on the other cores.
    let committed = Mutex(true)
    let storing = DispatchGroup()
    if let cache, !updates.isEmpty {
      DispatchQueue.global(qos: storesInBackground ? .utility : .userInitiated).async(group: storing) { [updates] in
        for update in updates {
          let done = cache.update(book: update.book, upserting: update.stored, removing: update.removed)
          committed.withLock { $0 = $0 && done }
        }
        // Books deleted since they were indexed keep no contacts in the cache.
        cache.removeBooks { book in !FileManager.default.fileExists(atPath: Self.path(ofBook: book)) }
      }
    }
    let list = ContactList(segments: segments, sortOrder: sortOrder, nameOrder: nameOrder)
    guard cache != nil else { return ContactBook(list: list, warnings: warnings, groupCards: groupCards) }
    // Where each contact is stored, when every one is (no file left out as racy).
    var origins: [ContactOrigin]? = list.contacts.order.compactMap { reference in
      segments[Int(reference.entries)].origins?[Int(reference.contact)]
    }
    if !complete || origins?.count != list.contacts.count { origins = nil }
    // Groups given by group cards are not in the stored cards: kept with the list.
    var outside: [Int: [String]] = [:]
    if regroup {
      for (position, contact) in list.contacts.enumerated() {
        if let groups = contact.sourceRecord?.outsideGroups, !groups.isEmpty { outside[position] = groups }
      }
    }
    var listFile: ListFileUpdate?
    if let listPath, let identity, let origins, let onDisk {
      listFile = ListFileUpdate(
        view: view, path: listPath, identity: identity, list: list, origins: origins, outsideGroups: outside,
        digest: onDisk, warnings: warnings, groupCards: groupCards, previous: stored)
    }
    let store: @Sendable () -> ContactRenderings? = { [listFile] in
      // The snapshot is encoded on another thread while the JSON is rendered.
      let snapshot = Mutex<[UInt8]?>(nil)
      let encoding = DispatchGroup()
      if let listFile {
        DispatchQueue.global(qos: storesInBackground ? .utility : .userInitiated).async(group: encoding) {
          let encoded = listFile.snapshot()
          snapshot.withLock { $0 = encoded }
        }
      }
      let renderings = listFile?.renderings()
      encoding.wait()
      guard let listFile, let renderings else {
        storing.wait()
        return nil
      }
      // Written while SQLite stores the cards; put in place once they are stored.
      listFile.write(renderings, snapshot: snapshot.withLock { $0 }) {
        storing.wait()
        return committed.withLock { $0 }
      }
      storing.wait()  // also when the file could not be written
      return renderings
    }
    if storesInBackground {
      DispatchQueue.global(qos: .utility).async { _ = store() }
      return ContactBook(list: list, warnings: warnings, groupCards: groupCards)
    }
    return ContactBook(list: list, warnings: warnings, groupCards: groupCards, renderings: store())
  }

  /// The segments again after the group cards are resolved and the `--group` filter
  /// applied: both change what the segments hold (`Contact.groups`, which contacts),
  /// so they are built again from the contacts — no file is read again.
  private func regrouped(_ segments: [ListSegment], groupCards: [ContactLoad.GroupCard]) -> [ListSegment] {
    var contacts: [Contact] = []
    var origins: [ContactOrigin] = []
    for segment in segments {
      for index in 0..<segment.count { contacts.append(segment.contacts[index]) }
      origins.append(contentsOf: segment.origins ?? [])
    }
    if origins.count != contacts.count { origins = [] }
    var load = ContactLoad(contacts: contacts)
    load.groupCards = groupCards
    load.resolveGroups()
    contacts = load.contacts
    if let group {
      let kept = contacts.indices.filter { index in
        contacts[index].groups.contains { $0.caseInsensitiveCompare(group) == .orderedSame }
      }
      contacts = kept.map { contacts[$0] }
      if !origins.isEmpty { origins = kept.map { origins[$0] } }
    }
    return ListSegment.build(
      contacts, origins: origins.isEmpty ? nil : origins, sortOrder: sortOrder, nameOrder: nameOrder)
  }

  // MARK: - Files

  /// The files of one source as they are on disk now.
  struct SourceFiles: Sendable {
    /// The source as given.
    var spec: String
    /// The name of the book in the index (`bookKey(_:)`).
    var book: String
    /// Its card files: a vdir's listing; for a `.vcf` source, one folder `""` whose
    /// one entry's name is the file's path.
    var listing = VdirListing()
    /// True for `-`.
    var isStandardInput: Bool { spec == "-" }
    /// False when the listing did not examine the files (`FileSignature.unknown`):
    /// the book is not in the index, so every file is read.
    var examined = true

    /// The digest of every file's path and signature (on all cores for a large folder).
    var digest: FilesDigest {
      var digest = FilesDigest()
      for (base, entries) in listing.folders {
        let parts = Parallel.map(count: entries.count, chunk: 16_384) { range in
          var part = FilesDigest()
          for index in range { part.add(base: base, name: entries[index].name, signature: entries[index].signature) }
          return part
        }
        digest = parts.reduce(digest, +)
      }
      return digest
    }

    /// The card files in reading order (`VdirListing.files`).
    var files: [SnapshotFile] { listing.files.map { SnapshotFile(path: $0.path, signature: $0.signature) } }
  }

  /// The name of the view in the index: the sources, the orders and the group.
  var viewKey: String {
    sources.map(SourcePath.canonical).joined(separator: "\u{1}") + "\u{0}\(sortOrder)\u{0}\(nameOrder)\u{0}\(group ?? "")"
  }

  /// The name of an address book in the index: its path and the orders its keys and
  /// names were made with.
  func bookKey(_ path: String) -> String {
    "\(SourcePath.canonical(path))\u{0}\(sortOrder)\u{0}\(nameOrder)"
  }

  /// The path in a name made by `bookKey(_:)`.
  static func path(ofBook key: String) -> String {
    String(key.prefix { $0 != "\u{0}" })
  }

  /// Lists a source: a `.vcf` file is itself; a vdir folder is its card files in name
  /// order, then its sub-folders (vdirsyncer's collections) in name order,
  /// `VdirStore.maxDepth` deep, each folder and card file once whatever links lead
  /// to it — `VdirStore`'s order and files (`VdirListing`).
  ///
  /// - Throws: the store's error when the source cannot be read at all.
  /// A vdir the index holds no file of is listed without examining its files: all
  /// of them are read, and reading one gives its signature.
  private func listFiles(_ spec: String, cache: IndexCache?) throws(ContactStoreError) -> SourceFiles {
    var source = SourceFiles(spec: spec, book: bookKey(spec))
    if spec == "-" { return source }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory), isDirectory.boolValue else {
      guard let signature = FileSignature.of(path: spec) else {
        _ = try VCardFileStore(path: spec).load()  // says why it cannot be read
        return source
      }
      source.listing.folders = [(base: "", entries: [(name: spec, signature: signature)])]
      return source
    }
    source.examined = cache?.hasFiles(inBook: source.book) ?? false
    guard let listing = VdirListing(folder: spec, examining: source.examined) else {
      _ = try VdirStore(path: spec).load()  // says why the folder cannot be read
      return source
    }
    source.listing = listing
    // A folder without card files (a new `--save-to` vdir) is known as it is: its
    // empty listing fits a stored list like any other.
    if !source.examined && listing.folders.allSatisfy({ $0.entries.isEmpty }) { source.examined = true }
    return source
  }


  /// The files of one source: unchanged ones from the index, the others read — in
  /// chunks on all cores — and stored.
  private func loadFiles(_ source: SourceFiles, cache: IndexCache?, counter: ProgressCounter) throws(ContactStoreError)
    -> FileContents
  {
    var cached: [String: CachedFile] = [:]
    if let cache {
      for row in cache.files(inBook: source.book) { cached[row.path] = row }
    }
    let files = source.files

    // A single large file is read on all cores by the store itself.
    let known = cached
    let parts = Parallel.map(count: files.count, chunk: 2048) { range -> Result<FileContents, ContactStoreError> in
      Result { () throws(ContactStoreError) -> FileContents in
        let part = try loadChunk(files[range], known: known, cache: cache, single: files.count == 1, counter: counter)
        counter.add(part.count - part.counted)
        return part
      }
    }
    var contents = FileContents(segments: [], warnings: [], groupCards: [], complete: true)
    for part in parts { contents.append(try part.get()) }
    if cache != nil {
      let present = Set(files.map(\.path))
      contents.removed = cached.keys.filter { !present.contains($0) }
    }
    contents.book = source.book
    return contents
  }

  /// Some files of a source: from the index when unchanged there, else read.
  ///
  /// - Throws: the store's error for a `.vcf` source (`single`) that cannot be read;
  ///   a file of a vdir that cannot be read is a warning.
  private func loadChunk(
    _ files: ArraySlice<SnapshotFile>, known: [String: CachedFile], cache: IndexCache?, single: Bool,
    counter: ProgressCounter? = nil
  ) throws(ContactStoreError) -> FileContents {
    var part = FileContents(segments: [], warnings: [], groupCards: [], complete: true)
    var builder = SegmentBuilder()
    // Files read now: their contacts are indexed together (one segment per chunk,
    // whose sort keys and transliterations are shared), then each file's part of it
    // is stored.
    var fresh: [Contact] = []
    var freshOrigins: [ContactOrigin] = []
    var toStore: [FileToStore] = []
    for var file in files {
      var generation = IndexCache.generation(path: file.path, signature: file.signature)
      if let cache, let row = known[file.path], row.signature == file.signature,
        (try? SegmentArchive.decode(row.payload, cache: cache, generation: generation, into: &builder)) != nil
      {
        continue
      }
      // Not in the index, changed, or damaged there: read it.
      guard let (load, signature) = try read(file, single: single, counter: counter, into: &part) else { continue }
      // A file listed without its signature has the one its reading gave.
      if file.signature.isUnknown, let signature {
        file.signature = signature
        generation = IndexCache.generation(path: file.path, signature: signature)
      }
      if cache != nil {
        // Stored only when what was read is the version listed (or a later one: a
        // file changed since it was listed has another signature at the next start).
        if signature == file.signature, !isRacy(file.signature) {
          toStore.append((file, fresh.count..<(fresh.count + load.contacts.count), load))
        } else {
          part.complete = false
        }
      }
      fresh.append(contentsOf: load.contacts)
      freshOrigins.append(
        contentsOf: load.contacts.indices.map { ContactOrigin(generation: generation, ordinal: Int32($0)) })
      part.warnings.append(contentsOf: load.warnings)
      part.groupCards.append(contentsOf: load.groupCards)
    }
    part.warnings.append(contentsOf: builder.warnings)
    part.groupCards.append(contentsOf: builder.groupCards)
    if let segment = builder.finish() { part.segments.append(segment) }
    guard !fresh.isEmpty || !toStore.isEmpty else { return part }
    let built = ListSegment.build(fresh, origins: freshOrigins, sortOrder: sortOrder, nameOrder: nameOrder)
    part.segments.append(contentsOf: built)
    part.stored.append(contentsOf: Self.rows(of: toStore, in: built))
    return part
  }

  /// A file read by `loadChunk` to store in the index: its contacts are `contacts`
  /// of those the chunk read.
  private typealias FileToStore = (file: SnapshotFile, contacts: Range<Int>, load: ContactLoad)

  /// Reads `file` from disk: what it holds and the signature of the version read; a
  /// single large file (`single`) counts its contacts on `counter` as its chunks are
  /// mapped. Nil when a file of a vdir cannot be read (a warning in `part`, which is
  /// then incomplete).
  ///
  /// - Throws: the store's error when the single file of a `.vcf` source cannot be read.
  private func read(
    _ file: SnapshotFile, single: Bool, counter: ProgressCounter?, into part: inout FileContents
  ) throws(ContactStoreError) -> (load: ContactLoad, signature: FileSignature?)? {
    do {
      let store = VCardFileStore(path: file.path)
      var progress: (@Sendable (Int) -> Void)?
      if single, let counter { progress = { @Sendable count in counter.add(count) } }
      let read = try store.loadWithSignature(progress: progress)
      if single { part.counted += read.load.contacts.count }
      return (read.load, read.signature)
    } catch {
      if single { throw error }
      part.warnings.append("\(file.path):1: cannot be read; skipped")
      part.complete = false
      return nil
    }
  }

  /// The index rows of the files read: each file's part of the segments `built` from
  /// all the contacts read (its `contacts` among them), with its warnings and group
  /// cards, and one encoding per contact.
  private static func rows(of files: [FileToStore], in built: [ListSegment]) -> [CachedFile] {
    // Where each built segment starts among the contacts read, to cut each file's part out.
    var starts: [Int] = []
    var total = 0
    for segment in built {
      starts.append(total)
      total += segment.count
    }
    var rows: [CachedFile] = []
    for (file, range, load) in files {
      var pieces: [ListSegment] = []
      for (number, segment) in built.enumerated() {
        let lower = max(range.lowerBound, starts[number])
        let upper = min(range.upperBound, starts[number] + segment.count)
        if lower < upper { pieces.append(segment.slice((lower - starts[number])..<(upper - starts[number]))) }
      }
      let contents = FileContents(segments: pieces, warnings: load.warnings, groupCards: load.groupCards)
      rows.append(
        CachedFile(
          path: file.path, signature: file.signature, payload: SegmentArchive.encode(contents),
          cards: SegmentArchive.cards(of: load.contacts)))
    }
    return rows
  }

  /// True when the file changed less than `racyInterval` ago.
  func isRacy(_ signature: FileSignature) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanos = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    return nanos - signature.modificationNanoseconds < racyInterval * 1_000_000_000
      || nanos - signature.statusChangeNanoseconds < racyInterval * 1_000_000_000
  }
}


/// Counts contacts read on several threads and reports the running total.
final class ProgressCounter: Sendable {
  private let total = Mutex(0)
  private let report: @Sendable (Int) -> Void

  init(report: @escaping @Sendable (Int) -> Void) {
    self.report = report
  }

  /// Adds `count` and reports the new total.
  func add(_ count: Int) {
    let now = total.withLock { total in
      total += count
      return total
    }
    report(now)
  }
}

/// An order-free digest of files' paths and signatures: the wrapping sum of each
/// file's `FileSignature.hash`, mixed once more. Two listings of
/// the same files give the same digest in any order; any change of a path, size, time,
/// inode or device, any file added or removed, changes it (but for a 2⁻⁶⁴ chance).
struct FilesDigest: Sendable, Hashable {
  /// The sum so far.
  var value: UInt64 = 0
  /// The number of files added.
  var count: Int = 0

  /// Adds the file `base + name` with `signature`.
  package mutating func add(base: String, name: String, signature: FileSignature) {
    var hash = signature.hash(folder: base, name: name)
    // A final mix (splitmix64's), so that sums of related hashes do not cancel.
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    hash ^= hash >> 31
    value = value &+ hash
    count += 1
  }

  /// The digest of both listings.
  static func + (a: FilesDigest, b: FilesDigest) -> FilesDigest {
    FilesDigest(value: a.value &+ b.value, count: a.count + b.count)
  }
}
