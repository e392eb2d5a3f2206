import ContactKit
import ContactStores
import CpickSupport
import Dispatch
import Foundation
import Localization

/// One book as listed now: its items with their versions (merged with what the index
/// holds when the source listed only what changed).
struct BookListing: Sendable {
  /// The book.
  var source: any BookSource
  /// The book's name in the index (`ContactListLoader.bookKey(_:)`).
  var book: String
  /// What the source listed.
  var listing: ItemListing
  /// For a partial listing, the items with what the index holds of those not listed.
  var merged: [SnapshotFile]?
  /// The index's rows of the book, when the listing needed them already (a partial
  /// one): read once.
  var indexed: [CachedFile]?
  /// False when the listing did not examine the items (`ItemVersion.unknown`): the
  /// book is not in the index, so every item is read.
  var examined: Bool
  /// A partial listing that named nothing (a server copy whose journal holds no change
  /// since the index stored it): the book's digest is the one the index stored with it,
  /// and its items are the index's rows — read only if the book must be read.
  var unchangedDigest: FilesDigest?

  /// The items in reading order, with their versions in the index's form (made when
  /// the items are read: a book found unchanged needs only its digest).
  var files: [SnapshotFile] {
    merged ?? listing.items.map { SnapshotFile(path: $0.item, signature: FileSignature($0.version)) }
  }

  /// The digest of every item's name and version (on all cores for a large folder).
  var digest: FilesDigest {
    if let unchangedDigest { return unchangedDigest }
    var digest = FilesDigest()
    for (base, items) in listing.collections where listing.isComplete {
      let parts = Parallel.map(count: items.count, chunk: 16_384) { range in
        var part = FilesDigest()
        for index in range { part.add(base: base, name: items[index].name, version: items[index].version) }
        return part
      }
      digest = parts.reduce(digest, +)
    }
    for file in merged ?? [] { digest.add(base: "", name: file.path, signature: file.signature) }
    return digest
  }
}

