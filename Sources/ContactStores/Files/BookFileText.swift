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

  /// The line end the file uses: CRLF when its first line ends so, else LF (abook and
  /// mutt write LF).
  static func lineEnd(of bytes: [UInt8]) -> String {
    guard let lf = bytes.firstIndex(of: 0x0A), lf > 0, bytes[lf - 1] == 0x0D else { return "\n" }
    return "\r\n"
  }
}
