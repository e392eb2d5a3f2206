import Foundation

/// Where the package and its fixtures are, found once from this file's path
/// (`<root>/Tests/CpickTestSupport/TestPaths.swift`).
public enum TestPaths {
  /// The package root.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CpickTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root

  /// `Tests/Fixtures`: the sample address book and the small case inputs kept in the
  /// repository.
  public static let fixtures: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

  /// `Tests/Fixtures/<relativePath>`.
  public static func fixture(_ relativePath: String) -> URL {
    fixtures.appendingPathComponent(relativePath)
  }

  /// The debug `cpick-sync` built beside the running test bundle (`swift build
  /// --build-tests` builds it into the same folder, whatever the scratch path:
  /// `.build/debug`, or `.build/tsan/debug` for the ThreadSanitizer run).
  public static var syncHelper: String {
    let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("cpick-sync").path
  }

  /// The sample address book (67 invented people), `Tests/Fixtures/sample-addressbook.vcf`.
  public static var sampleBook: URL { fixture("sample-addressbook.vcf") }
}
