import ContactKit
import Glibc
import CpickSupport

/// What tells one version of a file from another without reading it: size,
/// modification and status-change times (to the nanosecond), inode and device, as
/// `stat(2)` gives them.
///
/// The index cache keeps a file's signature beside its parsed cards; a file whose
/// signature is unchanged at the next start is not read again. The status-change
/// time catches writers that put the modification time back (`touch -r`, `rsync -t`),
/// the inode a file replaced by a rename (as vdirsyncer and cpick's own saves do).
package struct FileSignature: Hashable, Sendable {
  /// The size in bytes (`st_size`).
  package var size: Int64
  /// The modification time in nanoseconds since the Unix epoch (`st_mtim`).
  package var modificationNanoseconds: Int64
  /// The status-change time in nanoseconds since the Unix epoch (`st_ctim`).
  package var statusChangeNanoseconds: Int64
  /// The inode number (`st_ino`).
  package var inode: UInt64
  /// The device number of the file system (`st_dev`).
  package var device: UInt64

  /// A signature from its parts (times in nanoseconds since the Unix epoch).
  package init(size: Int64, modificationNanoseconds: Int64, statusChangeNanoseconds: Int64, inode: UInt64, device: UInt64) {
    self.size = size
    self.modificationNanoseconds = modificationNanoseconds
    self.statusChangeNanoseconds = statusChangeNanoseconds
    self.inode = inode
    self.device = device
  }

  /// The signature of a file listed but not examined (`listing(ofDirectory:examining:)`
  /// with `examining` false): no file has it (its size is -1).
  package static let unknown = FileSignature(
    size: -1, modificationNanoseconds: 0, statusChangeNanoseconds: 0, inode: 0, device: 0)

  /// Whether this is `unknown`.
  package var isUnknown: Bool { size < 0 }

  /// The signature of a file whose status has been read.
  init(_ status: FileStatus) {
    self.init(
      size: status.size, modificationNanoseconds: Self.nanoseconds(status.modified),
      statusChangeNanoseconds: Self.nanoseconds(status.changed), inode: status.inode, device: status.device)
  }

  /// A 64-bit FNV-1a hash of the file's path (`folder` then `name`, so a vdir's files
  /// need no joined path) and of every field of this signature: the same for the same
  /// file in the same state in every process (no random seed).
  package func hash(folder: String = "", name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    for byte in folder.utf8 { mix(byte) }
    for byte in name.utf8 { mix(byte) }
    for value in [UInt64(bitPattern: size), UInt64(bitPattern: modificationNanoseconds),
      UInt64(bitPattern: statusChangeNanoseconds), inode, device]
    {
      for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
    return hash
  }

  /// `seconds * 1e9 + nanoseconds` (good until the year 2262).
  private static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }

  /// The signature of the file at `path`, following symbolic links; `nil` when it does
  /// not exist or cannot be examined (a folder on the way cannot be searched). The
  /// corresponding C function is `stat` (through `FileSystem.status`).
  package static func of(path: String) -> FileSignature? {
    guard let status = try? FileSystem.status(path) else { return nil }
    return FileSignature(status)
  }

  /// The card files of a vdir folder with their signatures: every entry of the folder
  /// itself (not of its sub-folders) whose name ends in `.vcf` or `.vcard` (any case)
  /// and does not start with `.`, and that is a regular file (after following a
  /// symbolic link).
  ///
  /// Names are in the folder's own order (unsorted); an entry that disappears or
  /// cannot be examined between the listing and its `fstatat` is left out. A large
  /// folder is examined on all cores while it is read (`BatchPipeline`): 100,000 files
  /// take about 40 ms to list and 200 ms of CPU time to examine (warm, mostly the
  /// kernel's path lookups).
  ///
  /// The corresponding C functions are `open(O_DIRECTORY)`, `fdopendir`/`readdir`
  /// (`FileDescriptor.entryNames`) and `fstatat` relative to the folder's descriptor
  /// (`FileDescriptor.status(ofEntry:)`).
  ///
  /// - Returns: `nil` when the folder cannot be opened or listed (missing, not a
  ///   folder, no permission).
  package static func ofFiles(inDirectory directory: String) -> [(name: String, signature: FileSignature)]? {
    listing(ofDirectory: directory)?.files
  }

  /// What `ofFiles(inDirectory:)` gives, the folder's sub-folders (not `.`-folders;
  /// links to folders included), which entries may be symbolic links and which look
  /// like temp files of a save, from one listing of the folder. With `examining` false, files the listing says are regular
  /// files are not examined: their signature is `unknown` (for files about to be read
  /// anyway, whose reading gives it; about 2 µs of kernel time less per file).
  ///
  /// - Returns: `nil` when the folder cannot be opened, examined or listed.
  package static func listing(ofDirectory directory: String, examining: Bool = true) -> FolderListing? {
    guard let folder = try? FileDescriptor.open(directory, O_RDONLY | O_DIRECTORY) else { return nil }
    defer { try? folder.close() }
    guard let own = try? folder.status() else { return nil }
    var result = FolderListing(identity: FileIdentity(own))
    var maybeFolders: [(name: String, type: UInt8)] = []
    // Card files whose type the listing does not give (links, unknown): always
    // examined, and with `examining` false the only ones examined.
    var uncertain: [String] = []
    var tempFiles: [String] = []
    let wanted: (UnsafeBufferPointer<UInt8>, UInt8) -> Bool = { name, type in
      guard name.first != UInt8(ascii: ".") else {
        if AtomicFile.isTempName(name) { tempFiles.append(String(decoding: name, as: UTF8.self)) }
        return false
      }
      let maybeLink = Int(type) == DT_LNK || Int(type) == DT_UNKNOWN
      if Int(type) == DT_DIR || maybeLink, !isCardFileName(name) {
        maybeFolders.append((String(decoding: name, as: UTF8.self), type))
      }
      guard isCardFileName(name) else { return false }
      if maybeLink { uncertain.append(String(decoding: name, as: UTF8.self)) }
      if !examining { return Int(type) == DT_REG }
      // Directories, devices, sockets are known from the listing alone; links and
      // unknown types are decided by fstatat.
      return Int(type) == DT_REG || Int(type) == DT_LNK || Int(type) == DT_UNKNOWN
    }
    @Sendable func examine(_ names: [String]) -> [(name: String, signature: FileSignature)] {
      var found: [(name: String, signature: FileSignature)] = []
      found.reserveCapacity(names.count)
      for name in names {
        guard let status = try? folder.status(ofEntry: name) else {
          // A name that is not UTF-8 (read with U+FFFD) names no file: listed, so that
          // reading it says why (`FileErrors.unreadableWarning`), never dropped unsaid.
          if FileErrors.holdsReplacement(name) { found.append((name, FileSignature.unknown)) }
          continue
        }
        guard status.isRegularFile else { continue }
        found.append((name, FileSignature(status)))
      }
      return found
    }
    if examining {
      // Names are examined on the other cores while the folder is still being read.
      let pipeline = BatchPipeline(work: examine)
      do {
        try folder.entryNames(batch: examinedBatch, where: wanted) { pipeline.add($0, full: $0.count == examinedBatch) }
      } catch {
        _ = pipeline.finish()
        return nil
      }
      result.files = pipeline.finish().flatMap { $0 }
    } else {
      guard let names = try? folder.entryNames(where: wanted) else { return nil }
      result.files = names.map { (name: $0, signature: FileSignature.unknown) } + examine(uncertain)
    }
    result.linkedFiles = Set(uncertain)
    result.tempFiles = tempFiles
    for (name, type) in maybeFolders {
      guard let status = try? folder.status(ofEntry: name), status.isDirectory else { continue }
      // A type the listing does not give: whether the name itself is a link.
      let isLink =
        Int(type) == DT_LNK
        || (Int(type) == DT_UNKNOWN && (try? folder.status(ofEntry: name, followingLinks: false))?.isDirectory == false)
      result.subfolders.append(FolderListing.Subfolder(name: name, identity: FileIdentity(status), isLink: isLink))
    }
    return result
  }

  /// How many names of a folder are examined together.
  static let examinedBatch = 1024

  /// Whether `name` ends in `.vcf` or `.vcard`, in any case (VdirStore's rule).
  private static func isCardFileName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    func endsWith(_ suffix: StaticString) -> Bool {
      let count = suffix.utf8CodeUnitCount
      guard name.count > count else { return false }
      let start = name.count - count
      for offset in 0..<count {
        let byte = name[start + offset]
        let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        if lower != suffix.utf8Start[offset] { return false }
      }
      return true
    }
    return endsWith(".vcf") || endsWith(".vcard")
  }
}
