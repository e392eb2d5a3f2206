import Foundation
import ContactKit

/// The initials shown in the card's header (CNContactViewController's monogram):
/// given + family initials, the family name's first character for a CJK name, the
/// first letters of an organization's first two words.
public enum Monogram {
  /// One or two characters, upper-cased; `?` for a contact with no name at all.
  public static func initials(for contact: Contact) -> String {
    let given = contact.givenName.trimmingCharacters(in: .whitespaces)
    let family = contact.familyName.trimmingCharacters(in: .whitespaces)
    if ContactFormatter.isCJK(given + family), let first = family.first ?? given.first {
      return String(first)
    }
    if let g = given.first, let f = family.first { return (String(g) + String(f)).uppercased() }
    let words = contact.displayName.split(whereSeparator: { $0.isWhitespace || $0 == "@" || $0 == "." })
    let letters = words.prefix(2).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
    if ContactFormatter.isCJK(contact.displayName), let first = contact.displayName.first { return String(first) }
    return letters.isEmpty ? "?" : String(letters).uppercased()
  }
}
