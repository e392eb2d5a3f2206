import CpickTestSupport
import Foundation

/// A failure of the test machinery itself (no binary, a timeout, a tool that failed),
/// reported with everything needed to understand it.
struct EndToEndError: Error, CustomStringConvertible {
  var description: String
}

/// Where things are: the package, the built `cpick`, the fixtures and the shared cases.
enum EndToEnd {
  /// The package root.
  static let packageRoot: URL = TestPaths.packageRoot

  /// `<package>/../shared`: the corpus and the bug-report cases, read in place.
  static let shared: URL = SharedFiles.root

  /// The sample address book (67 invented people).
  static let sampleBook: String = TestPaths.sampleBook.path

  /// A file under `../shared`.
  static func sharedFile(_ relativePath: String) -> String {
    shared.appendingPathComponent(relativePath).path
  }

  /// Whether `../shared` (corpus and cases) is checked out next to the package.
  static let sharedIsAvailable: Bool = FileManager.default.fileExists(
    atPath: shared.appendingPathComponent("cases").path)

  /// The binary under test: `$CPICK_BINARY`, else `.build/release/cpick`, else
  /// `.build/debug/cpick`.
  ///
  /// - Throws: `EndToEndError` saying how to build it when none exists. These tests
  ///   never build the product themselves.
  static func binary() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["CPICK_BINARY"], !path.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw EndToEndError(description: "CPICK_BINARY=\(path) is not an executable file")
      }
      return path
    }
    let candidates = [".build/release/cpick", ".build/debug/cpick"].map {
      packageRoot.appendingPathComponent($0).path
    }
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
      return found
    }
    throw EndToEndError(
      description: """
        no cpick binary: looked at $CPICK_BINARY, \(candidates.joined(separator: ", ")). \
        Build it first: swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick && swift test --sanitize=address
        """)
  }

  /// The environment cpick runs in: no `CPICK_DEFAULT_OPTS`, `CPICK_SOURCE`,
  /// `CPICK_LANGUAGE` (English: the test support's), `ESCDELAY`, `NO_COLOR` from the developer's shell, and XDG folders inside
  /// `directory` so no personal configuration or address book is read.
  static func cleanEnvironment(in directory: URL) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["CPICK_DEFAULT_OPTS", "CPICK_SOURCE", "CPICK_LANGUAGE", "ESCDELAY", "NO_COLOR", "TMUX", "TMUX_PANE"] {
      environment[name] = nil
    }
    environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
    environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
    environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = "C.UTF-8"
    // English screens and messages, whatever the developer's locale (the tests expect
    // English; a test of another language sets its own).
    environment["LC_ALL"] = nil
    environment["LC_MESSAGES"] = nil
    return environment
  }

  /// The full path of `tool` on `$PATH`, or `nil`.
  static func which(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(tool)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static let tmuxIsAvailable: Bool = which("tmux") != nil
  static let setsidIsAvailable: Bool = which("setsid") != nil

  /// The vdir `folder/path` (made, with the folders above it) holding one card file,
  /// `name`, of `card`'s text.
  @discardableResult
  static func vdir(_ path: String, in folder: URL, card: String, named name: String) throws -> URL {
    let vdir = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    try card.write(to: vdir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    return vdir
  }

  /// A fresh, empty folder for one test; remove it with `removeTemporaryDirectory`.
  static func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("cpick-e2e-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `text` quoted for `sh`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
