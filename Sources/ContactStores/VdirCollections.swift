import Foundation

/// The collections of a vdir, as vdirsyncer lays them out (its storage `path` holds one
/// sub-folder per collection — `personal/`, `work/` — each a vdir of `.vcf` files)
/// and khard reads them (one address book per sub-folder). A new card belongs in a
/// collection: one at the top of such a folder is read by cpick but never synced by
/// vdirsyncer.
public enum VdirCollections {
  /// The collections of the folder at `path`, sorted by name (full paths): its
  /// sub-folders not starting with `.`, when the folder itself holds no card file
  /// (`.vcf`); empty when it holds one (a vdir of its own) or has no sub-folder.
  public static func collections(of path: String) -> [String] {
    let fm = FileManager.default
    guard let names = try? fm.contentsOfDirectory(atPath: path) else { return [] }
    if names.contains(where: { $0.lowercased().hasSuffix(".vcf") && !$0.hasPrefix(".") }) { return [] }
    let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }.filter { child in
      var isDirectory: ObjCBool = false
      return fm.fileExists(atPath: child, isDirectory: &isDirectory) && isDirectory.boolValue
    }
  }

  /// The collection of `collections` that `preferred` names — its path, or its
  /// folder's name — else the first; nil when there is none.
  public static func choose(among collections: [String], preferred: String?) -> String? {
    if let preferred,
      let named = collections.first(where: {
        $0 == preferred || $0 + "/" == preferred || ($0 as NSString).lastPathComponent == preferred
      })
    {
      return named
    }
    return collections.first
  }
}
