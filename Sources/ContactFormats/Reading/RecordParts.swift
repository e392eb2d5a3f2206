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

  /// Runs `read` with a body that hands `body` each part's contacts and, of all the
  /// parts' warnings (`file:line: why`), the first `limit`; the others are counted,
  /// and after the last part `body` gets one more warning, on the line of the first
  /// not listed: `unlisted(count)` (`ReadingLimits.unlistedProblems`).
  package static func listingFirst(
    _ limit: Int, of body: Body, unlisted: (Int) -> String, _ read: (Body) -> Void
  ) {
    var listed = 0
    var more = 0
    var firstMore = ""
    withoutActuallyEscaping(body) { body in
      read { contacts, warnings in
        var shown = warnings
        if listed + warnings.count > limit {
          let room = max(0, limit - listed)
          if more == 0 { firstMore = warnings[room] }
          more += warnings.count - room
          shown = Array(warnings[..<room])
        }
        listed += shown.count
        body(contacts, shown)
      }
      if more > 0 { body([], [place(of: firstMore) + unlisted(more)]) }
    }
  }

  /// The `file:line: ` that begins the warning `warning` (`file:line: why`): up to the
  /// first `:` followed by digits and `: `; empty when there is none.
  static func place(of warning: String) -> String {
    let bytes = Array(warning.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: ":") {
        var end = index + 1
        while end < bytes.count && bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
        if end > index + 1, end + 1 < bytes.count, bytes[end] == UInt8(ascii: ":"), bytes[end + 1] == 0x20 {
          return String(decoding: bytes[..<(end + 2)], as: UTF8.self)
        }
      }
      index += 1
    }
    return ""
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
