extension String {
  /// The string without leading and trailing whitespace and newlines.
  package var trimmedOfWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }

  /// The string without leading and trailing spaces and tabs: what
  /// `trimmingCharacters(in: .whitespaces)` gives (Unicode `Zs` and U+0009; line
  /// breaks are kept), by scalars and without Foundation's bridging.
  package var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !String.isSpace($0) }),
      let last = scalars.lastIndex(where: { !String.isSpace($0) })
    else { return "" }
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
    return String(scalars[first...last])
  }

  /// True when the string is empty or holds only spaces and tabs (`trimmingSpaces`
  /// leaves nothing).
  package var isSpacesOnly: Bool { unicodeScalars.allSatisfy(String.isSpace) }

  /// True for a space of `CharacterSet.whitespaces`: U+0009, Unicode `Zs`, and — as
  /// Foundation on Linux counts it — U+200B ZERO WIDTH SPACE.
  @inline(__always)
  package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0x200B: return true
    case 0..<0x80: return false
    default: return scalar.properties.generalCategory == .spaceSeparator
    }
  }
}

extension Substring {
  package var trimmedOfWhitespace: String { String(self).trimmedOfWhitespace }
  /// `String.trimmingSpaces` of the substring.
  package var trimmingSpaces: String { String(self).trimmingSpaces }
}
