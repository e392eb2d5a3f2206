import Glibc

/// Replaces, creates and removes files so that a reader only ever sees the old or
/// the new version, and so that a version written by someone else since it was read
/// is never silently overwritten (PRODUCT.md, "Data promises"; case 30).
///
/// A replacement: a temp file in the same folder, named so that vdir readers ignore
/// it (`.<name>.tmp-<random>`: a leading dot, no `.vcf` ending); the bytes written
/// and `fsync`ed; the permission bits and owner of the replaced file copied; then,
/// as late as possible, the target checked against the version that was read
/// (device, inode, size, modification and status-change times); `rename(2)` over
/// it; and `fsync` of the folder so the rename itself survives a crash. On any
/// failure the temp file is removed.
enum AtomicFile {
  /// Why a write did not happen.
  enum Failure: Error {
    /// The target is no longer the version that was read (or, for a new file, it
    /// exists now): read it again.
    case changed
    /// A C library call failed.
    case system(SystemError)
  }

  /// The suffix of temp file names before the random part.
  static let tempMarker = ".tmp-"

  /// A temp file name for `target` in the same folder: `.<name>.tmp-<16 hex digits>`.
  /// The name part is cut to 200 bytes (on a character boundary) so that the temp
  /// name stays under the 255-byte limit of a file name.
  static func tempPath(for target: String) -> String {
    let folder = FileSystem.directory(of: target)
    var name = ""
    for character in FileSystem.lastComponent(of: target) {
      if name.utf8.count + character.utf8.count > 200 { break }
      name.append(character)
    }
    let random = String(UInt64.random(in: .min ... .max), radix: 16)
    let padded = String(repeating: "0", count: 16 - random.count) + random
    return folder + "/." + name + tempMarker + padded
  }

