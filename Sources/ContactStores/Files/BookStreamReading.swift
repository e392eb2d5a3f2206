import ContactFormats
import Glibc

extension FileDescriptor {
  /// Reads a book from a stream that has no size — standard input, a pipe, a
  /// character device (`-s /dev/zero`) — to its end, as `readAll()` does, but not for
  /// ever:
  ///
  /// - it stops once the first bytes (up to `binaryProbeBytes`) are binary
  ///   (`isBinary`: `/dev/zero`, `/dev/urandom`), and what was read says so
  ///   (`ForeignFormat`: "a binary file"), however much more the stream would give;
  /// - it throws `EFBIG` once it has read more than `limit` bytes
  ///   (`ReadingLimits.streamBytes`): an endless or enormous stream, not a book
  ///   (`FileErrors.reason` says so).
  ///
  /// - Parameters:
  ///   - bytes: what was read before (a file's first `fstat` size), kept in front.
  ///   - limit: the most bytes this call reads after `bytes`.
  /// - Throws: `SystemError` of `read`, or `EFBIG` over `limit`.
  /// - Complexity: O(*n*) in the bytes read; memory O(min(*n*, `limit`)).
  func readBookStream(after bytes: [UInt8] = [], limit: Int = ReadingLimits.standard.streamBytes)
    throws(SystemError) -> [UInt8]
  {
    var bytes = bytes
    let limit = bytes.count + limit
    var probed = false
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if !probed, bytes.count >= Self.binaryProbeBytes {
        probed = true
        if Self.isBinary(bytes[..<Self.binaryProbeBytes]) { return bytes }
      }
      let count = chunk.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, $0.count) }
      if count > 0 {
        guard bytes.count + count <= limit else { throw SystemError(function: "read", path: path, errno: EFBIG) }
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return bytes
      } else {
        let code = Glibc.errno
        if code != EINTR { throw SystemError(function: "read", path: path, errno: code) }
      }
    }
  }

  /// How many first bytes of a stream `readBookStream` looks at for NUL bytes (as
  /// many as `ForeignFormat` does).
  static let binaryProbeBytes = 4096

  /// NUL bytes in a row that make a stream binary: more than UTF-16 (two: `A` then
  /// U+4E00 一 in UTF-16LE is `41 00 00 4E`) or UTF-32 text (three) ever has.
  static let binaryNULRun = 8

  /// Whether the first bytes of a stream are binary: `binaryNULRun` NUL bytes in a
  /// row (no text cpick reads has that: UTF-16 text at most two in a row), or any NUL
  /// in bytes that neither begin as UTF-16 text (`LineReader.normalizedUTF8`'s
  /// reading: a byte-order mark, or an ASCII character and a NUL) nor hold a
  /// `BEGIN:VCARD` (a card stream with one stray NUL is read whole).
  static func isBinary(_ bytes: ArraySlice<UInt8>) -> Bool {
    if holdsNULRun(bytes) { return true }
    guard bytes.contains(0) else { return false }
    let head = Array(bytes.prefix(4))
    let utf16 =
      head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
      || (head.count == 4 && ((head[0] != 0 && head[0] < 0x80 && head[1] == 0) || (head[0] == 0 && head[1] != 0 && head[1] < 0x80)))
    if utf16 { return false }
    let begin = Array("begin:vcard".utf8)
    let lowered = bytes.map { $0 &- 65 < 26 ? $0 + 32 : $0 }
    return !lowered.indices.contains { start in
      lowered[start] == begin[0] && lowered[start...].starts(with: begin)
    }
  }

  /// Whether `bytes` hold `binaryNULRun` NUL bytes in a row.
  static func holdsNULRun(_ bytes: ArraySlice<UInt8>) -> Bool {
    var run = 0
    for byte in bytes {
      run = byte == 0 ? run + 1 : 0
      if run >= binaryNULRun { return true }
    }
    return false
  }
}
