import ContactKit
import Foundation
import Matching
import CpickSupport

/// Some contacts of an address book (a file, or part of a large one) with everything a
/// `ContactList` needs of them that depends on each contact alone: its sort key,
/// display name, groups and folded search fields.
///
/// Building these is the expensive part of showing a book (ICU transliteration of
/// sort keys and search fields); a `ContactList` is then a merge of segments. The
/// on-disk index keeps segments, so a second start builds none again, and a vdir
/// with one changed file builds one.
struct ListSegment: Sendable {
  /// The parts, in one shared box: a segment is copied as one reference (merging
  /// segments into a list compares and reads them a few million times), not as the
  /// ten arrays it holds.
  private final class Parts: Sendable {
    let contacts: SegmentContacts
    let sortKeys: ByteColumn
    let displayNames: ByteColumn
    let groups: [[String]]
    let entries: IndexEntries
    let origins: [ContactOrigin]?

    init(
      contacts: SegmentContacts, sortKeys: ByteColumn, displayNames: ByteColumn, groups: [[String]],
      entries: IndexEntries, origins: [ContactOrigin]?
    ) {
      self.contacts = contacts
      self.sortKeys = sortKeys
      self.displayNames = displayNames
      self.groups = groups
      self.entries = entries
      self.origins = origins
    }
  }

  private let parts: Parts

  /// The contacts, in file order.
  var contacts: SegmentContacts { parts.contacts }
  /// The sort key of each contact (`ContactFormatter.SortKeys`), compared as UTF-8.
  var sortKeys: ByteColumn { parts.sortKeys }
  /// The name shown for each contact: `FN` as written, else the composed name.
  var displayNames: ByteColumn { parts.displayNames }
  /// The groups of each contact (`Contact.groups`).
  var groups: [[String]] { parts.groups }
  /// The folded search fields of each contact.
  var entries: IndexEntries { parts.entries }
  /// Where each contact is in the on-disk index, when it is there (to keep a
  /// snapshot of the list).
  var origins: [ContactOrigin]? { parts.origins }

  /// The number of contacts.
  var count: Int { sortKeys.count }

  /// Contacts per segment when a large file is split to build on all cores.
  static let chunk = 4096

  /// Contacts per segment for `count` contacts: `chunk`, or less for a book of a few
  /// thousand, cut in at least eight segments (of at least 512) so that the cores
  /// finish together — a segment whose first Han name waits for ICU's Han-Latin rules
  /// (tens of ms) is not then the only work left.
  static func chunkSize(for count: Int) -> Int {
    min(chunk, max(512, (count + 7) / 8))
  }

  /// Builds the segment of `contacts`, their sort keys marked with the rows of
  /// `sectionIndex`.
  ///
  /// - Complexity: O(total length of the contacts' names and searchable fields).
  init(
    _ contacts: [Contact], origins: [ContactOrigin]? = nil, sortOrder: ContactFormatter.SortOrder,
    nameOrder: ContactFormatter.NameOrder, sectionIndex: SectionIndex
  ) {
    var sortKeys = ContactFormatter.SortKeys(order: sortOrder, index: sectionIndex)
    var keys = ByteColumn()
    var names = ByteColumn()
    for contact in contacts {
      keys.append(sortKeys.key(for: contact))
      names.append(Self.displayName(of: contact, nameOrder: nameOrder))
    }
    self.init(
      contacts: .values(contacts), sortKeys: keys.compacted, displayNames: names.compacted,
      groups: contacts.map(\.groups),
      entries: IndexEntries(contacts), origins: origins)
  }

  /// A segment from its parts (all of the same count).
  init(
    contacts: SegmentContacts, sortKeys: ByteColumn, displayNames: ByteColumn, groups: [[String]],
    entries: IndexEntries, origins: [ContactOrigin]? = nil
  ) {
    precondition(
      contacts.count == sortKeys.count && displayNames.count == sortKeys.count && groups.count == sortKeys.count
        && entries.count == sortKeys.count && (origins?.count ?? sortKeys.count) == sortKeys.count,
      "the parts of a segment disagree in count")
    parts = Parts(
      contacts: contacts, sortKeys: sortKeys, displayNames: displayNames, groups: groups, entries: entries,
      origins: origins)
  }

  /// This segment with its contacts read from the index when needed (`contacts`, as
  /// many as this segment has): a large file whose cards were written to the index
  /// as it was read keeps no contact in memory.
  func stored(_ contacts: StoredSegment) -> ListSegment {
    precondition(contacts.count == count, "one stored contact per contact")
    return ListSegment(
      contacts: .stored(contacts), sortKeys: sortKeys, displayNames: displayNames, groups: groups, entries: entries,
      origins: origins)
  }

  /// The segment of contacts `range` of this one.
  func slice(_ range: Range<Int>) -> ListSegment {
    let part: SegmentContacts
    switch contacts {
    case .values(let contacts): part = .values(Array(contacts[range]))
    case .archived(let cards): part = .archived(cards.slice(range))
    case .stored(let stored): part = .stored(stored.slice(range))
    }
    return ListSegment(
      contacts: part, sortKeys: sortKeys.slice(range),
      displayNames: displayNames.slice(range), groups: Array(groups[range]), entries: entries.slice(range),
      origins: origins.map { Array($0[range]) })
  }

  /// This segment with its contacts given by their encodings (`cards`, one per
  /// contact, `ContactArchive`'s), decoded when one is needed: a large file read part
  /// by part keeps its contacts so, a fraction of their size in memory.
  func archived(_ cards: ByteColumn) -> ListSegment {
    precondition(cards.count == count, "one encoding per contact")
    return ListSegment(
      contacts: .archived(cards), sortKeys: sortKeys, displayNames: displayNames, groups: groups, entries: entries,
      origins: origins)
  }

