import CpickSupport
import Localization

/// Where `VCardReader` sends an xCard document (RFC 6351): to the reader a program
/// installs. The XML parser is not in this module, so that a program that links
/// `VCard` does not load libxml2 at every start: a program that reads xCard
/// installs `XCardReader.read` (module `XCard`), or — as `cpick` does — a function
/// that has a helper read it.
public enum XCardInput {
  /// A function from an xCard document's bytes to its cards.
  public typealias Reader = @Sendable ([UInt8]) -> VCardParseResult

  private static let installed = Locked<Reader?>(nil)

  /// Makes `reader` the one `VCardReader.read` gives xCard documents to.
  public static func install(_ reader: @escaping Reader) {
    installed.withLock { $0 = reader }
  }

  /// Whether `bytes` look like xCard: the first byte that is not white space (after
  /// a UTF-8 byte-order mark) begins `<?xml` or `<vcard` (`<vcards`). A vCard
  /// file never begins with `<`.
  public static func isXCard(_ bytes: [UInt8]) -> Bool {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let head = bytes[start..<min(bytes.count, start + 6)]
    return head.starts(with: "<?xml".utf8) || head.starts(with: "<vcard".utf8)
  }

  /// The cards of an xCard document, read by the installed reader; without one, no
  /// cards and a warning that says so.
  static func read(_ bytes: [UInt8]) -> VCardParseResult {
    guard let reader = installed.withLock({ $0 }) else {
      return VCardParseResult(
        cards: [], warnings: [VCardWarning(line: 1, message: L10n.deferred("an xCard (XML) document, and no xCard reader here; skipped"))])
    }
    return reader(bytes)
  }
}
