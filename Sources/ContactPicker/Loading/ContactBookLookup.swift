import ContactKit

extension ContactBook {
  /// The contact whose identifier (vCard `UID`, RFC 6350 §6.7.6) is `identifier`: found
  /// in the stored JSON when the book came from the on-disk index (no contact decoded
  /// but the one found), else among the list's contacts; nil when none has it.
  ///
  /// - Complexity: O(n) comparisons of a few bytes with the index, else O(n) decodes.
  public func contact(withIdentifier identifier: String) -> Contact? {
    if let renderings {
      return renderings.position(ofIdentifier: identifier).map { list.contacts[$0] }
    }
    return list.contacts.first { $0.identifier == identifier }
  }
}
