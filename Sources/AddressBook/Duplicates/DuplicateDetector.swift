import ContactKit
import Matching
import Foundation
import ContactFormats
import CpickSupport

/// An existing contact that looks like the one about to be saved, and why.
public struct DuplicateMatch: Sendable, Hashable {
  /// Why two contacts look like the same person.
  public enum Reason: Sendable, Hashable, CustomStringConvertible {
    /// The same identifier (vCard `UID`, RFC 6350 §6.7.6): the same card, e.g. sent
    /// again or exported twice.
    case identifier(String)
    /// The same email address (compared without regard to case).
    case email(String)
    /// The same phone number (compared by digits and country code); the existing
    /// contact's number as written.
    case phone(String)
    /// The same name (compared without regard to case, accents and, for CJK names,
    /// the order of family and given name); the existing contact's display name.
    case name(String)

    /// A short phrase for the duplicates screen: `same email ada@example.org`.
    public var description: String {
      switch self {
      case .identifier(let identifier): return "same card (UID \(identifier))"
      case .email(let address): return "same email \(address)"
      case .phone(let number): return "same phone \(number)"
      case .name(let name): return "same name \(name)"
      }
    }
  }

  /// The contact already in the address book.
  public var contact: Contact
  /// Every reason found: the identifier first, then emails, phones, the name.
  public var reasons: [Reason]

  /// Creates a match.
  public init(contact: Contact, reasons: [Reason]) {
    self.contact = contact
    self.reasons = reasons
  }
}

/// Finds contacts in an address book that are probably the person about to be
/// saved: the same card (identifier), the same email address, the same phone number,
/// or the same name.
///
/// Phone numbers are compared as E.164-like keys (`PhoneNumberKey`): `0151 2345678`
/// in region `DE` and `+49 151 2345678` are the same number. Names are folded: case,
/// diacritics (`José` = `jose`), and the order of the parts (`Lovelace Ada` =
/// `Ada Lovelace`; `王小明` = family `王` + given `小明` = given `王小明`).
///
/// The detector only finds; it never merges. The new-person form shows its matches
/// and lets the user choose.
///
/// - Complexity: `duplicates(of:)` is O(n) in the number of existing contacts (their
///   keys are computed once, at `init`).
public struct DuplicateDetector: Sendable {
  /// The contacts a new one is compared with.
  public let existingContacts: [Contact]
  /// The default region for phone numbers written without a country code (ISO 3166
  /// alpha-2, e.g. `DE`).
  public let region: String

  private struct Keys: Sendable {
    var emails: [String: String]  // folded → as written
    var phones: [String: String]  // key → as written
    var names: Set<String>
  }

  private let keys: [Keys]

  /// A detector over `existingContacts`, reading phone numbers without a country code
  /// as numbers of `region`.
  public init(existingContacts: [Contact], region: String) {
    self.existingContacts = existingContacts
    self.region = region.uppercased()
    keys = existingContacts.map { Self.keys(for: $0, region: region) }
  }

  private static func keys(for contact: Contact, region: String) -> Keys {
    var emails: [String: String] = [:]
    for email in contact.emailAddresses {
      let key = emailKey(email.value)
      if !key.isEmpty && emails[key] == nil { emails[key] = email.value }
    }
    var phones: [String: String] = [:]
    for phone in contact.phoneNumbers {
      if let key = PhoneNumberKey.key(for: phone.value, region: region), phones[key] == nil {
        phones[key] = phone.value
      }
    }
    return Keys(emails: emails, phones: phones, names: nameKeys(contact))
  }

