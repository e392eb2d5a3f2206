import ContactKit
import Foundation

/// An address book kept as a vdir folder: one card per `.vcf` file, as vdirsyncer
/// and khard keep them (vdirsyncer's vdir storage format).
///
/// Files are read in name order; files not ending in `.vcf` or `.vcard` (temporary
/// files, `.`-files) are ignored. A folder of address books (vdirsyncer's
/// collections: `contacts/personal/`, `contacts/work/`) is read book by book, the
/// folder's own files first, sub-folders in name order, at most `maxDepth` deep.
public struct VdirStore: ContactStore {
  /// The folder's path.
  public let path: String

  /// How many folder levels below `path` are read.
  public static let maxDepth = 3

  /// A store over the folder at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The folder's path.
  public var name: String { path }

  /// Reads every card file of the folder and its sub-folders.
  ///
  /// - Throws: `ContactStoreError` when the folder cannot be listed. An unreadable
  ///   file or sub-folder inside it is a warning.
  public func load() throws(ContactStoreError) -> ContactLoad {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw ContactStoreError(source: path, reason: FileErrors.reason(error, path: path))
    }
    var load = ContactLoad()
    Self.read(folder: path, names: names, depth: 0, into: &load)
    load.resolveGroups()  // group cards are files of their own: link them to the others
    return load
  }

  private static func read(folder: String, names: [String], depth: Int, into load: inout ContactLoad) {
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    var subfolders: [String] = []
    for name in names.sorted() where !name.hasPrefix(".") {
      let filePath = base + name
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: filePath, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        subfolders.append(filePath)
        continue
      }
      let lower = name.lowercased()
      guard lower.hasSuffix(".vcf") || lower.hasSuffix(".vcard") else { continue }
      guard let data = FileManager.default.contents(atPath: filePath) else {
        load.warnings.append("\(filePath):1: cannot be read; skipped")
        continue
      }
      load.append(VCardLoading.contacts(fromBytes: [UInt8](data), source: filePath))
    }
    guard depth < maxDepth else { return }
    for subfolder in subfolders {
      guard let inner = try? FileManager.default.contentsOfDirectory(atPath: subfolder) else {
        load.warnings.append("\(subfolder):1: folder cannot be read; skipped")
        continue
      }
      read(folder: subfolder, names: inner, depth: depth + 1, into: &load)
    }
  }
}
