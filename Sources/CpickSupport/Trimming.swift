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

extension String {
  /// The string's words — split at white space as `Character.isWhitespace` tells it
  /// (a space with a combining mark on it is white space too) — joined by one space:
  /// `split(whereSeparator: \.isWhitespace).joined(separator: " ")`, with the string
  /// itself given back when it is already so (most names are: their `Character`
  /// split cost a tenth of reading a large mutt alias file).
  package var collapsingWhitespace: String {
    let words = { split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    var atStart = true
    var afterSpace = false
    for byte in utf8 {
      switch byte {
      case 0x09...0x0D: return words()
      case 0x20 where atStart || afterSpace: return words()
      case 0x20: afterSpace = true
      // Lead bytes of every white space beyond ASCII (U+0085, U+00A0, U+1680,
      // U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), and any letter or mark
      // after a space (a mark on the space makes it a white-space character).
      case 0xC2, 0xE1, 0xE2, 0xE3: return words()
      case 0x80... where afterSpace: return words()
      default: afterSpace = false
      }
      atStart = false
    }
    return afterSpace ? words() : self
  }

  /// `scalar.properties.isWhitespace` (Unicode `White_Space`), ASCII told without the
  /// property table (its lookup was the most costly step of reading an address list).
  @inline(__always)
  package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20: return true
    case 0..<0x80: return false
    default: return scalar.properties.isWhitespace
    }
  }
}

extension Substring {
  package var trimmedOfWhitespace: String { String(self).trimmedOfWhitespace }
  /// `String.trimmingSpaces` of the substring.
  package var trimmingSpaces: String { String(self).trimmingSpaces }
}
