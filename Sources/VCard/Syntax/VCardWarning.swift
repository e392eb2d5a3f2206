/// A problem met while reading, with the line it concerns (as go-vcard and ez-vcard
/// collect warnings instead of aborting).
///
/// Printed as `file:line: message`.
public struct VCardWarning: Sendable, Hashable, CustomStringConvertible {
  /// 1-based physical line number.
  public var line: Int
  /// What is wrong and what was done, e.g. `not valid jCard JSON; skipped`.
  public var message: String

  /// Creates a warning.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// `line: message`; a reader prefixes the file name.
  public var description: String { "\(line): \(message)" }
}
