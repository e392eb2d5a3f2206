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

  /// The sample address book (67 invented people), `Tests/Fixtures/sample-addressbook.vcf`.
  public static var sampleBook: URL { fixture("sample-addressbook.vcf") }
}
