import ContactStores
import Glibc

/// A file of the index folder mapped read-only into memory (`mmap(2)`), and the way
/// such files are written: whole, under a temp name, then renamed into place.
///
/// Because a file is only ever replaced by `rename(2)` and never written in place, a
/// mapping keeps seeing the version it mapped, even while another process replaces
/// it; the pages come from the page cache on first touch, so reading a part of a
/// large file costs only that part.
package final class MappedFile: @unchecked Sendable {
  /// The file's bytes (valid as long as this object lives).
  package let bytes: UnsafeRawBufferPointer
  /// The file, open for `copy(_:to:)` while this object lives (the version mapped,
  /// whatever replaces its name later).
  private let file: FileDescriptor

  /// Maps `path`; nil when it does not exist, cannot be read, is empty or is not a
  /// regular file.
  package init?(path: String) {
    // Not waiting for a writer: a FIFO put in the cache's place opens at once (and is
    // refused below), where a plain open would block every command for good.
    guard let file = try? FileDescriptor.open(path, O_RDONLY | O_NONBLOCK) else { return nil }
    var status = stat()
    guard fstat(file.rawValue, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0,
      let address = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, file.rawValue, 0), address != MAP_FAILED
    else {
      try? file.close()
      return nil
    }
    self.bytes = UnsafeRawBufferPointer(start: address, count: Int(status.st_size))
    self.file = file
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    try? file.close()
  }

  /// Appends the file's bytes at `part` (some of `bytes`) to `out`, read with
  /// `pread(2)` rather than through the mapping: the pages are copied from the page
  /// cache without being mapped, so reading a few thousand scattered contacts does not
  /// map most of the file (the kernel maps 64 KB or a whole large folio around each
  /// page touched). False, and `out` unchanged, when they cannot be read.
  package func copy(_ part: UnsafeRawBufferPointer, to out: inout [UInt8]) -> Bool {
    guard let base = bytes.baseAddress, let start = part.baseAddress else { return part.isEmpty }
    let offset = start - base
    guard offset >= 0, offset + part.count <= bytes.count else { return false }
    return (try? file.read(part.count, at: offset, appendingTo: &out)) != nil
  }

  /// Writes `parts`, one after the other, as the new content of `path`: to a temp
  /// file in the same folder (`.<name>.tmp-<random>`), renamed over `path` once
  /// complete, so that a reader maps the old file or the new one, never a part. The
  /// folder is created when missing. Not synced to the disk: these files are a cache,
  /// checked when read. `ready` is asked once the temp file is complete: the rename
  /// waits for it, and false drops the file (what it refers to was not stored). The
  /// temp file is recorded in `TempFileRegistry.shared` while it exists, so a signal
  /// that ends the process removes it.
  ///
  /// - Returns: whether the file was written; false when it could not be created,
  ///   written or renamed, or `ready` said no (the temp file is then removed).
  @discardableResult
  package static func write(
    _ parts: [UnsafeRawBufferPointer], to path: String, permissions: mode_t = 0o600, ready: () -> Bool = { true }
  ) -> Bool {
    write(to: path, permissions: permissions, ready: ready) { file throws(SystemError) in
      for part in parts { try file.writeAll(part) }
    } != nil
  }

  /// Writes the new content of `path` as `write(_:to:permissions:ready:)` does, made
  /// by `body` on the temp file (written in order; `FileDescriptor.writeAll(_:at:)`
  /// goes back to fill in what was only known at the end), and maps it before it is
  /// renamed into place: the mapping is of this content, whatever replaces the file
  /// later.
  ///
  /// - Returns: the mapping of what was written; nil when it could not be created,
  ///   written, mapped or renamed, or `ready` said no.
  package static func write(
    to path: String, permissions: mode_t = 0o600, ready: () -> Bool,
    _ body: (FileDescriptor) throws(SystemError) -> Void
  ) -> MappedFile? {
    write(to: path, permissions: permissions, ready: ready, startingWith: nil) { file, _ throws(SystemError) in
      try body(file)
    }
  }

  /// Writes the new content of `path` as `write(to:permissions:ready:_:)` does, its
  /// temp file, when it can be, the unnamed temp file `start` given a name
  /// (`RenderingsFile.link(at:)`), its `length` bytes the first of the content: `body`
  /// is then told so (`adopted`) and appends the rest. Otherwise (no `start`, one that
  /// cannot be named here, was named before, or does not hold exactly `length`
  /// bytes) the temp file is new and empty, and `body` writes it all.
  ///
  /// - Returns: the mapping of what was written; nil when it could not be created,
  ///   written, mapped or renamed, or `ready` said no.
  static func write(
    to path: String, permissions: mode_t = 0o600, ready: () -> Bool,
    startingWith start: (file: RenderingsFile, length: Int)?,
    _ body: (_ file: FileDescriptor, _ adopted: Bool) throws(SystemError) -> Void
  ) -> MappedFile? {
    guard (try? FileSystem.makeFolders(FileSystem.directory(of: path), mode: 0o700)) != nil else { return nil }
    let temp = AtomicFile.tempPath(for: path)
    // Recorded, so that a signal ending the process removes it (`TempFileRegistry`).
    let registry = TempFileRegistry.shared
    let adopted = start.flatMap { start in
      Self.opened(start.file, length: start.length, at: temp, permissions: permissions)
    }
    guard
      let file = adopted
        ?? (try? registry.create(temp, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: permissions))
    else {
      return nil
    }
    defer { registry.forget(temp) }
    do {
      try body(file, adopted != nil)
      try file.close()
    } catch {
      try? file.close()
      unlink(temp)
      return nil
    }
    guard let mapped = MappedFile(path: temp), ready(), rename(temp, path) == 0 else {
      unlink(temp)
      return nil
    }
    return mapped
  }

  /// `start` named `temp` (recorded in `TempFileRegistry.shared`), opened to write
  /// after its last byte, with `permissions`, when it holds `length` bytes; nil (and
  /// no `temp`) otherwise.
  private static func opened(_ start: RenderingsFile, length: Int, at temp: String, permissions: mode_t) -> FileDescriptor? {
    guard start.link(at: temp) else { return nil }
    if let file = try? FileDescriptor.open(temp, O_WRONLY | O_NOFOLLOW) {
      if fchmod(file.rawValue, permissions) == 0, lseek(file.rawValue, 0, SEEK_END) == length { return file }
      try? file.close()
    }
    unlink(temp)
    TempFileRegistry.shared.forget(temp)
    return nil
  }
}
