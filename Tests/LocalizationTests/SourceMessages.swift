import CpickTestSupport
import Foundation

@testable import Localization

/// The English texts the sources ask `L10n` for: every string literal that is the
/// first argument of `L10n.text(…)`, `L10n.format(…)`, `L10n.deferred(…)` or
/// `L10n.deferredFormat(…)` under `Sources/` (what `xgettext --keyword=text
/// --keyword=format …` would extract), literals joined by `+` read as one.
enum SourceMessages {
  /// Each text and the file it is first used in.
  static func all() throws -> [String: String] {
    let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
    let pattern = try NSRegularExpression(pattern: #"L10n\.(?:text|format|deferred|deferredFormat)\(\s*"((?:[^"\\]|\\.)*)""#)
    let continued = try NSRegularExpression(pattern: #"\s*\+\s*"((?:[^"\\]|\\.)*)""#)
    var found: [String: String] = [:]
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in pattern.matches(in: text, range: range) {
        guard let literal = Range(match.range(at: 1), in: text) else { continue }
        var message = MessageCatalog.unescape(text[literal])
        var end = match.range.upperBound
        while let next = continued.firstMatch(in: text, options: .anchored, range: NSRange(end..<range.length)),
          let piece = Range(next.range(at: 1), in: text)
        {
          message += MessageCatalog.unescape(text[piece])
          end = next.range.upperBound
        }
        if found[message] == nil { found[message] = file.lastPathComponent }
      }
    }
    return found
  }
}
