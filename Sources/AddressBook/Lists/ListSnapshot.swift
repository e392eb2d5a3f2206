import ContactKit
import ContactStores
import Matching
import CpickSupport

/// Where a contact of a list comes from in the on-disk index: its file's version
/// (`IndexCache.generation(path:signature:)`) and its position among that file's
/// contacts.
struct ContactOrigin: Sendable, Hashable {
  var generation: Int64
  var ordinal: Int32
}

/// A file as it was read: its path and signature.
struct SnapshotFile: Sendable, Hashable {
  var path: String
  var signature: FileSignature
}

/// A whole `ContactList` as last built for one view of some address books (their
/// sources, sort and name order, group), kept in the view's `ListFile` with the digest
/// of the files it was built from (`FilesDigest`): when none of them changed, the next
/// start shows the list from it — no sort, no gathering of search fields, no contact
/// decoded, and the large parts used where the mapped file lies.
///
/// Layout (`ArchiveWriter` varints and strings; *columns* are a varint count, zero
/// bytes up to the next multiple of 8 from the start of the payload, then the
/// fixed-width values, little-endian):
///
/// | part             | contents                                                  |
/// |------------------|-----------------------------------------------------------|
/// | files            | their `FilesDigest`: value and count                      |
/// | warnings         | count, strings                                            |
/// | group cards      | count, then name, member count, members                   |
/// | contacts         | *n*; file versions (column `Int64`, each once); per position its file's number (column `Int32`) and ordinal (column `Int32`) |
/// | names            | ends (column `UInt32`), UTF-8 (column `UInt8`)            |
/// | sections         | column of *n* bytes (`SectionIndex.byte(ofSection:)`)     |
/// | widest name      | columns                                                   |
/// | groups           | `GroupPositions`: names' ends (column `UInt32`) and UTF-8 (column `UInt8`), starts and members (columns `Int32`) |
/// | outside groups   | count, then position and groups (from group cards)        |
/// | search fields    | `IndexEntries`' five arrays as columns, in list order, the bytes followed by `ContactIndex.bytePadding` zeros (`ContactIndex(stored:…)`) |
enum ListSnapshot {
  /// What a snapshot holds.
  struct Contents: Sendable {
    /// The digest of the files it was built from, to check against the disk.
    var digest: FilesDigest
    var warnings: [String]
    var groupCards: [ContactLoad.GroupCard]
    var list: ContactList
    /// The file versions of the list's contacts, each once.
    var generations: FlatArray<Int64>
    /// Per position, the number of its file version in `generations`, and its
    /// ordinal there.
    var fileNumbers: FlatArray<Int32>
    var ordinals: FlatArray<Int32>

    /// Where each contact of `list` is stored, by position.
    var origins: [ContactOrigin] {
      fileNumbers.indices.map {
        ContactOrigin(generation: generations[Int(fileNumbers[$0])], ordinal: ordinals[$0])
      }
    }
  }

