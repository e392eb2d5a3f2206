import ContactKit
import Foundation
import CpickSupport
import Localization

/// An address book kept as a vdir folder: one card per `.vcf` file, as vdirsyncer
/// and khard keep them (vdirsyncer's vdir storage format).
///
/// Files are read in name order; files not ending in `.vcf` or `.vcard` (temporary
/// files, `.`-files) are ignored. A folder of address books (vdirsyncer's
/// collections: `contacts/personal/`, `contacts/work/`) is read book by book, the
/// folder's own files first, sub-folders in name order, at most `maxDepth` deep.
/// Symbolic links are followed, but each folder and each card file is read once: a
/// link back to the folder or to one of its collections is not followed again, and a
/// linked card file whose target the book already has is left out (`VdirListing`).
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
    try load(reporting: nil)
  }

  /// `load()`, telling `progress` how many contacts each file gave (from any thread).
  func load(reporting progress: (@Sendable (Int) -> Void)?) throws(ContactStoreError) -> ContactLoad {
    guard let listing = VdirListing(folder: path) else {
      // Says why: missing, not a folder, no permission.
      do {
        _ = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw ContactStoreError(source: path, reason: FileErrors.reason(error, path: path))
      }
      throw ContactStoreError(source: path, reason: L10n.text("the folder cannot be listed"))
    }
    var load = ContactLoad()
    for (base, entries) in listing.folders {
      load.append(Self.readFiles(VdirListing.sortedByName(entries).map { base + $0.name }, progress: progress))
    }
    load.warnings.append(contentsOf: listing.warnings)
    load.resolveGroups()  // group cards are files of their own: link them to the others
    return load
  }

  /// Reads card files, in order; a long list in chunks on all cores (a vdir of
  /// 100,000 files is I/O and parsing of many small pieces). `progress` hears how
  /// many contacts each file gave.
  static func readFiles(_ files: [String], progress: (@Sendable (Int) -> Void)? = nil) -> ContactLoad {
    @Sendable func readChunk(_ chunk: ArraySlice<String>) -> ContactLoad {
      var load = ContactLoad()
      for filePath in chunk {
        guard let bytes = try? FileDescriptor.readFile(filePath) else {
          load.warnings.append(FileErrors.unreadableWarning(filePath))
          continue
        }
        load.append(VCardLoading.contacts(fromBytes: bytes, source: filePath, progress: progress))
      }
      return load
    }
    guard files.count >= 256 else { return readChunk(files[...]) }
    var load = ContactLoad()
    for part in Parallel.map(count: files.count, chunk: (files.count + 31) / 32, { readChunk(files[$0]) }) {
      load.append(part)
    }
    return load
  }
}
