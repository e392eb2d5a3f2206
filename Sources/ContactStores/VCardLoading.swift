import ContactKit
import VCard

/// Turns the bytes of one vCard (or several-card) file into contacts: group cards
/// become group memberships, damaged lines and cards become `file:line: what` warnings.
enum VCardLoading {
  static func contacts(fromBytes bytes: [UInt8], source: String) -> ContactLoad {
    let parsed = VCardReader.read(bytes)
    var load = ContactLoad()
    load.warnings = parsed.warnings.map { "\(source):\($0.line): \($0.message)" }
    var groupCards: [(name: String, memberUIDs: [String])] = []
    for card in parsed.cards {
      if ContactDecoder.isGroupCard(card) {
        groupCards.append(ContactDecoder.group(from: card))
        continue
      }
      let contact = ContactDecoder.contact(from: card, source: source)
      if isEmpty(contact) {
        load.warnings.append("\(source):\(card.beginLine): card has no name, organization, email or phone; skipped")
        continue
      }
      load.contacts.append(contact)
    }
    applyGroups(groupCards, to: &load.contacts)
    return load
  }

  /// Adds each group card's name to its members' `groups`.
  static func applyGroups(_ groups: [(name: String, memberUIDs: [String])], to contacts: inout [Contact]) {
    guard !groups.isEmpty else { return }
    var byUID: [String: [Int]] = [:]
    for (index, contact) in contacts.enumerated() { byUID[contact.identifier, default: []].append(index) }
    for group in groups where !group.name.isEmpty {
      for uid in group.memberUIDs {
        for index in byUID[uid] ?? [] where !contacts[index].groups.contains(group.name) {
          contacts[index].groups.append(group.name)
        }
      }
    }
  }

  private static func isEmpty(_ contact: Contact) -> Bool {
    contact.displayName.isEmpty && contact.postalAddresses.isEmpty && contact.urlAddresses.isEmpty
      && contact.note.isEmpty
  }
}
