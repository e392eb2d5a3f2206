import Foundation

/// Composes display names, sort keys and index sections (CNContactFormatter,
/// ABPersonSortOrdering).
///
/// Rules for the composed name: family name first without a space when the given
/// and family names are written in Han, Kana or Hangul (王美玲, 佐藤花子, 김민준);
/// given name first otherwise (Adaeze Okonkwo); then the organization for a card
/// with no name (its first component, else the department), then nickname, first
/// email, first phone.
public enum ContactFormatter {
  /// The order of name parts in a composed name (`--name-order`).
  public enum NameOrder: String, Sendable, CaseIterable {
    /// Family first for CJK names, given first otherwise.
    case auto
    case givenFirst = "given-first"
    case familyFirst = "family-first"
  }

  /// Which name part sorts a contact (`--sort-by`, ABPersonSortOrdering).
  public enum SortOrder: String, Sendable, CaseIterable {
    case given
    case family
  }

  /// The composed name of `contact`, ignoring `FN`; falls back as described above.
  public static func string(for contact: Contact, order: NameOrder = .auto) -> String {
    let name = composedName(contact, order: order)
    if !name.isEmpty { return name }
    for candidate in [
      contact.organizationName, contact.departmentName, contact.nickname,
      contact.emailAddresses.first?.value ?? "", contact.phoneNumbers.first?.value ?? "",
    ] {
      let trimmed = candidate.trimmingWhitespace
      if !trimmed.isEmpty { return trimmed }
    }
    return ""
  }

  /// The name parts alone (prefix, given, middle, family, suffix), in the order of
  /// `order`; empty when the card has no name parts.
  public static func composedName(_ contact: Contact, order: NameOrder = .auto) -> String {
    let given = contact.givenName.trimmingWhitespace
    let family = contact.familyName.trimmingWhitespace
    let middle = contact.middleName.trimmingWhitespace
    // A title or suffix alone ("N:;;;Dr.;") is no name; the organization comes first.
    if given.isEmpty && family.isEmpty && middle.isEmpty { return "" }
    let cjk = isCJK(given + middle + family)
    let familyFirst: Bool
    switch order {
    case .auto: familyFirst = cjk
    case .givenFirst: familyFirst = false
    case .familyFirst: familyFirst = true
    }
    if cjk && familyFirst {
      return [contact.namePrefix.trimmingWhitespace, family + middle + given,
              contact.nameSuffix.trimmingWhitespace]
        .filter { !$0.isEmpty }.joined(separator: " ")
    }
    let core = familyFirst ? [family, given, middle] : [given, middle, family]
    return ([contact.namePrefix.trimmingWhitespace] + core + [contact.nameSuffix.trimmingWhitespace])
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// True when `text` has letters and every letter is Han, Kana or Hangul.
  public static func isCJK(_ text: String) -> Bool {
    var sawLetter = false
    for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
      guard isCJKScalar(scalar) else { return false }
      sawLetter = true
    }
    return sawLetter
  }

  /// True for a scalar in the Han, Hiragana, Katakana or Hangul blocks.
  public static func isCJKScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // kana, half-width katakana
      0x3005...0x3007, 0x303B,  // 々 〆 〇 〻 (佐々木)
      0x2E80...0x2FDF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,  // Han
      0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC:  // Hangul
      return true
    default:
      return false
    }
  }

  /// The key a contact sorts by: the chosen name part first, the rest after, folded to
  /// lower-case ASCII (Han by its pinyin, 王 → `wang`), so a mixed-script book sorts in
  /// one alphabet. Cards without name parts sort by their display name.
  ///
  /// - Complexity: O(n) in the name's length; an ICU transform for non-Latin names.
  ///   To key many contacts, use a `SortKeys` value, which remembers names it has seen.
  public static func sortKey(for contact: Contact, by order: SortOrder = .family) -> String {
    var keys = SortKeys(order: order)
    return keys.key(for: contact)
  }

  /// Sort keys for many contacts: remembers the folded form of every name part, so a
  /// book where thousands share a family name transliterates it once.
  public struct SortKeys {
    public let order: SortOrder
    private var cache: [String: String] = [:]

    /// Keys by `order`.
    public init(order: SortOrder) {
      self.order = order
    }

    /// The sort key of `contact` (see `ContactFormatter.sortKey(for:by:)`).
    public mutating func key(for contact: Contact) -> String {
      let parts: [String]
      switch order {
      case .family: parts = [contact.familyName, contact.givenName, contact.middleName]
      case .given: parts = [contact.givenName, contact.familyName, contact.middleName]
      }
      var nonEmpty = parts.map(\.trimmingWhitespace).filter { !$0.isEmpty }
      if nonEmpty.isEmpty { nonEmpty = [contact.displayName] }
      return nonEmpty.map { part in
        if let known = cache[part] { return known }
        let key = latinKey(part)
        cache[part] = key
        return key
      }.joined(separator: " ")
    }
  }

  /// The index section of a sort key: `A`–`Z`, or `#` for anything else.
  public static func section(forSortKey key: String) -> String {
    guard let first = key.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else {
      return "#"
    }
    if ("a"..."z").contains(first) { return String(first).uppercased() }
    if ("A"..."Z").contains(first) { return String(first) }
    return "#"
  }

  /// `text` folded to lower-case ASCII: Han as pinyin, other scripts transliterated,
  /// diacritics dropped. ASCII text is only lower-cased.
  public static func latinKey(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    // Latin letters with diacritics need no ICU transform, only folding.
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    if folded.utf8.allSatisfy({ $0 < 0x80 }) { return folded }
    let latin = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII; Lower"), reverse: false)
    return latin ?? folded
  }
}
