import Foundation

/// The shared corpus and bug-report cases (`../shared` next to the package), read in
/// place and never copied into the repository.
enum SharedFiles {
  /// `<package>/../shared`, found from this file's path.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // VCardTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared")

  static var corpus: URL { root.appendingPathComponent("corpus") }
  static var cases: URL { root.appendingPathComponent("cases") }

  /// The bytes of `corpus/<path>`, or `nil` when absent.
  static func corpusBytes(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(path).path) else {
      return nil
    }
    return [UInt8](data)
  }

  /// The bytes of `cases/<folder>/<name>`, or `nil` (with a note) when absent.
  static func caseBytes(_ folder: String, _ name: String) -> [UInt8]? {
    let url = cases.appendingPathComponent(folder).appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      print("skipping: \(url.path) not found (the shared cases are not checked out)")
      return nil
    }
    return [UInt8](data)
  }

  /// `cases/<folder>/<name>` as a path.
  static func casePath(_ folder: String, _ name: String) -> String {
    cases.appendingPathComponent(folder).appendingPathComponent(name).path
  }
}
