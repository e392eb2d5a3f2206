import ContactStores
import CpickSupport
import Foundation
import Glibc
import ServerBooks

/// The sources of specifications: `-` (standard input), a vdir folder, a `.vcf` file —
/// told apart as PRODUCT.md says, by what the path is — and a server's URL (a CardDAV
/// account, `ServerBookSource`).
public enum BookSources {
  /// The source for a source specification: `-` for standard input, a folder for a
  /// vdir, anything else for a `.vcf` file.
  ///
  /// - Parameter racyInterval: files changed less than this many seconds before they
  ///   are read are not kept in the index (a second change within the file system's
  ///   timestamp granularity would leave the same signature: git's "racily clean"
  ///   files).
  public static func source(
    for spec: String, racyInterval: Int64 = 2, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> any BookSource {
    if spec == "-" { return StandardInputSource() }
    if ServerAccount.isServerSpec(spec) {
      return ServerBookSource(account: ServerAccount.forSource(spec, environment: environment), environment: environment)
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory), isDirectory.boolValue {
      return VdirSource(path: spec, racyInterval: racyInterval)
    }
    return VCardFileSource(path: spec, racyInterval: racyInterval)
  }

  /// Whether the book with index key `key` is known to be gone: a file book (its key
  /// is its absolute path, `FileBookSource.key`) whose file or folder no longer
  /// exists. Of a book that is not a file nothing is known here.
  static func isGone(key: String) -> Bool {
    key.hasPrefix("/") && !FileManager.default.fileExists(atPath: key)
  }

  /// `specs` without repeats: a book named twice (`-s vd -s vd`, `./vd`, through a
  /// link to it or a hard link) or a folder inside another folder named (`-s vd -s
  /// vd/sub`, which `vd`'s reading already holds) is read once, where it is first
  /// named. Two names are one book when they lead to one file (`FileIdentity`: device
  /// and inode, links followed); a name that leads nowhere yet by its spelling
  /// (`SourcePath`).
  public static func distinct(_ specs: [String]) -> [String] {
    func resolved(_ spec: String) -> String {
      URL(fileURLWithPath: spec).standardizedFileURL.resolvingSymlinksInPath().path
    }
    func sameness(_ spec: String) -> AnyHashable {
      guard spec != "-", let identity = FileSignature.of(path: spec)?.identity else {
        return AnyHashable(SourcePath.canonical(spec))
      }
      return AnyHashable(identity)
    }
    let folders = Set(
      specs.filter { spec in
        var isDirectory: ObjCBool = false
        return spec != "-" && FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory)
          && isDirectory.boolValue
      }.map(resolved))
    var seen = Set<AnyHashable>()
    return specs.filter { spec in
      let path = resolved(spec)
      let inside = spec != "-" && folders.contains { path.hasPrefix($0 + "/") }
      return !inside && seen.insert(sameness(spec)).inserted
    }
  }
}

/// What the file sources share: the key in the index (one spelling per path), and
/// which versions are settled.
protocol FileBookSource: BookSource {
  /// The path as given.
  var path: String { get }
  /// See `BookSources.source(for:racyInterval:)`.
  var racyInterval: Int64 { get }
}

extension FileBookSource {
  /// The path as given.
  public var name: String { path }
  /// True: files are kept in the index.
  public var isIndexed: Bool { true }
  /// The path's one spelling (`SourcePath.canonical`).
  public var key: String { SourcePath.canonical(path) }

  /// Reads a card file: its contacts and its signature as read.
  public func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
    try read(item, progress: progress, wholeUpTo: .max)
  }

  /// Reads card files one after another; a regular file of more than `limit` bytes is
  /// left for reading in parts (`ItemRead.isLeftForParts`), its signature taken.
  public func read(_ items: [String], wholeUpTo limit: Int64?) -> [Result<ItemRead, ContactStoreError>] {
    items.map { item in
      Result { () throws(ContactStoreError) -> ItemRead in try read(item, progress: nil, wholeUpTo: limit ?? .max) }
    }
  }

  /// A card file read whole, or left for reading in parts when over `limit` bytes.
  private func read(_ item: String, progress: (@Sendable (Int) -> Void)?, wholeUpTo limit: Int64) throws(
    ContactStoreError
  ) -> ItemRead {
    let read = try VCardFileStore(path: item).loadWithSignature(progress: progress, wholeUpTo: limit)
    let version = read.signature.map(ItemVersion.init)
    guard let load = read.load else { return .leftForParts(version: version) }
    return ItemRead(load: load, version: version)
  }

  /// Reads a card file part by part (`VCardFileStore.loadInParts`).
  public func readInParts(
    _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
  ) -> (read: PartsRead, version: ItemVersion?) {
    let read = VCardFileStore(path: item).loadInParts(partSize: partSize, twins: twins, body)
    return (read.read, read.signature.map(ItemVersion.init))
  }

  /// False when the file changed less than `racyInterval` ago.
  public func isSettled(_ version: ItemVersion) -> Bool {
    let signature = FileSignature(version)
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanos = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    return nanos - signature.modificationNanoseconds >= racyInterval * 1_000_000_000
      && nanos - signature.statusChangeNanoseconds >= racyInterval * 1_000_000_000
  }
}

