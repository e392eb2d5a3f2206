import ContactKit
import Dispatch
import Foundation
import Matching
import TerminalKit
import CpickSupport

/// The contacts of a picker in display order, with their sections, search index and
/// the column widths of their rows. Built once after loading, by merging the
/// `ListSegment`s of the address book's files (from the on-disk index, or built from
/// the contacts just read).
///
/// - Complexity: building from contacts is O(n log n) in the number of contacts (sort
///   keys and search fields use an ICU transform for non-ASCII names); from segments
///   it is a sort on stored keys and a copy of the stored search fields. Searching is
///   the `ContactIndex`'s.
public final class ContactList: Sendable {
  /// Contacts sorted by `sortOrder` (then by display name).
  public let contacts: ContactRoster
  /// The section (`A`–`Z`, `#`) of each contact, parallel to `contacts`.
  public let sections: [String]
  /// The display name of each contact, parallel to `contacts`.
  public let displayNames: NameColumn
  /// The search index over `contacts`.
  public let index: ContactIndex
  /// The widest display name, in columns (for the name column).
  public let widestName: Int
  /// Every group with the positions of its members (ascending).
  let groupPositions: GroupPositions
  /// The order the list was sorted in.
  public let sortOrder: ContactFormatter.SortOrder
  /// The order of name parts in composed names.
  public let nameOrder: ContactFormatter.NameOrder
  /// The index whose rows the sort keys carry (`SectionIndex.marked`).
  public let sectionIndex: SectionIndex

