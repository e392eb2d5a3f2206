import Foundation

/// The first bytes waiting on standard input, looked at without taking them: a script
/// reading the same input after cpick (`while read …; do cpick …; done < names.txt`)
/// still gets every byte. A regular file is read at its offset with `pread(2)`; a pipe
/// is copied with `tee(2)` (Linux: it duplicates what the pipe holds into another pipe,
/// the original left unread) — found with `dlsym`, as the Glibc module does not export
/// it. Nothing (nil) for a terminal, an empty input or a pipe nothing was written to
/// yet.
enum StandardInputPeek {
  /// Up to `count` bytes waiting on standard input (of `status`), or nil.
  static func firstBytes(_ count: Int, status: stat) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    let read: Int
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      let offset = lseek(STDIN_FILENO, 0, SEEK_CUR)
      guard offset >= 0 else { return nil }
      read = bytes.withUnsafeMutableBytes { pread(STDIN_FILENO, $0.baseAddress, count, offset) }
    case S_IFIFO:
      read = peekPipe(into: &bytes)
    default:
      return nil
    }
    guard read > 0 else { return nil }
    return Array(bytes[..<read])
  }

  /// `tee(2)`'s C signature.
  private typealias Tee = @convention(c) (Int32, Int32, Int, UInt32) -> Int
  /// `SPLICE_F_NONBLOCK` (`<fcntl.h>`, with `_GNU_SOURCE`): do not wait for the pipe.
  private static let spliceNonBlocking: UInt32 = 2

  /// Copies what the standard-input pipe holds (up to `bytes.count`) into `bytes`
  /// without taking it; the count, 0 when nothing is there, -1 on failure.
  private static func peekPipe(into bytes: inout [UInt8]) -> Int {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tee") else { return -1 }
    let tee = unsafeBitCast(symbol, to: Tee.self)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return -1 }
    defer {
      close(ends[0])
      close(ends[1])
    }
    let copied = tee(STDIN_FILENO, ends[1], bytes.count, Self.spliceNonBlocking)
    guard copied > 0 else { return copied }
    return bytes.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, copied) }
  }
}
