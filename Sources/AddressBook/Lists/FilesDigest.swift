import ContactStores

/// An order-free digest of items' names and versions (files' paths and signatures): the wrapping sum of each
/// file's `FileSignature.hash`, mixed once more. Two listings of
/// the same files give the same digest in any order; any change of a path, size, time,
/// inode or device, any file added or removed, changes it (but for a 2⁻⁶⁴ chance).
struct FilesDigest: Sendable, Hashable {
  /// The sum so far.
  var value: UInt64 = 0
  /// The number of files added.
  var count: Int = 0

  /// Adds the file `base + name` with `signature`.
  package mutating func add(base: String, name: String, signature: FileSignature) {
    var hash = signature.hash(folder: base, name: name)
    // A final mix (splitmix64's), so that sums of related hashes do not cancel.
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    hash ^= hash >> 31
    value = value &+ hash
    count += 1
  }

  /// Adds the item `base + name` at `version`.
  mutating func add(base: String, name: String, version: ItemVersion) {
    add(base: base, name: name, signature: FileSignature(version))
  }

  /// The digest of both listings.
  static func + (a: FilesDigest, b: FilesDigest) -> FilesDigest {
    FilesDigest(value: a.value &+ b.value, count: a.count + b.count)
  }
}
