import Glibc

/// A C library call that failed: which function, on which path, and `errno`.
///
/// The small typed layer over the C library that the save path uses (in the style
/// of swift-system: each wrapper names the C function it calls). Every failure
/// keeps the `errno` value, so callers can tell "exists" from "no space left".
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The C function, e.g. `rename`.
  var function: String
  /// The path it was called on.
  var path: String
  /// The `errno` value it left.
  var errno: Int32

  /// `rename(/path): No such file or directory`.
  package var description: String { "\(function)(\(path)): \(String(cString: strerror(errno)))" }
  /// The C library's text for `errno` alone.
  package var message: String { String(cString: strerror(errno)) }
}

/// What `stat` says about a file, reduced to what tells one version of it from
/// another and what a replacement must keep.
struct FileStatus: Sendable, Hashable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: timespec
  var changed: timespec
  /// The permission bits and file type (`st_mode`).
  var mode: UInt32
  var owner: UInt32
  var group: UInt32

  init(_ raw: stat) {
    device = UInt64(raw.st_dev)
    inode = UInt64(raw.st_ino)
    size = Int64(raw.st_size)
    modified = raw.st_mtim
    changed = raw.st_ctim
    mode = UInt32(raw.st_mode)
    owner = UInt32(raw.st_uid)
    group = UInt32(raw.st_gid)
  }

  /// The permission bits alone (`mode & 07777`).
  var permissions: mode_t { mode_t(mode & 0o7777) }
  var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
  var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
  /// Whether no one may write the file by its permission bits (`chmod a-w`): cpick
  /// saves nothing into it, whoever runs it (root too), and offers no edit of it.
  var isWriteProtected: Bool { permissions & 0o222 == 0 }

  /// Whether `other` is the same file in the same version: same device and inode,
  /// same size, same modification and status-change times (to the nanosecond).
  /// The status-change time also moves when a writer resets the modification time.
  func isSameVersion(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode && size == other.size
      && modified.tv_sec == other.modified.tv_sec && modified.tv_nsec == other.modified.tv_nsec
      && changed.tv_sec == other.changed.tv_sec && changed.tv_nsec == other.changed.tv_nsec
  }

  static func == (a: FileStatus, b: FileStatus) -> Bool {
    a.isSameVersion(as: b) && a.mode == b.mode && a.owner == b.owner && a.group == b.group
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(device)
    hasher.combine(inode)
    hasher.combine(size)
  }
}

