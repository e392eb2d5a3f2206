import Foundation

/// A card's source as one spelling per file, for what must not depend on how the path
/// was typed: `book.vcf`, `./book.vcf`, `/home/ada/book.vcf` and `../ada/book.vcf`
/// (from inside `/home/ada/x`) are one file — the identifier derived for a card without
/// `UID`, and the name of a book in the on-disk index.
package enum SourcePath {
  /// The process's working directory when first asked (cpick never changes it).
  package static let workingDirectory = FileManager.default.currentDirectoryPath

  /// `source` made absolute (against the working directory) with `.` and `..`
  /// components and repeated slashes removed, lexically: symbolic links are not
  /// followed (a link is a name of its own). `-` (standard input) and the empty
  /// string stay as they are.
  ///
  /// - Complexity: O(length); no system call (an absolute path without `.`, `..` or
  ///   `//` is returned as it is).
  package static func canonical(_ source: String) -> String {
    if source.isEmpty || source == "-" { return source }
    let absolute = source.hasPrefix("/") ? source : workingDirectory + "/" + source
    // Bytes, not `contains` (Foundation's search): this runs for every card without a
    // `UID` (`ContactDecoder`'s derived identifier).
    var slash = false
    let clean = absolute.utf8.allSatisfy { byte in
      defer { slash = byte == UInt8(ascii: "/") }
      return !(slash && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")))
    }
    if clean { return absolute }
    var parts: [Substring] = []
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
