import Foundation

/// The shared corpus and bug-report cases (`../shared` next to the package), read in
/// place and never copied into the repository.
enum SharedFiles {
  /// `<package>/../shared`, found from this file's path.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // ContactStoresTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared")

  static var corpus: URL { root.appendingPathComponent("corpus") }
  static var cases: URL { root.appendingPathComponent("cases") }

  /// Whether `url` exists; prints a skip note when it does not.
  static func available(_ url: URL) -> Bool {
    if FileManager.default.fileExists(atPath: url.path) { return true }
    print("skipping: \(url.path) not found (the shared files are not checked out)")
    return false
  }

  /// Every regular file under `corpus`, as paths relative to it, sorted.
  static func corpusFiles() -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let full = corpus.appendingPathComponent(path).path
      if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
        files.append(path)
      }
    }
    return files.sorted()
  }
}
