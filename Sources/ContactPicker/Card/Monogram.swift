import ContactKit
import CpickSupport
import Foundation

/// The initials shown in the card's header (CNContactViewController's monogram):
/// given + family initials, the family name's first character for a CJK name, the
/// first letters of an organization's first two words (a card marked an
/// organization's: its name's, not its contact person's). Invisible characters that do
/// no job (`InvisibleCharacters`) are no part of an initial.
public enum Monogram {
  /// One or two characters, upper-cased; `?` for a contact with no name at all.
  public static func initials(for contact: Contact) -> String {
    if contact.contactType != .organization {
      let given = visible(contact.givenName)
      let family = visible(contact.familyName)
      if ContactFormatter.isCJK(given + family), let first = family.first ?? given.first {
        return String(first)
      }
      if let g = Self.initialLetter(of: given), let f = Self.initialLetter(ofFamilyName: family) {
        return (String(g) + String(f)).uppercased()
      }
    }
    let name = visible(contact.displayName)
    let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "@" || $0 == "." })
    let letters = words.prefix(2).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
    if ContactFormatter.isCJK(name), let first = name.first { return String(first) }
    return letters.isEmpty ? "?" : String(letters).uppercased()
  }

  /// The family name's first letter, after Arabic's definite article (`الخطيب`: `خ`, as
  /// the name is indexed by the word after it; `al-Khatib` is left as written).
  private static func initialLetter(ofFamilyName family: String) -> Character? {
    if family.hasPrefix("\u{0627}\u{0644}"), family.count > 3 { return family.dropFirst(2).first }
    return initialLetter(of: family)
  }

  /// A name's first letter: for Thai and Lao, its first consonant, without the vowel
  /// and tone marks above or below it — a vowel written before the consonant it
  /// follows in speech (เ แ โ ใ ไ, ເ ແ ໂ ໃ ໄ) is not an initial (`เกียรติ`: ก).
  private static func initialLetter(of name: String) -> Character? {
    func isThaiOrLao(_ scalar: Unicode.Scalar) -> Bool { (0x0E00...0x0EFF).contains(scalar.value) }
    func isLeadingVowel(_ scalar: Unicode.Scalar) -> Bool {
      (0x0E40...0x0E44).contains(scalar.value) || (0x0EC0...0x0EC4).contains(scalar.value)
    }
    guard let first = name.first?.unicodeScalars.first, isThaiOrLao(first) else { return name.first }
    let consonant = name.unicodeScalars.first { !isLeadingVowel($0) && isThaiOrLao($0) } ?? first
    return Character(consonant)
  }

  /// `text` without the invisible characters that do no job there, trimmed.
  private static func visible(_ text: String) -> String {
    InvisibleCharacters.removingHidden(text).trimmingCharacters(in: .whitespaces)
  }
}