  /// Sorts `contacts` and indexes them, in sections of `sectionIndex` (the
  /// language's by default).
  public convenience init(
    _ contacts: [Contact], sortOrder: ContactFormatter.SortOrder = .family,
    nameOrder: ContactFormatter.NameOrder = .auto, sectionIndex: SectionIndex = .current
  ) {
    self.init(
      segments: ListSegment.build(contacts, sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex),
      sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
  }

  /// Merges segments built with `sortOrder` and `nameOrder`: sorted by sort key, then
  /// display name (both compared as UTF-8), then segment and file order; with
  /// `.unsorted`, in segment and file order alone.
  init(
    segments: [ListSegment], sortOrder: ContactFormatter.SortOrder, nameOrder: ContactFormatter.NameOrder,
    sectionIndex: SectionIndex
  ) {
    self.sortOrder = sortOrder
    self.nameOrder = nameOrder
    self.sectionIndex = sectionIndex
    let order = Self.sortedOrder(segments, byName: sortOrder != .unsorted)
    self.contacts = ContactRoster(segments: segments.map(\.contacts), order: order)
    // The search index is gathered on another core while the names are copied.
    let gathered = Locked<ContactIndex?>(nil)
    let gathering = DispatchGroup()
    DispatchQueue.global(qos: .userInitiated).async(group: gathering) {
      let index = ContactIndex(gathering: segments.map(\.entries), order: order)
      gathered.withLock { $0 = index }
    }
    var names = ByteColumn()
    var sections: [String] = []
    names.reserveCapacity(count: order.count, byteCount: segments.reduce(0) { $0 + $1.displayNames.bytes.count })
    sections.reserveCapacity(order.count)
    var widest = 0
    // Each group's member positions (they come in order: no sort).
    var groups = GroupPositions.Builder(
      reservingCapacity: segments.reduce(0) { $0 + $1.groups.reduce(0) { $0 + $1.count } })
    // Each segment's columns taken out once, and read where they are (not copied, their
    // storage retained and released, for every contact).
    let nameColumns = segments.map(\.displayNames)
    let keyColumns = segments.map(\.sortKeys)
    let groupLists = segments.map(\.groups)
    nameColumns.withUnsafeBufferPointer { nameColumns in
      keyColumns.withUnsafeBufferPointer { keyColumns in
        for (position, reference) in order.enumerated() {
          let segment = Int(reference.entries)
          let contact = Int(reference.contact)
          let length = nameColumns[segment].withBytes(contact) { name in
            names.append(bytes: name)
            return name.count
          }
          sections.append(keyColumns[segment].withBytes(contact) { ContactFormatter.section(forSortKeyUTF8: $0) })
          // A name is never wider than its UTF-8 bytes, most need not be measured (but
          // for invisible characters, whose ⟨U+200B⟩ is wider: a name of them shorter
          // than the widest may be cut a little).
          if length > widest || length == 0 { widest = max(widest, Self.nameWidth(nameColumns[segment][contact])) }
          if !groupLists[segment][contact].isEmpty {
            for group in groupLists[segment][contact] { groups.add(group, Int32(position)) }
          }
        }
      }
    }
    self.displayNames = NameColumn(names)
    self.sections = sections
    self.widestName = widest
    self.groupPositions = groups.build()
    gathering.wait()
    self.index = gathered.withLock { $0! }
  }

  /// A list from its parts (a snapshot of the on-disk index), all parallel to
  /// `contacts`.
  init(
    contacts: ContactRoster, sections: [String], displayNames: NameColumn, index: ContactIndex, widestName: Int,
    groupPositions: GroupPositions, sortOrder: ContactFormatter.SortOrder,
    nameOrder: ContactFormatter.NameOrder, sectionIndex: SectionIndex
  ) {
    self.contacts = contacts
    self.sections = sections
    self.displayNames = displayNames
    self.index = index
    self.widestName = widestName
    self.groupPositions = groupPositions
    self.sortOrder = sortOrder
    self.nameOrder = nameOrder
    self.sectionIndex = sectionIndex
  }

  /// The display order of the contacts of `segments`.
  ///
  /// Sorted on the first sixteen bytes of each sort key as two integers (eight were
  /// the same for every contact of a common family name, whose keys were then compared
  /// whole, their columns' storage retained and released by both cores at each
  /// comparison); only ties on those compare whole keys and, when `byName`, display names; then segment and
  /// file order. Each item carries its key and name (no segment is looked up while
  /// sorting), and a large list is sorted in two halves on two cores, then merged.
  static func sortedOrder(_ segments: [ListSegment], byName: Bool = true) -> [ContactIndex.EntryReference] {
    let items = Parallel.map(count: segments.count, chunk: 1) { range -> [SortItem] in
      var items: [SortItem] = []
      for number in range {
        let keys = segments[number].sortKeys
        items.reserveCapacity(items.count + keys.count)
        for contact in keys.indices {
          let (first, second) = keys.sortPrefixes(contact)
          items.append(
            SortItem(prefix: first, more: second, reference: .init(entries: Int32(number), contact: Int32(contact))))
        }
      }
      return items
    }.flatMap { $0 }
    let order = SortOrdering(segments: segments, byName: byName)
    return order.sorted(items).map(\.reference)
  }

  /// A contact as `sortedOrder` sorts it: the first bytes of its key, and where the
  /// rest of it is.
  struct SortItem: Sendable {
    /// The key's first eight bytes, and the eight after them.
    var prefix: UInt64
    var more: UInt64
    var reference: ContactIndex.EntryReference
  }

  /// How `sortedOrder` orders items: prefix, key, name (all as UTF-8, read from the
  /// segments' columns where they lie), then segment and position (so no two items
  /// are equal).
  struct SortOrdering: Sendable {
    let keys: [ByteColumn]
    let names: [ByteColumn]
    let byName: Bool

    init(segments: [ListSegment], byName: Bool) {
      keys = segments.map(\.sortKeys)
      names = segments.map(\.displayNames)
      self.byName = byName
    }

    /// Whether `a` comes before `b`.
    func precedes(_ a: SortItem, _ b: SortItem) -> Bool {
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      if a.more != b.more { return a.more < b.more }
      let (x, y) = (Int(a.reference.entries), Int(b.reference.entries))
      let (i, j) = (Int(a.reference.contact), Int(b.reference.contact))
      let byKey = ByteColumn.compare(keys[x], i, keys[y], j)
      if byKey != 0 { return byKey < 0 }
      if byName {
        let byNames = ByteColumn.compare(names[x], i, names[y], j)
        if byNames != 0 { return byNames < 0 }
      }
      if x != y { return x < y }
      return i < j
    }

    /// Items of a list at least this long are sorted in two halves at once.
    static let halvedFrom = 50_000

    /// `items` sorted by `precedes`.
    func sorted(_ items: [SortItem]) -> [SortItem] {
      guard items.count >= Self.halvedFrom else { return items.sorted(by: precedes) }
      let middle = items.count / 2
      let halves = Parallel.map(count: 2, chunk: 1) { range in
        range.lowerBound == 0 ? items[..<middle].sorted(by: precedes) : items[middle...].sorted(by: precedes)
      }
      let (left, right) = (halves[0], halves[1])
      var merged: [SortItem] = []
      merged.reserveCapacity(items.count)
      var i = 0
      var j = 0
      while i < left.count && j < right.count {
        if precedes(right[j], left[i]) {
          merged.append(right[j])
          j += 1
        } else {
          merged.append(left[i])
          i += 1
        }
      }
      merged.append(contentsOf: left[i...])
      merged.append(contentsOf: right[j...])
      return merged
    }
  }

  /// The positions of the members of `group` (compared without regard to case).
  ///
  /// - Complexity: O(members); the list's first lookup O(groups) (it makes the table
  ///   from names to groups).
  public func members(of group: String) -> Set<Int> {
    if let positions = groupPositions.members(named: group) { return Set(positions.lazy.map { Int($0) }) }
    guard let number = groupPositions.names.firstIndex(where: { $0.caseInsensitiveCompare(group) == .orderedSame })
    else { return [] }
    return Set(groupPositions[number].lazy.map { Int($0) })
  }

  /// The groups with their member counts, by name.
  public var groups: [ContactGroup] {
    ContactGroup.byName(groupPositions.all.map { ContactGroup(name: $0.name, memberCount: $0.members.count) })
  }

  /// The groups of the books read that have no member in this list (a group card
  /// without members, or whose members are in no book read), as named: the groups view
  /// lists them with 0 members, and the form offers them (`ContactBook.groups`).
  public var memberlessGroups: [String] {
    get { memberless.withLock { $0 } }
    set { memberless.withLock { $0 = newValue } }
  }
  private let memberless = Locked<[String]>([])

  /// The most useful detail of a contact for its row: the preferred email, else the
  /// preferred phone, then the organization (unless the name is the organization).
  public func detail(at position: Int) -> String {
    let contact = contacts[position]
    var parts: [String] = []
    if let email = contact.emailAddresses.mostPreferred() {
      parts.append(email.value)
    } else if let phone = contact.phoneNumbers.mostPreferred() {
      parts.append(phone.value)
    }
    if !contact.organizationName.isEmpty && contact.organizationName != displayNames[position] {
      parts.append(contact.organizationName)
    }
    return parts.joined(separator: " · ")
  }
}
