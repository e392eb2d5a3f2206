import Localization

/// A predicate that cannot be parsed: where (the 1-based column in the format string,
/// counted in characters) and why.
///
/// `description` is `column 17: unknown key path 'emailAdresses' (did you mean
/// 'emailAddresses'?)`; `description(option:)` puts the option in front, as the
/// one-line message of exit code 2: `--enable-if: column 17: …`.
public struct PredicateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The 1-based column of the offending token; one past the end for a missing token.
  public let column: Int
  /// What is wrong, without the column.
  public let message: String

  /// Creates an error at a column.
  public init(column: Int, message: String) {
    self.column = column
    self.message = message
  }

  /// `column <n>: <message>`, e.g. `column 17: unknown key path 'emailAdresses'`.
  public var description: String { L10n.format("column %d: %s", column, message) }

  /// The message with the option that carried the expression: `--select-if: column 3: …`.
  public func description(option: String) -> String { "\(option): \(description)" }
}
