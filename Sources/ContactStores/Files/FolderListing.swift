/// One folder as one listing and one `fstatat` per entry give it
/// (`FileSignature.listing(ofDirectory:examining:)`): its card files, its sub-folders,
/// and which of them are symbolic links — what `VdirListing` needs to read each folder
/// and each card file of a vdir once.
package struct FolderListing: Sendable {
  /// A sub-folder: its name in the folder, the folder it leads to, and whether the
  /// name is a symbolic link.
  package struct Subfolder: Sendable, Hashable {
    /// The entry's name.
    package var name: String
    /// The folder it leads to (after following a link).
    package var identity: FileIdentity
    /// Whether the entry is a symbolic link to a folder.
    package var isLink: Bool
  }

  /// The folder itself (`fstat` of the folder opened).
  package var identity: FileIdentity
  /// Card files (regular files after following a link), in the folder's own order,
  /// each with its signature (`FileSignature.unknown` when not examined).
  package var files: [(name: String, signature: FileSignature)] = []
  /// The names of `files` that may be symbolic links: the listing says so, or does
  /// not give the type (`DT_UNKNOWN`). Always examined.
  package var linkedFiles: Set<String> = []
  /// Sub-folders, not `.`-folders, links to folders included; in the folder's order.
  package var subfolders: [Subfolder] = []
  /// Names of entries that look like the temp files of a save (`AtomicFile.isTempName`),
  /// for `AtomicFile.removeStaleTemps`.
  package var tempFiles: [String] = []

  /// The names of `subfolders`.
  package var folders: [String] { subfolders.map(\.name) }
}
