extension VdirListing {
  /// Leaves out the card files that are symbolic links (or may be: `linkedFiles`) to a
  /// file the book also has under a name that is no link, or to the file a link
  /// before it in reading order leads to: one file, one set of cards. Entries that are
  /// no links are all kept (two hard links stay two files, as the listing cannot tell
  /// them apart without examining every file).
  ///
  /// A book listed without examining its files has them examined first, when it has
  /// a linked card file at all (to know which file each link leads to).
  ///
  /// - Complexity: O(1) for a book without linked card files; else one `stat` per
  ///   file not yet examined and O(n) set look-ups.
  mutating func dropLinkedTwins() {
    guard linkedFiles.contains(where: { !$0.isEmpty }) else { return }
    examineUnknown()
    var seen: Set<FileIdentity> = []
    var links: [(folder: Int, name: String, identity: FileIdentity)] = []
    for (index, folder) in folders.enumerated() {
      for entry in folder.entries {
        guard let identity = entry.signature.identity else { continue }
        if linkedFiles[index].contains(entry.name) {
          links.append((index, entry.name, identity))
        } else {
          seen.insert(identity)
        }
      }
    }
    links.sort { a, b in
      a.folder != b.folder ? a.folder < b.folder : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }
    var dropped = [Set<String>](repeating: [], count: folders.count)
    for link in links where !seen.insert(link.identity).inserted {
      dropped[link.folder].insert(link.name)
    }
    for index in folders.indices where !dropped[index].isEmpty {
      folders[index].entries.removeAll { dropped[index].contains($0.name) }
    }
  }

  /// Gives the files listed without examining them (`FileSignature.unknown`) their
  /// signatures; one that vanished since it was listed stays unknown.
  private mutating func examineUnknown() {
    for index in folders.indices {
      let base = folders[index].base
      for position in folders[index].entries.indices where folders[index].entries[position].signature.isUnknown {
        if let signature = FileSignature.of(path: base + folders[index].entries[position].name) {
          folders[index].entries[position].signature = signature
        }
      }
    }
  }
}
