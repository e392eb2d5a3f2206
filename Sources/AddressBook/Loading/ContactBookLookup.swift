import ContactKit

extension ContactBook {
  /// The contact whose identifier (vCard `UID`, RFC 6350 §6.7.6) is `identifier` — a
  /// UUID in any case, with or without `urn:uuid:` (`ContactIdentifier.key`):
  /// found in the stored JSON when the book came from the on-disk index (no contact
  /// decoded but the one found), else among the list's contacts; nil when none has it.
  ///
  /// - Complexity: O(n) comparisons of a few bytes per spelling of a UUID with the
  ///   index, else O(n) decodes.
  public func contact(withIdentifier identifier: String) -> Contact? {
    contacts(withIdentifier: identifier, limit: 1).first
  }

  /// Every contact whose identifier is `identifier` (as `contact(withIdentifier:)`
  /// matches it), in list order: more than one when books hold the same card (a
  /// phone's vdir and a backup, case 10 of the shared cases), at most `limit`.
  ///
  /// - Complexity: as `contact(withIdentifier:)`, over all the contacts.
  public func contacts(withIdentifier identifier: String, limit: Int = .max) -> [Contact] {
    let key = ContactIdentifier.key(identifier)
    if let renderings {
      // The JSON holds the identifier as written.
      let spellings = ContactIdentifier.spellings(of: identifier)
      var positions: [Int] = []
      for spelling in spellings where positions.count < limit {
        positions += renderings.positions(ofIdentifier: spelling, limit: limit - positions.count)
      }
      return list.contacts.contacts(at: positions.sorted())
    }
    var found: [Contact] = []
    for contact in list.contacts where ContactIdentifier.key(contact.identifier) == key {
      found.append(contact)
      if found.count == limit { break }
    }
    return found
  }
}
