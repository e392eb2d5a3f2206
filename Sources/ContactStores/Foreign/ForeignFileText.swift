/// The text layout of another program's book (an abook book, a mutt alias file) that
/// its editors keep: a UTF-8 byte-order mark, and the line end of the file's lines.
enum ForeignFileText {
  /// `file` as (byte-order mark or nothing, the rest).
  static func split(_ file: [UInt8]) -> (prefix: [UInt8], body: [UInt8]) {
    let body = ReadOnlyFormat.withoutByteOrderMark(file)
    return (Array(file.prefix(file.count - body.count)), body)
  }

  /// The line end the file uses: CRLF when its first line ends so, else LF (abook and
  /// mutt write LF).
  static func lineEnd(of bytes: [UInt8]) -> String {
    guard let lf = bytes.firstIndex(of: 0x0A), lf > 0, bytes[lf - 1] == 0x0D else { return "\n" }
    return "\r\n"
  }
}
