import ContactStores
import Foundation
import Glibc
import CpickSupport

/// The file of one view of some address books in the index folder
/// (`$XDG_CACHE_HOME/cpick/lists/<hash of the view>.list`): the view's
/// `ListSnapshot` and the `ContactRenderings` of its contacts, mapped into memory when
/// read — a warm start neither copies the file nor reads the JSON it does not print.
///
/// Layout (integers `UInt64`, little-endian; parts padded to 8 bytes):
///
/// | part      | contents                                                             |
/// |-----------|----------------------------------------------------------------------|
/// | JSON      | `ContactRenderings`' JSON, from the file's first byte                |
/// | table     | `ContactRenderings`' spans and checksums                             |
/// | view key  | the loader's `viewKey` (a hash names the file; the key settles collisions) |
/// | snapshot  | `ListSnapshot.encode`'s payload                                      |
/// | trailer   | magic `CPKLIST1`, `formatVersion`, the index's `identity`, view key length, snapshot length, snapshot checksum, contact count, JSON length |
///
/// The JSON comes first so that a cold book's, rendered into an unnamed temp file as
/// the book was read (`PartRenderings`, `BookRenderings`), becomes the list file
/// where it is: the rest is appended and the temp file given a name (a cold million's
/// 0.9 GB of JSON is not copied again).
///
/// A file is written whole under a temp name and renamed into place
/// (`MappedFile.write`), so a reader sees an old file or a new one. One that is
/// short, of another version or view, or whose snapshot fails its checksum is not
/// used. At most `keptFiles` are kept: the least recently used go first.
enum ListFile {
  /// `CPKLIST1` read as a little-endian integer.
  static let magic: UInt64 = 0x3154_5349_4C4B_5043
  /// The version of this layout and of what it holds (`IndexFormat.version`).
  static let formatVersion = UInt64(IndexFormat.version)
  /// Trailer size in bytes: eight integers.
  static let trailerSize = 64
  /// How many list files the folder keeps (views of other books, orders, groups).
  static let keptFiles = 12

  /// What a list file holds, mapped.
  struct Contents {
    /// The snapshot's payload (inside the mapping).
    var snapshot: UnsafeRawBufferPointer
    var renderings: ContactRenderings
    /// The mapping: keeps `snapshot` valid.
    var file: MappedFile
  }

  /// The folder of the list files: `lists` beside the index database at `cachePath`.
  static func folder(cachePath: String) -> String {
    (cachePath as NSString).deletingLastPathComponent + "/lists"
  }

  /// The file of `view`: `<folder>/<16 hex digits of its checksum>.list`.
  static func path(forView view: String, cachePath: String) -> String {
    let hex = String(UInt64(bitPattern: Checksum.of(Array(view.utf8))), radix: 16)
    return folder(cachePath: cachePath) + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".list"
  }

  /// Writes the list file of `view` at `path` — put in place once `ready` says the
  /// cards it refers to are stored (`MappedFile.write`) — then drops the least
  /// recently used files beyond `keptFiles`.
  ///
  /// - Returns: whether it was written (a cache: failing is not an error).
  @discardableResult
  static func write(
    view: String, identity: Int64, snapshot: [UInt8], renderings: ContactRenderings, to path: String,
    ready: () -> Bool = { true }
  ) -> Bool {
    write(view: view, identity: identity, snapshot: { snapshot }, count: renderings.count, to: path, ready: ready) {
      file, _ throws(SystemError) in
      try file.writeAll(renderings.json)
      return (renderings.json.count, [UInt8](renderings.table))
    } != nil
  }

  /// Writes the list file of `view` at `path` as `write(view:identity:snapshot:renderings:to:ready:)`
  /// does, the JSON of its `count` contacts written first by `json` (given the file
  /// and whether it was `adopting`'s; returning the JSON's length and
  /// `ContactRenderings`' table for it): `ContactRenderings.write(count:_:to:)` renders
  /// it there a wave at a time; JSON rendered while the book was read into the temp
  /// file `adopting` (its `length` bytes, all it holds) is already there when that
  /// file became the list file (`adopted`), and is copied from it otherwise. The snapshot is made by `snapshot` once the JSON
  /// is written, and let go once it is written (100,000 contacts: about 32 MB).
  ///
  /// - Returns: the renderings in the file written (mapped before it was put in
  ///   place); nil when it was not written (a cache: failing is not an error).
  static func write(
    view: String, identity: Int64, snapshot makeSnapshot: () -> [UInt8], count: Int, to path: String,
    ready: () -> Bool, adopting: (file: RenderingsFile, length: Int)? = nil,
    json: (_ file: FileDescriptor, _ adopted: Bool) throws(SystemError) -> (length: Int, table: [UInt8])
  ) -> ContactRenderings? {
    let key = Array(view.utf8)
    var jsonLength = 0
    let mapped = MappedFile.write(to: path, ready: ready, startingWith: adopting) { file, adopted throws(SystemError) in
      let (length, table) = try json(file, adopted)
      jsonLength = length
      try file.writeAll([UInt8](repeating: 0, count: padding(length)))
      try file.writeAll(table)
      try file.writeAll(key + [UInt8](repeating: 0, count: padding(key.count)))
      var snapshot = makeSnapshot()
      let snapshotLength = snapshot.count
      let snapshotChecksum = Checksum.wide(snapshot)
      try file.writeAll(snapshot)
      snapshot = []  // the only copy: let go before the trailer is written
      try file.writeAll([UInt8](repeating: 0, count: padding(snapshotLength)))
      try file.writeAll(
        trailer(
          identity: identity, key: key, snapshotLength: snapshotLength, snapshotChecksum: snapshotChecksum,
          count: count, jsonLength: length))
    }
    guard let mapped else { return nil }
    prune(folder: (path as NSString).deletingLastPathComponent, keeping: path)
    let tableStart = jsonLength + padding(jsonLength)
    return ContactRenderings(
      count: count,
      table: UnsafeRawBufferPointer(rebasing: mapped.bytes[tableStart..<(tableStart + ContactRenderings.tableSize(count))]),
      json: UnsafeRawBufferPointer(rebasing: mapped.bytes[..<jsonLength]), owner: mapped)
  }