/// An open file descriptor. Close it with `close()`.
package struct FileDescriptor: Sendable {
  package let rawValue: Int32
  /// The path it was opened with, for messages.
  let path: String

  /// Opens `path`. The corresponding C function is `open`; `O_CLOEXEC` is always
  /// added, and `EINTR` is retried.
  package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(SystemError) -> FileDescriptor {
    while true {
      let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
      if fd >= 0 { return FileDescriptor(rawValue: fd, path: path) }
      let code = Glibc.errno
      if code != EINTR { throw SystemError(function: "open", path: path, errno: code) }
    }
  }

  /// Reads to the end of the file. The corresponding C function is `read`.
  func readAll(sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    try readAll(sizeHint: sizeHint, keeping: .max).bytes
  }

  /// Reads to the end of the file, keeping its first `limit` bytes: the rest is read
  /// and let go (a writer on a pipe is not left blocked or killed by `SIGPIPE`).
  ///
  /// - Returns: the bytes kept, and how many there were in all.
  func readAll(sizeHint: Int = 0, keeping limit: Int) throws(SystemError) -> (bytes: [UInt8], total: Int) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(sizeHint, 0), limit) + 1)
    var total = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, $0.count) }
      if count > 0 {
        total += count
        let kept = min(count, limit - bytes.count)
        if kept > 0 { bytes.append(contentsOf: chunk[0..<kept]) }
      } else if count == 0 {
        return (bytes, total)
      } else {
        let code = Glibc.errno
        if code != EINTR { throw SystemError(function: "read", path: path, errno: code) }
      }
    }
  }

  /// Reads to the end of the file straight into one array: as many bytes as `fstat`
  /// gives are read into the array's own storage (no buffer in between, no second
  /// copy as `Data` then `[UInt8]` make), then, for a file that grew meanwhile or one
  /// without a size (a pipe), on to the end. The corresponding C functions are
  /// `fstat` and `read` (repeated on `EINTR`).
  func readWhole() throws(SystemError) -> [UInt8] {
    try readWhole(size: Int(clamping: max(0, (try? status().size) ?? 0)))
  }

  /// `readWhole()` for a file whose size `fstat` gave as `size`. With `sizeOnly`, the
  /// read stops after `size` bytes, without the read that would find the end of a
  /// file grown since (one system call less per file; for a caller whose signature of
  /// the file, taken with `size`, tells a grown file at the next start).
  func readWhole(size: Int, sizeOnly: Bool = false) throws(SystemError) -> [UInt8] {
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
      (initialized, failure) = fill(buffer, from: 0, to: sizeOnly ? size : buffer.count)
    }
    if failure != 0 { throw SystemError(function: "read", path: path, errno: failure) }
    if bytes.count <= size || sizeOnly { return bytes }
    // A file grown since `fstat`, or one without a size (a pipe, a device): on to its
    // end, but not for ever (`readBookStream`).
    return try readBookStream(after: bytes)
  }

  /// `bytes`, then at most `count` bytes read from the file, in one new array: the
  /// file's bytes are read into its own storage (`read`, repeated on `EINTR` and after
  /// a short read). Fewer at the file's end: none there.
  func read(_ count: Int, after bytes: [UInt8]) throws(SystemError) -> [UInt8] {
    var failure: Int32 = 0
    let total = bytes.count + count
    let grown = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      let start = bytes.withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
      (initialized, failure) = fill(buffer, from: start, to: total)
    }
    if failure != 0 { throw SystemError(function: "read", path: path, errno: failure) }
    return grown
  }

  /// Reads into `buffer` from offset `start` until `end` or the file's end (`read`,
  /// repeated on `EINTR` and after a short read).
  ///
  /// - Returns: the offset reached (the bytes before it are initialized), and the
  ///   `errno` of a failed read (0 for none).
  private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> (Int, Int32) {
    var offset = start
    while offset < end {
      let count = Glibc.read(rawValue, buffer.baseAddress! + offset, end - offset)
      if count > 0 {
        offset += count
      } else if count == 0 {
        break
      } else if Glibc.errno != EINTR {
        return (offset, Glibc.errno)
      }
    }
    return (offset, 0)
  }

  /// The bytes of the file at `path` and its status before they were read (`open`,
  /// `fstat`, `readWhole`, `close`): the status of the very file read, even when
  /// another file has been renamed to `path` meanwhile. What was read is that version
  /// of the file or a later one (a file changed while it is read has a new status).
  ///
  /// - Parameter limit: a regular file of more bytes than this is not read: its bytes
  ///   are nil (a caller that reads such a file part by part instead).
  static func readFileAndStatus(_ path: String, wholeUpTo limit: Int64 = .max) throws(SystemError) -> (
    bytes: [UInt8]?, status: FileStatus
  ) {
    let file = try open(path, O_RDONLY)
    defer { try? file.close() }
    let status = try file.status()
    if status.isRegularFile, status.size > limit { return (nil, status) }
    // What was read is that version or a later one: a regular file grown since is read
    // to the size the status gives (its signature differs at the next start); a pipe
    // (`-s <(…)`), which has no size, to its end.
    return (try file.readWhole(size: Int(clamping: max(0, status.size)), sizeOnly: status.isRegularFile), status)
  }

  /// The bytes of the file at `path` (`open`, `readWhole()`, `close`).
  /// Reads a book from standard input to its end (`read(2)` on descriptor 0, left
  /// open), stopping early at binary input or over the limit (`readBookStream`).
  package static func readStandardInput() throws(SystemError) -> [UInt8] {
    try FileDescriptor(rawValue: STDIN_FILENO, path: "-").readBookStream()
  }

  /// Reads standard input to its end, keeping its first `limit` bytes (see
  /// `readAll(keeping:)`): a mail message whose body is not needed.
  ///
  /// - Returns: the bytes kept, and how many standard input had in all.
  package static func readStandardInput(keeping limit: Int) throws(SystemError) -> (bytes: [UInt8], total: Int) {
    try FileDescriptor(rawValue: STDIN_FILENO, path: "-").readAll(keeping: limit)
  }

  static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
    let file = try open(path, O_RDONLY)
    defer { try? file.close() }
    return try file.readWhole()
  }

  /// Writes all of `bytes`. The corresponding C function is `write` (repeated after
  /// a short write and on `EINTR`).
  package func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { raw -> SystemError? in
      do throws(SystemError) { try writeAll(raw) } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Writes all of `bytes`. The corresponding C function is `write` (repeated after
  /// a short write and on `EINTR`).
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let count = Glibc.write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
      } else {
        let code = Glibc.errno
        if code != EINTR { throw SystemError(function: "write", path: path, errno: code) }
      }
    }
  }

  /// Appends `count` bytes from `offset` of `source` to this file where it is, copied
  /// inside the kernel (not through this process's memory), leaving `source`'s
  /// position as it is. The corresponding C function is `sendfile` (repeated after a
  /// short copy and on `EINTR`).
  ///
  /// - Returns: the bytes copied: fewer than `count` when `source` ends first, or
  ///   when an error stops the copy after some bytes.
  /// - Throws: `sendfile`'s error when no byte could be copied (`EINVAL` or `ENOSYS`
  ///   where these files cannot be copied so).
  package func append(_ count: Int, at offset: Int, of source: FileDescriptor) throws(SystemError) -> Int {
    var position = off_t(offset)
    var done = 0
    while done < count {
      let copied = Glibc.sendfile(rawValue, source.rawValue, &position, count - done)
      if copied > 0 {
        done += copied
      } else if copied == 0 {
        break
      } else {
        let code = Glibc.errno
        if code == EINTR { continue }
        if done > 0 { break }
        throw SystemError(function: "sendfile", path: path, errno: code)
      }
    }
    return done
  }

  /// Writes the bytes of `values` at `offset` of the file, leaving its position as it
  /// is. The corresponding C function is `pwrite` (repeated after a short write and on
  /// `EINTR`).
  package func writeAll<Value: BitwiseCopyable>(_ values: [Value], at offset: Int) throws(SystemError) {
    let failure = values.withUnsafeBytes { raw -> SystemError? in
      do throws(SystemError) { try writeAll(raw, at: offset) } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Writes all of `bytes` at `offset` of the file, leaving its position as it is. The
  /// corresponding C function is `pwrite` (repeated after a short write and on `EINTR`).
  package func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SystemError) {
    var done = 0
    while done < bytes.count {
      let count = Glibc.pwrite(rawValue, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
      if count >= 0 {
        done += count
      } else {
        let code = Glibc.errno
        if code != EINTR { throw SystemError(function: "pwrite", path: path, errno: code) }
      }
    }
  }

  /// Appends the `count` bytes at `offset` of the file to `out`, leaving its position
  /// as it is; `out` is unchanged when they cannot all be read (an error, or the file
  /// ends before). The corresponding C function is `pread` (repeated after a short
  /// read and on `EINTR`).
  package func read(_ count: Int, at offset: Int, appendingTo out: inout [UInt8]) throws(SystemError) {
    let old = out.count
    out.append(contentsOf: repeatElement(0, count: count))
    let failure = out.withUnsafeMutableBytes { buffer -> SystemError? in
      var done = 0
      while done < count {
        let read = Glibc.pread(rawValue, buffer.baseAddress! + old + done, count - done, off_t(offset + done))
        if read > 0 {
          done += read
        } else if read == 0 {
          return SystemError(function: "pread", path: path, errno: EIO)
        } else if Glibc.errno != EINTR {
          return SystemError(function: "pread", path: path, errno: Glibc.errno)
        }
      }
      return nil
    }
    if let failure {
      out.removeLast(count)
      throw failure
    }
  }

  /// Flushes the file's data and metadata to the disk. The corresponding C function
  /// is `fsync`.
  func sync() throws(SystemError) {
    while Glibc.fsync(rawValue) != 0 {
      let code = Glibc.errno
      if code != EINTR { throw SystemError(function: "fsync", path: path, errno: code) }
    }
  }

  /// The open file's status. The corresponding C function is `fstat`.
  func status() throws(SystemError) -> FileStatus {
    var raw = stat()
    guard Glibc.fstat(rawValue, &raw) == 0 else { throw SystemError(function: "fstat", path: path, errno: Glibc.errno) }
    return FileStatus(raw)
  }

  /// Sets the permission bits. The corresponding C function is `fchmod`.
  func setPermissions(_ mode: mode_t) throws(SystemError) {
    guard Glibc.fchmod(rawValue, mode) == 0 else {
      throw SystemError(function: "fchmod", path: path, errno: Glibc.errno)
    }
  }

  /// Sets the owner and group. The corresponding C function is `fchown`.
  func setOwner(_ owner: UInt32, group: UInt32) throws(SystemError) {
    guard Glibc.fchown(rawValue, uid_t(owner), gid_t(group)) == 0 else {
      throw SystemError(function: "fchown", path: path, errno: Glibc.errno)
    }
  }

  /// Closes the descriptor. The corresponding C function is `close` (not retried on
  /// `EINTR`: on Linux the descriptor is closed anyway).
  package func close() throws(SystemError) {
    guard Glibc.close(rawValue) == 0 else { throw SystemError(function: "close", path: path, errno: Glibc.errno) }
  }
}

extension FileDescriptor {
  /// The status of the entry `name` of this open folder, following a symbolic link
  /// unless `followingLinks` is false (then a link's own status), or `nil` when it
  /// does not exist. The corresponding C function is `fstatat` (relative to this
  /// descriptor, flags 0 or `AT_SYMLINK_NOFOLLOW`).
  func status(ofEntry name: String, followingLinks: Bool = true) throws(SystemError) -> FileStatus? {
    var raw = stat()
    guard fstatat(rawValue, name, &raw, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else {
      let code = Glibc.errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw SystemError(function: "fstatat", path: path + "/" + name, errno: code)
    }
    return FileStatus(raw)
  }

  /// The names in this open folder, in the folder's (unsorted) order, `.` and `..`
  /// left out. `include` sees each name's bytes (no terminating NUL) and its type
  /// (`d_type`: `DT_REG`, `DT_DIR`, `DT_LNK`, … or `DT_UNKNOWN` where the file system
  /// does not say) first, so that only the names kept become strings.
  ///
  /// The corresponding C functions are `fcntl(F_DUPFD_CLOEXEC)` and `fdopendir` (on a
  /// copy of this descriptor, which stays open), `readdir` and `closedir`.
  func entryNames(where include: (UnsafeBufferPointer<UInt8>, UInt8) -> Bool) throws(SystemError) -> [String] {
    var names: [String] = []
    try entryNames(batch: Int.max, where: include) { names = $0 }
    return names
  }

  /// The names `entryNames(where:)` gives, handed to `take` in batches of `batch`
  /// names as the folder is read (the last batch may be smaller; an empty folder gives
  /// one empty batch), so that work on the first names starts before the last ones
  /// are read: a folder of 1,000,000 entries takes about 0.4 s to read.
  func entryNames(
    batch: Int, where include: (UnsafeBufferPointer<UInt8>, UInt8) -> Bool, take: ([String]) -> Void
  ) throws(SystemError) {
    let copy = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { throw SystemError(function: "fcntl(F_DUPFD_CLOEXEC)", path: path, errno: Glibc.errno) }
    guard let stream = fdopendir(copy) else {
      let code = Glibc.errno
      Glibc.close(copy)
      throw SystemError(function: "fdopendir", path: path, errno: code)
    }
    defer { closedir(stream) }
    // A dup shares the offset: start from the beginning whatever was read before.
    rewinddir(stream)
    var names: [String] = []
    while true {
      Glibc.errno = 0
      guard let entry = readdir(stream) else {
        let code = Glibc.errno
        if code != 0 { throw SystemError(function: "readdir", path: path, errno: code) }
        take(names)
        return
      }
      let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
      let bytes = UnsafeBufferPointer(
        start: start.assumingMemoryBound(to: UInt8.self), count: strlen(start.assumingMemoryBound(to: CChar.self)))
      if bytes.count <= 2 && bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { continue }  // . and ..
      guard include(bytes, entry.pointee.d_type) else { continue }
      names.append(String(decoding: bytes, as: UTF8.self))
      if names.count == batch {
        take(names)
        names = []
      }
    }
  }
}

/// Calls on paths.
package enum FileSystem {
  /// The status of `path` following symbolic links, or `nil` when it does not
  /// exist. The corresponding C function is `stat`.
  static func status(_ path: String) throws(SystemError) -> FileStatus? {
    var raw = stat()
    guard stat(path, &raw) == 0 else {
      let code = Glibc.errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw SystemError(function: "stat", path: path, errno: code)
    }
    return FileStatus(raw)
  }

  /// Whether `path` is a file whose permission bits let no one write it
  /// (`FileStatus.isWriteProtected`): false when it does not exist or cannot be
  /// examined (a save then says why).
  package static func isWriteProtected(_ path: String) -> Bool {
    ((try? status(path)) ?? nil)?.isWriteProtected ?? false
  }

  /// Whether `path` is on a file system mounted read-only (`statvfs`'s `ST_RDONLY`: a
  /// mount `-o ro`, a CD, a snapshot): no save there can work, whatever the file's
  /// permission bits say. False when it cannot be examined (a save then says why).
  package static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return false }
    return info.f_flag & UInt(ST_RDONLY) != 0
  }

  /// Renames `from` to `to`, replacing `to` atomically. The corresponding C
  /// function is `rename`.
  static func rename(_ from: String, to: String) throws(SystemError) {
    guard Glibc.rename(from, to) == 0 else { throw SystemError(function: "rename", path: to, errno: Glibc.errno) }
  }

  /// Makes `to` a second name of `from`; fails with `EEXIST` when `to` exists (an
  /// atomic create-if-absent). The corresponding C function is `link`.
  static func link(_ from: String, to: String) throws(SystemError) {
    guard Glibc.link(from, to) == 0 else { throw SystemError(function: "link", path: to, errno: Glibc.errno) }
  }

  /// Removes the name `path`. The corresponding C function is `unlink`.
  package static func unlink(_ path: String) throws(SystemError) {
    guard Glibc.unlink(path) == 0 else { throw SystemError(function: "unlink", path: path, errno: Glibc.errno) }
  }

  /// Creates the folder `path` and its missing parents. The corresponding C
  /// function is `mkdir`.
  ///
  /// - Returns: the folders created, outermost first.
  @discardableResult
  package static func makeFolders(_ path: String, mode: mode_t = 0o700) throws(SystemError) -> [String] {
    if let status = try status(path) {
      if status.isDirectory { return [] }
      throw SystemError(function: "mkdir", path: path, errno: ENOTDIR)
    }
    let parent = directory(of: path)
    var created: [String] = []
    if parent != path { created = try makeFolders(parent, mode: mode) }
    if Glibc.mkdir(path, mode) != 0 {
      let code = Glibc.errno
      if code != EEXIST { throw SystemError(function: "mkdir", path: path, errno: code) }
    } else {
      created.append(path)
    }
    return created
  }

  /// The absolute path of `path` with every symbolic link, `.` and `..` resolved.
  /// The corresponding C function is `realpath`.
  static func realPath(_ path: String) throws(SystemError) -> String {
    guard let resolved = Glibc.realpath(path, nil) else {
      throw SystemError(function: "realpath", path: path, errno: Glibc.errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Flushes the folder's entries (a rename or new name in it) to the disk. The
  /// corresponding C functions are `open(O_DIRECTORY)` and `fsync`; `EINVAL` (a
  /// file system that cannot sync folders) is not an error.
  static func syncFolder(_ path: String) throws(SystemError) {
    let folder = try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY)
    defer { try? folder.close() }
    do {
      try folder.sync()
    } catch where error.errno == EINVAL || error.errno == ENOTSUP {
      return
    }
  }

  /// The folder part of `path` (`dirname`): `.` for a bare name, `/` for the root.
  package static func directory(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The last part of `path` (`basename`).
  static func lastComponent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }
}
