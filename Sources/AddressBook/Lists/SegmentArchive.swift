import ContactKit
import ContactStores
import Matching
import CpickSupport

/// What some address-book files gave: their contacts as `ListSegment`s, their
/// warnings and group cards, and what of them is to be stored in the on-disk index.
struct FileContents: Sendable {
  /// The contacts, in file order, in one or more segments.
  var segments: [ListSegment]
  /// The files' `file:line: why` warnings.
  var warnings: [String]
  /// The files' group cards.
  var groupCards: [ContactLoad.GroupCard]
  /// False when some file is neither in the index nor stored there now (unreadable,
  /// changed while read, changed too recently): no snapshot of the list is kept then.
  var complete: Bool = true
  /// The files read, to store in the index.
  var stored: [CachedFile] = []
  /// Contacts already reported to the progress counter while they were read.
  var counted = 0
  /// The paths of the book's files that are gone (rows to remove from the index).
  var removed: [String] = []
  /// The book's name in the index (`ContactListLoader.bookKey`).
  var book = ""
  /// The person JSON of contacts rendered while they were read (`PartRenderings`).
  var renderings: [PartRenderings] = []
  /// Whether a file's row was written to the index while it was read
  /// (`IndexFileWriter`, `IndexBookWriter`): the book's update is then made, though
  /// nothing is left to store.
  var wroteIndex = false
  /// The files whose rows were written while they were read (`IndexBookWriter`, or
  /// `IndexFileWriter` for a large file of a folder: then perhaps still pending), with
  /// their versions (which count in the books' digest as those of `stored` do).
  var written: [SnapshotFile] = []
  /// The person JSON of a book's contacts rendered as its files were read for its
  /// first index (`BookRenderings`).
  var bookRenderings: [BookRenderings] = []
  /// Rows of files read in parts, to commit while the list is built (`PendingRow`).
  var pendingRows: [PendingRow] = []

  /// The number of contacts.
  var count: Int { segments.reduce(0) { $0 + $1.count } }

  /// Appends `other`'s contacts, warnings, group cards and files to store.
  mutating func append(_ other: FileContents) {
    segments.append(contentsOf: other.segments)
    warnings.append(contentsOf: other.warnings)
    groupCards.append(contentsOf: other.groupCards)
    complete = complete && other.complete
    stored.append(contentsOf: other.stored)
    renderings.append(contentsOf: other.renderings)
    wroteIndex = wroteIndex || other.wroteIndex
    written.append(contentsOf: other.written)
    bookRenderings.append(contentsOf: other.bookRenderings)
    pendingRows.append(contentsOf: other.pendingRows)
  }
}

/// The encoding of a file's `FileContents` in the on-disk index (`IndexCache`'s
/// payload), version `IndexFormat.version`.
///
/// Layout (varints and length-prefixed strings and byte strings of `ArchiveWriter`;
/// arrays of fixed-width integers as byte strings, little-endian):
///
/// | part          | contents                                                        |
/// |---------------|-----------------------------------------------------------------|
/// | warnings      | count, strings                                                  |
/// | group cards   | count, then name and member count + member strings for each     |
/// | contact count | *n*                                                             |
/// | sort keys     | *n* strings                                                     |
/// | names         | *n* display names                                               |
/// | groups        | count of contacts with groups, then for each: position, count, strings |
/// | search fields | `IndexEntries`' five arrays                                     |
///
/// The contacts themselves are stored one row per card (`IndexCache.storeCards`), in
/// `ContactArchive`'s encoding, under the file's `generation`, and read one at a time
/// when one is shown in full or chosen.
enum SegmentArchive {
  /// The payload of `contents`: everything but the contacts themselves, which are
  /// stored card by card (`cards(of:)`).
  static func encode(_ contents: FileContents) -> [UInt8] {
    var writer = ArchiveWriter(reservingCapacity: sizeBound(contents))
    write(contents, to: &writer, spill: { _ in })
    // A small payload (a vdir's one-card files, 100,000 of them) is kept in an array
    // of its size rather than with the buffer's spare capacity until it is stored.
    return contents.count <= 16 ? writer.exactBytes : writer.bytes
  }

