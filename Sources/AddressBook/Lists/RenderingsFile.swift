import ContactStores
import CpickSupport
import Glibc

/// An unnamed temp file (`O_TMPFILE`) in the index's folder holding JSON rendered
/// while a book is read (`PartRenderings`, `BookRenderings`) until the list file is
/// written: it has no name, so it goes with its descriptor, when this object does,
/// however the process ends — unless the list file takes it, once, as its start
/// (`link(at:)`). Written and read at given offsets (`pwrite`, `pread`: from any
/// thread, nothing of it mapped or held).
final class RenderingsFile: Sendable {
  private let file: FileDescriptor
  /// Set once the file was given a name.
  private let named = Locked(false)

  /// A temp file in `folder`; nil when it cannot be made.
  init?(folder: String) {
    guard let file = try? FileDescriptor.open(folder, Self.temporaryFile | O_RDWR) else { return nil }
    self.file = file
  }

  deinit { try? file.close() }

  /// `O_TMPFILE` (Linux's `__O_TMPFILE | O_DIRECTORY`; a macro Swift does not import).
  private static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Writes `bytes` at `offset`; false when they could not all be written.
  func write(_ bytes: [UInt8], at offset: Int) -> Bool {
    (try? file.writeAll(bytes, at: offset)) != nil
  }

  /// Appends the `length` bytes at `offset` to `out`; false (and `out` unchanged) when
  /// they cannot be read.
  func append(length: Int, at offset: Int, to out: inout [UInt8]) -> Bool {
    (try? file.read(length, at: offset, appendingTo: &out)) != nil
  }

  /// Appends its first `length` bytes to `out` where it is: inside the kernel
  /// (`sendfile`: a cold million's 0.9 GB of JSON is not read into the process and
  /// written again), else, where the files cannot be copied so, a MiB at a time.
  ///
  /// - Throws: the error of reading this file or of writing `out`.
  func copy(length: Int, to out: FileDescriptor) throws(SystemError) {
    // What could not be copied so is copied through a buffer (which says why not,
    // if that fails too).
    var offset = (try? out.append(length, at: 0, of: file)) ?? 0
    guard offset < length else { return }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(min(length - offset, Self.copyPiece))
    while offset < length {
      buffer.removeAll(keepingCapacity: true)
      try file.read(min(Self.copyPiece, length - offset), at: offset, appendingTo: &buffer)
      try out.writeAll(buffer)
      offset += buffer.count
    }
  }

  /// Gives the file the name `path` (in the same file system), recorded in
  /// `TempFileRegistry.shared` like any temp file: the list file written last takes
  /// the JSON where it is (`MappedFile.write(to:permissions:ready:startingWith:_:)`).
  /// Whatever is written to it after is written to that file, so it is named once:
  /// two list files never share it.
  ///
  /// - Returns: false when it was named before, or `linkat` failed (no `/proc`,
  ///   another file system, …).
  func link(at path: String) -> Bool {
    let first = named.withLock { named in
      defer { named = true }
      return !named
    }
    return first && (try? TempFileRegistry.shared.link(file, at: path)) != nil
  }

  /// Bytes copied at a time by `copy(length:to:)`.
  private static let copyPiece = 1 << 20
}
