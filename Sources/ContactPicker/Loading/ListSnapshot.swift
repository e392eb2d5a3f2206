import ContactKit
import ContactStores
import Matching

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
/// sources, sort and name order, group), kept in the on-disk index with the digest of
/// the files it was built from (`FilesDigest`): when none of them changed, the next
/// start shows the list from it — no sort, no gathering of search fields, no contact
/// decoded.
///
/// Layout (`ArchiveWriter` varints and strings; fixed-width arrays as byte strings):
///
/// | part             | contents                                                  |
/// |------------------|-----------------------------------------------------------|
/// | files            | their `FilesDigest`: value and count                      |
/// | warnings         | count, strings                                            |
/// | group cards      | count, then name, member count, members                   |
/// | contacts         | *n*; generations (`Int64` × *n*), ordinals (`Int32` × *n*) |
/// | names            | *n* display names                                         |
/// | sections         | *n* bytes (`A`–`Z`, `#`)                                  |
/// | widest name      | columns                                                   |
/// | groups           | count, then name and member positions (`Int32` array)     |
/// | outside groups   | count, then position and groups (from group cards)        |
/// | search fields    | `IndexEntries`' five arrays, in list order                |
enum ListSnapshot {
  /// What a snapshot holds.
  struct Contents: Sendable {
    /// The digest of the files it was built from, to check against the disk.
    var digest: FilesDigest
    var warnings: [String]
    var groupCards: [ContactLoad.GroupCard]
    var list: ContactList
    /// Where each contact of `list` is stored, by position.
    var origins: [ContactOrigin]
  }

  /// The snapshot of `list`, whose contact at position `i` is `origins[i]` (its card
  /// as stored, plus `outsideGroups[i]`: the groups group cards in other files give
  /// it), built from the files of `digest`.
  static func encode(
    list: ContactList, origins: [ContactOrigin], outsideGroups: [Int: [String]], digest: FilesDigest,
    warnings: [String], groupCards: [ContactLoad.GroupCard]
  ) -> [UInt8] {
    var writer = ArchiveWriter(reservingCapacity: list.contacts.count * 160)
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
    SegmentArchive.writeArray(origins.map(\.generation), to: &writer)
    SegmentArchive.writeArray(origins.map(\.ordinal), to: &writer)
    for name in list.displayNames { writer.write(name) }
    SegmentArchive.writeArray(list.sections.map { $0.utf8.first ?? UInt8(ascii: "#") }, to: &writer)
    writer.write(UInt64(list.widestName))
    writer.write(UInt64(list.groupMembers.count))
    for (name, members) in list.groupMembers.sorted(by: { $0.key < $1.key }) {
      writer.write(name)
      SegmentArchive.writeArray(members.sorted().map { Int32($0) }, to: &writer)
    }
    let outside = outsideGroups.sorted { $0.key < $1.key }
    writer.write(UInt64(outside.count))
    for (position, groups) in outside {
      writer.write(UInt64(position))
      writer.write(UInt64(groups.count))
      for group in groups { writer.write(group) }
    }
    let entries = list.index.entries
    SegmentArchive.writeArray(entries.bytes, to: &writer)
    SegmentArchive.writeArray(entries.fieldStarts, to: &writer)
    SegmentArchive.writeArray(entries.fieldKinds, to: &writer)
    SegmentArchive.writeArray(entries.contactStarts, to: &writer)
    SegmentArchive.writeArray(entries.masks, to: &writer)
    return writer.bytes
  }

  private static func readDigest(_ reader: inout ArchiveReader) throws -> FilesDigest {
    FilesDigest(value: try reader.readVarint(), count: Int(try reader.readVarint()))
  }

