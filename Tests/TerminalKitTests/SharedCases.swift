import Foundation

/// The shared bug-report cases (`../shared/cases` next to the package), read in place.
enum SharedCases {
  /// `<package>/../shared/cases`, found from this file's path.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TerminalKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()
    .appendingPathComponent("shared/cases")

  /// The bytes of `cases/<folder>/<name>`, or `nil` (with a note) when absent.
  static func data(_ folder: String, _ name: String) -> Data? {
    let url = root.appendingPathComponent(folder).appendingPathComponent(name)
    guard let data = try? Data(contentsOf: url) else {
      print("skipping: \(url.path) not found (the shared cases are not checked out)")
      return nil
    }
    return data
  }

  static var available: Bool {
    FileManager.default.fileExists(atPath: root.path)
  }
}
