/// Why bytes could not be read back by `ArchiveReader`: the data ends too soon, a
/// length runs past its end, or a value is not one a writer makes (a damaged cache
/// file).
///
/// Reading never crashes on such data and never reads outside the buffer; it throws
/// this error instead.
package struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, for a log line (`"a string of 300 bytes with 12 left"`).
  package var reason: String
  /// The byte offset in the buffer where the value that could not be read begins.
  package var offset: Int
  /// What kind of damage it is.
  package var kind: Kind

  /// Kinds of damage.
  package enum Kind: Sendable, Hashable {
    /// The data ends in the middle of a fixed-size value or a varint.
    case truncated
    /// A length or an element count is larger than the bytes that are left.
    case badLength
    /// A value no writer makes: a varint longer than 10 bytes or above `UInt64.max`,
    /// a flag other than 0 or 1, a tag or presence bit that has no meaning.
    case badValue
  }

  /// Creates an error.
  package init(_ kind: Kind, _ reason: String, offset: Int) {
    self.kind = kind
    self.reason = reason
    self.offset = offset
  }

  /// `offset N: reason`.
  package var description: String { "offset \(offset): \(reason)" }

  /// A `.truncated` error: `needed` bytes of `what` wanted, `left` there.
  ///
  /// Out of line, like the other factories, so that the readers' inlined fast paths
  /// stay small.
  @inline(never)
  static func truncated(_ what: StaticString, needed: Int, left: Int, offset: Int) -> ArchiveError {
    ArchiveError(.truncated, "\(what) needs \(needed) bytes, \(left) left", offset: offset)
  }

  /// A `.badLength` error: a length or count of `length` with `left` bytes left.
  @inline(never)
  static func badLength(_ what: StaticString, length: UInt64, left: Int, offset: Int) -> ArchiveError {
    ArchiveError(.badLength, "\(what) of \(length) with \(left) bytes left", offset: offset)
  }

  /// A `.badValue` error: `value` is not a valid `what`.
  @inline(never)
  package static func badValue(_ what: StaticString, _ value: UInt64, offset: Int) -> ArchiveError {
    ArchiveError(.badValue, "\(what) \(value)", offset: offset)
  }
}