extension ContactListLoader {
  /// Lists a book (`BookSource.listItems(known:)`) with what the index knows of it;
  /// a partial listing is completed with the items the index holds.
  ///
  /// - Throws: the source's error when the book cannot be read at all.
  func list(_ source: any BookSource, cache: IndexCache?) throws(ContactStoreError) -> BookListing {
    let key = bookKey(source)
    let stored = source.isIndexed ? cache?.known(book: key) : nil
    // The loader keeps the book's digest beside the source's state (`SyncStateDigest`).
    let split = stored?.syncState.map(SyncStateDigest.split)
    let known = stored.map { KnownBook(hasItems: $0.hasItems, syncState: split?.state ?? $0.syncState) }
    let listing = try source.listItems(known: known)
    var book = BookListing(source: source, book: key, listing: listing, examined: listing.hasAllVersions)
    if !listing.isComplete, listing.collections.isEmpty, listing.removed.isEmpty, let digest = split?.digest {
      book.unchangedDigest = digest
      return book
    }
    if !listing.isComplete, let cache {
      // Items not listed are as the index holds them; those listed replace theirs.
      let listed = Dictionary(book.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
      let removed = Set(listing.removed)
      let indexed = cache.files(inBook: book.book)
      var merged: [SnapshotFile] = []
      for row in indexed where !removed.contains(row.path) {
        merged.append(listed[row.path] ?? SnapshotFile(path: row.path, signature: row.signature))
      }
      let known = Set(merged.map(\.path))
      merged += book.files.filter { !known.contains($0.path) }
      book.merged = merged
      book.indexed = indexed
    }
    return book
  }

  /// The items of one book: unchanged ones from the index, the others read — in
  /// chunks on all cores — and stored; a book not indexed (standard input) is read
  /// whole.
  func readBook(_ book: BookListing, cache: IndexCache?, counter: ProgressCounter) throws(ContactStoreError)
    -> FileContents
  {
    guard book.source.isIndexed else { return try readWhole(book, counter: counter) }
    var cached: [String: CachedFile] = [:]
    let rows = cache.map { book.indexed ?? $0.files(inBook: book.book) } ?? []
    for row in rows { cached[row.path] = row }
    let files =
      book.unchangedDigest != nil ? rows.map { SnapshotFile(path: $0.path, signature: $0.signature) } : book.files
    // A single large item is read on all cores by the source itself.
    let known = cached
    func readAll(_ first: FirstIndex?) -> [Result<FileContents, ContactStoreError>] {
      Parallel.map(count: files.count, chunk: 2048) { range -> Result<FileContents, ContactStoreError> in
        Result { () throws(ContactStoreError) -> FileContents in
          let part = try readChunk(
            files[range], of: book.source, book: book.book, known: known, cache: cache, single: files.count == 1,
            counter: counter, first: first)
          counter.add(part.count - part.counted)
          return part
        }
      }
    }
    // A book of many files the index does not hold yet: its rows are written, and its
    // JSON rendered, as its chunks are read — not all held until it is read.
    var first: FirstIndex?
    if rows.isEmpty, files.count >= firstIndexFrom, let cache, let folder = cachePath.map({ ($0 as NSString).deletingLastPathComponent }),
      let writer = IndexBookWriter(cache: cache, book: book.book), let renderings = BookRenderings(folder: folder)
    {
      first = FirstIndex(writer: writer, renderings: renderings)
    }
    var parts = readAll(first)
    if let first, !first.writer.finish() {
      // A chunk could not be written (those before it were): read again, every row
      // stored after, over those.
      counter.add(-parts.reduce(0) { $0 + ((try? $1.get())?.count ?? 0) })
      parts = readAll(nil)
    }
    var contents = FileContents(segments: [], warnings: [], groupCards: [], complete: true)
    for part in parts { contents.append(try part.get()) }
    if let first, contents.wroteIndex { contents.bookRenderings = [first.renderings] }
    if cache != nil {
      let present = Set(files.map(\.path))
      contents.removed = cached.keys.filter { !present.contains($0) }
    }
    contents.book = book.book
    return contents
  }

  /// A book kept out of the index, read item by item: its contacts in one list of
  /// segments, never stored (so no list of it is stored either). A book of one item
  /// (standard input) is read in parts when it can be (`readInParts`), its contacts
  /// kept encoded.
  private func readWhole(_ book: BookListing, counter: ProgressCounter) throws(ContactStoreError) -> FileContents {
    if book.files.count == 1, let file = book.files.first, let partSize,
      let part = readInParts(file, of: book.source, book: book.book, cache: nil, partSize: partSize, counter: counter)
    {
      return part
    }
    var load = ContactLoad()
    for file in book.files { load.append(try book.source.read(file.path, progress: nil).load) }
    let part = FileContents(
      segments: ListSegment.build(load.contacts, origins: nil, sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex),
      warnings: load.warnings, groupCards: load.groupCards, complete: false)
    counter.add(part.count)
    return part
  }

  /// Some items of a book: from the index when unchanged there, else read.
  ///
  /// - Throws: the source's error for a book of one item (`single`: a `.vcf` file)
  ///   that cannot be read; an item of a larger book that cannot be read is a warning.
  private func readChunk(
    _ files: ArraySlice<SnapshotFile>, of source: any BookSource, book: String, known: [String: CachedFile],
    cache: IndexCache?, single: Bool, counter: ProgressCounter? = nil, first: FirstIndex? = nil
  ) throws(ContactStoreError) -> FileContents {
    var part = FileContents(segments: [], warnings: [], groupCards: [], complete: true)
    // Not in the index, changed, or damaged there: read, all at once.
    var unread: [SnapshotFile] = []
    // The files in listing order, as runs of those the index holds (decoded into one
    // segment a run) and of those read now (`unread[range]`, indexed together a run):
    // the segments hold the contacts in file order whichever files changed (a changed
    // file's contacts came after all the others', and `--sort-by none` showed them
    // last).
    var runs: [(stored: SegmentBuilder, unread: Range<Int>?)] = []
    for file in files {
      let generation = IndexCache.generation(path: file.path, signature: file.signature)
      if let cache, let row = known[file.path], row.signature == file.signature {
        if runs.isEmpty || runs[runs.count - 1].unread != nil { runs.append((SegmentBuilder(), nil)) }
        if (try? SegmentArchive.decode(row.payload, cache: cache, generation: generation, into: &runs[runs.count - 1].stored))
          != nil
        {
          continue
        }
      }
      if let range = runs.last?.unread {
        runs[runs.count - 1].unread = range.lowerBound..<(range.upperBound + 1)
      } else {
        runs.append((SegmentBuilder(), unread.count..<(unread.count + 1)))
      }
      unread.append(file)
    }
    // A large file is read in parts; a small one (a book of one card among thousands
    // of such books) is read whole and stored with the others, in one transaction,
    // not on an index connection of its own.
    if single, let partSize, let file = unread.first,
      file.signature.size < 0 || file.signature.size > min(Int64(partSize), Self.partsFrom),
      let read = readInParts(file, of: source, book: book, cache: cache, partSize: partSize, counter: counter)
    {
      part.append(read)
      part.counted += read.count
      return part
    }
    let reads = try read(unread, of: source, single: single, limit: partSize.map(Int64.init), counter: counter, into: &part)
    for run in runs {
      guard let range = run.unread else {
        part.warnings.append(contentsOf: run.stored.warnings)
        part.groupCards.append(contentsOf: run.stored.groupCards)
        if let segment = run.stored.finish() { part.segments.append(segment) }
        continue
      }
      // A file too large to read whole among them is read in parts, in its place.
      var start = range.lowerBound
      for index in range where reads[index]?.isLeftForParts == true {
        appendRead(unread[start..<index], reads: reads[start..<index], of: source, cache: cache, first: first, into: &part)
        readLeftForParts(
          unread[index], version: reads[index]?.version, of: source, book: book, cache: cache, counter: counter,
          into: &part)
        start = index + 1
      }
      appendRead(
        unread[start..<range.upperBound], reads: reads[start..<range.upperBound], of: source, cache: cache,
        first: first, into: &part)
    }
    return part
  }

  /// A file of a book of many that was too large to read whole (`ItemRead.isLeftForParts`)
  /// read in parts, as a `.vcf` book is (`readInParts`): its contacts are indexed and
  /// stored part by part, not held beside those of the other files read at once. One
  /// such file is read at a time in the process (each on all cores), so that two
  /// chunks of the book read at once do not each hold one. Read whole when it cannot
  /// be read in parts (changed while read).
  private func readLeftForParts(
    _ file: SnapshotFile, version: ItemVersion?, of source: any BookSource, book: String, cache: IndexCache?,
    counter: ProgressCounter?, into part: inout FileContents
  ) {
    var file = file
    // A file listed without its version has the one its opening gave.
    if file.signature.isUnknown, let version { file.signature = FileSignature(version) }
    if let partSize,
      let read = Self.largeFileReading.withLock({ _ in
        readInParts(file, of: source, book: book, cache: cache, partSize: partSize, counter: counter)
      })
    {
      part.append(read)
      part.counted += read.count
      // Its row is written while it is read, or pending: its version counts in the
      // books' digest as those of files stored do.
      if read.wroteIndex { part.written.append(file) }
      return
    }
    let whole = try? read([file], of: source, single: false, limit: nil, counter: nil, into: &part)
    appendRead([file][...], reads: (whole ?? [nil])[...], of: source, cache: cache, first: nil, into: &part)
  }

  /// The size above which the single file of a book is read in parts (bytes, or above
  /// `partSize` when that is less): a smaller one costs more on an index connection of
  /// its own than it gains.
  static let partsFrom: Int64 = 256 << 10

  /// Held while a file of a book of many is read in parts (`readLeftForParts`).
  private static let largeFileReading = Locked(())

  /// Appends to `part` the contacts of `files` just read (`reads`, one each), indexed
  /// together in one or more segments, and stores them: written to the index now for a
  /// book's first index (`first`), else kept with their encodings and rows to store.
  private func appendRead(
    _ files: ArraySlice<SnapshotFile>, reads: ArraySlice<ItemRead?>,
    of source: any BookSource, cache: IndexCache?, first: FirstIndex?, into part: inout FileContents
  ) {
    var fresh: [Contact] = []
    var freshOrigins: [ContactOrigin] = []
    var toStore: [FileToStore] = []
    for (var file, read) in zip(files, reads) {
      guard let read else { continue }
      let (load, signature) = (read.load, read.version.map(FileSignature.init))
      var generation = IndexCache.generation(path: file.path, signature: file.signature)
      // An item listed without its version has the one its reading gave.
      if file.signature.isUnknown, let signature {
        file.signature = signature
        generation = IndexCache.generation(path: file.path, signature: signature)
      }
      if cache != nil {
        // Stored only when what was read is the version listed (or a later one: an
        // item changed since it was listed has another version at the next start).
        if signature == file.signature, source.isSettled(ItemVersion(file.signature)) {
          toStore.append((file, fresh.count..<(fresh.count + load.contacts.count), load.warnings, load.groupCards))
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
    guard !fresh.isEmpty || !toStore.isEmpty else { return }
    guard cache != nil else {
      // Nothing to store: the contacts are kept as they are.
      part.segments += ListSegment.build(fresh, origins: freshOrigins, sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
      return
    }
    let built = indexed(fresh, origins: freshOrigins)
    let rows = Self.rows(of: toStore, in: built.segments, cards: built.cards)
    if let first, let cache, toStore.count == files.count, first.writer.add(rows) {
      // Written: the contacts' JSON is rendered now, and the segment's contacts are
      // read from the index once committed (as a warm book's rows are); the
      // encodings go.
      first.renderings.append(fresh, origins: freshOrigins, nameOrder: nameOrder)
      var stored = SegmentBuilder()
      for row in rows {
        let generation = IndexCache.generation(path: row.path, signature: row.signature)
        try? SegmentArchive.decode(row.payload, cache: cache, generation: generation, into: &stored)
      }
      part.wroteIndex = true
      if stored.count == fresh.count, let segment = stored.finish() {
        part.segments.append(segment)
        part.written.append(contentsOf: rows.map { SnapshotFile(path: $0.path, signature: $0.signature) })
        return
      }
    }
    part.segments.append(contentsOf: Self.archived(built.segments, cards: built.cards))
    part.stored.append(contentsOf: rows)
  }

  /// The first index of a book of many files, made while it is read: its rows written
  /// and its JSON rendered chunk by chunk.
  struct FirstIndex: Sendable {
    let writer: IndexBookWriter
    let renderings: BookRenderings
  }

  /// The segments of contacts just read (holding the contacts), and their encodings
  /// for the index, one per contact: the index stores them, and a segment kept instead
  /// holds them (`archived(_:cards:)`).
  private func indexed(_ contacts: [Contact], origins: [ContactOrigin]) -> (segments: [ListSegment], cards: [[UInt8]]) {
    let segments = ListSegment.build(
      contacts, origins: origins, sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
    return (segments, SegmentArchive.cards(of: contacts))
  }

  /// `segments` (the contacts `cards` encode, in order) with their contacts kept as
  /// those encodings, in one column each (`ListSegment.archived`), decoded when one is
  /// shown: a contact in memory is about twice its encoding. Made only for segments
  /// that are kept so; those read from the index once written need none.
  private static func archived(_ segments: [ListSegment], cards: [[UInt8]]) -> [ListSegment] {
    var start = 0
    return segments.map { segment in
      defer { start += segment.count }
      return segment.archived(ByteColumn(exactly: cards[start..<(start + segment.count)]))
    }
  }

  /// The single item of a one-item book (a `.vcf` file) read part by part
  /// (`BookSource.readInParts`): each part's contacts are indexed (their segments
  /// built), encoded for the index and rendered as JSON as soon as they are mapped —
  /// on a queue of their own, while the next part is read — and let go. When the
  /// file's version is settled, the encodings are written to the index as each part
  /// is read (`IndexFileWriter`, on a thread of its own, one part behind) and the
  /// segments read their contacts from it once committed, before this returns; the
  /// file's row is committed after it returns, while the list is built (`PendingRow`),
  /// unless the list is stored in the background (`storesInBackground`); a
  /// version that settles while the file is read (written just before) is written from
  /// then on, the parts before it first. Otherwise the segments keep the encodings
  /// (`ListSegment.archived`) and the row is stored with the others. Peak memory then
  /// grows with a part and with what the list keeps, not with the cards, contacts or
  /// encodings of the whole file. The row
  /// stored is what `readChunk` stores for the file read whole. Without an index
  /// (`cache` nil: `CPICK_NO_CACHE`), the segments keep the encodings and nothing is
  /// stored.
  ///
  /// A file whose twins (`TwinCounts`) are in different parts is read in parts twice:
  /// the first reading stops giving parts at the first twin and counts them; the
  /// second gives every card with its count (`PartsRead.again`).
  ///
  /// - Parameter twins: the file's twins, when a first reading found them.
  /// - Returns: nil when the item must be read whole (its version not listed,
  ///   `readInParts` not done, or the cards or row written could not be committed); counts
  ///   the contacts read on `counter`.
  private func readInParts(
    _ file: SnapshotFile, of source: any BookSource, book: String, cache: IndexCache?, partSize: Int,
    counter: ProgressCounter?, twins: TwinCounts? = nil
  ) -> FileContents? {
    guard cache == nil || !file.signature.isUnknown else { return nil }
    let generation = IndexCache.generation(path: file.path, signature: file.signature)
    // The JSON of the contacts, rendered while they are here, for the list file.
    let renderings = cache == nil ? nil : cachePath.flatMap {
      PartRenderings(folder: (($0 as NSString).deletingLastPathComponent), generation: generation)
    }
    let writing = DispatchQueue(label: "cpick.index-file-writer")
    let written = DispatchGroup()
    // Each part's contacts are indexed, encoded and rendered on a queue of their own
    // while the next part is read (both on all cores): neither waits for the other's
    // slowest chunk. At most `partsAhead` parts wait there.
    let processing = DispatchQueue(label: "cpick.part-processing")
    let processed = DispatchGroup()
    let ahead = DispatchSemaphore(value: Self.partsAhead)
    let kept = PartsKept()
    // The writer of the file's row: made now when the file's version is settled, else
    // at the first part after it settles (a file written just before it is read: the
    // parts before are then written first), so that not every card of a large file
    // is held until it is read.
    let settled: @Sendable () -> Bool = { source.isSettled(ItemVersion(file.signature)) }
    if let cache { kept.writer = Self.writer(of: file, in: cache, settled: settled()) }
    var count = 0
    let read = source.readInParts(file.path, partSize: partSize, twins: twins) { load in
      let first = count
      count += load.contacts.count
      counter?.add(load.contacts.count)
      ahead.wait()
      processing.async(group: processed) { [self] in
        defer { ahead.signal() }
        let origins = load.contacts.indices.map { ContactOrigin(generation: generation, ordinal: Int32(first + $0)) }
        let built = indexed(load.contacts, origins: origins)
        kept.warnings.append(contentsOf: load.warnings)
        kept.groupCards.append(contentsOf: load.groupCards)
        renderings?.append(load.contacts, nameOrder: nameOrder)
        if let cache, case .unsettled = kept.writer, settled() {
          kept.writer = Self.writer(of: file, in: cache, settled: true)
          if case .writing(let writer) = kept.writer, !kept.cards.isEmpty {
            // The parts read before the version settled, written first; their
            // segments then read their contacts from the index too.
            let earlier = kept.cards
            kept.cards = []
            writing.async(group: written) { _ = writer.add(earlier, from: 0) }
            kept.segments = Self.stored(kept.segments, from: 0, cache: cache, generation: generation)
          }
        }
        guard case .writing(let writer) = kept.writer, let cache else {
          kept.segments.append(contentsOf: Self.archived(built.segments, cards: built.cards))
          // The encodings are stored with the file's row (a version not settled, or
          // the index's write lock not had); without an index the segments' columns
          // are all that is kept of them.
          if cache != nil { kept.cards.append(contentsOf: built.cards) }
          return
        }
        // One part is written while the next is processed: at most two parts'
        // encodings held.
        written.wait()
        let encoded = built.cards
        // A part that cannot be written leaves the writer failed: `finish` says so.
        writing.async(group: written) { _ = writer.add(encoded, from: first) }
        kept.segments.append(
          contentsOf: Self.stored(built.segments, from: first, cache: cache, generation: generation))
      }
    }
    processed.wait()
    written.wait()
    switch read.read {
    case .done: break
    case .whole:
      // Discarded: the whole read counts every contact again.
      counter?.add(-count)
      return nil
    case .again(let found):
      // Discarded: the second reading writes the cards again (the first one's, of the
      // same version, replaced) and counts every contact again.
      counter?.add(-count)
      kept.writer = .refused
      kept.segments = []
      return readInParts(
        file, of: source, book: book, cache: cache, partSize: partSize, counter: counter, twins: found)
    }
    let writer: IndexFileWriter? = if case .writing(let made) = kept.writer { made } else { nil }
    let segments = kept.segments
    let cards = kept.cards
    let warnings = kept.warnings
    let groupCards = kept.groupCards
    // The file's group cards go with it; the book gives their members their groups
    // (`ContactListLoader.regrouped`), as for group cards in other files of a vdir.
    var part = FileContents(segments: segments, warnings: warnings, groupCards: groupCards, complete: cache != nil)
    guard cache != nil else { return part }
    // Stored only when what was read is the version listed (see `readChunk`).
    guard let version = read.version, FileSignature(version) == file.signature, source.isSettled(version) else {
      if writer != nil {
        // Its contacts are in no index: read again whole (a file changed while read).
        counter?.add(-count)
        return nil
      }
      part.complete = false
      return part
    }
    @Sendable func row() -> CachedFile {
      let contents = FileContents(segments: segments, warnings: warnings, groupCards: groupCards)
      guard SegmentArchive.sizeBound(contents) < PayloadStream.smallest else {
        // Written a piece at a time: not held whole beside the list being built.
        let stream = PayloadStream { piece in SegmentArchive.encode(contents, piece) }
        return CachedFile(path: file.path, signature: file.signature, stream: stream, cards: cards)
      }
      return CachedFile(path: file.path, signature: file.signature, payload: SegmentArchive.encode(contents), cards: cards)
    }
    if let writer {
      // Every part's cards are committed (else the file is read again whole).
      guard writer.isOpen else {
        counter?.add(-count)
        return nil
      }
      let pending = PendingRow { writer.finish(book: book, file: row()) }
      if storesInBackground {
        // A picker shows the list while the rest is stored, and may end before that:
        // the row is committed now, so that the next run finds the file indexed.
        guard pending.commit() else {
          counter?.add(-count)
          return nil
        }
      } else {
        // Encoded and committed while the list is built.
        part.pendingRows = [pending]
      }
      part.wroteIndex = true
    } else {
      part.stored = [row()]
    }
    // The JSON rendered as the parts were read is the list file's, whether the row was
    // written as they were read or is stored with the others (a version settled only
    // once the file was read).
    if let renderings, renderings.isComplete, renderings.count == count { part.renderings = [renderings] }
    return part
  }

  /// Parts of a file read ahead of their indexing (`readInParts`).
  static let partsAhead = 1

  /// The index writer of `file`'s row in `cache` when its version is `settled`
  /// (`.refused` when the index's write lock cannot be had: not asked again).
  private static func writer(of file: SnapshotFile, in cache: IndexCache, settled: Bool) -> PartsKept.Writer {
    guard settled else { return .unsettled }
    return IndexFileWriter(cache: cache, path: file.path, signature: file.signature).map { .writing($0) } ?? .refused
  }

  /// `segments` (the file's contacts `first…`, in order) with their contacts read
  /// from the index's cards of file version `generation`.
  private static func stored(_ segments: [ListSegment], from first: Int, cache: IndexCache, generation: Int64)
    -> [ListSegment]
  {
    var start = first
    return segments.map { segment in
      defer { start += segment.count }
      let contacts = StoredContacts(cache: cache, generation: generation, count: start + segment.count)
      return segment.stored(StoredSegment(contacts, from: start, count: segment.count))
    }
  }

  /// An item read by `readChunk` to store in the index: its contacts are `contacts`
  /// of those the chunk read.
  private typealias FileToStore = (
    file: SnapshotFile, contacts: Range<Int>, warnings: [String], groupCards: [ContactLoad.GroupCard]
  )

  /// Reads `files` from their source, one result each: what it holds and the version
  /// read; nil for an item of a larger book that cannot be read (a warning in `part`,
  /// which is then incomplete). The single item of a one-item book (`single`, a `.vcf`
  /// file) is read alone and counts its contacts on `counter` as its parts are read;
  /// the items of a larger book are read together (`BookSource.read(_:wholeUpTo:)`: a
  /// server's multiget), one over `limit` bytes left for reading in parts.
  ///
  /// - Throws: the source's error when the single item of a book cannot be read.
  private func read(
    _ files: [SnapshotFile], of source: any BookSource, single: Bool, limit: Int64?, counter: ProgressCounter?,
    into part: inout FileContents
  ) throws(ContactStoreError) -> [ItemRead?] {
    if single, let file = files.first {
      var progress: (@Sendable (Int) -> Void)?
      if let counter { progress = { @Sendable count in counter.add(count) } }
      let read = try source.read(file.path, progress: progress)
      part.counted += read.load.contacts.count
      return [read]
    }
    guard !files.isEmpty else { return [] }
    return zip(files, source.read(files.map(\.path), wholeUpTo: limit)).map { file, result in
      switch result {
      case .success(let read): return read
      case .failure:
        part.warnings.append(FileErrors.unreadableWarning(file.path))
        part.complete = false
        return nil
      }
    }
  }

  /// The index rows of the files read: each file's part of the segments `built` from
  /// all the contacts read (its `contacts` among them), with its warnings and group
  /// cards, and its contacts' encodings among `cards` (one per contact read).
  private static func rows(of files: [FileToStore], in built: [ListSegment], cards: [[UInt8]]) -> [CachedFile] {
    // Where each built segment starts among the contacts read, to cut each file's part out.
    var starts: [Int] = []
    var total = 0
    for segment in built {
      starts.append(total)
      total += segment.count
    }
    var rows: [CachedFile] = []
    for (file, range, warnings, groupCards) in files {
      var pieces: [ListSegment] = []
      for (number, segment) in built.enumerated() {
        let lower = max(range.lowerBound, starts[number])
        let upper = min(range.upperBound, starts[number] + segment.count)
        if lower < upper { pieces.append(segment.slice((lower - starts[number])..<(upper - starts[number]))) }
      }
      let contents = FileContents(segments: pieces, warnings: warnings, groupCards: groupCards)
      rows.append(
        CachedFile(
          path: file.path, signature: file.signature, payload: SegmentArchive.encode(contents),
          cards: Array(cards[range])))
    }
    return rows
  }
}

/// A book's sync state as the index keeps it: the digest of the book's items and
/// versions (`FilesDigest`) before the source's own state, so that a source whose
/// partial listing says nothing changed (a server copy's journal) is found unchanged
/// without reading the index's rows of all its items.
enum SyncStateDigest {
  private static let magic: [UInt8] = [0x01, 0x63, 0x64, 0x31]  // "\u{1}cd1"

  /// `state` with `digest` before it.
  static func join(_ digest: FilesDigest, _ state: [UInt8]) -> [UInt8] {
    var bytes = magic
    withUnsafeBytes(of: digest.value.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: UInt64(digest.count).littleEndian) { bytes += $0 }
    return bytes + state
  }

  /// The digest and the source's state of `bytes` (no digest: a state stored before).
  static func split(_ bytes: [UInt8]) -> (digest: FilesDigest?, state: [UInt8]) {
    guard bytes.count >= 20, Array(bytes[0..<4]) == magic else { return (nil, bytes) }
    func word(_ offset: Int) -> UInt64 {
      bytes[offset..<(offset + 8)].enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
    return (FilesDigest(value: word(4), count: Int(word(12))), Array(bytes[20...]))
  }
}

/// What `readInParts` keeps of the parts processed: touched only on its serial
/// processing queue, then read once that queue is drained.
private final class PartsKept: @unchecked Sendable {
  var segments: [ListSegment] = []
  /// The encodings of the contacts read while there is no writer (kept for the
  /// file's row).
  var cards: [[UInt8]] = []
  var warnings: [String] = []
  /// The file's group cards, unresolved.
  var groupCards: [ContactLoad.GroupCard] = []
  /// The index writer of the file's row (none without an index).
  var writer: Writer = .refused

  /// Where the file's cards go.
  enum Writer {
    /// Into the index as they are read.
    case writing(IndexFileWriter)
    /// Held: the file's version is not settled yet (changed within the racy interval).
    case unsettled
    /// Held: the index's write lock could not be had.
    case refused
  }
}
