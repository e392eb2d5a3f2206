import CpickSupport
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
///
/// Signals and crashes: every temp file is created through `TempFileRegistry.shared`,
/// so a process ended by SIGTERM, SIGHUP or SIGINT removes it before it exits. The
/// writer holds an exclusive `flock(2)` on its temp file until the temp name is gone;
/// a temp file that a SIGKILL or a crash left (`.<name>.tmp-<16 hex digits>`, no lock
/// holder, not modified for `staleAge` seconds) is removed by the next write of the
/// same target and by the next run of any command that opens the book
/// (`removeStaleTemps`: the book's listing meets the temp names), in the manner of
/// the index's list files (`ListFile.prune`), which drop their own temp files after
/// an hour.
package enum AtomicFile {
  /// Why a write did not happen.
  package enum Failure: Error {
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
  package static func tempPath(for target: String) -> String {
    let random = String(UInt64.random(in: .min ... .max), radix: 16)
    let padded = String(repeating: "0", count: 16 - random.count) + random
    return FileSystem.directory(of: target) + "/" + tempNamePrefix(for: target) + padded
  }

  /// The start of every temp file name for `target`, before the 16 hex digits:
  /// `.<name, cut to 200 bytes>.tmp-`.
  static func tempNamePrefix(for target: String) -> String {
    var name = ""
    for character in FileSystem.lastComponent(of: target) {
      if name.utf8.count + character.utf8.count > 200 { break }
      name.append(character)
    }
    return "." + name + tempMarker
  }

  /// How old (seconds since its last modification) a temp file with no lock holder
  /// must be before `removeStaleTemps` takes it for a leftover: two minutes. A live
  /// writer holds its lock, so the age only guards the instant between `open(2)` and
  /// `flock(2)`, and writers that take no lock.
  static let staleAge = 120

  /// Whether the file name `name` is a temp file name of `tempPath`
  /// (`.<name>.tmp-<16 lower-case hex digits>`, the name not empty), for any target.
  package static func isTempName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let marker = tempMarker.utf8
    guard name.count >= 1 + 1 + marker.count + 16, name.first == UInt8(ascii: ".") else { return false }
    let digits = name.count - 16
    guard name[(digits - marker.count)..<digits].elementsEqual(marker) else { return false }
    return name[digits...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// Removes the temp files of `target` that a process killed by SIGKILL or a crash
  /// left: names `tempNamePrefix(for: target)` + 16 lowercase hex digits in the same
  /// folder, taken for leftovers as `removeStaleTemps(_:olderThan:)` says.
  ///
  /// A folder is listed once while it is unchanged (`temps(in:)`), however many of its
  /// files are books or saved: thousands of one-card files of one folder given as
  /// sources cost one listing, not one each (which grew with the square of their number).
  ///
  /// - Returns: the paths removed.
  @discardableResult
  package static func removeStaleTemps(of target: String, olderThan age: Int = staleAge) -> [String] {
    let folderPath = FileSystem.directory(of: target)
    let prefix = Array(tempNamePrefix(for: target).utf8)
    let names = temps(in: folderPath).filter { name in
      name.utf8.count == prefix.count + 16 && name.utf8.starts(with: prefix)
    }
    return removeStaleTemps(names.map { folderPath + "/" + $0 }, olderThan: age)
  }

  /// The temp file names (`isTempName`, regular or of unknown type) in `folderPath`:
  /// listed again only when the folder changed since (its modification time, which a
  /// name added or removed changes, and its inode). A folder changed in the last two
  /// seconds is listed every time: a name added within the clock's tick after a listing
  /// would leave its time as it was (as git's "racily clean" files).
  private static func temps(in folderPath: String) -> [String] {
    var status = stat()
    guard stat(folderPath, &status) == 0 else { return [] }
    let version = FolderVersion(
      inode: UInt64(status.st_ino), seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec))
    if let known = foldersTemps.withLock({ $0[folderPath] }), known.version == version { return known.names }
    var names: [String] = []
    if let folder = try? FileDescriptor.open(folderPath, O_RDONLY | O_DIRECTORY) {
      names =
        (try? folder.entryNames { name, type in
          (type == DT_REG || type == DT_UNKNOWN) && isTempName(name)
        }) ?? []
      try? folder.close()
    }
    if time(nil) - status.st_mtim.tv_sec >= 2 { foldersTemps.withLock { $0[folderPath] = (version, names) } }
    return names
  }

  /// A folder as it was when its temp files were listed.
  private struct FolderVersion: Equatable {
    var inode: UInt64
    var seconds: Int64
    var nanoseconds: Int64
  }

  /// The temp file names of each folder listed (`temps(in:)`), by folder path.
  private static let foldersTemps = Locked<[String: (version: FolderVersion, names: [String])]>([:])

  /// Removes those of `paths` (temp file names, `isTempName`) that a process killed
  /// by SIGKILL or a crash left: regular files, not modified for `olderThan` seconds,
  /// not recorded in this process's registry, and not locked: this process takes
  /// `flock(LOCK_EX | LOCK_NB)` on each, which fails while the writer (this or another
  /// cpick) lives, since it holds the lock until its temp name is gone — a killed
  /// writer's lock went with it, which proves the file a leftover. The name is removed
  /// only while it is still the file that was locked (same device and inode). Anything
  /// that cannot be checked (no permission, no locks on this file system) is left alone.
  ///
  /// - Returns: the paths removed.
  @discardableResult
  package static func removeStaleTemps(_ paths: [String], olderThan age: Int = staleAge) -> [String] {
    guard !paths.isEmpty else { return [] }
    let ours = TempFileRegistry.shared.paths
    var removed: [String] = []
    for path in paths {
      guard !ours.contains(path) else { continue }
      let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { continue }
      defer { Glibc.close(fd) }
      var opened = stat()
      guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG,
        time(nil) - opened.st_mtim.tv_sec >= age,
        flock(fd, LOCK_EX | LOCK_NB) == 0
      else { continue }
      var named = stat()
      guard lstat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino,
        unlink(path) == 0
      else { continue }
      removed.append(path)
    }
    return removed
  }

  /// A temp file being written: created and recorded by `TempFileRegistry.shared`,
  /// open and locked (`flock(LOCK_EX)`) until `finish`.
  private struct Temp {
    let path: String
    let file: FileDescriptor

    /// Removes the name when `removing` (before the lock goes), closes the file and
    /// forgets it in the registry. Call once the name is gone or to be removed.
    func finish(removing: Bool) {
      if removing { try? FileSystem.unlink(path) }
      try? file.close()
      TempFileRegistry.shared.forget(path)
    }
  }

  /// Writes `bytes` to a new temp file next to `target`, with `permissions` (and the
  /// owner of `like`, when possible), and syncs it. Stale temp files of `target`
  /// are removed first (`removeStaleTemps`).
  ///
  /// - Returns: the temp file, still open and locked: `finish` it.
  private static func writeTemp(
    _ bytes: [UInt8], for target: String, permissions: mode_t, like original: FileStatus?
  ) throws(SystemError) -> Temp {
    removeStaleTemps(of: target)
    var attempts = 0
    while true {
      let path = tempPath(for: target)
      let file: FileDescriptor
      do {
        file = try TempFileRegistry.shared.create(
          path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: permissions)
      } catch where error.errno == EEXIST && attempts < 8 {
        attempts += 1
        continue
      }
      let temp = Temp(path: path, file: file)
      do {
        // Marks the file as live for other cpick processes (removeStaleTemps);
        // a file system without locks (ENOLCK…) just goes without.
        _ = flock(file.rawValue, LOCK_EX | LOCK_NB)
        try file.writeAll(bytes)
        if let original {
          // Owner first: fchown clears set-id bits, which fchmod then restores.
          if original.owner != getuid() || original.group != getgid() {
            try? file.setOwner(original.owner, group: original.group)
          }
          try file.setPermissions(original.permissions)
        }
        try file.sync()
      } catch {
        temp.finish(removing: true)
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
    let temp: Temp
    do {
      temp = try writeTemp(bytes, for: target, permissions: 0o600, like: expected)
    } catch {
      throw .system(error)
    }
    do {
      // The last look before the rename: as late as it can be.
      guard let now = try FileSystem.status(target), now.isSameVersion(as: expected) else {
        temp.finish(removing: true)
        throw Failure.changed
      }
      try FileSystem.rename(temp.path, to: target)
      temp.finish(removing: false)
    } catch let failure as Failure {
      throw failure
    } catch let error as SystemError {
      temp.finish(removing: true)
      throw .system(error)
    } catch {
      temp.finish(removing: true)
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
  package static func create(_ target: String, with bytes: [UInt8], permissions: mode_t = 0o666) throws(Failure) {
    let temp: Temp
    do {
      temp = try writeTemp(bytes, for: target, permissions: permissions, like: nil)
    } catch {
      throw .system(error)
    }
    // After a link the temp name is removed; after a rename it is gone already.
    defer { temp.finish(removing: true) }
    do {
      try FileSystem.link(temp.path, to: target)
    } catch where error.errno == EEXIST {
      throw .changed
    } catch where error.errno == EPERM || error.errno == ENOTSUP || error.errno == EOPNOTSUPP || error.errno == EXDEV {
      // A file system without hard links: the same check, then rename.
      do {
        if try FileSystem.status(target) != nil { throw Failure.changed }
        try FileSystem.rename(temp.path, to: target)
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
    package func close() { try? lock?.close() }
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
    var changedWhileRead = 0
    // A file replaced while its lock was waited for: another save renamed its new
    // version into place, whose own lock is the one to wait for. Each such turn is
    // another save done, so they are bounded by the other writers' progress.
    var replacedWhileLocking = 0
    while changedWhileRead < 8 && replacedWhileLocking < 1_000 {
      let file: FileDescriptor
      do {
        file = try FileDescriptor.open(path, O_RDONLY)
      } catch where error.errno == ENOENT {
        return nil
      }
      var keep = false
      defer { if !keep { try? file.close() } }
      if lock && self.lock(file) {
        guard let named = try FileSystem.status(path) else { return nil }
        let locked = try file.status()
        if named.device != locked.device || named.inode != locked.inode {
          replacedWhileLocking += 1
          continue
        }
      }
      changedWhileRead += 1
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

  /// Locks `file` (`flock(LOCK_EX)`, waited for up to about five seconds). Returns
  /// whether it is locked: false on a file system without locks (go on without) and
  /// when the wait ran out. A file locked may have been replaced by the time its lock
  /// was taken (the caller checks).
  private static func lock(_ file: FileDescriptor) -> Bool {
    for _ in 0..<500 {
      if flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 { return true }
      let code = errno
      if code != EWOULDBLOCK && code != EINTR { return false }
      usleep(10_000)
    }
    return false
  }
}
