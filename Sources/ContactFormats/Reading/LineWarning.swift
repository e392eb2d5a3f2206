/// A problem met while reading text input, with the line it concerns: what was left
/// out or read differently, and why (readers collect these instead of aborting, as
/// go-vcard and ez-vcard do). `VCardWarning` and `MessageHeaders.Warning` are this type.
///
/// Printed as `file:line: message`.
public struct LineWarning: Sendable, Hashable, CustomStringConvertible {
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

  /// The line and message of a warning printed for `source` (`source:line: message`),
  /// or nil when it is not one.
  package static func split(_ printed: String, source: String) -> (line: Int, message: String)? {
    let prefix = source + ":"
    guard printed.hasPrefix(prefix) else { return nil }
    let rest = printed.dropFirst(prefix.count)
    guard let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]),
      rest[rest.index(after: colon)...].first == " "
    else { return nil }
    return (line, String(rest[rest.index(colon, offsetBy: 2)...]))
  }
}
