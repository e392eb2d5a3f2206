import Glibc

/// The scan behind `VCardLoading.mayHoldKindLines`: each line's property name — what
/// `ContentLineParser` takes for it — compared with `KIND` and
/// `X-ADDRESSBOOKSERVER-KIND`, without parsing the lines.
struct KindLineScan {
  let input: UnsafeBufferPointer<UInt8>
  /// The last bytes of the name being read (`tailLimit` at most): blanks in a run kept
  /// as one, blanks at its end not kept.
  private var tail: [UInt8] = []
  private var pendingBlank = false
  static let tailLimit = 64

  init(_ input: UnsafeBufferPointer<UInt8>) {
    self.input = input
    tail.reserveCapacity(Self.tailLimit)
  }

  /// Whether some line may be a `KIND` line (see `VCardLoading.mayHoldKindLines(_:)`).
  mutating func mayHoldKindLine() -> Bool {
    var start = 0
    while start < input.count {
      let end = lineEnd(from: start)
      let content = afterMarks(start, end)
      // A line that begins with a blank continues the one before (a fold): its bytes
      // were read with that line's name, or belong to its value.
      if content < end, !Self.isBlank(input[content]), isKindName(from: content, end: end) { return true }
      start = nextLine(after: end)
    }
    return false
  }

  /// Whether the name of the line whose content starts at `start` (its first physical
  /// line ending at `end`) is one of the kinds, its folds joined.
  private mutating func isKindName(from start: Int, end: Int) -> Bool {
    // The common case: the name ends on its own line, and is looked at where it is.
    var colon = start
    while colon < end, input[colon] != UInt8(ascii: ":"), input[colon] != UInt8(ascii: ";") { colon += 1 }
    if colon < end { return Self.isKind(input[start..<colon]) }
    tail.removeAll(keepingCapacity: true)
    pendingBlank = false
    var position = start
    var lineEnd = end
    while true {
      while position < lineEnd {
        let byte = input[position]
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") { return Self.isKind(tail) }
        add(byte)
        position += 1
      }
      // No colon on this line: a fold after it (past empty lines) goes on with the name.
      var next = nextLine(after: lineEnd)
      while next < input.count, case let end = self.lineEnd(from: next), afterMarks(next, end) == end {
        next = nextLine(after: end)
      }
      guard next < input.count else { return false }
      let nextEnd = self.lineEnd(from: next)
      let content = afterMarks(next, nextEnd)
      guard content < nextEnd, Self.isBlank(input[content]) else { return false }
      position = content + 1
      lineEnd = nextEnd
    }
  }

  /// Whether `name` (what comes before a line's first `:` or `;`) ends, after its last
  /// `.`, in `KIND` or `X-ADDRESSBOOKSERVER-KIND` (any case, blanks around it dropped).
  private static func isKind<Name: BidirectionalCollection<UInt8>>(_ name: Name) -> Bool {
    var name = name[...]
    while let last = name.last, isBlank(last) { name = name.dropLast() }
    guard name.count >= 4 else { return false }
    if let dot = name.lastIndex(of: UInt8(ascii: ".")) { name = name[name.index(after: dot)...] }
    while let first = name.first, isBlank(first) { name = name.dropFirst() }
    return equalsIgnoringCase(name, "kind") || equalsIgnoringCase(name, "x-addressbookserver-kind")
  }

  private static func equalsIgnoringCase<Name: Collection<UInt8>>(_ name: Name, _ word: StaticString) -> Bool {
    guard name.count == word.utf8CodeUnitCount else { return false }
    return zip(name, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)).allSatisfy {
      $0 | 0x20 == $1 | 0x20
    }
  }

  private mutating func add(_ byte: UInt8) {
    if Self.isBlank(byte) {
      pendingBlank = true
      return
    }
    if pendingBlank { push(0x20) }
    pendingBlank = false
    push(byte)
  }

  private mutating func push(_ byte: UInt8) {
    if tail.count == Self.tailLimit { tail.removeFirst(Self.tailLimit / 2) }
    tail.append(byte)
  }

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Where the physical line starting at `start` ends: its LF or CR (or the input's end).
  private func lineEnd(from start: Int) -> Int {
    guard start < input.count, let base = input.baseAddress else { return start }
    var end = input.count
    if let found = memchr(base + start, 0x0A, input.count - start) {
      end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
    if let found = memchr(base + start, 0x0D, end - start) {
      end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
    return end
  }

  /// The start of the line after the one ending at `end` (past CR LF, LF or CR).
  private func nextLine(after end: Int) -> Int {
    guard end < input.count else { return end }
    if input[end] == 0x0D, end + 1 < input.count, input[end + 1] == 0x0A { return end + 2 }
    return end + 1
  }

  /// `start` past the byte-order marks (U+FEFF) that begin the line.
  private func afterMarks(_ start: Int, _ end: Int) -> Int {
    var index = start
    while index + 3 <= end, input[index] == 0xEF, input[index + 1] == 0xBB, input[index + 2] == 0xBF { index += 3 }
    return index
  }
}
