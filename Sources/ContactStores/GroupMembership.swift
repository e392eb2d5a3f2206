import ContactKit

/// The members of some group cards, looked up one contact at a time: which of the
/// groups name a contact by its UID (with or without `urn:uuid:`, case-insensitively)
/// or, for `mailto:` members, by one of its emails (RFC 6350 §6.6.5).
///
/// Made once for a book's group cards; a contact is then given its groups without the
/// other contacts at hand, so that a book read in parts, or kept in the index, need
/// not be held whole to be grouped.
public struct GroupMembership: Sendable {
  /// The groups' names, in the cards' order (cards without a name left out).
  private let names: [String]
  /// The groups (positions in `names`) naming each member UID (`GroupCard.memberKey`).
  private let byUID: [String: [Int]]
  /// The groups naming each member email, lower case.
  private let byEmail: [String: [Int]]

  /// The membership of `cards`.
  ///
  /// - Complexity: O(total members).
  public init(_ cards: [ContactLoad.GroupCard]) {
    var names: [String] = []
    var byUID: [String: [Int]] = [:]
    var byEmail: [String: [Int]] = [:]
    for card in cards where !card.name.isEmpty {
      let group = names.count
      names.append(card.name)
      for member in card.members {
        let lower = member.lowercased()
        if lower.hasPrefix("mailto:") {
          byEmail[String(lower.dropFirst(7)), default: []].append(group)
        } else {
          byUID[ContactLoad.GroupCard.memberKey(member), default: []].append(group)
        }
      }
    }
    self.names = names
    self.byUID = byUID
    self.byEmail = byEmail
  }

  /// Whether no group has a name (nothing to give).
  public var isEmpty: Bool { names.isEmpty }

  /// Adds to `contact`'s groups (and its record's `outsideGroups`) the groups that
  /// name it and that it is not in yet, in the cards' order; true when it gained one.
  ///
  /// - Complexity: O(its emails + the groups that name it).
  @discardableResult
  public func addGroups(to contact: inout Contact) -> Bool {
    var found = byUID[ContactLoad.GroupCard.memberKey(contact.identifier)] ?? []
    for email in contact.emailAddresses {
      if let groups = byEmail[email.value.lowercased()] { found.append(contentsOf: groups) }
    }
    guard !found.isEmpty else { return false }
    var groups = Set(contact.groups)
    var gained = false
    for group in Set(found).sorted() where groups.insert(names[group]).inserted {
      contact.groups.append(names[group])
      contact.sourceRecord?.outsideGroups.append(names[group])
      gained = true
    }
    return gained
  }
}
