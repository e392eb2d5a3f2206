import ContactKit
import Foundation
import Matching
import TerminalKit
import CpickSupport

extension ContactList {
  /// A new list with `contact` added, or put in place of the contact with the same
  /// identifier and source (after an edit).
  ///
  /// Only `contact` is indexed (sort key, display name, search fields): the others
  /// keep theirs, and it is put in place by a binary search over the list's order
  /// (sort key, then display name, compared as UTF-8; after its equals; unsorted
  /// (`.unsorted`): where it was, or last when new). The list of
  /// the on-disk index stays undecoded but for the contacts compared on the way.
  ///
  /// - Complexity: O(n) to copy the list's columns and search fields, plus O(log n)
  ///   contacts decoded and keyed; no ICU transform but `contact`'s.
  public func replacing(_ contact: Contact, original: Contact?) -> ContactList {
    let removed = original.flatMap { position(of: $0) }
    let added = ListSegment([contact], sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
    let key = added.sortKeys[0]
    let name = added.displayNames[0]

    // The old positions kept, and where the new contact goes among them.
    let kept = contacts.count - (removed == nil ? 0 : 1)
    func old(_ rank: Int) -> Int { removed.map { rank >= $0 ? rank + 1 : rank } ?? rank }
    var keys = ContactFormatter.SortKeys(order: sortOrder, index: sectionIndex)
    var low = 0
    var high = kept
    if sortOrder == .unsorted {
      // The books' order: an edited contact stays where it was, a new one goes last.
      low = removed ?? kept
      high = low
    }
    while low < high {
      let middle = (low + high) / 2
      let position = old(middle)
      let byKey = Self.compareUTF8(keys.key(for: contacts[position]), key)
      let before = byKey != 0 ? byKey < 0 : Self.compareUTF8(displayNames[position], name) <= 0
      if before { low = middle + 1 } else { high = middle }
    }
    let inserted = low

    // Position `new` of the new list holds old position `source(new)`, or the contact.
    func source(_ new: Int) -> Int? { new == inserted ? nil : old(new < inserted ? new : new - 1) }
    func moved(_ position: Int) -> Int? {
      if position == removed { return nil }
      let rank = removed.map { position > $0 ? position - 1 : position } ?? position
      return rank < inserted ? rank : rank + 1
    }
    let count = kept + 1
    let addedSegment = Int32(contacts.segments.count)
    var order: [ContactIndex.EntryReference] = []
    var searchOrder: [ContactIndex.EntryReference] = []
    var names: [String] = []
    var sections: [String] = []
    order.reserveCapacity(count)
    searchOrder.reserveCapacity(count)
    names.reserveCapacity(count)
    sections.reserveCapacity(count)
    for new in 0..<count {
      if let position = source(new) {
        order.append(contacts.order[position])
        searchOrder.append(.init(entries: 0, contact: Int32(position)))
        names.append(displayNames[position])
        sections.append(self.sections[position])
      } else {
        order.append(.init(entries: addedSegment, contact: 0))
        searchOrder.append(.init(entries: 1, contact: 0))
        names.append(name)
        sections.append(ContactFormatter.section(forSortKey: key))
      }
    }
    var (outside, groups) = groupsMoved(moved)
    for group in added.groups[0] { groups.add(group, Int32(inserted)) }
    // The widest name: measured again only when the widest one was replaced.
    let widest =
      removed.map { Self.nameWidth(displayNames[$0]) } == widestName
      ? names.reduce(0) { max($0, Self.nameWidth($1)) } : max(widestName, Self.nameWidth(name))
    return ContactList(
      contacts: ContactRoster(
        segments: contacts.segments + [added.contacts], order: order, outsideGroups: outside),
      sections: sections, displayNames: NameColumn(names),
      index: ContactIndex(gathering: [index.entries, added.entries], order: searchOrder), widestName: widest,
      groupPositions: groups.build(),
      sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
  }

  /// A new list without the contact with `contact`'s identifier and source (after it
  /// was deleted); the list itself when it has no such contact.
  ///
  /// - Complexity: O(n) to copy the list's columns; no contact decoded or keyed but
  ///   those `position(of:)` compares.
  public func removing(_ contact: Contact) -> ContactList {
    guard let removed = position(of: contact) else { return self }
    func moved(_ position: Int) -> Int? { position == removed ? nil : position > removed ? position - 1 : position }
    var order: [ContactIndex.EntryReference] = []
    var searchOrder: [ContactIndex.EntryReference] = []
    var names: [String] = []
    var sections: [String] = []
    for position in contacts.indices where position != removed {
      order.append(contacts.order[position])
      searchOrder.append(.init(entries: 0, contact: Int32(position)))
      names.append(displayNames[position])
      sections.append(self.sections[position])
    }
    let (outside, groups) = groupsMoved(moved)
    let widest =
      Self.nameWidth(displayNames[removed]) == widestName ? names.reduce(0) { max($0, Self.nameWidth($1)) } : widestName
    return ContactList(
      contacts: ContactRoster(segments: contacts.segments, order: order, outsideGroups: outside),
      sections: sections, displayNames: NameColumn(names),
      index: ContactIndex(gathering: [index.entries], order: searchOrder), widestName: widest,
      groupPositions: groups.build(),
      sortOrder: sortOrder, nameOrder: nameOrder, sectionIndex: sectionIndex)
  }

  /// The groups outside the cards and the groups' positions, each old position put
  /// where `moved` says (nil: gone).
  private func groupsMoved(_ moved: (Int) -> Int?) -> (outside: [Int: [String]], groups: GroupPositions.Builder) {
    var outside: [Int: [String]] = [:]
    for (position, groups) in contacts.outsideGroups {
      if let new = moved(position) { outside[new] = groups }
    }
    var groups = GroupPositions.Builder()
    for (group, positions) in groupPositions.all {
      for position in positions {
        if let new = moved(Int(position)) { groups.add(group, Int32(new)) }
      }
    }
    return (outside, groups)
  }

  /// The position of the contact with `contact`'s identifier and source: looked for
  /// among the contacts of the same display name first (no contact decoded for the
  /// others), then among all.
  ///
  /// - Complexity: O(n) name comparisons and a decode per contact of that name.
  public func position(of contact: Contact) -> Int? {
    func same(_ position: Int) -> Bool {
      let other = contacts[position]
      return other.identifier == contact.identifier && other.source == contact.source
    }
    let name = ListSegment.displayName(of: contact, nameOrder: nameOrder)
    if let found = displayNames.indices.first(where: { displayNames[$0] == name && same($0) }) { return found }
    return contacts.indices.first(where: same)
  }

  /// The columns of a name in the name column (at most 64): ASCII names are as wide
  /// as they are long; only others need grapheme widths, as shown (an invisible
  /// character as its `⟨U+200B⟩`, `TerminalText.visible`). An empty name is shown as
  /// `ContactFormatter.noName`.
  static func nameWidth(_ name: String) -> Int {
    if name.isEmpty { return ContactFormatter.noName.utf8.count }
    if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return min(64, name.utf8.count) }
    return min(64, TerminalText.drawnWidth(name))
  }

  /// Compares two strings' UTF-8 bytes: negative, zero or positive.
  static func compareUTF8(_ a: String, _ b: String) -> Int {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in CpickSupport.compareUTF8(x, y) } }
  }
}
