import ContactStores
import CpickSupport

/// A book the address book reads: its cards as *items*, each with a version that
/// changes whenever the item does. `.vcf` files, vdir folders and standard input are
/// sources (`BookSources.source(for:)`); a book that is not a file — a CardDAV
/// collection (RFC 6352), an LDAP directory (RFC 4511) — is one behind the same
/// protocol.
///
/// How `ContactListLoader` uses a source, and what that asks of it:
/// - **Freshness without reading**: `listItems(known:)` gives every item's version
///   (a file's `stat`; a server's ETag, RFC 7232); the loader reads only the items
///   whose version the index does not hold, and stores what it read under that
///   version.
/// - **A partial refresh**: a source that can tell what changed since its last
///   listing (a CardDAV sync token, RFC 6578; an LDAP sync cookie, RFC 4533) lists
///   only the items changed and removed (`ItemListing.isComplete` false) and returns
///   the state to remember (`ItemListing.syncState`); the index keeps it and hands it
///   back in `KnownBook.syncState` next time. Items not listed keep what the index
///   holds.
/// - **Writes with a precondition**: `store()` saves; an update names the contact as
///   it was read (`SaveRequest.update(_:original:)`), which carries the card as read
///   (`Contact.sourceRecord`). The store compares it with the item as it is now and
///   writes only over that version — a file replaced by `rename(2)` after its status
///   is checked again; a server's card fetched with its ETag and put back with
///   `If-Match` (RFC 7232) — merging a change made since, or refusing it
///   (`ContactStoreError.Kind.conflict`), never silently overwriting it (PRODUCT.md,
///   "Data promises").
public protocol BookSource: Sendable {
  /// The book's name: its key in the index, and what messages call it (a path as
  /// given, `-`, a URL).
  var name: String { get }

  /// The book's key in the on-disk index: one spelling per book, however it was
  /// named (for a file, `SourcePath.canonical` of its path).
  var key: String { get }

  /// Whether what is read is kept in the on-disk index (false for standard input,
  /// which is read whole every time).
  var isIndexed: Bool { get }

  /// The items of the book now, with their versions, without reading any card.
  ///
  /// - Parameter known: what the index holds of the book (nil: nothing, or no index).
  ///   A source may leave versions `ItemVersion.unknown` when the index holds no
  ///   item of the book (`known?.hasItems` not true): every item is read then, and
  ///   reading gives the version.
  /// - Throws: `ContactStoreError` when the book as a whole cannot be read.
  func listItems(known: KnownBook?) throws(ContactStoreError) -> ItemListing

  /// Reads one listed item: its contacts and the version read (nil when it cannot be
  /// told: the item is then not stored in the index).
  ///
  /// - Parameter progress: for a single large item, told how many contacts each part
  ///   gave as it is read (from any thread).
  /// - Throws: `ContactStoreError` when the item cannot be read.
  func read(_ item: String, progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ItemRead

  /// Reads several listed items at once — a CardDAV `addressbook-multiget` (RFC 6352
  /// §8.7) rather than a request per card: one result per item, in order, an item
  /// that cannot be read giving its error in its place. By default, `read(_:progress:)`
  /// of each in turn.
  ///
  /// - Parameter limit: bytes from which an item that can be read in parts
  ///   (`readInParts`) is left for that rather than read whole (`ItemRead.isLeftForParts`:
  ///   a 100 MB `.vcf` file in a folder is never held whole beside the others); nil:
  ///   every item read whole. By default, ignored.
  func read(_ items: [String], wholeUpTo limit: Int64?) -> [Result<ItemRead, ContactStoreError>]

  /// Reads a large item part by part, giving `body` the contacts of each part as they
  /// are read (a `.vcf` file of a million cards is never held whole); what the parts
  /// add up to is what `read(_:progress:)` gives. By default, not done.
  ///
  /// - Parameters:
  ///   - partSize: about how many bytes of the item each part holds.
  ///   - twins: the item's twins as an earlier reading found them (`PartsRead.again`);
  ///     nil when not known.
  /// - Returns: how the reading ended — `.whole` when the item must be read whole
  ///   (`read(_:progress:)`), `.again` when it is to be read in parts again with the
  ///   twins given, what `body` was given then discarded — and the version read, when
  ///   it can be told.
  func readInParts(
    _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
  ) -> (read: PartsRead, version: ItemVersion?)

  /// Whether an item read at `version` may be kept in the index: a file changed
  /// within the file system's timestamp granularity may change again unseen.
  func isSettled(_ version: ItemVersion) -> Bool

  /// The store that saves to this book.
  func store() -> any ContactStore
}

extension BookSource {
  /// Not done: the item is read whole.
  public func readInParts(
    _ item: String, partSize: Int, twins: TwinCounts?, _ body: (ContactLoad) -> Void
  ) -> (read: PartsRead, version: ItemVersion?) {
    (.whole, nil)
  }

