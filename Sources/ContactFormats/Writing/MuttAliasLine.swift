import ContactKit
import Foundation
import Localization

/// A new contact as one mutt alias line, the inverse of `MuttAliasReader`:
/// `alias [-group GROUP]... KEY Name <address>[ # note]` (muttrc(5), "Defining/Using
/// aliases"; the comment is NeoMutt's alias comment).
///
/// The key is made as mutt users make theirs: the nickname, else the lower-case given
/// name (else the first word of the name, else the address's local part), accents
/// taken off and only `a-z 0-9 . _ - +` kept; `2`, `3`, … appended while the file
/// has it. The name and address are an RFC 5322 mailbox (`Mailbox.string`: a name
/// with specials quoted, `"Lovelace, Ada" <ada@example.org>`), UTF-8 as mutt reads
/// it; then `\`, `#`, `` ` `` and `$` are escaped with a backslash, which mutt's
/// muttrc parser would otherwise take for an escape, a comment, a command or a
/// variable.
///
/// An alias holds a name, one address, the key, one-word groups and a comment: a
/// contact with more (a second address, a phone, a postal address, …) throws `Unfit`
/// rather than losing it — the save is refused with that message.
package enum MuttAliasLine {
  /// What a contact holds that an alias line cannot.
  package struct Unfit: Error, Sendable, Hashable {
    /// Each value, in words in the language in use (empty when the contact has no
    /// email address: `needsAddress`).
    package var values: [String]
    /// Whether the contact has no email address, which an alias needs.
    package var needsAddress = false

    /// One sentence for a save's error message, in the language in use.
    package var message: String {
      if needsAddress {
        return L10n.text(
          "a mutt alias needs an email address; add one or save the contact to a vCard book (--save-to FILE.vcf)")
      }
      return values.count == 1
        ? L10n.format(
          "a mutt alias holds a name and one email address, not %s; remove it or save the contact to a vCard book "
            + "(--save-to FILE.vcf)", values[0])
        : L10n.format(
          "a mutt alias holds a name and one email address, not %s; remove them or save the contact to a vCard book "
            + "(--save-to FILE.vcf)", L10n.list(values))
    }
  }

  /// The alias line of `contact` (without a line end) and its key.
  ///
  /// - Parameter taken: the keys the file defines already.
  /// - Throws: `Unfit` when the contact holds more than an alias can.
  package static func line(for contact: Contact, taken: Set<String>) throws(Unfit) -> (line: String, key: String) {
    guard let email = contact.emailAddresses.first?.value.trimmingCharacters(in: .whitespaces), !email.isEmpty else {
      throw Unfit(values: [], needsAddress: true)
    }
    var unfit = contact.emailAddresses.dropFirst().map { L10n.format("a second email address (%s)", $0.value) }
    unfit += contact.phoneNumbers.map { L10n.format("the phone number %s", $0.value) }
    if !contact.postalAddresses.isEmpty { unfit.append(L10n.text("the postal address")) }
    unfit += contact.urlAddresses.map { L10n.format("the web address %s", $0.value) }
    if !contact.organizationName.isEmpty { unfit.append(L10n.format("the organization (%s)", contact.organizationName)) }
    if !contact.jobTitle.isEmpty { unfit.append(L10n.format("the job title (%s)", contact.jobTitle)) }
    if !contact.departmentName.isEmpty { unfit.append(L10n.format("the department (%s)", contact.departmentName)) }
    if contact.birthday != nil || !contact.dates.isEmpty { unfit.append(L10n.text("the dates")) }
    if contact.hasImage || contact.imageData != nil { unfit.append(L10n.text("the photo")) }
    if !contact.instantMessageAddresses.isEmpty || !contact.socialProfiles.isEmpty || !contact.contactRelations.isEmpty {
      unfit.append(L10n.text("the messaging, social or related names"))
    }
    unfit += contact.groups.filter { $0.contains(where: \.isWhitespace) }.map {
      L10n.format("the group \"%s\" (more than a word)", $0)
    }
    guard unfit.isEmpty else { throw Unfit(values: unfit) }

    let key = self.key(for: contact, address: email, taken: taken)
    let name = contact.formattedName.isEmpty ? ContactFormatter.string(for: contact, order: .auto) : contact.formattedName
    var line = "alias"
    for group in contact.groups where !group.isEmpty { line += " -group \(group)" }
    line += " \(key) " + escaped(Mailbox.string(name: name, address: email))
    let note = contact.note.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    if !note.isEmpty { line += " # " + note }
    return (line, key)
  }

  /// A key for `contact` that `taken` does not hold (see the type's summary).
  static func key(for contact: Contact, address: String, taken: Set<String>) -> String {
    let words = [
      contact.nickname, contact.givenName,
      contact.displayName.split(separator: " ").first.map(String.init) ?? "",
      String(address.split(separator: "@").first ?? ""),
    ]
    let base = words.lazy.map(folded).first { !$0.isEmpty } ?? "alias"
    guard taken.contains(base) else { return base }
    var number = 2
    while taken.contains("\(base)\(number)") { number += 1 }
    return "\(base)\(number)"
  }

  /// `word` lower case, accents off, only `a-z 0-9 . _ - +` kept.
  private static func folded(_ word: String) -> String {
    let plain = word.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
      .lowercased()
    return String(plain.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-+".unicodeScalars.contains($0) })
  }

  /// `text` with mutt's own escapes: `\`, `#`, `` ` `` and `$` after a backslash.
  private static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\#`$".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
