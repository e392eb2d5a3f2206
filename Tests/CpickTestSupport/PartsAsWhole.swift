import ContactKit
import Testing

/// A book read part by part against the same book read whole: the readers of other
/// programs' books (abook, LDIF) give a body each part's contacts and warnings.
public enum PartsAsWhole {
  /// Expects that the parts `read` gives its body (in parts of `partSize` bytes) join
  /// into `whole` — the same contacts, their source records' lines included, and the
  /// same warnings in the same order — and that there were several parts when
  /// `severalParts`.
  public static func expect(
    _ whole: (contacts: [Contact], warnings: [String]), severalParts: Bool,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ read: ((_ contacts: [Contact], _ warnings: [String]) -> Void) -> Void
  ) {
    var contacts: [Contact] = []
    var warnings: [String] = []
    var parts = 0
    read { part, partWarnings in
      contacts += part
      warnings += partWarnings
      parts += 1
    }
    #expect(contacts == whole.contacts, sourceLocation: sourceLocation)
    #expect(
      contacts.map { $0.sourceRecord?.firstLine } == whole.contacts.map { $0.sourceRecord?.firstLine },
      sourceLocation: sourceLocation)
    #expect(warnings == whole.warnings, sourceLocation: sourceLocation)
    #expect(parts > 1 || !severalParts, "read in one part", sourceLocation: sourceLocation)
  }
}
