/// The line ends of a text file, which an editor of it keeps: the bytes that end its
/// first line — CR LF, LF, or CR alone (a classic Mac OS export) — or a default
/// when it has no line end yet.
package enum LineEnds {
  package static let crlf: [UInt8] = [0x0D, 0x0A]
  package static let lf: [UInt8] = [0x0A]
  package static let cr: [UInt8] = [0x0D]

  /// iOS 6's line end (every line of its exports ends so).
  package static let crcrlf: [UInt8] = [0x0D, 0x0D, 0x0A]

  /// The line end of the first line of `bytes` (LF, CR LF, CR CR LF or CR), or
  /// `fallback` when none ends.
  ///
  /// - Complexity: O(n) up to the first CR or LF.
  package static func first(in bytes: some Collection<UInt8>, or fallback: [UInt8]) -> [UInt8] {
    guard let end = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return fallback }
    if bytes[end] == 0x0A { return lf }
    let next = bytes.index(after: end)
    guard next < bytes.endIndex else { return cr }
    if bytes[next] == 0x0A { return crlf }
    let third = bytes.index(after: next)
    return bytes[next] == 0x0D && third < bytes.endIndex && bytes[third] == 0x0A ? crcrlf : cr
  }

  /// `bytes`, written with CR LF line ends, with `lineEnd` instead of each CR LF.
  package static func converting(_ bytes: [UInt8], fromCRLFTo lineEnd: [UInt8]) -> [UInt8] {
    guard lineEnd != crlf else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
        out += lineEnd
        index += 2
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// The line end of the cards cpick writes into a file whose lines end in `lineEnd`
  /// (`first(in:or:)`): CR LF, vCard's (RFC 6350 §3.2), for a file of LF line ends
  /// (a Unix tool's, a hand-edited vdir), whose readers take both; the file's own for
  /// CR alone (old Macs) and CR CR LF (iOS 6), which a CR LF among them would break
  /// for the readers that read them.
  package static func written(in lineEnd: [UInt8]) -> [UInt8] {
    lineEnd == lf ? crlf : lineEnd
  }

  /// A card's bytes, read in a file whose lines end in `lineEnd`, as cpick writes the
  /// card there (`written(in:)`): in a file of LF line ends every LF a CR LF, else as
  /// they are (a CR LF file's stray bare LF — in a photo's base64 lines, as some
  /// exporters write them — is an unchanged line's byte, kept).
  package static func writing(_ card: [UInt8], readIn lineEnd: [UInt8]) -> [UInt8] {
    written(in: lineEnd) == lineEnd ? card : crlf(fromLF: card)
  }

  /// `bytes` with every line end — CR LF, CR CR LF (iOS 6), LF or CR alone — CR LF: a
  /// card brought with its own bytes, before it takes a file's line ends.
  package static func normalizedToCRLF(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 16)
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case 0x0D:
        var end = index + 1
        while end < bytes.count && bytes[end] == 0x0D { end += 1 }
        // CR LF and CR CR LF are one line end; CRs before anything else, one each.
        if end < bytes.count && bytes[end] == 0x0A && end - index <= 2 {
          index = end + 1
        } else {
          index += 1
        }
        out += crlf
      case 0x0A:
        out += crlf
        index += 1
      default:
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// `bytes` with CR LF for each LF that no CR comes before.
  package static func crlf(fromLF bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 16)
    for index in bytes.indices {
      if bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) { out.append(0x0D) }
      out.append(bytes[index])
    }
    return out
  }
}
