import CpickSupport

/// The text layout of a book that its editors keep when they rewrite it: a UTF-8
/// byte-order mark (a `.vcf`'s, an abook book's, a mutt alias file's), and the line
/// end of the file's lines (another program's book).
enum BookFileText {
  /// The UTF-8 byte-order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// `file` as (byte-order mark or nothing, the rest).
  static func split(_ file: [UInt8]) -> (prefix: [UInt8], body: [UInt8]) {
    file.starts(with: byteOrderMark) ? (byteOrderMark, Array(file.dropFirst(3))) : ([], file)
  }

  /// The line end the file uses (`LineEnds`): its first line's, LF for a file without
  /// one (abook and mutt write LF).
  static func lineEnd(of bytes: [UInt8]) -> String {
    String(decoding: LineEnds.first(in: bytes, or: LineEnds.lf), as: UTF8.self)
  }

  /// Whether `bytes` end their lines with CR alone (a classic Mac OS file): a CR and
  /// no LF. The abook and mutt readers split lines at LF; such a file is read, and
  /// edited, with its CRs as LFs (`swappingLineEnds`), the same length, then written
  /// back with CRs.
  static func endsLinesWithCR(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.contains(0x0D) && !bytes.contains(0x0A)
  }

  /// `bytes` with each CR an LF and each LF a CR.
  static func swappingLineEnds(_ bytes: [UInt8]) -> [UInt8] {
    bytes.map { $0 == 0x0D ? 0x0A : $0 == 0x0A ? 0x0D : $0 }
  }

  /// Whether `bytes` hold a part written with CR line ends alone: a lone CR before an
  /// entry's `dn:` or before another lone CR (a blank line) — not a stray CR inside a
  /// value (`description: one\rtwo`), which stays in it.
  static func hasCRSection(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while let found = bytes[index...].firstIndex(of: 0x0D) {
      let next = found + 1
      if next < bytes.count, bytes[next] != 0x0A {
        if bytes[next] == 0x0D, next + 1 < bytes.count, bytes[next + 1] != 0x0A { return true }
        if bytes.count >= next + 3, bytes[next...].prefix(3).map({ $0 | 0x20 }) == Array("dn:".utf8) { return true }
      }
      index = next
      if index >= bytes.count { break }
    }
    return false
  }

  /// `bytes` with each CR that no LF follows (after the CRs beside it: `CR CR LF` is one
  /// line end) as an LF — a file joined from one with CR line ends alone and one with
  /// CR LF or LF —; nil when there is no such CR (the file is read as it is).
  ///
  /// - Complexity: O(n).
  static func lineFeedsForLoneCRs(_ bytes: [UInt8]) -> [UInt8]? {
    guard let first = bytes.firstIndex(of: 0x0D), hasCRSection(bytes) else { return nil }
    var out: [UInt8]? = nil
    var index = first
    while index < bytes.count {
      guard bytes[index] == 0x0D else {
        out?.append(bytes[index])
        index += 1
        continue
      }
      var end = index
      while end < bytes.count && bytes[end] == 0x0D { end += 1 }
      if end < bytes.count && bytes[end] == 0x0A {
        out?.append(contentsOf: bytes[index..<end])
      } else {
        if out == nil { out = Array(bytes[..<index]) }
        out?.append(contentsOf: repeatElement(0x0A, count: end - index))
      }
      index = end
    }
    return out
  }
}
