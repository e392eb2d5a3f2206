import ContactKit
import Foundation
import Glibc

/// A fresh folder under the system temp folder, removed by `remove()`.
public struct TempFolder {
  public let path: String

  public init(_ label: String) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-save-\(label)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  public func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// `path/name`, its folders created.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes `bytes` to `name` (mode 0644), creating folders.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws -> String {
    let full = file(name)
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: full))
    chmod(full, mode)
    return full
  }

  /// Copies a shared file in (as a writable 0644 file: the shared files are read-only).
  @discardableResult
  public func copy(_ shared: URL, as name: String) throws -> String {
    try write(name, [UInt8](try Data(contentsOf: shared)))
  }

  /// The names in `sub` (or the folder itself), sorted, hidden ones included.
  public func names(_ sub: String = "") -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
  }

  /// Every temp file a save may leave (`.<name>.tmp-…`) anywhere below.
  public func strayTempFiles() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
    var found: [String] = []
    while let name = walker.nextObject() as? String {
      if (name as NSString).lastPathComponent.contains(".tmp-") { found.append(name) }
    }
    return found
  }
}

/// A file's bytes, text, lines and `stat`.
public enum Bytes {
  public static func of(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
  }

  public static func text(_ path: String) -> String { String(decoding: of(path), as: UTF8.self) }

  /// The file's content lines (CRLF or LF line ends).
  public static func lines(_ path: String) -> [String] {
    text(path).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true)
      .map(String.init)
  }

  /// `stat` of the file.
  public static func status(_ path: String) -> stat {
    var raw = stat()
    _ = stat(path, &raw)
    return raw
  }
}

extension Contact {
  /// The contact with one more email.
  public func addingEmail(_ address: String, label: String = "work") -> Contact {
    var copy = self
    copy.emailAddresses.append(LabeledValue(identifier: "new-\(address)", label: label, value: address))
    return copy
  }
}