  /// The snapshot of `list`, whose contact at position `i` is `origins[i]` (its card
  /// as stored, plus `outsideGroups[i]`: the groups group cards in other files give
  /// it), built from the files of `digest`.
  static func encode(
    list: ContactList, origins: [ContactOrigin], outsideGroups: [Int: [String]], digest: FilesDigest,
    warnings: [String], groupCards: [ContactLoad.GroupCard]
  ) -> [UInt8] {
    let names = list.displayNames.byteColumn
    let entries = list.index.storedColumns
    // Reserved for the columns whole (the search fields alone are several times the
    // names for non-Latin names): a buffer regrown as it fills is copied each time.
    let columnBytes =
      origins.count * 20 + names.ends.count * 4 + names.bytes.count + list.sections.count + entries.bytes.count
      + entries.fieldStarts.count * 5 + entries.contactStarts.count * 4 + entries.masks.count * 8
    var writer = ArchiveWriter(reservingCapacity: columnBytes + 4096)
    writer.write(digest.value)
    writer.write(UInt64(digest.count))
    writer.write(UInt64(warnings.count))
    for warning in warnings { writer.write(warning) }
    writer.write(UInt64(groupCards.count))
    for card in groupCards {
      writer.write(card.name)
      writer.write(UInt64(card.members.count))
      for member in card.members { writer.write(member) }
    }
    writer.write(UInt64(origins.count))
    var numbers: [Int64: Int32] = [:]
    var generations: [Int64] = []
    let fileNumbers = origins.map { origin -> Int32 in
      if let known = numbers[origin.generation] { return known }
      let number = Int32(generations.count)
      numbers[origin.generation] = number
      generations.append(origin.generation)
      return number
    }
    writeColumn(generations, to: &writer)
    writeColumn(fileNumbers, to: &writer)
    writeColumn(origins.map(\.ordinal), to: &writer)
    writeColumn(names.ends, to: &writer)
    writeColumn(names.bytes, to: &writer)
    writeColumn(list.sections.map(SectionIndex.byte(ofSection:)), to: &writer)
    writer.write(UInt64(list.widestName))
    let groups = list.groupPositions
    let groupNames = groups.names.byteColumn
    writeColumn(groupNames.ends, to: &writer)
    writeColumn(groupNames.bytes, to: &writer)
    writeColumn(Array(groups.starts), to: &writer)
    writeColumn(Array(groups.members), to: &writer)
    let outside = outsideGroups.sorted { $0.key < $1.key }
    writer.write(UInt64(outside.count))
    for (position, groups) in outside {
      writer.write(UInt64(position))
      writer.write(UInt64(groups.count))
      for group in groups { writer.write(group) }
    }
    // The index's own columns, written where they lie (its bytes already padded).
    writeColumn(entries.bytes.buffer, to: &writer)
    writeColumn(entries.fieldStarts.buffer, to: &writer)
    writeColumn(entries.fieldKinds.buffer, to: &writer)
    writeColumn(entries.contactStarts.buffer, to: &writer)
    writeColumn(entries.masks.buffer, to: &writer)
    return writer.bytes
  }

