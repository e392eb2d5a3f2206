extension String {
  /// The first eight UTF-8 bytes as one big-endian integer (zeros after a shorter
  /// text): comparing these compares the texts' starts as `memcmp` would, so a sort
  /// compares whole texts only when they start alike.
  package var utf8SortPrefix: UInt64 {
    var value: UInt64 = 0
    var count = 0
    for byte in utf8.prefix(8) {
      value = value << 8 | UInt64(byte)
      count += 1
    }
    return value << UInt64(8 * (8 - count))
  }
}
