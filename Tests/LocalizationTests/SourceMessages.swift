import CpickTestSupport
import Foundation

@testable import Localization

/// The English texts the sources ask `L10n` for: every string literal that is the
/// first argument of `L10n.text(…)` or `L10n.format(…)` under `Sources/` (what
/// `xgettext --keyword=text --keyword=format` would extract).
enum SourceMessages {
  /// Each text and the file it is first used in.
  static func all() throws -> [String: String] {
    let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
    let pattern = try NSRegularExpression(pattern: #"L10n\.(?:text|format)\(\s*"((?:[^"\\]|\\.)*)""#)
    var found: [String: String] = [:]
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in pattern.matches(in: text, range: range) {
        guard let literal = Range(match.range(at: 1), in: text) else { continue }
        let message = MessageCatalog.unescape(text[literal])
        if found[message] == nil { found[message] = file.lastPathComponent }
      }
    }
    return found
  }
}
