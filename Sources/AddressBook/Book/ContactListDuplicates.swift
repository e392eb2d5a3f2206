import ContactKit
import Matching
import CpickSupport

extension ContactList {
  /// The contacts of this list that may be duplicates of `contact` under
  /// `DuplicateDetector`'s rules, found with the search index instead of reading
  /// every contact: those holding one of its email addresses, the last seven digits of
  /// one of its phone numbers (of its `PhoneNumberKey`), or every word of its given and
  /// family names (for a card without name parts, of its written name, else of its
  /// organization; the middle name left out, as the detector compares names also
  /// without it). A card named only in `FN` is found by the words of the name, which
  /// the index holds.
  ///
  /// Every contact the detector would report over the whole list is among them (the
  /// index folds text as the detector does, and more); give them to a
  /// `DuplicateDetector` to keep the real duplicates.
  ///
  /// - Parameters:
  ///   - contact: the contact about to be saved.
  ///   - region: the default region for phone numbers without a country code (ISO 3166
  ///     alpha-2).
  /// - Returns: the candidates in list order, each once.
  /// - Complexity: a search of the index per email address and phone number and one for
  ///   the name (a few ms each for 100,000 contacts), and a decode per candidate.
  public func duplicateCandidates(of contact: Contact, region: String) -> [Contact] {
    // Substrings, operators and field names as plain text: an address is searched as
    // it is written.
    let options = SearchOptions(exact: true, literal: true)
    var queries: [String] = []
    for email in contact.emailAddresses {
      let key = DuplicateDetector.emailKey(email.value)
      if !key.isEmpty { queries.append(key) }
    }
    for phone in contact.phoneNumbers {
      guard let key = PhoneNumberKey.key(for: phone.value, region: region) else { continue }
      let digits = key.prefix { $0 != "x" }.filter(\.isNumber)
      if !digits.isEmpty { queries.append(String(digits.suffix(7))) }
    }
    let nameParts = [contact.givenName, contact.familyName].filter { !$0.isEmpty }
    let written = DuplicateDetector.writtenName(contact)
    let name =
      !nameParts.isEmpty ? nameParts.joined(separator: " ") : !written.isEmpty ? written : contact.organizationName
    if !name.trimmedOfWhitespace.isEmpty { queries.append(name) }
    var found = Set<Int>()
    for query in queries {
      for match in index.search(query, options: options) { found.insert(match.index) }
    }
    return contacts.contacts(at: found.sorted())
  }
}
