import ContactKit
import Foundation
import Localization

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
  /// an abook book, a mutt alias file), judged by its first 4 KiB; false
  /// for standard input and a file that cannot be read. New contacts go elsewhere.
  public var isReadOnlyFormat: Bool {
    guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)).map { [UInt8]($0) } ?? []
    return ReadOnlyFormat(head) != nil
  }

  /// The file's bytes (standard input's, to its end, for `-`).
  ///
  /// - Throws: `ContactStoreError` saying why they cannot be read.
  func bytes() throws(ContactStoreError) -> [UInt8] {
    do {
      return path == "-" ? try FileDescriptor.readStandardInput() : try FileDescriptor.readFile(path)
    } catch {
      let reason = path == "-" ? L10n.format("cannot be read: %s", error.message) : FileErrors.reason(error, path: path)
      throw ContactStoreError(source: path, reason: reason)
    }
  }
}

/// Short, human reasons for file errors.
enum FileErrors {
  static func reason(_ error: Error, path: String) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return L10n.text("no such file or folder") }
    if !FileManager.default.isReadableFile(atPath: path) { return L10n.text("permission denied") }
    return L10n.text("cannot be read")
  }
}
