/// A growable byte buffer that JSON is written into before it is appended to an
/// array in one copy: a store per byte and a `memcpy` per run, where appending to an
/// `[UInt8]` checks uniqueness and capacity at every call (a person object is some
/// fifty small appends).
struct JSONByteSink: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  /// An empty buffer with room for `capacity` bytes (it grows as needed).
  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// Makes room for `more` bytes after the ones written.
  @inline(__always)
  mutating func reserve(_ more: Int) {
    if count + more > capacity { grow(to: count + more) }
  }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Appends `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (base + count).update(from: start, count: bytes.count)
    count += bytes.count
  }

  /// Appends the UTF-8 of `text` (a literal).
  @inline(__always)
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Appends `"key":`, after a comma when `afterComma`: one capacity check for all.
  @inline(__always)
  mutating func appendKey(_ key: StaticString, afterComma: Bool) {
    key.withUTF8Buffer { name in
      reserve(name.count + 4)
      var at = base + count
      if afterComma {
        at.pointee = UInt8(ascii: ",")
        at += 1
      }
      at.pointee = UInt8(ascii: "\"")
      if let start = name.baseAddress { (at + 1).update(from: start, count: name.count) }
      at += 1 + name.count
      at[0] = UInt8(ascii: "\"")
      at[1] = UInt8(ascii: ":")
      count = at + 2 - base
    }
  }

  /// Appends what was written to `out`, in one copy.
  func write(to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }
}
