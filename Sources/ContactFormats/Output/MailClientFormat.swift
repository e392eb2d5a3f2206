import ContactKit
import CpickSupport
import Foundation

/// The address-book protocols of mail clients, exactly as they read them.
public enum MailClientFormat {
  /// mutt/neomutt `query_command`: a first line that is a message (no TAB), then one
  /// line per email address, best match first: `address<TAB>name<TAB>comment`. No
  /// field is empty (neomutt before 2024 collapses empty fields): the name falls back
  /// to the address, the comment carries the label and `tags:group1,group2`, or `-`.
  /// With no address the list has only the message line. Names are in `order`
  /// (`--name-order`), as every other output gives them.
  public static func mutt(_ contacts: [Contact], query: String, order: ContactFormatter.NameOrder = .auto) -> [String] {
    let lines = muttEntries(contacts, order: order, query: query)
    let quoted = field(query)
    let header: String
    switch lines.count {
    case 0: header = "cpick: no match for \"\(quoted)\""
    case 1: header = "cpick: 1 match for \"\(quoted)\""
    default: header = "cpick: \(lines.count) matches for \"\(quoted)\""
    }
    return [header] + lines
  }

  /// The lines of `mutt(_:query:)` after its message line, one per email address of
  /// each contact (`isFirst(_:in:)`; `cpick list -f mutt`: a list is no query, so it
  /// has no message line); a contact's addresses the query names first
  /// (`matchedFirst(_:query:)`).
  public static func muttEntries(
    _ contacts: [Contact], order: ContactFormatter.NameOrder = .auto, query: String = ""
  ) -> [String] {
    var lines: [String] = []
    for contact in contacts {
      var seen = Set<String>()
      for email in matchedFirst(contact.properties(for: .emailAddresses), query: query) {
        let name = field(Mailbox.realName(of: contact, address: email.value.singleLine, order: order))
        var comment: [String] = []
        // A label or organization of nothing but invisible characters leaves no word.
        if let label = email.label.map(field), !label.isEmpty { comment.append(label) }
        if !contact.organizationName.isEmpty && contact.organizationName != contact.displayName {
          let organization = field(contact.organizationName)
          if !organization.isEmpty { comment.append(organization) }
        }
        if !contact.groups.isEmpty { comment.append("tags:" + contact.groups.map(field).joined(separator: ",")) }
        let note = comment.isEmpty ? "-" : comment.joined(separator: " ")
        for address in Mailbox.addresses(inEmailValue: email.value.singleLine).map(field)
        where !address.isEmpty && isFirst(address, in: &seen) {
          lines.append([address, name.isEmpty ? address : name, note].joined(separator: "\t"))
        }
      }
    }
    return lines
  }

  /// aerc `address-book-cmd`: no header, `address<TAB>name` per email address of each
  /// contact (`isFirst(_:in:)`), best match first, at most `limit` lines (aerc reads
  /// 100); the name is empty when the card has none (never a placeholder); names in
  /// `order`; a contact's addresses the query names first (`matchedFirst(_:query:)`).
  public static func aerc(
    _ contacts: [Contact], limit: Int = 100, order: ContactFormatter.NameOrder = .auto, query: String = ""
  ) -> [String] {
    var lines: [String] = []
    for contact in contacts {
      var seen = Set<String>()
      for email in matchedFirst(contact.properties(for: .emailAddresses), query: query) {
        let name = field(Mailbox.realName(of: contact, address: email.value.singleLine, order: order))
        for address in Mailbox.addresses(inEmailValue: email.value.singleLine).map(field)
        where !address.isEmpty && isFirst(address, in: &seen) {
          lines.append(address + "\t" + name)
          if lines.count == limit { return lines }
        }
      }
    }
    return lines
  }

  /// A contact's addresses in their order, those the query names before the others
  /// when it is an address (holds `@`): the address typed in full first, then those it
  /// begins, then those it is part of (without regard to case) — a person's private address typed in full is the first
  /// completion, not the work address listed before it (aerc's Tab and mutt's Enter
  /// take the first line).
  static func matchedFirst(_ emails: [ContactProperty], query: String) -> [ContactProperty] {
    let typed = query.trimmingSpaces.lowercased()
    // An address typed (a name typed keeps the card's order).
    guard typed.contains("@"), emails.count > 1 else { return emails }
    func rank(_ email: ContactProperty) -> Int {
      let addresses = Mailbox.addresses(inEmailValue: email.value.singleLine).map { $0.lowercased() }
      if addresses.contains(typed) { return 0 }
      if addresses.contains(where: { $0.hasPrefix(typed) }) { return 1 }
      return addresses.contains(where: { $0.contains(typed) }) ? 2 : 3
    }
    // Each address ranked once, not at each comparison of the sort.
    let ranks = emails.map(rank)
    return emails.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { emails[$0] }
  }

  /// True the first time a contact's `address` is met (`seen`: those met before),
  /// compared without regard to case: a card that lists one address twice — as home
  /// and other, as Google exports it, or in capitals — completes to it once; the
  /// first one's label is kept.
  static func isFirst(_ address: String, in seen: inout Set<String>) -> Bool {
    seen.insert(address.lowercased()).inserted
  }

  /// A field with TABs, line breaks and every control replaced, invisible characters
  /// that do no job removed (`InvisibleCharacters.removingHidden`), trimmed.
  static func field(_ text: String) -> String {
    InvisibleCharacters.removingHidden(PlainText.line(text)).trimmingSpaces
  }
}
