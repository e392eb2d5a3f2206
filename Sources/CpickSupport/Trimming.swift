extension String {
  /// The string without leading and trailing whitespace and newlines.
  package var trimmedOfWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

extension Substring {
  package var trimmedOfWhitespace: String { String(self).trimmedOfWhitespace }
}
