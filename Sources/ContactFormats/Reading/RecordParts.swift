import ContactKit

/// The reading of another program's book part by part (`AbookReader`,
/// `ReadOnlyFormat.readLDIF`): each part's contacts and its `file:line: why` warnings,
/// given to a body in file order.
package enum RecordParts {
  /// What a reader gives to its body, part by part.
  package typealias Body = (_ contacts: [Contact], _ warnings: [String]) -> Void

  /// Every part that `read` gives its body, joined in order: the book read whole.
  package static func gathered(_ read: (Body) -> Void) -> (contacts: [Contact], warnings: [String]) {
    var contacts: [Contact] = []
    var warnings: [String] = []
    read { part, partWarnings in
      contacts += part
      warnings += partWarnings
    }
    return (contacts, warnings)
  }
}
