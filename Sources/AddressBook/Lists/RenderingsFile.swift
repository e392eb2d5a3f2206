import Glibc

/// An unnamed temp file (`O_TMPFILE`) in the index's folder holding JSON rendered
/// while a book is read (`PartRenderings`, `BookRenderings`) until the list file is
/// written: it has no name, so it goes with its descriptor, when this object does,
/// however the process ends. Written and read at given offsets (`pwrite`, `pread`:
/// from any thread, nothing of it mapped or held).
final class RenderingsFile: Sendable {
  private let descriptor: Int32

  /// A temp file in `folder`; nil when it cannot be made.
  init?(folder: String) {
    let descriptor = open(folder, Self.temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// `O_TMPFILE` (Linux's `__O_TMPFILE | O_DIRECTORY`; a macro Swift does not import).
  private static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Writes `bytes` at `offset`; false when they could not all be written.
  func write(_ bytes: [UInt8], at offset: Int) -> Bool {
    bytes.withUnsafeBytes { bytes -> Bool in
      var done = 0
      while done < bytes.count {
        let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return false }
        done += result
      }
      return true
    }
  }

  /// Appends the `length` bytes at `offset` to `out`; false (and `out` unchanged) when
  /// they cannot be read.
  func append(length: Int, at offset: Int, to out: inout [UInt8]) -> Bool {
    let old = out.count
    out.append(contentsOf: repeatElement(0, count: length))
    let read = out.withUnsafeMutableBytes { bytes -> Bool in
      var done = 0
      while done < length {
        let result = pread(descriptor, bytes.baseAddress! + old + done, length - done, off_t(offset + done))
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return false }
        done += result
      }
      return true
    }
    if !read { out.removeLast(length) }
    return read
  }
}
