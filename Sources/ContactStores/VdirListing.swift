import ContactKit

/// The card files of a vdir folder and its sub-folders (vdirsyncer's collections), as
/// one listing and one `fstatat` per entry give them (`FileSignature.listing`): what
/// `VdirStore` reads and what the on-disk index checks.
///
/// Reading order: a folder's own files by name (compared as UTF-8), then its
/// sub-folders by name, each the same way, `VdirStore.maxDepth` levels deep; `.`-files
/// and `.`-folders are left out.
package struct VdirListing: Sendable {
  /// Each folder read (its path with a final `/`) with its card files, as listed.
  package var folders: [(base: String, entries: [(name: String, signature: FileSignature)])] = []
  /// Sub-folders that could not be read: `folder:1: why`.
  package var warnings: [String] = []

  /// No files.
  package init() {}

  /// Lists `folder`; nil when the folder itself cannot be listed. With `examining`
  /// false, regular files are not examined: their signature is `FileSignature.unknown`.
  package init?(folder: String, examining: Bool = true) {
    guard let root = FileSignature.listing(ofDirectory: folder, examining: examining) else { return nil }
    add(folder, root, depth: 0, examining: examining)
  }

  /// Adds a folder's files, then its sub-folders'.
  private mutating func add(
    _ folder: String, _ listing: (files: [(name: String, signature: FileSignature)], folders: [String]), depth: Int,
    examining: Bool
  ) {
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    folders.append((base: base, entries: listing.files))
    guard depth < VdirStore.maxDepth else { return }
    for name in listing.folders.sorted() {
      guard let inner = FileSignature.listing(ofDirectory: base + name, examining: examining) else {
        warnings.append("\(base + name):1: folder cannot be read; skipped")
        continue
      }
      add(base + name, inner, depth: depth + 1, examining: examining)
    }
  }

  /// The card files in reading order.
  package var files: [(path: String, signature: FileSignature)] {
    folders.flatMap { base, entries in Self.sortedByName(entries).map { (base + $0.name, $0.signature) } }
  }

  /// Files in name order, compared as UTF-8: on the first eight bytes as one integer,
  /// whole names only for ties (100,000 names in a few ms).
  static func sortedByName(_ files: [(name: String, signature: FileSignature)]) -> [(
    name: String, signature: FileSignature
  )] {
    files.map { (prefix: $0.name.utf8SortPrefix, file: $0) }
      .sorted { a, b in
        a.prefix != b.prefix ? a.prefix < b.prefix : a.file.name.utf8.lexicographicallyPrecedes(b.file.name.utf8)
      }
      .map(\.file)
  }
}