  /// `encode(contents)` given to `piece` a piece at a time, in order, each at most
  /// about `pieceSize` bytes or one array of a segment's search fields: the payload
  /// is never held whole (a million contacts: about 0.2 GB; 670,000 random Korean
  /// names: 0.56 GB), for a row written in pieces (`PayloadStream`).
  static func encode(_ contents: FileContents, pieceSize: Int = 1 << 20, _ piece: (UnsafeRawBufferPointer) -> Void) {
    var writer = ArchiveWriter(reservingCapacity: pieceSize)
    write(contents, to: &writer) { writer in
      guard writer.count >= pieceSize else { return }
      writer.bytes.withUnsafeBytes(piece)
      writer.removeAll()
    }
    if writer.count > 0 { writer.bytes.withUnsafeBytes(piece) }
  }

  /// Writes `encode(contents)` to `writer`, calling `spill` between its parts (each
  /// segment's column, each array of a segment's search fields), where the bytes
  /// written so far may be taken out of `writer`.
  private static func write(
    _ contents: FileContents, to writer: inout ArchiveWriter, spill: (inout ArchiveWriter) -> Void
  ) {
    writer.write(UInt64(contents.warnings.count))
    for warning in contents.warnings { writer.write(warning) }
    writer.write(UInt64(contents.groupCards.count))
    for card in contents.groupCards {
      writer.write(card.name)
      writer.write(UInt64(card.members.count))
      for member in card.members { writer.write(member) }
    }
    let segments = contents.segments
    writer.write(UInt64(contents.count))
    for segment in segments {
      write(segment.sortKeys, to: &writer)
      spill(&writer)
    }
    for segment in segments {
      write(segment.displayNames, to: &writer)
      spill(&writer)
    }
    var grouped: [(Int, [String])] = []
    var position = 0
    for segment in segments {
      for groups in segment.groups {
        if !groups.isEmpty { grouped.append((position, groups)) }
        position += 1
      }
    }
    writer.write(UInt64(grouped.count))
    for (position, groups) in grouped {
      writer.write(UInt64(position))
      writer.write(UInt64(groups.count))
      for group in groups { writer.write(group) }
    }
    spill(&writer)
    writeEntries(segments.map(\.entries), to: &writer, spill: spill)
  }

  /// At least the size of `encode(contents)`, in bytes, so that its buffer is never
  /// grown (each time copied, the old and the new one held at once: a large file's
  /// search fields are several times its names, 160 MB for 160,000 Korean names).
  /// The columns' bytes, and for each string and array at most ten bytes of length.
  static func sizeBound(_ contents: FileContents) -> Int {
    func strings(_ values: [String]) -> Int { values.reduce(0) { $0 + $1.utf8.count + 10 } }
    var size = 64 + strings(contents.warnings)
    for card in contents.groupCards { size += 20 + card.name.utf8.count + strings(card.members) }
    for segment in contents.segments {
      let entries = segment.entries
      size += segment.sortKeys.bytes.count + segment.displayNames.bytes.count + segment.sortKeys.count * 10
      for groups in segment.groups where !groups.isEmpty { size += 20 + strings(groups) }
      size += 50 + entries.bytes.count + entries.fieldStarts.count * 4 + entries.fieldKinds.count
        + entries.contactStarts.count * 4 + entries.masks.count * 8
    }
    return size
  }

  /// The contacts of a file, one `ContactArchive` encoding each, as the index stores
  /// them (`CachedFile.cards`); a large file's are encoded on all cores, in chunks of
  /// `cardChunk`.
  static func cards(of contacts: [Contact]) -> [[UInt8]] {
    if contacts.count <= cardChunk { return cards(of: contacts[...]) }
    let parts = Parallel.map(count: contacts.count, chunk: cardChunk) { range in cards(of: contacts[range]) }
    var all: [[UInt8]] = []
    all.reserveCapacity(contacts.count)
    for part in parts { all.append(contentsOf: part) }
    return all
  }

  /// Contacts per chunk when a large file's cards are encoded on all cores.
  static let cardChunk = 4096

  /// The encodings of `contacts`, each in an array of its own size, made in one
  /// buffer used again for each.
  private static func cards(of contacts: ArraySlice<Contact>) -> [[UInt8]] {
    // One card (a vdir's file): about its source record and as much again.
    let single = contacts.count == 1 ? contacts.first?.sourceRecord?.bytes.count : nil
    var writer = ArchiveWriter(reservingCapacity: single.map { 2 * $0 + 256 } ?? 4096)
    return contacts.map { contact in
      writer.removeAll()
      ContactArchive.write(contact, to: &writer)
      return writer.exactBytes
    }
  }

