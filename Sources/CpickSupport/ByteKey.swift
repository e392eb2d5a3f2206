#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A string as a dictionary key compared and hashed by its UTF-8 bytes.
///
/// `String`'s own `==` and hashing follow canonical equivalence, so every lookup of a
/// non-ASCII string normalizes it (to NFC) first — most of the cost of a cache of
/// folded or transliterated names. The caches of the cold path key by bytes instead:
/// a text is then always found again as itself, and two spellings of one name that
/// differ only in their normalization each get their own entry, computed from
/// themselves.
package struct ByteKey: Hashable, Sendable {
  /// The string.
  package let text: String

  /// The key of `text` (made native and contiguous when it is not).
  package init(_ text: String) {
    var text = text
    text.makeContiguousUTF8()
    self.text = text
  }

  /// Byte for byte the same.
  package static func == (a: ByteKey, b: ByteKey) -> Bool {
    var x = a.text
    var y = b.text
    return x.withUTF8 { p in
      y.withUTF8 { q in
        p.count == q.count && (p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0)
      }
    }
  }

  /// Hashes the bytes.
  package func hash(into hasher: inout Hasher) {
    var text = self.text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
