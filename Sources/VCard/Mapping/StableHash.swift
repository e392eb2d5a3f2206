/// A 64-bit FNV-1a hash: the same on every run and machine (Swift's `Hasher` is seeded
/// per process), for identifiers that must stay stable across runs.
struct StableHash {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds bytes.
  @inline(__always)
  package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
    var hash = value
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    value = hash
  }

  /// Adds bytes to this hash and to `other` in one pass: two independent chains of
  /// multiplications, so about the time of one (a labeled value's identifier and its
  /// text's key hash each line's text: `CardMapping.nextIdentifier`).
  @inline(__always)
  package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, alsoTo other: inout StableHash) {
    var hash = value
    var second = other.value
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    value = hash
    other.value = second
  }

  /// Adds one byte.
  @inline(__always)
  package mutating func add(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  /// Adds the UTF-8 bytes of `text`.
  package mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add($0) }
  }

  /// Adds the decimal digits of `number` (as `"\(number)"` writes them).
  package mutating func add(decimal number: Int) {
    // One digit (the usual count of identical lines: 0) without making a String.
    if number >= 0 && number < 10 {
      add(UInt8(truncatingIfNeeded: 0x30 + number))
      return
    }
    add(String(number))
  }

  /// The hash as 16 lower-case hex digits.
  var hex: String {
    let digits: StaticString = "0123456789abcdef"
    return String(unsafeUninitializedCapacity: 16) { buffer in
      var hash = value
      for index in (0..<16).reversed() {
        buffer[index] = digits.utf8Start[Int(hash & 0xF)]
        hash >>= 4
      }
      return 16
    }
  }

  /// The hash `hex` spells: exactly 16 lower-case hex digits, as `hex` writes them
  /// (nil for anything else), so that each hash has one spelling and each spelling one
  /// hash.
  package static func value(hex: Substring.UTF8View) -> UInt64? {
    guard hex.count == 16 else { return nil }
    var value: UInt64 = 0
    for byte in hex {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
      default: return nil
      }
    }
    return value
  }

  /// The hash of `text` as 16 lower-case hex digits.
  static func hex(_ text: String) -> String {
    var hash = StableHash()
    hash.add(text)
    return hash.hex
  }
}
