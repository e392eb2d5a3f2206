/// Where a vCard file may be cut into pieces that read the same as the whole: right
/// after an `END:VCARD` line that a `BEGIN:VCARD` line follows.
enum CardBoundaries {
  /// About `count` contiguous ranges covering `bytes`, each ending after an
  /// `END:VCARD` line; fewer when the file has fewer such places.
  static func pieces(of bytes: [UInt8], count: Int) -> [Range<Int>] {
    guard count > 1, !bytes.isEmpty else { return [0..<bytes.count] }
    var ranges: [Range<Int>] = []
    var start = 0
    let target = bytes.count / count
    while start < bytes.count {
      guard let cut = boundary(in: bytes, from: start + target), cut < bytes.count else {
        ranges.append(start..<bytes.count)
        break
      }
      ranges.append(start..<cut)
      start = cut
    }
    return ranges
  }

  private static let end = Array("END:VCARD".utf8)
  private static let begin = Array("BEGIN:VCARD".utf8)

  /// The index just after the first `END:VCARD` line end at or after `from` that a
  /// `BEGIN:VCARD` line follows.
  private static func boundary(in bytes: [UInt8], from: Int) -> Int? {
    var index = from
    while index < bytes.count {
      guard let newline = nextNewline(bytes, from: index) else { return nil }
      let lineStart = newline + 1
      if matches(end, in: bytes, at: lineStart) {
        var after = lineStart + end.count
        while after < bytes.count && (bytes[after] == 0x0D || bytes[after] == 0x20) { after += 1 }
        if after < bytes.count && bytes[after] == 0x0A && matches(begin, in: bytes, at: after + 1) {
          return after + 1
        }
      }
      index = lineStart
    }
    return nil
  }

  private static func nextNewline(_ bytes: [UInt8], from: Int) -> Int? {
    var index = from
    while index < bytes.count {
      if bytes[index] == 0x0A { return index }
      index += 1
    }
    return nil
  }

  private static func matches(_ pattern: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
    guard index + pattern.count <= bytes.count else { return false }
    for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
    return true
  }

  /// The number of line feeds in `bytes[..<end]`.
  static func lineCount(_ bytes: [UInt8], upTo end: Int) -> Int {
    lineCount(bytes, from: 0, upTo: end)
  }

  /// The number of line feeds in `bytes[start..<end]`.
  static func lineCount(_ bytes: [UInt8], from start: Int, upTo end: Int) -> Int {
    var count = 0
    for index in start..<end where bytes[index] == 0x0A { count += 1 }
    return count
  }
}
