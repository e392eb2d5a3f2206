import ContactKit
import Matching
import Foundation
import ContactFormats

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
    SearchFolding.fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// Phone numbers as comparable keys: a `+`, the country calling code and the
/// national number's digits (E.164, ITU-T E.164 §6), with an `x` and the extension
/// when there is one.
///
/// `0151 2345678` in region `DE` → `+491512345678`, as `+49 151 2345678`,
/// `+49 (0)151 2345678` and `0049 151 2345678`. A number that starts with `+` or the
/// region's international prefix carries its own country code; one that starts with
/// the region's trunk prefix (`0` in most countries, `1` in the NANP, `8` in Russia)
/// is national. Numbers that are neither, and regions not in the table, keep their
/// digits alone, so they match only the same digits.
public enum PhoneNumberKey {
  /// What the table knows of a country: its calling code, its trunk prefix (dialled
  /// before a national number, dropped after the country code; `nil` when the
  /// national number keeps its leading digit, as in Italy) and its international
  /// call prefix.
  public struct Region: Sendable, Hashable {
    /// The country calling code without `+` (ITU-T E.164), e.g. `49`.
    public var callingCode: String
    /// The national trunk prefix, e.g. `0`; `nil` when the national number keeps its leading digit.
    public var trunkPrefix: String?
    /// The international call prefix, e.g. `00`, `011` in North America.
    public var internationalPrefix: String

    /// Creates a row of the table.
    public init(callingCode: String, trunkPrefix: String?, internationalPrefix: String = "00") {
      self.callingCode = callingCode
      self.trunkPrefix = trunkPrefix
      self.internationalPrefix = internationalPrefix
    }
  }

  /// Common countries by ISO 3166 alpha-2 code (ITU-T E.164 assignments; trunk and
  /// international prefixes from ITU-T E.129 national numbering plans).
  public static let regions: [String: Region] = [
    "US": Region(callingCode: "1", trunkPrefix: "1", internationalPrefix: "011"),
    "CA": Region(callingCode: "1", trunkPrefix: "1", internationalPrefix: "011"),
    "GB": Region(callingCode: "44", trunkPrefix: "0"),
    "IE": Region(callingCode: "353", trunkPrefix: "0"),
    "DE": Region(callingCode: "49", trunkPrefix: "0"),
    "AT": Region(callingCode: "43", trunkPrefix: "0"),
    "CH": Region(callingCode: "41", trunkPrefix: "0"),
    "FR": Region(callingCode: "33", trunkPrefix: "0"),
    "BE": Region(callingCode: "32", trunkPrefix: "0"),
    "NL": Region(callingCode: "31", trunkPrefix: "0"),
    "LU": Region(callingCode: "352", trunkPrefix: nil),
    "IT": Region(callingCode: "39", trunkPrefix: nil),
    "ES": Region(callingCode: "34", trunkPrefix: nil),
    "PT": Region(callingCode: "351", trunkPrefix: nil),
    "GR": Region(callingCode: "30", trunkPrefix: nil),
    "DK": Region(callingCode: "45", trunkPrefix: nil),
    "NO": Region(callingCode: "47", trunkPrefix: nil),
    "SE": Region(callingCode: "46", trunkPrefix: "0"),
    "FI": Region(callingCode: "358", trunkPrefix: "0"),
    "PL": Region(callingCode: "48", trunkPrefix: nil),
    "CZ": Region(callingCode: "420", trunkPrefix: nil),
    "HU": Region(callingCode: "36", trunkPrefix: "06"),
    "RU": Region(callingCode: "7", trunkPrefix: "8", internationalPrefix: "810"),
    "UA": Region(callingCode: "380", trunkPrefix: "0"),
    "TR": Region(callingCode: "90", trunkPrefix: "0"),
    "IL": Region(callingCode: "972", trunkPrefix: "0"),
    "ZA": Region(callingCode: "27", trunkPrefix: "0"),
    "IN": Region(callingCode: "91", trunkPrefix: "0"),
    "CN": Region(callingCode: "86", trunkPrefix: "0"),
    "HK": Region(callingCode: "852", trunkPrefix: nil, internationalPrefix: "001"),
    "TW": Region(callingCode: "886", trunkPrefix: "0", internationalPrefix: "002"),
    "JP": Region(callingCode: "81", trunkPrefix: "0", internationalPrefix: "010"),
    "KR": Region(callingCode: "82", trunkPrefix: "0", internationalPrefix: "001"),
    "SG": Region(callingCode: "65", trunkPrefix: nil, internationalPrefix: "000"),
    "AU": Region(callingCode: "61", trunkPrefix: "0", internationalPrefix: "0011"),
    "NZ": Region(callingCode: "64", trunkPrefix: "0"),
    "BR": Region(callingCode: "55", trunkPrefix: "0"),
    "AR": Region(callingCode: "54", trunkPrefix: "0"),
    "MX": Region(callingCode: "52", trunkPrefix: nil),
  ]

