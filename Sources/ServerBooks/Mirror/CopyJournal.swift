import Foundation
import Glibc

/// The journal of a server account's copy: every card file the sync helper or a save
/// writes or removes, appended as its path relative to the copy (`folder/file.vcf`), so
/// that the address book lists only what changed since it last looked instead of
/// examining every file — a directory of 100,000 entries is 100,000 `stat` calls per
/// start otherwise. A writer records a batch before it writes it and again after (a
/// listing between the two sees the file twice, never misses it), under the account's
/// lock.
///
/// The file starts with a line naming its generation (a random UUID); a reader keeps the
/// generation and the byte offset it read to (`State`), and lists in full when the
/// generation differs: the copy deleted, or the journal started again when it grew past
/// `limit`. A path ending in `/` stands for a whole folder (a book gone): a full listing.
public struct CopyJournal: Sendable {
  /// The journal file.
  public let path: String
  /// The size past which the next write starts a new generation.
  public static let limit = 4 << 20

  /// The journal of the copy at `root`.
  public init(root: String) {
    path = root + "/.cpick-journal"
  }

  /// Where a reader got to: the generation and the byte offset after the last line read.
  public struct State: Sendable, Equatable {
    /// The journal's generation.
    public var generation: String
    /// The bytes read.
    public var offset: Int

    /// The state's bytes (for `ItemListing.syncState`).
    public var bytes: [UInt8] { Array("\(generation) \(offset)".utf8) }

    /// The state in `bytes`, or nil.
    public init?(_ bytes: [UInt8]) {
      let parts = String(decoding: bytes, as: UTF8.self).split(separator: " ")
      guard parts.count == 2, let offset = Int(parts[1]) else { return nil }
      generation = String(parts[0])
      self.offset = offset
    }

    init(generation: String, offset: Int) {
      self.generation = generation
      self.offset = offset
    }
  }

  /// Appends `paths` (relative to the copy); starts a new generation first when the
  /// journal is missing or past `limit`. A failure is ignored: the readers' next full
  /// listing finds every change anyway when the generation changes.
  public func record(_ paths: [String]) {
    guard !paths.isEmpty else { return }
    var status = stat()
    if stat(path, &status) != 0 || status.st_size == 0 || Int(status.st_size) > Self.limit {
      let header = "cpick-journal " + UUID().uuidString.lowercased() + "\n"
      try? MirrorFiles.write(Array(header.utf8), to: path)
    }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(paths.map { $0 + "\n" }.joined().utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Starts the journal if the copy has none yet (a copy made before journals, or one
  /// whose syncs changed nothing): from then on its readers list only changes.
  public func start() {
    guard !FileManager.default.fileExists(atPath: path) else { return }
    try? MirrorFiles.write(Array(("cpick-journal " + UUID().uuidString.lowercased() + "\n").utf8), to: path)
  }

  /// The paths recorded since `state` and the state to keep; `paths` nil when they
  /// cannot be told (no state, another generation, a whole folder recorded): list in full.
  public func changes(since state: State?) -> (paths: [String]?, state: State?) {
    guard let data = FileManager.default.contents(atPath: path) else { return (nil, nil) }
    let bytes = Array(data)
    guard let newline = bytes.firstIndex(of: 0x0A) else { return (nil, nil) }
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard header.count == 2, header[0] == "cpick-journal" else { return (nil, nil) }
    let generation = String(header[1])
    // Only whole lines: a writer may be appending.
    let end = (bytes.lastIndex(of: 0x0A) ?? newline) + 1
    let now = State(generation: generation, offset: end)
    guard let state, state.generation == generation, state.offset >= newline + 1, state.offset <= end else {
      return (nil, now)
    }
    let paths = bytes[state.offset..<end].split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    if paths.contains(where: { $0.hasSuffix("/") }) { return (nil, now) }
    return (paths, now)
  }
}

extension CopyJournal {
  /// Runs `body`, which writes or removes the files `paths`, recording them before and after.
  public func recording<T>(_ paths: [String], _ body: () throws -> T) rethrows -> T {
    record(paths)
    defer { record(paths) }
    return try body()
  }
}