  /// The trailer's eight integers (see the layout above).
  private static func trailer(
    identity: Int64, key: [UInt8], snapshotLength: Int, snapshotChecksum: Int64, count: Int, jsonLength: Int
  ) -> [UInt8] {
    var trailer: [UInt8] = []
    for value in [
      magic, formatVersion, UInt64(bitPattern: identity), UInt64(key.count), UInt64(snapshotLength),
      UInt64(bitPattern: snapshotChecksum), UInt64(count), UInt64(jsonLength),
    ] {
      withUnsafeBytes(of: value.littleEndian) { trailer.append(contentsOf: $0) }
    }
    return trailer
  }

  /// Maps the list file of `view` at `path`; nil when there is none, or it is not a
  /// whole file of this version, view and index `identity`, or its snapshot is
  /// damaged.
  ///
  /// - Complexity: a checksum of the snapshot (about 1 ms for 100,000 contacts); the
  ///   renderings are checked one by one when used.
  static func read(path: String, view: String, identity: Int64) -> Contents? {
    guard let file = MappedFile(path: path), file.bytes.count >= trailerSize else { return nil }
    let bytes = file.bytes
    let trailerStart = bytes.count - trailerSize
    func integer(_ index: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: trailerStart + 8 * index, as: UInt64.self))
    }
    guard integer(0) == magic, integer(1) == formatVersion, integer(2) == UInt64(bitPattern: identity) else { return nil }
    let keyLength = integer(3)
    let snapshotLength = integer(4)
    let count = integer(6)
    let jsonLength = integer(7)
    let size = UInt64(bytes.count)
    // Every length bounded by the file's size before any arithmetic on them.
    guard keyLength <= size, snapshotLength <= size, count <= size / 24, jsonLength <= size else { return nil }
    let tableStart = Int(jsonLength) + padding(Int(jsonLength))
    let keyStart = tableStart + ContactRenderings.tableSize(Int(count))
    let snapshotStart = keyStart + Int(keyLength) + padding(Int(keyLength))
    guard snapshotStart + Int(snapshotLength) + padding(Int(snapshotLength)) == trailerStart else { return nil }
    let key = UnsafeRawBufferPointer(rebasing: bytes[keyStart..<(keyStart + Int(keyLength))])
    guard key.elementsEqual(view.utf8) else { return nil }
    let snapshot = UnsafeRawBufferPointer(rebasing: bytes[snapshotStart..<(snapshotStart + Int(snapshotLength))])
    guard Checksum.wide(snapshot) == Int64(bitPattern: integer(5)) else { return nil }
    guard
      let renderings = ContactRenderings(
        count: Int(count), table: UnsafeRawBufferPointer(rebasing: bytes[tableStart..<keyStart]),
        json: UnsafeRawBufferPointer(rebasing: bytes[..<Int(jsonLength)]), owner: file)
    else { return nil }
    markUsed(path)
    return Contents(snapshot: snapshot, renderings: renderings, file: file)
  }

  /// Zero bytes to add after `length` bytes to reach a multiple of 8.
  private static func padding(_ length: Int) -> Int { (8 - length % 8) % 8 }

  /// Sets the file's modification time to now when it is more than an hour old: the
  /// files least recently used are the ones `prune` removes.
  private static func markUsed(_ path: String) {
    var status = stat()
    guard stat(path, &status) == 0, time(nil) - status.st_mtim.tv_sec > 3_600 else { return }
    utimensat(AT_FDCWD, path, nil, 0)
  }

  /// Removes the list files of `folder` beyond the `keptFiles` most recently used
  /// (never `kept`, the one just written), and temp files left by writers that died
  /// more than an hour ago.
  private static func prune(folder: String, keeping kept: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    var lists: [(path: String, used: Int)] = []
    for name in names {
      let path = folder + "/" + name
      var status = stat()
      guard stat(path, &status) == 0 else { continue }
      if name.hasSuffix(".list") {
        if path != kept { lists.append((path, status.st_mtim.tv_sec)) }
      } else if name.hasPrefix("."), name.contains(".tmp-"), time(nil) - status.st_mtim.tv_sec > 3_600 {
        unlink(path)
      }
    }
    guard lists.count >= keptFiles else { return }
    for old in lists.sorted(by: { $0.used > $1.used }).dropFirst(keptFiles - 1) { unlink(old.path) }
  }
}
