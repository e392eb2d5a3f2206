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
    let bytes: [UInt8]
    if path == "-" {
      bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    } else {
      do {
        bytes = try FileDescriptor.readFile(path)
      } catch {
        throw ContactStoreError(source: path, reason: FileErrors.reason(error, path: path))
      }
    }
    return VCardLoading.contacts(fromBytes: bytes, source: path)
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
