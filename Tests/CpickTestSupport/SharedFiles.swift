import Foundation
import Testing

/// The inputs of the tests that come from `../shared`:
///
/// - the bug-report cases: their small invented inputs are copied into the repository,
///   `Tests/Fixtures/cases/<case folder>/` (names kept), so the tests on them always run;
/// - the real-world corpus, `<package>/../shared/corpus`, read in place and never copied;
///   the tests on it are `.enabled(if: SharedFiles.isCorpusAvailable)`
///   (`.sharedCorpus`), so they show as skipped where it is absent.
public enum SharedFiles {
  /// `<package>/../shared`.
  public static let root: URL = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

  // MARK: The corpus (outside the repository)

  /// `<package>/../shared/corpus`.
  public static let corpus: URL = root.appendingPathComponent("corpus")

  /// Whether the shared corpus is checked out next to the package.
  public static let isCorpusAvailable: Bool = FileManager.default.fileExists(atPath: corpus.path)

  /// Contacts over the whole corpus when it was last measured; fewer means cards are
  /// being lost. (1,331 before cards with no name, organization, email or phone were
  /// read, issue 20; 1,360 before a card cut off right after its `BEGIN:VCARD` was
  /// no longer listed, go-vcard's `testInvalidNoEnd.vcf`.)
  public static let corpusContactFloor = 1359

  /// `corpus/<relativePath>`.
  public static func corpusFile(_ relativePath: String) -> URL {
    corpus.appendingPathComponent(relativePath)
  }

  /// The bytes of `corpus/<relativePath>`; throws when the file is missing.
  public static func corpusBytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: corpusFile(relativePath)))
  }

  /// Every regular file under the corpus, as paths relative to it, sorted; throws when
  /// the corpus is absent (a test on it is `.sharedCorpus`, and runs only where it is).
  public static func corpusFiles() throws -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: corpus.path) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: corpus.path])
    }
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

  // MARK: The cases (copied into Tests/Fixtures/cases)

  /// `Tests/Fixtures/cases`: the inputs of `../shared/cases` the tests use.
  public static let cases: URL = TestPaths.fixture("cases")

  /// `cases/<folder>/<name>`.
  public static func caseFile(_ folder: String, _ name: String) -> URL {
    cases.appendingPathComponent(folder).appendingPathComponent(name)
  }

  /// `cases/<folder>/<name>` as a path.
  public static func casePath(_ folder: String, _ name: String) -> String {
    caseFile(folder, name).path
  }

  /// The bytes of `cases/<folder>/<name>`; throws when the fixture is missing.
  public static func caseBytes(_ folder: String, _ name: String) throws -> [UInt8] {
    [UInt8](try caseData(folder, name))
  }

  /// The contents of `cases/<folder>/<name>`; throws when the fixture is missing.
  public static func caseData(_ folder: String, _ name: String) throws -> Data {
    try Data(contentsOf: caseFile(folder, name))
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where `../shared/corpus` is checked out next to the package;
  /// elsewhere it is reported as skipped (not passed).
  public static var sharedCorpus: Self {
    .enabled(if: SharedFiles.isCorpusAvailable, "../shared/corpus is not checked out next to the package")
  }
}