  /// Decodes a payload and appends it to `builder`; its contacts are the cards stored
  /// under `generation` in `cache`, read when needed.
  ///
  /// - Throws: `ArchiveError` or `IndexEntries.InvalidEntries` when the payload is
  ///   damaged (the caller then reads the file again); `builder` is then unchanged.
  /// - Complexity: O(*n*) strings and a copy of the search fields; no contact is
  ///   decoded.
  static func decode(_ payload: [UInt8], cache: IndexCache, generation: Int64, into builder: inout SegmentBuilder) throws {
    try payload.withUnsafeBytes { raw in
      var reader = ArchiveReader(raw)
      let warningCount = try reader.readCount()
      var warnings: [String] = []
      for _ in 0..<warningCount { warnings.append(try reader.readString()) }
      let cardCount = try reader.readCount(minimumSize: 2)
      var cards: [ContactLoad.GroupCard] = []
      for _ in 0..<cardCount {
        let name = try reader.readString()
        let memberCount = try reader.readCount()
        var members: [String] = []
        for _ in 0..<memberCount { members.append(try reader.readString()) }
        cards.append(ContactLoad.GroupCard(name: name, members: members))
      }
      let count = try reader.readCount(minimumSize: 2)
      let keys = try readColumn(count, from: &reader)
      let names = try readColumn(count, from: &reader)
      var grouped: [(Int, [String])] = []
      let groupedCount = try reader.readCount(minimumSize: 2)
      for _ in 0..<groupedCount {
        let position = Int(try reader.readVarint())
        guard position < count else { throw ArchiveError(.badLength, "group of contact \(position)", offset: reader.offset) }
        let number = try reader.readCount()
        var groups: [String] = []
        for _ in 0..<number { groups.append(try reader.readString()) }
        grouped.append((position, groups))
      }
      let entries = try IndexEntries(
        bytes: try readArray(&reader), fieldStarts: try readArray(&reader), fieldKinds: try readArray(&reader),
        contactStarts: try readArray(&reader), masks: try readArray(&reader))
      guard entries.count == count else { throw ArchiveError(.badLength, "contact counts disagree", offset: reader.offset) }
      builder.append(
        keys: keys, names: names, grouped: grouped, entries: entries,
        contacts: StoredContacts(cache: cache, generation: generation, count: count))
      builder.warnings.append(contentsOf: warnings)
      builder.groupCards.append(contentsOf: cards)
    }
  }

  /// Writes the five arrays of `IndexEntries(concatenating: parts)`, each as one byte
  /// string (`writeArray`), straight from the parts: the concatenation itself is not
  /// made (a million contacts' search fields: about 250 MB more at the peak of a cold
  /// read).
  ///
  /// - Parameter spill: called after each part's array is written (see `write(_:to:spill:)`).
  static func writeEntries(
    _ parts: [IndexEntries], to writer: inout ArchiveWriter, spill: (inout ArchiveWriter) -> Void = { _ in }
  ) {
    func total<T>(_ array: KeyPath<IndexEntries, [T]>) -> Int { parts.reduce(0) { $0 + $1[keyPath: array].count } }
    func concatenated<T: FixedWidthInteger>(_ array: KeyPath<IndexEntries, [T]>) {
      writer.write(UInt64(total(array) * MemoryLayout<T>.size))
      for part in parts {
        part[keyPath: array].withUnsafeBytes { writer.writeRaw($0) }
        spill(&writer)
      }
    }
    // Starts after the first part's are shifted by what comes before them; each
    // part's leading 0 is dropped.
    func shifted(_ starts: KeyPath<IndexEntries, [Int32]>, by counted: KeyPath<IndexEntries, [UInt8]>) {
      writer.write(UInt64((1 + total(starts) - parts.count) * MemoryLayout<Int32>.size))
      withUnsafeBytes(of: Int32(0)) { writer.writeRaw($0) }
      var shift: Int32 = 0
      for part in parts {
        let values = part[keyPath: starts].dropFirst().map { $0 + shift }
        values.withUnsafeBytes { writer.writeRaw($0) }
        spill(&writer)
        shift += Int32(part[keyPath: counted].count)
      }
    }
    concatenated(\.bytes)
    shifted(\.fieldStarts, by: \.bytes)
    concatenated(\.fieldKinds)
    shifted(\.contactStarts, by: \.fieldKinds)
    concatenated(\.masks)
  }

  /// Writes each string of `column` as `ArchiveWriter.write(_: String)` does.
  static func write(_ column: ByteColumn, to writer: inout ArchiveWriter) {
    for position in column.indices { column.withBytes(position) { writer.write(UnsafeRawBufferPointer($0)) } }
  }

