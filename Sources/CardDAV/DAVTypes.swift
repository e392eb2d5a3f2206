/// An address-book collection found by ``DAVClient/addressBooks(at:)`` (RFC 6352 §5.2).
public struct DAVAddressBook: Sendable, Hashable {
  /// The collection's absolute URL, ending in `/`.
  public var url: String
  /// Its `DAV:displayname`, or `nil` when the server has none (or an empty one).
  public var displayName: String?
  /// Whether its `DAV:supported-report-set` lists `DAV:sync-collection` (RFC 6578 §3.1).
  public var supportsSyncCollection: Bool

  /// A collection at `url` (absolute, ending in `/`).
  public init(url: String, displayName: String?, supportsSyncCollection: Bool) {
    self.url = url
    self.displayName = displayName
    self.supportsSyncCollection = supportsSyncCollection
  }
}

/// A card in a collection: its URL and its version (RFC 7232 entity tag).
public struct DAVMember: Sendable, Hashable {
  /// The card's absolute URL.
  public var url: String
  /// Its `DAV:getetag` as the server sent it, quotes included (`"abc"`, `W/"abc"`); empty
  /// when the server gave none.
  public var etag: String

  /// A member at `url` (absolute) with `etag` (quotes included).
  public init(url: String, etag: String) {
    self.url = url
    self.etag = etag
  }
}

/// What changed in a collection since a sync token (RFC 6578 §3.2).
public struct DAVSyncResult: Sendable {
  /// Cards added or changed, with their new ETags (every card for an initial sync).
  public var changed: [DAVMember]
  /// Absolute URLs of cards removed (answered 404 in the report).
  public var removed: [String]
  /// The token to pass next time (`DAV:sync-token`, opaque).
  public var token: String
  /// The server sent only part of the changes (507 on the request URI, RFC 6578 §3.6):
  /// call again with ``token`` for the rest.
  public var isTruncated: Bool

  /// A sync result.
  public init(changed: [DAVMember], removed: [String], token: String, isTruncated: Bool) {
    self.changed = changed
    self.removed = removed
    self.token = token
    self.isTruncated = isTruncated
  }
}

/// A card's bytes as read from the server (GET or addressbook-multiget).
public struct DAVCard: Sendable, Hashable {
  /// The card's absolute URL.
  public var url: String
  /// Its ETag (quotes included), or `nil` when the answer had none.
  public var etag: String?
  /// The vCard bytes (RFC 6350), CR LF line ends.
  public var bytes: [UInt8]

  /// A card at `url` with `etag` and `bytes`.
  public init(url: String, etag: String?, bytes: [UInt8]) {
    self.url = url
    self.etag = etag
    self.bytes = bytes
  }
}