  /// The existing contacts that look like `contact`, in address-book order.
  /// `contact` itself (the same identifier and source, when editing) is left out.
  public func duplicates(of contact: Contact) -> [DuplicateMatch] {
    let mine = Self.keys(for: contact, region: region)
    var matches: [DuplicateMatch] = []
    for (index, other) in existingContacts.enumerated() {
      if !contact.identifier.isEmpty && other.identifier == contact.identifier && other.source == contact.source {
        continue
      }
      let theirs = keys[index]
      var reasons: [DuplicateMatch.Reason] = []
      if !contact.identifier.isEmpty && ContactIdentifier.key(other.identifier) == ContactIdentifier.key(contact.identifier) {
        reasons.append(.identifier(other.identifier))
      }
      for key in mine.emails.keys.sorted() {
        if let written = theirs.emails[key] { reasons.append(.email(written)) }
      }
      for key in mine.phones.keys.sorted() {
        if let written = theirs.phones[key] { reasons.append(.phone(written)) }
      }
      if !mine.names.isDisjoint(with: theirs.names) { reasons.append(.name(other.displayName)) }
      if !reasons.isEmpty { matches.append(DuplicateMatch(contact: other, reasons: reasons)) }
    }
    return matches
  }

  /// An email address folded for comparison: trimmed, lower case (the local part too,
  /// as every common mail service treats it).
  public static func emailKey(_ address: String) -> String {
    var text = address.trimmedOfWhitespace
    if text.lowercased().hasPrefix("mailto:") { text.removeFirst(7) }
    return text.lowercased()
  }

  /// The keys a contact's name is compared by; two contacts have the same name when
  /// their sets share a key. For a person without name parts (a card with `FN` and no
  /// `N`, as many exporters write), its written name (`FN`) stands for them; an
  /// organization card, or a card with neither, is keyed by its organization; empty
  /// when there is nothing to key.
  ///
  /// Keys: the name's words folded as search folds them (case, diacritics, `ł`, `ø`,
  /// `ı`, `ß`…) and sorted, with the middle name and without it (Margaret Anne
  /// Thornton is Margaret Thornton); for a CJK name also its parts run together in
  /// both orders without spaces (for a written name, as written).
  public static func nameKeys(_ contact: Contact) -> Set<String> {
    func key(_ parts: [String]) -> String {
      parts.flatMap { $0.split(whereSeparator: \.isWhitespace) }.map(String.init).sorted().joined(separator: " ")
    }
    let parts = [contact.givenName, contact.middleName, contact.familyName].map { fold($0) }.filter { !$0.isEmpty }
    if parts.isEmpty {
      let written = fold(writtenName(contact))
      if !written.isEmpty {
        var keys: Set<String> = [key([written])]
        if ContactFormatter.isCJK(written) { keys.insert("cjk:" + written.filter { !$0.isWhitespace }) }
        return keys
      }
      let organization = fold(contact.organizationName)
      return organization.isEmpty ? [] : ["org:" + organization]
    }
    var keys: Set<String> = []
    keys.insert(key(parts))
    let withoutMiddle = [contact.givenName, contact.familyName].map { fold($0) }.filter { !$0.isEmpty }
    if !contact.middleName.isEmpty && !withoutMiddle.isEmpty { keys.insert(key(withoutMiddle)) }
    let all = parts.joined()
    if ContactFormatter.isCJK(all) {
      let given = fold(contact.givenName) + fold(contact.middleName)
      let family = fold(contact.familyName)
      keys.insert("cjk:" + (family + given).filter { !$0.isWhitespace })
      keys.insert("cjk:" + (given + family).filter { !$0.isWhitespace })
    }
    return keys
  }

  /// The name a person without name parts is known by: its `FN` as written, unless
  /// it is an organization card or the `FN` is only its organization, an email
  /// address or a phone number (a card named by a value); empty otherwise.
  public static func writtenName(_ contact: Contact) -> String {
    let written = contact.formattedName.trimmedOfWhitespace
    guard contact.contactType != .organization, !written.isEmpty,
      written != contact.organizationName.trimmedOfWhitespace,
      !contact.emailAddresses.contains(where: { $0.value.trimmedOfWhitespace == written }),
      !contact.phoneNumbers.contains(where: { $0.value.trimmedOfWhitespace == written })
    else { return "" }
    return written
  }

  /// `text` folded as search folds it (`SearchFolding.fold`: case, diacritics, width,
  /// and `ł`, `ø`, `ı`, `ß`, `æ`…), trimmed, inner white space collapsed.
  static func fold(_ text: String) -> String {
    SearchFolding.fold(text).collapsingWhitespace
  }
}
