/// Strings kept as their UTF-8 one after the other, with where each one ends: a
/// column of a million names is two arrays, not a million allocations of their own
/// (each a header and a malloc chunk: about 50 bytes more per name, and a heap that
/// cannot shrink past the last one).
///
/// String `i` is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first). Reading one
/// as a `String` makes it (`subscript`); comparing and copying need not
/// (`withUTF8(_:_:)`).
package struct TextColumn: RandomAccessCollection, Sendable, Equatable {
  /// The UTF-8 of every string, one after the other.
  package private(set) var bytes: [UInt8] = []
  /// Where each string ends in `bytes`.
  package private(set) var ends: [UInt32] = []

  /// An empty column.
  package init() {}

  /// The column of `strings`, in order.
  package init(_ strings: some Sequence<String>) {
    for string in strings { append(string) }
  }

  /// 0.
  package var startIndex: Int { 0 }
  /// The number of strings.
  package var endIndex: Int { ends.count }

  /// Where string `position` starts in `bytes`.
  @inline(__always)
  private func start(_ position: Int) -> Int { position == 0 ? 0 : Int(ends[position - 1]) }

  /// String `position`, made from its bytes.
  package subscript(position: Int) -> String {
    withUTF8(position) { String(decoding: $0, as: UTF8.self) }
  }

  /// The UTF-8 length of string `position`.
  package func utf8Count(_ position: Int) -> Int { Int(ends[position]) - start(position) }

  /// Calls `body` with the UTF-8 of string `position`, where it lies.
  package func withUTF8<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    let from = start(position)
    let to = Int(ends[position])
    return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[from..<to])) }
  }

  /// Appends `string`.
  ///
  /// - Precondition: the column stays under 4 GiB of UTF-8 (ends are 32-bit: a
  ///   segment of one file's names and sort keys).
  package mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { append(utf8: $0) }
  }

  /// Appends the string whose UTF-8 is `utf8`.
  package mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: utf8)
    precondition(bytes.count <= Int(UInt32.max), "a text column of 4 GiB")
    ends.append(UInt32(bytes.count))
  }

  /// Appends every string of `other`.
  package mutating func append(contentsOf other: TextColumn) {
    if ends.isEmpty {
      self = other
      return
    }
    let shift = UInt32(bytes.count)
    bytes.append(contentsOf: other.bytes)
    precondition(bytes.count <= Int(UInt32.max), "a text column of 4 GiB")
    ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
  }

  /// Makes room for `count` more strings of `utf8Count` bytes in all.
  package mutating func reserveCapacity(count: Int, utf8Count: Int) {
    ends.reserveCapacity(ends.count + count)
    bytes.reserveCapacity(bytes.count + utf8Count)
  }

  /// The strings `range`, as a column of their own (a copy).
  package func slice(_ range: Range<Int>) -> TextColumn {
    var column = TextColumn()
    guard !range.isEmpty else { return column }
    let from = start(range.lowerBound)
    let to = Int(ends[range.upperBound - 1])
    column.bytes = Array(bytes[from..<to])
    column.ends = ends[range].map { $0 - UInt32(from) }
    return column
  }

  /// This column in arrays of its size, without the room its building left.
  package var compacted: TextColumn {
    var column = TextColumn()
    column.bytes = bytes.withUnsafeBufferPointer { Array($0) }
    column.ends = ends.withUnsafeBufferPointer { Array($0) }
    return column
  }

  /// The order of string `a` of `x` and string `b` of `y` as UTF-8 bytes: negative,
  /// zero or positive.
  package static func compare(_ x: TextColumn, _ a: Int, _ y: TextColumn, _ b: Int) -> Int {
    x.withUTF8(a) { first in y.withUTF8(b) { second in compareUTF8(first, second) } }
  }

  /// `utf8SortPrefix(_:)` of string `position`.
  package func sortPrefix(_ position: Int) -> UInt64 {
    withUTF8(position) { utf8SortPrefix($0) }
  }
}
