/// Byte strings — texts as their UTF-8, or encodings — kept one after the other,
/// with where each one ends: a column of a million names is two arrays, not a
/// million allocations of their own (each a header and a malloc chunk: about 50 bytes
/// more per name, and a heap that cannot shrink past the last one).
///
/// Element `i` is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first). Reading one
/// as a `String` makes it (`subscript`, UTF-8 repaired as `String(decoding:as:)`
/// does); comparing and copying need not (`withBytes(_:_:)`).
package struct ByteColumn: RandomAccessCollection, Sendable, Equatable {
  /// Every element's bytes, one after the other.
  package private(set) var bytes: [UInt8] = []
  /// Where each element ends in `bytes`.
  package private(set) var ends: [UInt32] = []

  /// An empty column.
  package init() {}

  /// The column of `strings`, in order.
  package init(_ strings: some Sequence<String>) {
    for string in strings { append(string) }
  }

  /// The column of `elements`, in order, in arrays of their size.
  package init(exactly elements: some Collection<[UInt8]>) {
    reserveCapacity(count: elements.count, byteCount: elements.reduce(0) { $0 + $1.count })
    for element in elements { append(element) }
  }

  /// 0.
  package var startIndex: Int { 0 }
  /// The number of elements.
  package var endIndex: Int { ends.count }

  /// Where element `position` starts in `bytes`.
  @inline(__always)
  private func start(_ position: Int) -> Int { position == 0 ? 0 : Int(ends[position - 1]) }

  /// Element `position` as text, made from its UTF-8.
  package subscript(position: Int) -> String {
    withBytes(position) { String(decoding: $0, as: UTF8.self) }
  }

  /// The length of element `position`, in bytes.
  package func count(of position: Int) -> Int { Int(ends[position]) - start(position) }

  /// Calls `body` with the bytes of element `position`, where they lie.
  package func withBytes<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    let from = start(position)
    let to = Int(ends[position])
    return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[from..<to])) }
  }

  /// Appends `string`.
  ///
  /// - Precondition: the column stays under 4 GiB (ends are 32-bit: a segment of one
  ///   file's names, sort keys or encodings).
  package mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { append(bytes: $0) }
  }

  /// Appends `element`'s bytes.
  package mutating func append(bytes element: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: element)
    precondition(bytes.count <= Int(UInt32.max), "a byte column of 4 GiB")
    ends.append(UInt32(bytes.count))
  }

  /// Appends `element`.
  package mutating func append(_ element: [UInt8]) {
    element.withUnsafeBufferPointer { append(bytes: $0) }
  }

  /// Appends every string of `other`.
  package mutating func append(contentsOf other: ByteColumn) {
    if ends.isEmpty {
      self = other
      return
    }
    let shift = UInt32(bytes.count)
    bytes.append(contentsOf: other.bytes)
    precondition(bytes.count <= Int(UInt32.max), "a byte column of 4 GiB")
    ends.append(contentsOf: other.ends.lazy.map { $0 + shift })
  }

  /// Makes room for `count` more elements of `byteCount` bytes in all.
  package mutating func reserveCapacity(count: Int, byteCount: Int) {
    ends.reserveCapacity(ends.count + count)
    bytes.reserveCapacity(bytes.count + byteCount)
  }

  /// The elements `range`, as a column of their own (a copy).
  package func slice(_ range: Range<Int>) -> ByteColumn {
    var column = ByteColumn()
    guard !range.isEmpty else { return column }
    let from = start(range.lowerBound)
    let to = Int(ends[range.upperBound - 1])
    column.bytes = Array(bytes[from..<to])
    column.ends = ends[range].map { $0 - UInt32(from) }
    return column
  }

  /// This column in arrays of its size, without the room its building left.
  package var compacted: ByteColumn {
    var column = ByteColumn()
    column.bytes = bytes.withUnsafeBufferPointer { Array($0) }
    column.ends = ends.withUnsafeBufferPointer { Array($0) }
    return column
  }

  /// The order of element `a` of `x` and element `b` of `y` as bytes
  /// (`compareUTF8(_:_:)`): negative, zero or positive.
  package static func compare(_ x: ByteColumn, _ a: Int, _ y: ByteColumn, _ b: Int) -> Int {
    x.withBytes(a) { first in y.withBytes(b) { second in compareUTF8(first, second) } }
  }

  /// `utf8SortPrefix(_:)` of element `position`, and of its bytes after the first
  /// eight: its first sixteen bytes as two big-endian integers.
  package func sortPrefixes(_ position: Int) -> (first: UInt64, second: UInt64) {
    withBytes(position) { (utf8SortPrefix($0), utf8SortPrefix($0.dropFirst(8))) }
  }
}