/// Appends values to a byte buffer in the encoding `ArchiveReader` reads.
///
/// | value | encoding |
/// |---|---|
/// | `UInt64` | LEB128 varint: 7 bits a byte, low bits first, high bit set on every byte but the last (1–10 bytes) |
/// | `Int` | zig-zag (`0, -1, 1, -2, …` → `0, 1, 2, 3, …`), then as `UInt64` |
/// | `Bool` | one byte, 0 or 1 |
/// | `String` | its UTF-8 byte count as a varint, then the bytes (no terminator; NUL is kept) |
/// | bytes | their count as a varint, then the bytes |
/// | fixed 32/64 | 4 or 8 bytes, little-endian |
///
/// There is no framing or type information: a reader must read the same sequence of
/// values that was written.
package struct ArchiveWriter: Sendable {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  /// Creates an empty writer.
  ///
  /// - Parameter capacity: bytes to reserve up front, to avoid regrowing a large buffer.
  package init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// How many bytes were written.
  package var count: Int { bytes.count }

  /// Appends `raw` as it is (no length: the reader must know it; `readRaw`).
  package mutating func writeRaw(_ raw: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: raw)
  }

  /// Forgets the bytes written, keeping the buffer for the next values.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// A copy of the bytes written, in an array of their size (not of the buffer's
  /// capacity, which `bytes` keeps).
  package var exactBytes: [UInt8] {
    bytes.withUnsafeBufferPointer { Array($0) }
  }

  /// Appends one byte as it is.
  package mutating func writeByte(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `value` as a LEB128 varint: 1 byte below 128, at most 10.
  ///
  /// - Complexity: O(1).
  package mutating func write(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(truncatingIfNeeded: rest))
  }

  /// Appends `value` zig-zag encoded as a varint, so that small negative numbers are
  /// short too (`-1` is one byte, `Int.min` ten).
  ///
  /// - Complexity: O(1).
  package mutating func write(_ value: Int) {
    let wide = Int64(value)
    write(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  /// Appends `flag` as one byte, 1 for `true`, 0 for `false`.
  package mutating func write(_ flag: Bool) {
    bytes.append(flag ? 1 : 0)
  }

  /// Appends `text` as its UTF-8 byte count (a varint) and its UTF-8 bytes.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length (O(1) extra for a native string).
  package mutating func write(_ text: String) {
    // Borrowed for a native string; a bridged one is made contiguous in a copy.
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
      write(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
    if done == nil {
      var copy = text
      copy.withUTF8 { utf8 in
        write(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
      }
    }
  }

  /// Appends raw bytes as their count (a varint) and the bytes: `write(_:)` of a
  /// collection, chosen over it for a buffer, and specialized here (a caller in
  /// another module gets the generic one unspecialized: a few hundred instructions
  /// more per call, for each array of a list segment).
  ///
  /// - Complexity: O(*n*) in the count.
  package mutating func write(_ data: UnsafeRawBufferPointer) {
    write(UInt64(data.count))
    bytes.append(contentsOf: data)
  }

  /// Appends `data` as its count (a varint) and its bytes.
  ///
  /// - Complexity: O(*n*) in the count.
  package mutating func write(_ data: some Collection<UInt8>) {
    write(UInt64(data.count))
    bytes.append(contentsOf: data)
  }

  /// Appends `value` as 4 bytes, little-endian.
  package mutating func writeFixed32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Appends `value` as 8 bytes, little-endian.
  package mutating func writeFixed64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}

/// Reads values written by `ArchiveWriter` from a buffer, front to back.
///
/// The reader borrows the buffer: it is valid only while the memory it was made from
/// is (inside `withUnsafeBytes` or the like). Every read checks what is left first,
/// so damaged data makes it throw `ArchiveError`, never read outside the buffer or
/// trap; after an error the position is unspecified (stop reading).
///
/// Strings are decoded with `String(decoding:as:)`: bytes that are not UTF-8 become
/// U+FFFD rather than an error.
package struct ArchiveReader {
  /// The first byte, or `nil` for an empty buffer.
  private let base: UnsafePointer<UInt8>?
  /// The buffer's length in bytes.
  private let end: Int
  /// The position of the next byte to read, from the start of the buffer.
  package private(set) var offset = 0
  /// The last string `readRepeatedString()` made, given again while the same bytes come.
  private var repeated = ""

  /// Creates a reader of `buffer`, at its first byte.
  ///
  /// The bytes are read as `UInt8`, as those of `[UInt8]`, `Data` or a mapped file are.
  package init(_ buffer: UnsafeRawBufferPointer) {
    base = buffer.baseAddress.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }
    end = buffer.count
  }

  /// Creates a reader of `buffer`, at its first byte.
  package init(_ buffer: UnsafeBufferPointer<UInt8>) {
    base = buffer.baseAddress
    end = buffer.count
  }

  /// How many bytes are left to read.
  package var remainingCount: Int { end - offset }

  /// Whether every byte was read.
  package var isAtEnd: Bool { offset == end }

  /// Reads one byte.
  ///
  /// - Throws: `ArchiveError.Kind.truncated` at the end of the buffer.
  @inline(__always)
  package mutating func readByte() throws(ArchiveError) -> UInt8 {
    guard offset < end, let base else { throw .truncated("a byte", needed: 1, left: 0, offset: offset) }
    let byte = base[offset]
    offset += 1
    return byte
  }

  /// Reads a LEB128 varint written by `ArchiveWriter.write(_: UInt64)`.
  ///
  /// - Throws: `.truncated` when the data ends inside it; `.badValue` when it runs
  ///   over 10 bytes or above `UInt64.max`.
  /// - Complexity: O(1).
  @inline(__always)
  package mutating func readVarint() throws(ArchiveError) -> UInt64 {
    if offset < end, let base, base[offset] < 0x80 {
      offset += 1
      return UInt64(base[offset - 1])
    }
    return try readLongVarint()
  }

  /// `readVarint()` for a value of more than one byte (and its errors).
  private mutating func readLongVarint() throws(ArchiveError) -> UInt64 {
    let start = offset
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < end, let base else {
        throw .truncated("a varint", needed: offset - start + 1, left: offset - start, offset: start)
      }
      let byte = base[offset]
      offset += 1
      if shift == 63 && byte > 1 {
        throw .badValue("a varint above UInt64.max or over 10 bytes, with a byte", UInt64(byte), offset: start)
      }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Reads a zig-zag varint written by `ArchiveWriter.write(_: Int)`.
  ///
  /// - Throws: as `readVarint()`.
  @inline(__always)
  package mutating func readInt() throws(ArchiveError) -> Int {
    let raw = try readVarint()
    return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
  }

  /// Reads a flag written by `ArchiveWriter.write(_: Bool)`.
  ///
  /// - Throws: `.truncated` at the end of the data; `.badValue` for a byte other than 0 or 1.
  package mutating func readBool() throws(ArchiveError) -> Bool {
    let byte = try readByte()
    guard byte <= 1 else { throw .badValue("a flag that is not 0 or 1:", UInt64(byte), offset: offset - 1) }
    return byte == 1
  }

  /// Reads a length (a varint) and checks that that many bytes are left.
  ///
  /// - Parameter what: what the length is of, for the error's reason.
  /// - Throws: as `readVarint()`; `.badLength` when fewer bytes are left.
  @inline(__always)
  package mutating func readLength(of what: StaticString = "a value") throws(ArchiveError) -> Int {
    let start = offset
    let length = try readVarint()
    guard length <= UInt64(end - offset) else {
      throw .badLength(what, length: length, left: end - offset, offset: start)
    }
    return Int(length)
  }

  /// Reads an element count and checks that it can fit: each element takes at least
  /// `minimumSize` bytes, so the count is never more than the bytes left allow, and
  /// reserving capacity for it is safe on damaged data.
  ///
  /// - Throws: as `readVarint()`; `.badLength` when the elements cannot fit.
  @inline(__always)
  package mutating func readCount(minimumSize: Int = 1) throws(ArchiveError) -> Int {
    let start = offset
    let count = try readVarint()
    guard count <= UInt64((end - offset) / max(minimumSize, 1)) else {
      throw .badLength("an element count", length: count, left: end - offset, offset: start)
    }
    return Int(count)
  }

  /// The next `length` bytes (already checked to be there), moving past them.
  @inline(__always)
  private mutating func take(_ length: Int) -> UnsafeBufferPointer<UInt8> {
    defer { offset += length }
    return UnsafeBufferPointer(start: base.map { $0 + offset }, count: length)
  }

  /// Reads a string written by `ArchiveWriter.write(_: String)`; invalid UTF-8
  /// becomes U+FFFD.
  ///
  /// - Throws: as `readLength(of:)`.
  /// - Complexity: O(*n*) in the string's UTF-8 length.
  @inline(__always)
  package mutating func readString() throws(ArchiveError) -> String {
    let length = try readLength(of: "a string")
    if length == 0 { return "" }
    return String(decoding: take(length), as: UTF8.self)
  }

  /// Reads a string written by `ArchiveWriter.write(_: String)` as its bytes where
  /// they lie (no copy, not checked to be UTF-8: `ByteColumn` repairs them as
  /// `readString()` would when one is read).
  ///
  /// - Throws: as `readLength(of:)`.
  @inline(__always)
  package mutating func readStringUTF8() throws(ArchiveError) -> UnsafeBufferPointer<UInt8> {
    take(try readLength(of: "a string"))
  }

  /// Reads a string like `readString()`, for a value that is often the same as the
  /// previous one this method read (a contact's source file): then it gives that
  /// `String` again, which shares its storage instead of allocating a copy.
  ///
  /// - Throws: as `readLength(of:)`.
  /// - Complexity: O(*n*) in the string's UTF-8 length.
  package mutating func readRepeatedString() throws(ArchiveError) -> String {
    let length = try readLength(of: "a string")
    if length == 0 { return "" }
    let bytes = take(length)
    let same = repeated.utf8.withContiguousStorageIfAvailable { previous in
      previous.count == length && previous.elementsEqual(bytes)
    }
    if same == true { return repeated }
    repeated = String(decoding: bytes, as: UTF8.self)
    return repeated
  }

  /// Reads bytes written by `ArchiveWriter.write(_: some Collection<UInt8>)`.
  ///
  /// - Throws: as `readLength(of:)`.
  /// - Complexity: O(*n*) in the count.
  package mutating func readBytes() throws(ArchiveError) -> [UInt8] {
    let length = try readLength(of: "a byte string")
    if length == 0 { return [] }
    return Array(take(length))
  }

  /// The next `length` bytes where they lie in the buffer (no copy), moving past
  /// them: for data written raw, whose length the caller knows.
  ///
  /// - Throws: `.truncated` when fewer than `length` bytes are left.
  package mutating func readRaw(_ length: Int) throws(ArchiveError) -> UnsafeRawBufferPointer {
    guard length >= 0, end - offset >= length else {
      throw .truncated("raw bytes", needed: length, left: end - offset, offset: offset)
    }
    return UnsafeRawBufferPointer(take(length))
  }

  /// Reads 4 bytes, little-endian, written by `ArchiveWriter.writeFixed32(_:)`.
  ///
  /// - Throws: `.truncated` when fewer than 4 bytes are left.
  package mutating func readFixed32() throws(ArchiveError) -> UInt32 {
    guard end - offset >= 4 else { throw .truncated("a fixed32", needed: 4, left: end - offset, offset: offset) }
    var value: UInt32 = 0
    for (index, byte) in take(4).enumerated() { value |= UInt32(byte) << (8 * index) }
    return value
  }

  /// Reads 8 bytes, little-endian, written by `ArchiveWriter.writeFixed64(_:)`.
  ///
  /// - Throws: `.truncated` when fewer than 8 bytes are left.
  package mutating func readFixed64() throws(ArchiveError) -> UInt64 {
    guard end - offset >= 8 else { throw .truncated("a fixed64", needed: 8, left: end - offset, offset: offset) }
    var value: UInt64 = 0
    for (index, byte) in take(8).enumerated() { value |= UInt64(byte) << (8 * index) }
    return value
  }
}
