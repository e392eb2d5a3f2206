import Glibc

/// The first eight UTF-8 bytes of `utf8` as one big-endian integer (zeros after a
/// shorter text): comparing these compares the texts' starts as `memcmp` would, so a
/// sort compares whole texts only when they start alike.
package func utf8SortPrefix(_ utf8: some Sequence<UInt8>) -> UInt64 {
  var value: UInt64 = 0
  var count = 0
  for byte in utf8.prefix(8) {
    value = value << 8 | UInt64(byte)
    count += 1
  }
  return value << UInt64(8 * (8 - count))
}

extension String {
  /// `utf8SortPrefix(_:)` of the text's UTF-8.
  package var utf8SortPrefix: UInt64 { CpickSupport.utf8SortPrefix(utf8) }
}

/// The order of two texts as their UTF-8 bytes (`memcmp`, then the shorter first):
/// negative, zero or positive.
package func compareUTF8(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
  let common = min(x.count, y.count)
  if common > 0, let base = x.baseAddress, let other = y.baseAddress {
    let result = memcmp(base, other, common)
    if result != 0 { return Int(result) }
  }
  return x.count - y.count
}
