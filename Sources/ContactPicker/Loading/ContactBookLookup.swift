import ContactKit

extension ContactBook {
  /// The contact whose identifier (vCard `UID`, RFC 6350 §6.7.6) is `identifier` — a
  /// UUID in any case, with or without `urn:uuid:` (`DuplicateDetector.identifierKey`):
  /// found in the stored JSON when the book came from the on-disk index (no contact
  /// decoded but the one found), else among the list's contacts; nil when none has it.
  ///
  /// - Complexity: O(n) comparisons of a few bytes per spelling of a UUID with the
  ///   index, else O(n) decodes.
  public func contact(withIdentifier identifier: String) -> Contact? {
    let key = DuplicateDetector.identifierKey(identifier)
    if let renderings {
      // The spellings a UUID is written in; the JSON holds the identifier as written.
      var spellings = [identifier]
      if let uuid = DuplicateDetector.uuid(in: identifier) {
        for bare in [uuid, uuid.uppercased()] {
          for spelling in [bare, "urn:uuid:" + bare] where spelling != identifier { spellings.append(spelling) }
        }
      }
      for spelling in spellings {
        if let position = renderings.position(ofIdentifier: spelling) { return list.contacts[position] }
      }
      return nil
    }
    return list.contacts.first { DuplicateDetector.identifierKey($0.identifier) == key }
  }
}
