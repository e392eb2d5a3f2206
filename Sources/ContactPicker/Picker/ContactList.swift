import ContactKit
import Foundation
import Matching
import TerminalKit

/// The contacts of a picker in display order, with their sections, search index and
/// the column widths of their rows. Built once after loading.
///
/// - Complexity: building is O(n log n) in the number of contacts (sort keys use an
///   ICU transform for non-ASCII names); searching is the `ContactIndex`'s.
public final class ContactList: Sendable {
  /// Contacts sorted by `sortOrder` (then by display name).
  public let contacts: [Contact]
  /// The section (`A`–`Z`, `#`) of each contact, parallel to `contacts`.
  public let sections: [String]
  /// The display name of each contact, parallel to `contacts`.
  public let displayNames: [String]
  /// The search index over `contacts`.
  public let index: ContactIndex
  /// The widest display name, in columns (for the name column).
  public let widestName: Int
  /// Every group with the positions of its members, by group name.
  public let groupMembers: [String: Set<Int>]
  /// The order the list was sorted in.
  public let sortOrder: ContactFormatter.SortOrder
  /// The order of name parts in composed names.
  public let nameOrder: ContactFormatter.NameOrder

  /// Sorts `contacts` and indexes them.
  public init(
    _ contacts: [Contact], sortOrder: ContactFormatter.SortOrder = .family,
    nameOrder: ContactFormatter.NameOrder = .auto
  ) {
    self.sortOrder = sortOrder
    self.nameOrder = nameOrder
    var sortKeys = ContactFormatter.SortKeys(order: sortOrder)
    var keys: [String] = []
    var names: [String] = []
    keys.reserveCapacity(contacts.count)
    names.reserveCapacity(contacts.count)
    for contact in contacts {
      // FN is shown as written; the name order only shapes composed names.
      let written = contact.formattedName.trimmingCharacters(in: .whitespaces)
      names.append(written.isEmpty ? ContactFormatter.string(for: contact, order: nameOrder) : written)
      keys.append(sortKeys.key(for: contact))
    }
    // Sort positions, not contacts: a contact is a large value to move around.
    let order = contacts.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a] < keys[b] }
      if names[a] != names[b] { return names[a] < names[b] }
      return a < b
    }
    self.contacts = order.map { contacts[$0] }
    self.displayNames = order.map { names[$0] }
    self.sections = order.map { ContactFormatter.section(forSortKey: keys[$0]) }
    self.index = ContactIndex(self.contacts)
    self.widestName = names.reduce(0) { widest, name in
      // ASCII names are as wide as they are long; only others need grapheme widths.
      let width = name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? name.utf8.count : TerminalText.width(name)
      return max(widest, min(64, width))
    }
    var groups: [String: Set<Int>] = [:]
    for (position, contact) in self.contacts.enumerated() {
      for group in contact.groups { groups[group, default: []].insert(position) }
    }
    self.groupMembers = groups
  }

  /// A new list with `contact` added, or put in place of the contact with the same
  /// identifier and source (after an edit).
  ///
  /// - Complexity: O(n log n): the list is sorted and indexed again.
  public func replacing(_ contact: Contact, original: Contact?) -> ContactList {
    var all = contacts
    if let original, let index = all.firstIndex(where: { $0.identifier == original.identifier && $0.source == original.source }) {
      all[index] = contact
    } else {
      all.append(contact)
    }
    return ContactList(all, sortOrder: sortOrder, nameOrder: nameOrder)
  }

  /// The position of the contact with `contact`'s identifier and source.
  public func position(of contact: Contact) -> Int? {
    contacts.firstIndex { $0.identifier == contact.identifier && $0.source == contact.source }
  }

  /// The positions of the members of `group` (compared without regard to case).
  public func members(of group: String) -> Set<Int> {
    if let exact = groupMembers[group] { return exact }
    for (name, members) in groupMembers where name.caseInsensitiveCompare(group) == .orderedSame {
      return members
    }
    return []
  }

  /// The groups with their member counts, by name.
  public var groups: [ContactGroup] {
    groupMembers.map { ContactGroup(name: $0.key, memberCount: $0.value.count) }
      .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
  }

  /// The most useful detail of a contact for its row: the first email, else the
  /// first phone, then the organization (unless the name is the organization).
  public func detail(at position: Int) -> String {
    let contact = contacts[position]
    var parts: [String] = []
    if let email = contact.emailAddresses.first(where: \.isPreferred) ?? contact.emailAddresses.first {
      parts.append(email.value)
    } else if let phone = contact.phoneNumbers.first(where: \.isPreferred) ?? contact.phoneNumbers.first {
      parts.append(phone.value)
    }
    if !contact.organizationName.isEmpty && contact.organizationName != displayNames[position] {
      parts.append(contact.organizationName)
    }
    return parts.joined(separator: " · ")
  }
}
