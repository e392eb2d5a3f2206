import ContactKit
import Foundation

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
    /// Each value, in words.
    package var values: [String]

    /// One sentence for a save's error message.
    package var message: String {
      values == ["an email address"]
        ? "a mutt alias needs an email address; add one or save the contact to a vCard book (--save-to FILE.vcf)"
        : "a mutt alias holds a name and one email address, not \(values.joined(separator: ", ")); remove "
          + (values.count == 1 ? "it" : "them") + " or save the contact to a vCard book (--save-to FILE.vcf)"
    }
  }

  /// The alias line of `contact` (without a line end) and its key.
  ///
  /// - Parameter taken: the keys the file defines already.
  /// - Throws: `Unfit` when the contact holds more than an alias can.
  package static func line(for contact: Contact, taken: Set<String>) throws(Unfit) -> (line: String, key: String) {
    guard let email = contact.emailAddresses.first?.value.trimmingCharacters(in: .whitespaces), !email.isEmpty else {
      throw Unfit(values: ["an email address"])
    }
    var unfit = contact.emailAddresses.dropFirst().map { "a second email address (\($0.value))" }
    unfit += contact.phoneNumbers.map { "the phone number \($0.value)" }
    if !contact.postalAddresses.isEmpty { unfit.append("the postal address") }
    unfit += contact.urlAddresses.map { "the web address \($0.value)" }
    for (what, value) in [
      ("the organization", contact.organizationName), ("the job title", contact.jobTitle),
      ("the department", contact.departmentName),
    ] where !value.isEmpty {
      unfit.append("\(what) (\(value))")
    }
    if contact.birthday != nil || !contact.dates.isEmpty { unfit.append("the dates") }
    if contact.hasImage || contact.imageData != nil { unfit.append("the photo") }
    if !contact.instantMessageAddresses.isEmpty || !contact.socialProfiles.isEmpty || !contact.contactRelations.isEmpty {
      unfit.append("the messaging, social or related names")
    }
    unfit += contact.groups.filter { $0.contains(where: \.isWhitespace) }.map { "the group \"\($0)\" (more than a word)" }
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
