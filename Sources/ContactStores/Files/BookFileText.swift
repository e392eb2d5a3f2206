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
}
