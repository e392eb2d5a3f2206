import ContactKit
import CpickSupport
import Localization

/// The card files of a vdir folder and its sub-folders (vdirsyncer's collections), as
/// one listing and one `fstatat` per entry give them (`FileSignature.listing`): what
/// `VdirStore` reads and what the on-disk index checks.
///
/// Reading order: a folder's own files by name (compared as UTF-8), then its
/// sub-folders by name, each the same way, `VdirStore.maxDepth` levels deep; `.`-files
/// and `.`-folders are left out. Sub-folders that are symbolic links come after all
/// the others, in the order met (at the depth of the link).
///
/// Each folder and each card file is read once, by its identity (device and inode):
/// a link to a folder already read (to the book itself, to one of its collections, a
/// second link to the same place) is not followed, so a folder read under its own
/// name is never read again through a link; a card file that is a symbolic link to a
/// file the book has under another name is left out, as is a second link to one file
/// (`dropLinkedTwins`).
package struct VdirListing: Sendable {
  /// Each folder read (its path with a final `/`) with its card files, as listed.
  package var folders: [(base: String, entries: [(name: String, signature: FileSignature)])] = []
  /// Sub-folders that could not be read: `folder:1: why`.
  package var warnings: [String] = []
  /// The names in `folders` (by position) that may be symbolic links to card files.
  var linkedFiles: [Set<String>] = []
  /// The paths of entries that look like temp files of a save (`AtomicFile.isTempName`),
  /// in every folder read: what `AtomicFile.removeStaleTemps` checks.
  package var tempFiles: [String] = []

  /// No files.
  package init() {}

  /// Lists `folder`; nil when the folder itself cannot be listed. With `examining`
  /// false, regular files are not examined: their signature is `FileSignature.unknown`
  /// (unless the book has linked card files: then every file is examined, to know
  /// which link leads to which file).
  package init?(folder: String, examining: Bool = true) {
    guard let root = FileSignature.listing(ofDirectory: folder, examining: examining) else { return nil }
    var walk = Walk(examining: examining, visited: [root.identity])
    add(folder, root, depth: 0, walk: &walk)
    // Links to folders, once the folders under their own names are known.
    var next = 0
    while next < walk.linked.count {
      let (path, subfolder, depth) = walk.linked[next]
      next += 1
      guard walk.visited.insert(subfolder.identity).inserted else { continue }
      read(path, depth: depth, walk: &walk)
    }
    dropLinkedTwins()
  }

  /// What a walk has met: folders read, and links to folders left for later.
  private struct Walk {
    let examining: Bool
    var visited: Set<FileIdentity>
    var linked: [(path: String, subfolder: FolderListing.Subfolder, depth: Int)] = []
  }

  /// Adds a folder's files, then its sub-folders' (links to folders are left for later).
  private mutating func add(_ folder: String, _ listing: FolderListing, depth: Int, walk: inout Walk) {
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    folders.append((base: base, entries: listing.files))
    linkedFiles.append(listing.linkedFiles)
    tempFiles += listing.tempFiles.map { base + $0 }
    guard depth < VdirStore.maxDepth else { return }
    for subfolder in listing.subfolders.sorted(by: { $0.name < $1.name }) {
      if subfolder.isLink {
        walk.linked.append((base + subfolder.name, subfolder, depth + 1))
        continue
      }
      guard walk.visited.insert(subfolder.identity).inserted else { continue }
      read(base + subfolder.name, depth: depth + 1, walk: &walk)
    }
  }

  /// Lists the folder at `path` and adds it; a warning when it cannot be listed.
  private mutating func read(_ path: String, depth: Int, walk: inout Walk) {
    guard let inner = FileSignature.listing(ofDirectory: path, examining: walk.examining) else {
      warnings.append("\(path):1: " + L10n.deferred("folder cannot be read; skipped"))
      return
    }
    add(path, inner, depth: depth, walk: &walk)
  }

  /// The card files in reading order.
  package var files: [(path: String, signature: FileSignature)] {
    folders.flatMap { base, entries in Self.sortedByName(entries).map { (base + $0.name, $0.signature) } }
  }

  /// Files in name order, compared as UTF-8: on the first eight bytes as one integer,
  /// whole names only for ties (100,000 names in a few ms).
  package static func sortedByName(_ files: [(name: String, signature: FileSignature)]) -> [(
    name: String, signature: FileSignature
  )] {
    files.map { (prefix: $0.name.utf8SortPrefix, file: $0) }
      .sorted { a, b in
        a.prefix != b.prefix ? a.prefix < b.prefix : a.file.name.utf8.lexicographicallyPrecedes(b.file.name.utf8)
      }
      .map(\.file)
  }
}