  /// Decodes a snapshot; its contacts are read from `cache` when needed.
  ///
  /// - Throws: `ArchiveError` or `IndexEntries.InvalidEntries` when it is damaged.
  static func decode(
    _ payload: UnsafeRawBufferPointer, cache: IndexCache, sortOrder: ContactFormatter.SortOrder,
    nameOrder: ContactFormatter.NameOrder
  ) throws -> Contents {
    do {
      var reader = ArchiveReader(payload)
      let digest = try readDigest(&reader)
      var warnings: [String] = []
      for _ in 0..<(try reader.readCount()) { warnings.append(try reader.readString()) }
      var cards: [ContactLoad.GroupCard] = []
      for _ in 0..<(try reader.readCount(minimumSize: 2)) {
        let name = try reader.readString()
        var members: [String] = []
        for _ in 0..<(try reader.readCount()) { members.append(try reader.readString()) }
        cards.append(ContactLoad.GroupCard(name: name, members: members))
      }
      let count = try reader.readCount(minimumSize: 12)
      let generations: [Int64] = try SegmentArchive.readArray(&reader)
      let ordinals: [Int32] = try SegmentArchive.readArray(&reader)
      var names: [String] = []
      names.reserveCapacity(count)
      for _ in 0..<count { names.append(try reader.readString()) }
      let sectionBytes: [UInt8] = try SegmentArchive.readArray(&reader)
      let widest = Int(try reader.readVarint())
      var groupMembers: [String: Set<Int>] = [:]
      for _ in 0..<(try reader.readCount()) {
        let name = try reader.readString()
        let members: [Int32] = try SegmentArchive.readArray(&reader)
        guard members.allSatisfy({ $0 >= 0 && Int($0) < count }) else { throw damaged(reader, "group member") }
        groupMembers[name] = Set(members.map { Int($0) })
      }
      var outside: [Int: [String]] = [:]
      for _ in 0..<(try reader.readCount(minimumSize: 2)) {
        let position = Int(try reader.readVarint())
        guard position < count else { throw damaged(reader, "outside group") }
        var groups: [String] = []
        for _ in 0..<(try reader.readCount()) { groups.append(try reader.readString()) }
        outside[position] = groups
      }
      let entries = try IndexEntries(
        bytes: try SegmentArchive.readArray(&reader), fieldStarts: try SegmentArchive.readArray(&reader),
        fieldKinds: try SegmentArchive.readArray(&reader), contactStarts: try SegmentArchive.readArray(&reader),
        masks: try SegmentArchive.readArray(&reader))
      guard generations.count == count, ordinals.count == count, sectionBytes.count == count, entries.count == count
      else { throw damaged(reader, "counts disagree") }

      // One `StoredContacts` per file version; the roster refers to them by number.
      var fileNumbers: [Int64: Int32] = [:]
      var counts: [Int] = []
      var generationOf: [Int64] = []
      var order: [ContactIndex.EntryReference] = []
      order.reserveCapacity(count)
      for position in 0..<count {
        let generation = generations[position]
        guard ordinals[position] >= 0 else { throw damaged(reader, "ordinal") }
        let number: Int32
        if let known = fileNumbers[generation] {
          number = known
        } else {
          number = Int32(counts.count)
          fileNumbers[generation] = number
          counts.append(0)
          generationOf.append(generation)
        }
        counts[Int(number)] = max(counts[Int(number)], Int(ordinals[position]) + 1)
        order.append(ContactIndex.EntryReference(entries: number, contact: ordinals[position]))
      }
      let segmentContacts = counts.indices.map { number in
        SegmentContacts.stored(
          StoredSegment([StoredContacts(cache: cache, generation: generationOf[number], count: counts[number])]))
      }
      let sectionNames = (0..<256).map { byte -> String in
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("A"..."Z").contains(scalar) ? String(scalar) : "#"
      }
      let list = ContactList(
        contacts: ContactRoster(segments: segmentContacts, order: order, outsideGroups: outside),
        sections: sectionBytes.map { sectionNames[Int($0)] }, displayNames: names, index: ContactIndex(entries),
        widestName: widest, groupMembers: groupMembers, sortOrder: sortOrder, nameOrder: nameOrder)
      let origins = (0..<count).map { ContactOrigin(generation: generations[$0], ordinal: ordinals[$0]) }
      return Contents(digest: digest, warnings: warnings, groupCards: cards, list: list, origins: origins)
    }
  }

  private static func damaged(_ reader: ArchiveReader, _ what: String) -> ArchiveError {
    ArchiveError(.badLength, "snapshot: \(what)", offset: reader.offset)
  }
}
