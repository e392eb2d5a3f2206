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

  /// Maps `path`; nil when it does not exist, cannot be read, is empty or is not a
  /// regular file.
  package init?(path: String) {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { Glibc.close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
    let size = Int(status.st_size)
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
    self.bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
  }

  /// Lets go of the pages of `part` (some of `bytes`) that this process has read
  /// (`madvise(2)`, `MADV_DONTNEED`): they leave its resident memory but stay in the
  /// page cache, and the next read of them maps them again. The file is never written
  /// in place and the mapping is read-only, so what is read after is the same. The
  /// kernel maps the pages around each one read (64 KB or a whole large folio), so
  /// reading a few thousand scattered contacts would otherwise map most of the file.
  package func letGo(_ part: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, let start = part.baseAddress, !part.isEmpty else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let offset = (start - base) / page * page
    let end = min(start - base + part.count, bytes.count)
    guard offset >= 0, offset < end else { return }
    madvise(UnsafeMutableRawPointer(mutating: base + offset), end - offset, MADV_DONTNEED)
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
    guard (try? FileSystem.makeFolders(FileSystem.directory(of: path), mode: 0o700)) != nil else { return nil }
    let temp = AtomicFile.tempPath(for: path)
    // Recorded, so that a signal ending the process removes it (`TempFileRegistry`).
    let registry = TempFileRegistry.shared
    guard
      let file = try? registry.create(temp, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: permissions)
    else {
      return nil
    }
    defer { registry.forget(temp) }
    do {
      try body(file)
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
}
