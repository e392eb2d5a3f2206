import ContactFormats

/// How large a value and a card of vCard, jCard or xCard may be (`ReadingLimits`: the
/// numbers and why).
public typealias VCardLimits = ReadingLimits

extension ReadingLimits {
  /// The warning for a content line over its limit, or `nil` when it is within it.
  func valueProblem(_ line: borrowing ContentLine, bytes: Int) -> String? {
    guard bytes > smallestValueLimit else { return nil }
    return valueProblem(name: line.name, mayBeData: line.mayBeBase64, bytes: bytes)
  }
}
