/// The byte ranges of the elements of a top-level JSON array (RFC 8259 §5), found
/// without parsing them: so that a jCard document of many cards is parsed one card at
/// a time, and only one card's objects are in memory at once.
///
/// Strings (with their `\"` escapes) are skipped, brackets and braces counted; an
/// element is what lies between commas at depth one, white space trimmed. Whether an
/// element is itself valid JSON is left to its parser.
enum JSONArrayElements {
  /// The ranges of the elements of the array `bytes[range]` holds (all of `bytes`
  /// when `range` is `nil`), or `nil` when it is not one array (something other than
  /// white space around it, brackets that do not balance, a string that does not end).
  /// With a range, the elements of an element: a card's properties, a property's parts.
  ///
  /// - Complexity: O(n) in the size of the range.
  static func ranges(_ bytes: [UInt8], in range: Range<Int>? = nil) -> [Range<Int>]? {
    guard let found = elements(bytes, in: range), found.cut == nil else { return nil }
    return found.ranges
  }

  /// The elements of the top-level array of `bytes` as `ranges(_:)` finds them, and of a
  /// document that ends inside the array (a file cut off) the elements before the one it
  /// ends in, and where that one begins (`cut`). Nil when it is not an array, or
  /// something other than white space follows it.
  static func items(_ bytes: [UInt8]) -> (ranges: [Range<Int>], cut: Int?)? {
    elements(bytes, in: nil)
  }

  /// The elements found, and where the unfinished last one begins when the input ends
  /// inside the array; nil as `ranges` says.
  private static func elements(_ bytes: [UInt8], in range: Range<Int>?) -> (ranges: [Range<Int>], cut: Int?)? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    let end = range?.upperBound ?? bytes.count
    var index = range?.lowerBound ?? 0
    while index < end, isSpace(bytes[index]) { index += 1 }
    guard index < end, bytes[index] == UInt8(ascii: "[") else { return nil }
    index += 1
    var ranges: [Range<Int>] = []
    var depth = 0
    var start = index
    var closed = false
    func addElement(endingAt upper: Int) {
      var low = start
      var high = upper
      while low < high, isSpace(bytes[low]) { low += 1 }
      while high > low, isSpace(bytes[high - 1]) { high -= 1 }
      if low < high { ranges.append(low..<high) }
    }
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        while index < end, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < end else { return (ranges, start) }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 {
          guard byte == UInt8(ascii: "]") else { return nil }
          addElement(endingAt: index)
          closed = true
        } else {
          depth -= 1
        }
      case UInt8(ascii: ","):
        if depth == 0 {
          addElement(endingAt: index)
          start = index + 1
        }
      default:
        break
      }
      index += 1
      if closed { break }
    }
    guard closed else { return (ranges, start) }
    while index < end, isSpace(bytes[index]) { index += 1 }
    return index == end ? (ranges, nil) : nil
  }
}
