import Dispatch
import ContactKit
import CpickSupport

/// Per contact of a `ContactIndex`, the pairs of adjacent bytes of its text fields and
/// the letters that start a word in them: what lets a search pass over a contact that
/// a term of two bytes or more cannot match, without reading any of its fields.
///
/// A term occurs in a field as a substring only if every pair of its adjacent bytes
/// does, and matches fuzzily only from a word start of its first byte
/// (`ByteMatcher.fuzzy`): a contact whose text fields allow neither cannot match it.
/// Many contacts are such for the second key of a query (`al` after `a`), which would
/// otherwise be read field by field.
///
/// Shape: per contact, a 256-bit set (four `UInt64`, a one-hash Bloom filter: the top
/// eight bits of a multiplicative hash of the pair) of the pairs in its text fields
/// (`FieldKind.maskedTextFields`: names, transliterations, organization, email — not
/// phone digits, not groups), and a 26-bit set of the letters `a`–`z` that start a
/// word there (a field's first byte or a byte after a separator). 36 bytes per
/// contact: 36 MB for a million.
///
/// Source: built at run time with the `FieldMasks` (`ContactIndex.prepareForSearch()`).
struct ContactBigrams: Sendable {
  /// Four words per contact.
  let pairs: [UInt64]
  /// One set of word-start letters per contact (bit `i`: letter `a` + `i`).
  let wordStarts: [UInt32]

  /// The bit of the pair `(a, b)`: its word (0–3) and the bit in it.
  @inline(__always)
  static func position(_ a: UInt8, _ b: UInt8) -> (word: Int, bit: UInt64) {
    let hash = (UInt32(a) << 8 | UInt32(b)) &* 0x9E37_79B1
    return (Int(hash >> 30), 1 << UInt64((hash >> 24) & 63))
  }

  /// The four words of the pairs of adjacent bytes of `word` (all zero for fewer than
  /// two bytes).
  static func pairs<C: Collection<UInt8>>(of word: C) -> (UInt64, UInt64, UInt64, UInt64) {
    var words: [UInt64] = [0, 0, 0, 0]
    var previous: UInt8? = nil
    for byte in word {
      if let previous {
        let (index, bit) = position(previous, byte)
        words[index] |= bit
      }
      previous = byte
    }
    return (words[0], words[1], words[2], words[3])
  }

  /// The word-start bit of `byte` when it is a letter `a`–`z`, else 0.
  @inline(__always)
  static func letterBit(_ byte: UInt8) -> UInt32 {
    byte &- 97 < 26 ? 1 << UInt32(byte - 97) : 0
  }

  /// The sets of every contact of an index's arrays.
  ///
  /// - Complexity: O(bytes of the text fields), in chunks on all cores when there are
  ///   many contacts.
  init(
    bytes: FlatArray<UInt8>, fieldStarts: FlatArray<Int32>, fieldKinds: FlatArray<UInt8>,
    contactStarts: FlatArray<Int32>
  ) {
    let count = max(contactStarts.count - 1, 0)
    var wordStarts = [UInt32]()
    pairs = [UInt64](unsafeUninitializedCapacity: 4 * count) { pairs, initialized in
      wordStarts = [UInt32](unsafeUninitializedCapacity: count) { wordStarts, startsInitialized in
        bytes.withUnsafeBufferPointer { bytes in
          fieldStarts.withUnsafeBufferPointer { starts in
            fieldKinds.withUnsafeBufferPointer { kinds in
              contactStarts.withUnsafeBufferPointer { contactStarts in
                Self.fill(
                  pairs: pairs, wordStarts: wordStarts, bytes: bytes, starts: starts, kinds: kinds,
                  contactStarts: contactStarts, count: count)
              }
            }
          }
        }
        startsInitialized = count
      }
      initialized = 4 * count
    }
    self.wordStarts = wordStarts
  }

  /// Writes the sets of contacts `0..<count`.
  private static func fill(
    pairs: UnsafeMutableBufferPointer<UInt64>, wordStarts: UnsafeMutableBufferPointer<UInt32>,
    bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>,
    contactStarts: UnsafeBufferPointer<Int32>, count: Int
  ) {
    let chunks = count >= 16_384 ? 16 : 1
    let chunkSize = (count + chunks - 1) / chunks
    // Each chunk writes only its own contacts; every buffer outlives the loop.
    nonisolated(unsafe) let (pairs, wordStarts, bytes, starts, kinds, contactStarts) = (
      pairs, wordStarts, bytes, starts, kinds, contactStarts
    )
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = min(chunk * chunkSize, count)
      let upper = min(lower + chunkSize, count)
      guard let base = bytes.baseAddress, let out = pairs.baseAddress else { return }
      for c in lower..<upper {
        // The contact's four words, written in place: indexing them, not branching on
        // which, keeps the loop free of unpredictable branches (a few ns a byte).
        let words = out + 4 * c
        words.initialize(repeating: 0, count: 4)
        var letters: UInt32 = 0
        for f in Int(contactStarts[c])..<Int(contactStarts[c + 1])
        where FieldKind.maskedTextFields & (1 << kinds[f]) != 0 {
          let start = Int(starts[f])
          let end = min(Int(starts[f + 1]), bytes.count)
          guard start < end else { continue }
          var previous = base[start]
          letters |= letterBit(previous)
          for i in (start + 1)..<end {
            let byte = base[i]
            let (index, bit) = position(previous, byte)
            words[index] |= bit
            // A letter after a separator starts a word.
            letters |= ByteMatcher.isSeparator(previous) ? letterBit(byte) : 0
            previous = byte
          }
        }
        wordStarts[c] = letters
      }
    }
  }
}