/// A `.vcf` file (or jCard, or JSON lines): one item, the file itself.
public struct VCardFileSource: FileBookSource {
  /// The file's path, as given.
  public let path: String
  /// Seconds within which a change keeps the file out of the index.
  public let racyInterval: Int64

  /// The file at `path`.
  public init(path: String, racyInterval: Int64 = 2) {
    self.path = path
    self.racyInterval = racyInterval
  }

  /// The file and its signature (`stat(2)`). Temp files that a killed save of the
  /// file left beside it are removed (`AtomicFile.removeStaleTemps(of:)`: one listing
  /// of the folder).
  ///
  /// - Throws: the store's error when the file cannot be read.
  public func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing {
    var listing = ItemListing()
    guard let signature = FileSignature.of(path: path) else {
      _ = try VCardFileStore(path: path).load()  // says why it cannot be read
      return listing
    }
    listing.collections = [(base: "", items: [(name: path, version: ItemVersion(signature))])]
    AtomicFile.removeStaleTemps(of: path)
    return listing
  }

  /// The file's store (`VCardFileStore`).
  public func store() -> any ContactStore { VCardFileStore(path: path) }
}

/// A vdir folder: its card files in name order, then its sub-folders (vdirsyncer's
/// collections) in name order, `VdirStore.maxDepth` deep, each folder and card file
/// once whatever links lead to it — `VdirStore`'s order and files (`VdirListing`).
public struct VdirSource: FileBookSource {
  /// The folder's path, as given.
  public let path: String
  /// Seconds within which a change keeps a card file out of the index.
  public let racyInterval: Int64

  /// The folder at `path`.
  public init(path: String, racyInterval: Int64 = 2) {
    self.path = path
    self.racyInterval = racyInterval
  }

  /// One listing of each folder and one `fstatat` per file (on all cores for a large
  /// folder). A vdir the index holds no file of is listed without examining its
  /// files: all of them are read, and reading one gives its signature.
  ///
  /// - Throws: the store's error when the folder cannot be read.
  public func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing {
    var listing = ItemListing()
    guard let folders = VdirListing(folder: path, examining: known?.hasItems ?? false) else {
      _ = try VdirStore(path: path).load()  // says why the folder cannot be read
      return listing
    }
    listing.collections = folders.folders.map { base, entries in
      (base: base, items: entries.map { (name: $0.name, version: ItemVersion($0.signature)) })
    }
    listing.warnings = folders.warnings
    AtomicFile.removeStaleTemps(folders.tempFiles)
    return listing
  }

  /// The folder's store (`VdirStore`).
  public func store() -> any ContactStore { VdirStore(path: path) }
}

/// Standard input: read to its end once, never kept in the index. A large input is
/// mapped part by part (`readInParts`) as a large file is.
public struct StandardInputSource: BookSource {
  /// Standard input's bytes, read once: reading in parts and, when that is refused,
  /// reading whole use the same bytes.
  private final class Input: Sendable {
    private let bytes = Locked<Result<[UInt8], ContactStoreError>?>(nil)

    /// The bytes, read on first use.
    func read() throws(ContactStoreError) -> [UInt8] {
      let result = bytes.withLock { stored in
        if let stored { return stored }
        let read = Result { () throws(ContactStoreError) -> [UInt8] in try VCardFileStore(path: "-").bytes() }
        stored = read
        return read
      }
      return try result.get()
    }

    /// Lets the bytes go once they are read in parts (an empty input if asked again).
    func release() { bytes.withLock { $0 = .success([]) } }
  }

  private let input = Input()

  /// Standard input.
  public init() {}
  /// `-`.
  public var name: String { "-" }
  /// `-`.
  public var key: String { "-" }
  /// False: read whole every time.
  public var isIndexed: Bool { false }

  /// One item, `-`, its version unknown.
  public func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing {
    var listing = ItemListing()
    listing.collections = [(base: "", items: [(name: "-", version: .unknown)])]
    return listing
  }

  /// Reads all of standard input; its version cannot be told.
  public func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead {
    ItemRead(load: VCardFileStore(path: "-").load(bytes: try input.read(), progress: progress), version: nil)
  }

  /// Reads standard input's cards part by part (`VCardFileStore.loadInParts(_:source:partSize:_:)`);
  /// once done, its bytes are let go.
  public func readInParts(
    _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
  ) -> (read: PartsRead, version: ItemVersion?) {
    guard let bytes = try? input.read() else { return (.whole, nil) }
    let read = VCardFileStore.loadInParts(bytes, source: "-", partSize: partSize, twins: twins, body)
    if read == .done { input.release() }
    return (read, nil)
  }

  /// False: nothing of standard input is kept.
  public func isSettled(_ version: ItemVersion) -> Bool { false }

  /// A store that refuses to save (standard input is read-only).
  public func store() -> any ContactStore { VCardFileStore(path: "-") }
}