  /// `read(_:progress:)` of each item in turn, each read whole.
  public func read(_ items: [String], wholeUpTo limit: Int64?) -> [Result<ItemRead, ContactStoreError>] {
    items.map { item in Result { () throws(ContactStoreError) -> ItemRead in try read(item, progress: nil) } }
  }
}

/// A version of one item, compared for equality only: five 64-bit words, which for a
/// file are its `FileSignature` (size, modification and status-change times, inode,
/// device) and for another source what tells its versions apart (an ETag's hash).
public struct ItemVersion: Hashable, Sendable {
  /// The words, in the order the index stores them.
  public var words: (UInt64, UInt64, UInt64, UInt64, UInt64)

  /// A version from its words.
  public init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64) {
    words = (w0, w1, w2, w3, w4)
  }

  /// A version not yet known (listed without examining the item); no item has it.
  public static let unknown = ItemVersion(FileSignature.unknown)

  /// Whether this is `unknown`.
  public var isUnknown: Bool { self == .unknown }

  /// Whether the words are the same.
  public static func == (a: ItemVersion, b: ItemVersion) -> Bool {
    a.words == b.words
  }

  /// Hashes the words.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
    hasher.combine(words.4)
  }
}

extension ItemVersion {
  /// A file's version: its signature.
  package init(_ signature: FileSignature) {
    self.init(
      UInt64(bitPattern: signature.size), UInt64(bitPattern: signature.modificationNanoseconds),
      UInt64(bitPattern: signature.statusChangeNanoseconds), signature.inode, signature.device)
  }
}

extension FileSignature {
  /// The signature with the words of `version` (the form the index stores).
  package init(_ version: ItemVersion) {
    self.init(
      size: Int64(bitPattern: version.words.0), modificationNanoseconds: Int64(bitPattern: version.words.1),
      statusChangeNanoseconds: Int64(bitPattern: version.words.2), inode: version.words.3,
      device: version.words.4)
  }
}

/// The items of a book as `BookSource.listItems(known:)` lists them.
public struct ItemListing: Sendable {
  /// The items by collection (a vdir's folders, a server's address-book collections),
  /// collections in reading order: each collection's `base` and its items' names
  /// relative to it (the item is `base + name`) with their versions, in any order
  /// (they are read in name order, `items`; listing a large folder need not sort it).
  public var collections: [(base: String, items: [(name: String, version: ItemVersion)])] = []
  /// Problems that left part of the book out (`name:1: why`).
  public var warnings: [String] = []
  /// False when only the items changed since `KnownBook.syncState` are listed (a
  /// partial refresh): items not listed and not in `removed` are as the index holds
  /// them.
  public var isComplete = true
  /// With a partial listing, the items removed since.
  public var removed: [String] = []
  /// The state to pass back in `KnownBook.syncState` at the next listing, when the
  /// source can list changes only.
  public var syncState: [UInt8]?

  /// An empty listing.
  public init() {}

  /// Every item, `base + name`, with its version, in reading order: collection by
  /// collection, each one's items by name (compared as UTF-8; on the first eight bytes
  /// as one integer, whole names only for ties — 100,000 names in a few ms).
  public var items: [(item: String, version: ItemVersion)] {
    collections.flatMap { base, items in
      items.map { (prefix: $0.name.utf8SortPrefix, item: $0) }
        .sorted { a, b in
          a.prefix != b.prefix ? a.prefix < b.prefix : a.item.name.utf8.lexicographicallyPrecedes(b.item.name.utf8)
        }
        .map { (base + $0.item.name, $0.item.version) }
    }
  }

  /// Whether every item's version is known (none `ItemVersion.unknown`).
  var hasAllVersions: Bool {
    !collections.contains { $0.items.contains { $0.version.isUnknown } }
  }
}

/// What the index holds of a book when it is listed.
public struct KnownBook: Sendable {
  /// Whether the index holds any item of the book.
  public var hasItems: Bool
  /// The state the source returned at its last listing (`ItemListing.syncState`).
  public var syncState: [UInt8]?

  /// What is known.
  public init(hasItems: Bool, syncState: [UInt8]? = nil) {
    self.hasItems = hasItems
    self.syncState = syncState
  }
}

/// One item as read: its contacts and their problems, and the version read.
public struct ItemRead: Sendable {
  /// The item's contacts, warnings and group cards.
  public var load: ContactLoad
  /// The version read; nil when it cannot be told.
  public var version: ItemVersion?
  /// True when the item was not read, being larger than the read's limit
  /// (`BookSource.read(_:wholeUpTo:)`): `load` is empty, and the item is to be read
  /// in parts (`BookSource.readInParts`).
  public var isLeftForParts = false

  /// An item read.
  public init(load: ContactLoad, version: ItemVersion?) {
    self.load = load
    self.version = version
  }

  /// An item left for reading in parts, at `version`.
  public static func leftForParts(version: ItemVersion?) -> ItemRead {
    var read = ItemRead(load: ContactLoad(), version: version)
    read.isLeftForParts = true
    return read
  }
}
