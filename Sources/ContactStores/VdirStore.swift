import ContactKit
import Foundation

/// An address book kept as a vdir folder: one card per `.vcf` file, as vdirsyncer
/// and khard keep them (vdirsyncer's vdir storage format).
///
/// Files are read in name order; files not ending in `.vcf` (temporary files,
/// `.`-files) are ignored.
public struct VdirStore: ContactStore {
  /// The folder's path.
  public let path: String

  /// A store over the folder at `path`.
  public init(path: String) {
    self.path = path
  }

  public var name: String { path }

  /// Reads every `.vcf` file of the folder.
  ///
  /// - Throws: `ContactStoreError` when the folder cannot be listed. An unreadable
  ///   file inside it is a warning.
  public func load() throws(ContactStoreError) -> ContactLoad {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw ContactStoreError(source: path, reason: FileErrors.reason(error, path: path))
    }
    let files = names.filter { $0.lowercased().hasSuffix(".vcf") && !$0.hasPrefix(".") }.sorted()
    let base = path.hasSuffix("/") ? path : path + "/"
    var load = ContactLoad()
    for file in files {
      let filePath = base + file
      guard let data = FileManager.default.contents(atPath: filePath) else {
        load.warnings.append("\(filePath):1: cannot be read; skipped")
        continue
      }
      load.append(VCardLoading.contacts(fromBytes: [UInt8](data), source: filePath))
    }
    return load
  }
}