  /// The segments of `contacts`, built in chunks (`chunkSize(for:)`) on all cores.
  static func build(
    _ contacts: [Contact], origins: [ContactOrigin]? = nil, sortOrder: ContactFormatter.SortOrder,
    nameOrder: ContactFormatter.NameOrder, sectionIndex: SectionIndex
  ) -> [ListSegment] {
    let size = chunkSize(for: contacts.count)
    if contacts.count <= size {
      return [ListSegment(contacts, origins: origins, sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)]
    }
    return Parallel.map(count: contacts.count, chunk: size) { range in
      ListSegment(
        Array(contacts[range]), origins: origins.map { Array($0[range]) }, sortOrder: sortOrder, nameOrder: nameOrder,
        sectionIndex: sectionIndex)
    }
  }

  /// The name a row shows: the contact's display name in `nameOrder`
  /// (`Contact.displayNameInOrder`, as every output names it).
  static func displayName(of contact: Contact, nameOrder: ContactFormatter.NameOrder) -> String {
    contact.displayNameInOrder(nameOrder)
  }
}

/// The contacts of a segment: values in memory, or contacts of the on-disk index read
/// when one is needed (a list of 100,000 contacts from the index reads only the ones
/// shown in full or chosen).
enum SegmentContacts: Sendable {
  /// Contacts in memory.
  case values([Contact])
  /// The contacts of some files of the index, one file after the other.
  case stored(StoredSegment)
  /// Contacts in memory as their encodings (`ContactArchive`), one per contact, in
  /// one column (not an array each).
  case archived(ByteColumn)

  /// The number of contacts.
  var count: Int {
    switch self {
    case .values(let contacts): contacts.count
    case .stored(let stored): stored.count
    case .archived(let cards): cards.count
    }
  }

  /// Contacts `range`, in order (those in the index read in one pass).
  func contacts(_ range: Range<Int>) -> [Contact] {
    switch self {
    case .values(let contacts): Array(contacts[range])
    case .stored(let stored): stored.contacts(range)
    case .archived: range.map { self[$0] }
    }
  }

  /// Contact `index` (decoded, for an archived one: an encoding made in this process
  /// is not damaged, but an empty contact stands for one that would be).
  subscript(index: Int) -> Contact {
    switch self {
    case .values(let contacts): contacts[index]
    case .stored(let stored): stored[index]
    case .archived(let cards):
      cards.withBytes(index) { ContactArchive.contact(from: UnsafeRawBufferPointer($0)) } ?? Contact(identifier: "", source: "")
    }
  }
}

/// The contacts of some files of the on-disk index, one file after the other.
struct StoredSegment: Sendable {
  /// The files' contacts.
  let files: [StoredContacts]
  /// Position `i` is contact `ordinals[i]` of file `fileOf[i]`.
  let fileOf: [Int32]
  let ordinals: [Int32]

  /// The contacts of `files`, in order.
  init(_ files: [StoredContacts]) {
    self.files = files
    if files.count == 1 {
      // One file (a large .vcf): positions are its ordinals, no table needed.
      fileOf = []
      ordinals = []
      single = files[0].count
      first = 0
      return
    }
    single = nil
    first = 0
    var fileOf: [Int32] = []
    var ordinals: [Int32] = []
    for (number, file) in files.enumerated() {
      for ordinal in 0..<file.count {
        fileOf.append(Int32(number))
        ordinals.append(Int32(ordinal))
      }
    }
    self.fileOf = fileOf
    self.ordinals = ordinals
  }

  /// Contacts `first..<(first + count)` of one file (part of a large one).
  init(_ file: StoredContacts, from first: Int, count: Int) {
    files = [file]
    fileOf = []
    ordinals = []
    single = count
    self.first = first
  }

  private init(files: [StoredContacts], fileOf: [Int32], ordinals: [Int32], single: Int?, first: Int) {
    self.files = files
    self.fileOf = fileOf
    self.ordinals = ordinals
    self.single = single
    self.first = first
  }

  /// Contacts `range` of these.
  func slice(_ range: Range<Int>) -> StoredSegment {
    if single != nil { return StoredSegment(files[0], from: first + range.lowerBound, count: range.count) }
    return StoredSegment(
      files: files, fileOf: Array(fileOf[range]), ordinals: Array(ordinals[range]), single: nil, first: 0)
  }

  /// The number of contacts of the one file, when there is one.
  let single: Int?
  /// With one file, the ordinal of its first contact here.
  let first: Int

  /// The number of contacts.
  var count: Int { single ?? fileOf.count }

  /// Contact `index`, read from the index.
  subscript(index: Int) -> Contact {
    let (file, ordinal) = location(index)
    return file[ordinal]
  }

  /// Contacts `range`, in order, their encodings read from the index in one pass (one
  /// query each costs more than decoding them: 180,000 contacts, seconds).
  /// (A list's files are all of the one index the loader opened.)
  func contacts(_ range: Range<Int>) -> [Contact] {
    guard let cache = files.first?.cache else { return [] }
    let places = range.map(location)
    let cards = cache.cards(places.map { (generation: $0.file.generation, ordinal: $0.ordinal) })
    return places.indices.map { places[$0].file.contact(ordinal: places[$0].ordinal, card: cards[$0]) }
  }

  /// Where contact `index` is kept: its file and its ordinal there.
  func location(_ index: Int) -> (file: StoredContacts, ordinal: Int) {
    single != nil ? (files[0], first + index) : (files[Int(fileOf[index])], Int(ordinals[index]))
  }
}