  /// Decodes a snapshot lying in memory kept alive by `owner` (the mapped list file);
  /// its names, groups and contact references are used in place, its contacts read
  /// from `cache` when needed.
  ///
  /// - Precondition: `payload` starts at an address that is a multiple of 8.
  /// - Throws: `ArchiveError` or `IndexEntries.InvalidEntries` when it is damaged.
  /// - Complexity: O(n) checks of the columns; no string is made for a contact.
  static func decode(
    _ payload: UnsafeRawBufferPointer, owner: AnyObject, cache: IndexCache, sortOrder: ContactFormatter.SortOrder,
    nameOrder: ContactFormatter.NameOrder, sectionIndex: SectionIndex = .current,
    recover: (@Sendable (Int) -> Contact?)? = nil
  ) throws -> Contents {
    var reader = ArchiveReader(payload)
    func column<T: FixedWidthInteger>(_ type: T.Type = T.self) throws -> FlatArray<T> {
      let count = try reader.readCount(minimumSize: 0)
      _ = try reader.readRaw(padding(reader.offset))
      guard count <= reader.remainingCount / MemoryLayout<T>.size else {
        throw ArchiveError(.badLength, "a column of \(count) values", offset: reader.offset)
      }
      let raw = try reader.readRaw(count * MemoryLayout<T>.size)
      return FlatArray(borrowing: raw.baseAddress ?? UnsafeRawPointer(payload.baseAddress!), count: count, owner: owner)
    }
    let digest = FilesDigest(value: try reader.readVarint(), count: Int(try reader.readVarint()))
    var warnings: [String] = []
    for _ in 0..<(try reader.readCount()) { warnings.append(try reader.readString()) }
    var cards: [ContactLoad.GroupCard] = []
    for _ in 0..<(try reader.readCount(minimumSize: 2)) {
      let name = try reader.readString()
      var members: [String] = []
      for _ in 0..<(try reader.readCount()) { members.append(try reader.readString()) }
      cards.append(ContactLoad.GroupCard(name: name, members: members))
    }
    let count = Int(try reader.readVarint())
    let generations: FlatArray<Int64> = try column()
    let fileNumbers: FlatArray<Int32> = try column()
    let ordinals: FlatArray<Int32> = try column()
    guard let names = NameColumn(ends: try column(), bytes: try column()) else { throw damaged(reader, "names") }
    let sectionBytes: FlatArray<UInt8> = try column()
    let widest = Int(try reader.readVarint())
    guard let groupNames = NameColumn(ends: try column(), bytes: try column()),
      let groupPositions = GroupPositions(names: groupNames, starts: try column(), members: try column(), count: count)
    else { throw damaged(reader, "groups") }
    var outside: [Int: [String]] = [:]
    for _ in 0..<(try reader.readCount(minimumSize: 2)) {
      let position = Int(try reader.readVarint())
      guard position < count else { throw damaged(reader, "outside group") }
      var groups: [String] = []
      for _ in 0..<(try reader.readCount()) { groups.append(try reader.readString()) }
      outside[position] = groups
    }
    let index = try ContactIndex(
      stored: try column(), fieldStarts: try column(), fieldKinds: try column(), contactStarts: try column(),
      masks: try column())
    guard fileNumbers.count == count, ordinals.count == count, names.count == count, sectionBytes.count == count,
      index.count == count
    else { throw damaged(reader, "counts disagree") }

    // One `StoredContacts` per file version; the roster refers to them by number.
    var counts = [Int](repeating: 0, count: generations.count)
    var order: [ContactIndex.EntryReference] = []
    order.reserveCapacity(count)
    for position in 0..<count {
      let number = fileNumbers[position]
      let ordinal = ordinals[position]
      guard number >= 0, Int(number) < counts.count, ordinal >= 0 else { throw damaged(reader, "contact reference") }
      counts[Int(number)] = max(counts[Int(number)], Int(ordinal) + 1)
      order.append(ContactIndex.EntryReference(entries: number, contact: ordinal))
    }
    let segmentContacts = counts.indices.map { number in
      SegmentContacts.stored(
        StoredSegment([StoredContacts(cache: cache, generation: generations[number], count: counts[number])]))
    }
    let list = ContactList(
      contacts: ContactRoster(segments: segmentContacts, order: order, outsideGroups: outside, recover: recover),
      sections: sectionBytes.map(SectionIndex.section(ofByte:)), displayNames: names, index: index,
      widestName: widest, groupPositions: groupPositions, sortOrder: sortOrder, nameOrder: nameOrder,
      sectionIndex: sectionIndex)
    return Contents(
      digest: digest, warnings: warnings, groupCards: cards, list: list, generations: generations,
      fileNumbers: fileNumbers, ordinals: ordinals)
  }

  /// Writes `values` as a column: count, zero bytes to 8-alignment, the values.
  private static func writeColumn<T: FixedWidthInteger>(_ values: [T], to writer: inout ArchiveWriter) {
    values.withUnsafeBufferPointer { writeColumn($0, to: &writer) }
  }

  /// Writes the values of `values` as a column (see the array form).
  private static func writeColumn<T: FixedWidthInteger>(_ values: UnsafeBufferPointer<T>, to writer: inout ArchiveWriter) {
    writer.write(UInt64(values.count))
    for _ in 0..<padding(writer.bytes.count) { writer.writeByte(0) }
    if 1.littleEndian == 1 {
      writer.writeRaw(UnsafeRawBufferPointer(values))
    } else {
      values.map(\.littleEndian).withUnsafeBytes { writer.writeRaw($0) }
    }
  }

  /// Zero bytes from `offset` to the next multiple of 8.
  private static func padding(_ offset: Int) -> Int { (8 - offset % 8) % 8 }

  private static func damaged(_ reader: ArchiveReader, _ what: String) -> ArchiveError {
    ArchiveError(.badLength, "snapshot: \(what)", offset: reader.offset)
  }
}
