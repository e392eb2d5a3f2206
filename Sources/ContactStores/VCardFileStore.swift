import ContactKit
import Foundation

/// An address book kept in one `.vcf` file holding any number of cards, or read
/// from standard input (`-`).
public struct VCardFileStore: ContactStore {
  /// The file's path, or `-` for standard input.
  public let path: String

  /// A store over the file at `path` (`-` for stdin).
  public init(path: String) {
    self.path = path
  }

  /// The file's path, or `-` for stdin.
  public var name: String { path }

  /// Reads the file's cards. Standard input is read to its end.
  ///
  /// - Throws: `ContactStoreError` when the file cannot be read.
  public func load() throws(ContactStoreError) -> ContactLoad {
    VCardLoading.contacts(fromBytes: try bytes(), source: path)
  }

  /// Whether the file is of a format cpick reads but does not write (`ReadOnlyFormat`:
  /// an abook book, a mutt alias file, LDIF, a CSV export), judged by its first 8 KiB; false
  /// for standard input and a file that cannot be read. New contacts go elsewhere.
  public var isReadOnlyFormat: Bool {
    guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: ReadOnlyFormat.headBytes)).map { [UInt8]($0) } ?? []
    return ReadOnlyFormat(head, name: path) != nil
  }

  /// The file's bytes (standard input's, to its end, for `-`).
  ///
  /// - Throws: `ContactStoreError` saying why they cannot be read.
  func bytes() throws(ContactStoreError) -> [UInt8] {
    do {
      return path == "-" ? try FileDescriptor.readStandardInput() : try FileDescriptor.readFile(path)
    } catch {
      let reason = path == "-" ? "cannot be read: \(error.message)" : FileErrors.reason(error, path: path)
      throw ContactStoreError(source: path, reason: reason)
    }
  }
}

/// Short, human reasons for file errors.
enum FileErrors {
  static func reason(_ error: Error, path: String) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file or folder" }
    if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
    return "cannot be read"
  }
}
