import ContactStores
import Foundation
import Glibc

/// What the local copy of an account knows: its address books and its last sync.
/// Kept as JSON in `MirrorPaths.accountState`.
public struct AccountState: Codable, Sendable, Equatable {
  /// One address book of the account.
  public struct Book: Codable, Sendable, Equatable {
    /// The collection's URL (absolute, ending in `/`).
    public var url: String
    /// The server's name for it (`DAV:displayname`), if any.
    public var name: String?
    /// The folder of the copy that holds its cards (a name inside `MirrorPaths.root`).
    public var folder: String

    /// A book.
    public init(url: String, name: String?, folder: String) {
      self.url = url
      self.name = name
      self.folder = folder
    }
  }

  /// The books, in the order they are read.
  public var books: [Book] = []
  /// When the copy was last brought up to date with the server (seconds since 1970).
  public var lastSync: Double?
  /// When a sync last failed, and why (one line), while it has not succeeded since.
  public var lastFailure: Double?
  /// See `lastFailure`.
  public var lastError: String?

  /// An empty state.
  public init() {}

  /// The state in `path`, or an empty one when there is none (or it is damaged: the
  /// next sync makes it again).
  public static func read(_ path: String) -> AccountState {
    guard let data = FileManager.default.contents(atPath: path),
      let state = try? JSONDecoder().decode(AccountState.self, from: data)
    else { return AccountState() }
    return state
  }

  /// Writes the state to `path` atomically.
  public func write(_ path: String) throws {
    try MirrorFiles.writeJSON(self, to: path)
  }
}

/// What the local copy knows of one address book: its sync token (RFC 6578) and, for
/// each card file, the card's URL and ETag (RFC 7232) as last read from the server.
/// Kept as JSON in `MirrorPaths.bookState(_:)`.
public struct BookState: Codable, Sendable, Equatable {
  /// A card of the book.
  public struct Item: Codable, Sendable, Equatable {
    /// The card's URL (absolute).
    public var url: String
    /// Its ETag as the server sent it (quotes included).
    public var etag: String

    /// An item.
    public init(url: String, etag: String) {
      self.url = url
      self.etag = etag
    }
  }

  /// The book's URL.
  public var url: String
  /// The sync token of the last sync, or nil (none yet, or a server without them).
  public var syncToken: String?
  /// The cards by file name.
  public var items: [String: Item] = [:]

  /// The state of the book at `url`, empty.
  public init(url: String) {
    self.url = url
  }

  /// The state in `path`; nil when there is none or it cannot be read.
  public static func read(_ path: String) -> BookState? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONDecoder().decode(BookState.self, from: data)
  }

  /// Writes the state to `path` atomically.
  public func write(_ path: String) throws {
    try MirrorFiles.writeJSON(self, to: path)
  }

  /// The file name that holds the card at `url`, if the copy has it.
  public func fileName(of url: String) -> String? {
    items.first { $0.value.url == url }?.key
  }
}

/// Writing the copy's files.
public enum MirrorFiles {
  /// Writes `value` as JSON to `path`, atomically (a temporary file renamed), making
  /// its folder first.
  public static func writeJSON<T: Encodable>(_ value: T, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try write(Array(try encoder.encode(value)), to: path)
  }

  /// Writes `bytes` to `path` atomically, making its folder first (mode 0700: the
  /// copy holds people's contacts).
  public static func write(_ bytes: [UInt8], to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Writes a card of the copy: a temporary file in the same folder (`.`-named, which
  /// vdir readers skip) renamed over `path`, without an `fsync` each — a first sync of
  /// 10,000 cards spent half its time in them. The state that names the cards is
  /// written after them with an `fsync` (`writeJSON`), whose journal commit carries the
  /// cards' data with it on ext4's default `data=ordered`; and the copy is a cache: at
  /// worst a card is fetched again.
  public static func writeCard(_ bytes: [UInt8], to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let temp = folder + "/.cpick-" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + ".tmp"
    let descriptor = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let code = errno
        close(descriptor)
        unlink(temp)
        throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
      }
      written += count
    }
    close(descriptor)
    guard rename(temp, path) == 0 else {
      let code = errno
      unlink(temp)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }

  /// The name of the file that keeps the card at `url` in a book's folder: the URL's
  /// last part when it is a plain name (letters, digits, `-_.@+=%`, not starting with
  /// `.`, at most 200 bytes; `.vcf` added when it has no such ending), else `h-` and
  /// a hash of the URL. Two cards of one book never get one name (their last parts
  /// differ).
  public static func fileName(forCard url: String) -> String {
    let last = url.split(separator: "/").last.map(String.init) ?? ""
    let plain = !last.isEmpty && last.first != "." && last.utf8.count <= 200
      && last.unicodeScalars.allSatisfy { isPlain($0, "-_.@+=%") }
    guard plain else { return "h-" + StableName.hex(url) + ".vcf" }
    let lower = last.lowercased()
    return lower.hasSuffix(".vcf") || lower.hasSuffix(".vcard") ? last : last + ".vcf"
  }

  /// The folder name for a book at `url`, not among `taken`: its URL's last part made
  /// safe, `-2`, `-3`… when taken.
  public static func folderName(forBook url: String, taken: Set<String>) -> String {
    let last = url.split(separator: "/").last.map(String.init) ?? "book"
    var base = safeName(last, others: "-_")
    if base.isEmpty || base.allSatisfy({ $0 == "_" }) { base = "book-" + StableName.hex(url).prefix(8) }
    var name = base
    var attempt = 1
    while taken.contains(name) {
      attempt += 1
      name = base + "-\(attempt)"
    }
    return name
  }

  /// Whether `scalar` is an ASCII letter or digit, or one of `others`.
  static func isPlain(_ scalar: Unicode.Scalar, _ others: String) -> Bool {
    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || others.unicodeScalars.contains(scalar))
  }

  /// `text` as a file name part: each character not plain (`isPlain`) an `_`, at most
  /// 64 characters.
  public static func safeName(_ text: String, others: String) -> String {
    String(text.unicodeScalars.map { isPlain($0, others) ? Character($0) : "_" }.prefix(64))
  }
}