  /// Reads `count` strings written by `write(_:to:)` (or one by one) into a column.
  static func readColumn(_ count: Int, from reader: inout ArchiveReader) throws(ArchiveError) -> ByteColumn {
    var column = ByteColumn()
    for _ in 0..<count { column.append(bytes: try reader.readStringUTF8()) }
    return column
  }

  /// Writes an array of fixed-width integers as one byte string.
  static func writeArray<T: FixedWidthInteger>(_ array: [T], to writer: inout ArchiveWriter) {
    array.withUnsafeBytes { writer.write($0) }
  }

  /// Reads an array written by `writeArray(_:to:)`.
  static func readArray<T: FixedWidthInteger>(_ reader: inout ArchiveReader) throws -> [T] {
    let bytes = try reader.readBytes()
    guard bytes.count % MemoryLayout<T>.size == 0 else {
      throw ArchiveError(.badLength, "an array of \(bytes.count) bytes", offset: reader.offset)
    }
    let count = bytes.count / MemoryLayout<T>.size
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      bytes.withUnsafeBytes { source in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
      }
      initialized = count
    }
  }
}

/// The contacts of one file in the on-disk index, read and decoded one at a time
/// when asked for (`IndexCache.card(generation:ordinal:)`).
struct StoredContacts: Sendable {
  /// The index.
  let cache: IndexCache
  /// The file's version in the index (`IndexCache.generation(path:signature:)`).
  let generation: Int64
  /// The number of contacts.
  let count: Int

  /// Reads and decodes contact `ordinal`. A contact that cannot be read (another
  /// process replaced the file's entry meanwhile, a damaged index) is given as an
  /// empty contact named so.
  subscript(ordinal: Int) -> Contact {
    contact(ordinal: ordinal, card: cache.card(generation: generation, ordinal: ordinal))
  }

  /// Contact `ordinal` decoded from `card`, its encoding read beforehand
  /// (`IndexCache.cards(_:)`; nil: there was none), or the empty contact that stands
  /// for one that cannot be read.
  func contact(ordinal: Int, card: [UInt8]?) -> Contact {
    if let card, let decoded = ContactArchive.contact(from: card) { return decoded }
    var contact = Contact(identifier: Contact.unreadablePrefix + "\(generation)-\(ordinal)", source: "")
    contact.formattedName = "(changed in the index meanwhile: start cpick again)"
    return contact
  }
}

/// Gathers decoded payloads (one per file of a vdir, or the one of a large file) into
/// one `ListSegment`, without decoding their contacts.
struct SegmentBuilder {
  var keys = ByteColumn()
  var names = ByteColumn()
  var groups: [[String]] = []
  var entries: [IndexEntries] = []
  var parts: [StoredContacts] = []
  /// The warnings of the payloads appended.
  var warnings: [String] = []
  /// The group cards of the payloads appended.
  var groupCards: [ContactLoad.GroupCard] = []

  /// The number of contacts appended.
  var count: Int { keys.count }

  /// Appends the contacts of one checked payload.
  mutating func append(
    keys: ByteColumn, names: ByteColumn, grouped: [(Int, [String])], entries: IndexEntries,
    contacts: StoredContacts
  ) {
    let first = groups.count
    self.keys.append(contentsOf: keys)
    self.names.append(contentsOf: names)
    groups.append(contentsOf: repeatElement([], count: keys.count))
    for (position, list) in grouped { groups[first + position] = list }
    self.entries.append(entries)
    parts.append(contacts)
  }

  /// The segment of everything appended (nil when nothing was).
  func finish() -> ListSegment? {
    guard !keys.isEmpty else { return nil }
    return ListSegment(
      contacts: .stored(StoredSegment(parts)), sortKeys: keys.compacted,
      displayNames: names.compacted, groups: groups, entries: IndexEntries(concatenating: entries),
      origins: parts.flatMap { part in (0..<part.count).map { ContactOrigin(generation: part.generation, ordinal: Int32($0)) } })
  }
}

extension Contact {
  /// The identifier prefix of a contact that could not be read from the on-disk
  /// index (`isUnreadableFromIndex`).
  static let unreadablePrefix = ContactIdentifier.derivedPrefix + "unreadable-"

  /// True for the stand-in of a contact the on-disk index no longer holds (another
  /// process replaced its file's entry long ago while this list was open): it must
  /// not be printed as a choice.
  public var isUnreadableFromIndex: Bool { source.isEmpty && identifier.hasPrefix(Self.unreadablePrefix) }
}
