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

  /// `bytes` cut into parts one after the other, `end(start)` saying where the part
  /// that starts at `start` ends (after `start`; `bytes.count` for the last): each
  /// part's range and the number of lines (line feeds) before it.
  package static func cut(_ bytes: [UInt8], end: (_ start: Int) -> Int) -> [(range: Range<Int>, linesBefore: Int)] {
    var parts: [(range: Range<Int>, linesBefore: Int)] = []
    var start = 0
    var linesBefore = 0
    repeat {
      let partEnd = end(start)
      parts.append((start..<partEnd, linesBefore))
      linesBefore += bytes[start..<partEnd].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
      start = partEnd
    } while start < bytes.count
    return parts
  }
}