  /// The key of `number` read in `region`, or `nil` when it has no digits.
  ///
  /// ```swift
  /// PhoneNumberKey.key(for: "0151 2345678", region: "DE")    // "+491512345678"
  /// PhoneNumberKey.key(for: "(555) 010-0142", region: "US")  // "+15550100142"
  /// PhoneNumberKey.key(for: "06 1234 5678", region: "IT")    // "+390612345678"
  /// ```
  public static func key(for number: String, region: String) -> String? {
    var text = number.trimmedOfWhitespace
    if text.lowercased().hasPrefix("tel:") { text.removeFirst(4) }
    let (base, extensionDigits) = ContactValidator.splitExtension(text)
    var national = base
    let international = national.trimmedOfWhitespace.hasPrefix("+")
    // `+49 (0)151 …`: the trunk prefix in parentheses is not dialled from abroad.
    if international { national = national.replacingOccurrences(of: "(0)", with: "") }
    let digits = String(national.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.map(Character.init))
    guard !digits.isEmpty else { return nil }
    let suffix = extensionDigits.map { $0.isEmpty ? "" : "x" + $0 } ?? ""
    if international { return "+" + digits + suffix }
    // Short numbers (emergency, service codes) are the same everywhere they are dialled.
    if digits.count < 6 { return digits + suffix }
    guard let info = regions[region.uppercased()] else {
      if digits.hasPrefix("00") { return "+" + digits.dropFirst(2) + suffix }
      return digits + suffix
    }
    if digits.hasPrefix(info.internationalPrefix) {
      return "+" + digits.dropFirst(info.internationalPrefix.count) + suffix
    }
    if info.callingCode == "1" {
      // NANP: ten digits, optionally after the trunk prefix 1.
      if digits.count == 10 { return "+1" + digits + suffix }
      if digits.count == 11 && digits.hasPrefix("1") { return "+" + digits + suffix }
      return digits + suffix
    }
    if let trunk = info.trunkPrefix {
      if digits.hasPrefix(trunk) { return "+" + info.callingCode + digits.dropFirst(trunk.count) + suffix }
      return digits + suffix
    }
    return "+" + info.callingCode + digits + suffix
  }

  /// The default region: the territory of `LC_ALL`, `LC_TELEPHONE` or `LANG`
  /// (`de_DE.UTF-8` → `DE`), else the current locale's region; `""` when none is known.
  public static func defaultRegion(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    for name in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let locale = value.split(separator: ".").first.map(String.init) ?? value
      let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
      if parts.count >= 2 {
        let territory = parts[1].prefix(while: { $0 != "@" })
        if territory.count == 2 && territory.allSatisfy(\.isLetter) { return territory.uppercased() }
      }
      break
    }
    return Locale.current.region?.identifier.uppercased() ?? ""
  }
}