  /// Writes `bytes` to a new temp file next to `target`, with `permissions` (and the
  /// owner of `like`, when possible), and syncs it.
  ///
  /// - Returns: the temp file's path.
  private static func writeTemp(
    _ bytes: [UInt8], for target: String, permissions: mode_t, like original: FileStatus?
  ) throws(SystemError) -> String {
    var attempts = 0
    while true {
      let temp = tempPath(for: target)
      let file: FileDescriptor
      do {
        file = try FileDescriptor.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: permissions)
      } catch where error.errno == EEXIST && attempts < 8 {
        attempts += 1
        continue
      }
      do {
        try file.writeAll(bytes)
        if let original {
          // Owner first: fchown clears set-id bits, which fchmod then restores.
          if original.owner != getuid() || original.group != getgid() {
            try? file.setOwner(original.owner, group: original.group)
          }
          try file.setPermissions(original.permissions)
        }
        try file.sync()
        try file.close()
      } catch {
        try? file.close()
        try? FileSystem.unlink(temp)
        throw error
      }
      return temp
    }
  }

  /// Replaces `target` with `bytes`, provided it is still the version `expected`.
  ///
  /// - Throws: `.changed` when `target` is not that version any more (nothing is
  ///   written, the temp file is gone); `.system` when a call fails.
  static func replace(_ target: String, with bytes: [UInt8], expected: FileStatus) throws(Failure) {
    let temp: String
    do {
      temp = try writeTemp(bytes, for: target, permissions: 0o600, like: expected)
    } catch {
      throw .system(error)
    }
    do {
      // The last look before the rename: as late as it can be.
      guard let now = try FileSystem.status(target), now.isSameVersion(as: expected) else {
        try? FileSystem.unlink(temp)
        throw Failure.changed
      }
      try FileSystem.rename(temp, to: target)
    } catch let failure as Failure {
      throw failure
    } catch let error as SystemError {
      try? FileSystem.unlink(temp)
      throw .system(error)
    } catch {
      try? FileSystem.unlink(temp)
      throw .changed
    }
    do {
      try FileSystem.syncFolder(FileSystem.directory(of: target))
    } catch {
      throw .system(error)
    }
  }

  /// Creates `target` with `bytes`; it must not exist. The new name appears whole:
  /// the temp file is linked to it (`link(2)` fails when the name exists, so no one
  /// else's file is replaced) and the temp name removed.
  ///
  /// - Parameter permissions: the mode of the new file (the umask applies).
  /// - Throws: `.changed` when `target` exists.
  static func create(_ target: String, with bytes: [UInt8], permissions: mode_t = 0o666) throws(Failure) {
    let temp: String
    do {
      temp = try writeTemp(bytes, for: target, permissions: permissions, like: nil)
    } catch {
      throw .system(error)
    }
    defer { try? FileSystem.unlink(temp) }
    do {
      try FileSystem.link(temp, to: target)
    } catch where error.errno == EEXIST {
      throw .changed
    } catch where error.errno == EPERM || error.errno == ENOTSUP || error.errno == EOPNOTSUPP || error.errno == EXDEV {
      // A file system without hard links: the same check, then rename.
      do {
        if try FileSystem.status(target) != nil { throw Failure.changed }
        try FileSystem.rename(temp, to: target)
      } catch let failure as Failure {
        throw failure
      } catch let error as SystemError {
        throw .system(error)
      } catch {
        throw .changed
      }
    } catch {
      throw .system(error)
    }
    do {
      try FileSystem.syncFolder(FileSystem.directory(of: target))
    } catch {
      throw .system(error)
    }
  }

  /// Removes `target`, provided it is still the version `expected`.
  ///
  /// - Throws: `.changed` when it is not.
  static func remove(_ target: String, expected: FileStatus) throws(Failure) {
    do {
      guard let now = try FileSystem.status(target), now.isSameVersion(as: expected) else { throw Failure.changed }
      try FileSystem.unlink(target)
      try FileSystem.syncFolder(FileSystem.directory(of: target))
    } catch let failure as Failure {
      throw failure
    } catch let error as SystemError {
      throw .system(error)
    } catch {
      throw .changed
    }
  }

  /// A file as read: its bytes, the status of that version, and — when asked for —
  /// the open descriptor holding an exclusive `flock(2)` on it until `close()`.
  struct Snapshot {
    var bytes: [UInt8]
    var status: FileStatus
    var lock: FileDescriptor?

    /// Releases the lock.
    func close() { try? lock?.close() }
  }

  /// Reads `path` whole, with the status of the version read. A file that changed
  /// while it was read is read again.
  ///
  /// With `lock`, the file is locked (`flock(LOCK_EX)`, waited for up to about
  /// five seconds) before it is read, and stays locked until the snapshot is closed:
  /// two cpick saves of the same file — in one process or in two — then take turns,
  /// and the second sees the first one's rename (a new inode) and reads again.
  /// Other programs do not take the lock; for them the check before the rename
  /// remains the guard.
  ///
  /// - Returns: `nil` when the file does not exist.
  static func read(_ path: String, lock: Bool = false) throws(SystemError) -> Snapshot? {
    for _ in 0..<8 {
      let file: FileDescriptor
      do {
        file = try FileDescriptor.open(path, O_RDONLY)
      } catch where error.errno == ENOENT {
        return nil
      }
      var keep = false
      defer { if !keep { try? file.close() } }
      if lock {
        for _ in 0..<500 {
          if flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 { break }
          let code = errno
          if code != EWOULDBLOCK && code != EINTR { break }  // no locks here (ENOLCK, …): go on without
          usleep(10_000)
        }
      }
      let before = try file.status()
      let bytes = try file.readAll(sizeHint: Int(before.size))
      let after = try file.status()
      if before.isSameVersion(as: after) && Int64(bytes.count) == after.size {
        keep = lock
        return Snapshot(bytes: bytes, status: after, lock: lock ? file : nil)
      }
    }
    throw SystemError(function: "read", path: path, errno: EAGAIN)
  }
}
