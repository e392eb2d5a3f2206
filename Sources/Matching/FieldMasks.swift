import Dispatch
import ContactKit
import CpickSupport

/// Per field of a `ContactIndex`, the characters it holds and the letters that start a
/// word in it: what lets a search pass over a field without reading its bytes.
///
/// Shape: one `UInt64` and one byte per field (9 bytes × fields: about 80 MB for a
/// million contacts), in field order; and the `TextFields` copy of the text fields
/// with theirs.
///
/// * Bits 0–37 — `ByteMatcher.mask` of the field's bytes: a letter or digit has a bit of
///   its own, every non-ASCII byte shares bit 36 and other ASCII bit 37. A term whose
///   mask is not covered cannot occur in the field, as a substring or as a fuzzy
///   subsequence.
/// * Bits 38–63 — the letters `a`–`z` that occur after a separator
///   (`ByteMatcher.isSeparator`), i.e. at a word start other than the field's first
///   byte: with the first byte, the tier of a one-letter query without a scan.
///
/// Source: built at run time from the index's bytes (`init(bytes:fieldStarts:)`), not
/// stored: a list file mapped from disk stays in its format.
struct FieldMasks: Sendable {
  /// One mask per field.
  let masks: [UInt64]
  /// The first byte of each field (for an empty field, the byte after it), so the
  /// tests of a prefix need not read the field.
  let firstBytes: [UInt8]
  /// Per contact, the byte pairs and word-start letters of its text fields.
  let contacts: ContactBigrams
  /// The index's text fields alone, with their masks and first bytes: what a search
  /// whose terms can only match text reads (`TextFields.suffice(for:)`).
  let text: TextFields

  /// The first bit of the word-start letters.
  static let wordStartShift: UInt64 = 38
  /// Bits 0–37: `ByteMatcher.mask`'s.
  static let presenceBits: UInt64 = (1 << 38) - 1

  /// The word-start bit of `byte` when it is a letter `a`–`z`, else 0.
  @inline(__always)
  static func wordStartBit(_ byte: UInt8) -> UInt64 {
    byte &- 97 < 26 ? 1 << (wordStartShift + UInt64(byte - 97)) : 0
  }

  /// Per byte value: its presence bit, its word-start bit, and all ones when it is a
  /// separator (three entries per byte), so building is a few loads per byte.
  static let byteTable: [UInt64] = (0..<256).flatMap { value -> [UInt64] in
    let byte = UInt8(value)
    return [ByteMatcher.bit(byte), wordStartBit(byte), ByteMatcher.isSeparator(byte) ? .max : 0]
  }

  /// The mask of one field, `field[0..<n]`; `table` is `byteTable`'s storage.
  ///
  /// - Complexity: O(n).
  @inline(__always)
  static func mask(_ field: UnsafePointer<UInt8>, _ n: Int, table: UnsafePointer<UInt64>) -> UInt64 {
    var mask: UInt64 = 0
    // All ones after a separator: the next letter starts a word.
    var afterSeparator: UInt64 = 0
    for i in 0..<n {
      let entry = table + 3 * Int(field[i])
      mask |= entry[0] | (entry[1] & afterSeparator)
      afterSeparator = entry[2]
    }
    return mask
  }

  /// The storage of the arrays, valid inside `withPointers`.
  struct Pointers {
    /// `masks`' elements.
    let masks: UnsafePointer<UInt64>
    /// `firstBytes`' elements.
    let firstBytes: UnsafePointer<UInt8>
    /// `contacts.pairs`' elements (four per contact).
    let contactPairs: UnsafePointer<UInt64>
    /// `contacts.wordStarts`' elements.
    let wordStarts: UnsafePointer<UInt32>
  }

  /// Calls `body` with the storage of the arrays; with `textOnly`, with the masks and
  /// first bytes of `text`'s fields instead of the index's.
  func withPointers<Result>(textOnly: Bool = false, _ body: (Pointers) -> Result) -> Result {
    (textOnly ? text.masks : masks).withUnsafeBufferPointer { masks in
      (textOnly ? text.firstBytes : firstBytes).withUnsafeBufferPointer { firstBytes in
        contacts.pairs.withUnsafeBufferPointer { pairs in
          contacts.wordStarts.withUnsafeBufferPointer { wordStarts in
            // An index without fields still searches: point at a valid byte and word.
            withUnsafePointer(to: (UInt64(0), UInt64(0), UInt64(0), UInt64(0))) { noPairs in
              withUnsafePointer(to: UInt8(0)) { noByte in
                withUnsafePointer(to: UInt32(0)) { noStarts in
                  let zeros = UnsafeRawPointer(noPairs).assumingMemoryBound(to: UInt64.self)
                  return body(
                    Pointers(
                      masks: masks.baseAddress ?? zeros, firstBytes: firstBytes.baseAddress ?? noByte,
                      contactPairs: pairs.baseAddress ?? zeros, wordStarts: wordStarts.baseAddress ?? noStarts))
                }
              }
            }
          }
        }
      }
    }
  }

  /// The masks of every field of `bytes`, split in `fieldStarts`, and the
  /// `ContactBigrams` of the contacts (`fieldKinds`, `contactStarts`).
  ///
  /// - Complexity: O(bytes), in chunks on all cores when there are many fields.
  init(
    bytes: FlatArray<UInt8>, fieldStarts: FlatArray<Int32>, fieldKinds: FlatArray<UInt8>,
    contactStarts: FlatArray<Int32>
  ) {
    contacts = ContactBigrams(
      bytes: bytes, fieldStarts: fieldStarts, fieldKinds: fieldKinds, contactStarts: contactStarts)
    let fieldCount = max(fieldStarts.count - 1, 0)
    var firstBytes = [UInt8]()
    masks = [UInt64](unsafeUninitializedCapacity: fieldCount) { masks, initialized in
      firstBytes = [UInt8](unsafeUninitializedCapacity: fieldCount) { firstBytes, firstInitialized in
        bytes.withUnsafeBufferPointer { bytes in
          fieldStarts.withUnsafeBufferPointer { starts in
            Self.fill(masks: masks, firstBytes: firstBytes, bytes: bytes, starts: starts, count: fieldCount)
          }
        }
        firstInitialized = fieldCount
      }
      initialized = fieldCount
    }
    self.firstBytes = firstBytes
    let fieldMasks = masks
    text = bytes.withUnsafeBufferPointer { bytes in
      fieldStarts.withUnsafeBufferPointer { starts in
        fieldKinds.withUnsafeBufferPointer { kinds in
          contactStarts.withUnsafeBufferPointer { contactStarts in
            fieldMasks.withUnsafeBufferPointer { masks in
              firstBytes.withUnsafeBufferPointer { firstBytes in
                TextFields(
                  bytes: bytes, fieldStarts: starts, fieldKinds: kinds, contactStarts: contactStarts,
                  masks: masks, firstBytes: firstBytes)
              }
            }
          }
        }
      }
    }
  }

  /// Writes the masks and first bytes of fields `0..<count`, in chunks on all cores
  /// when there are many.
  private static func fill(
    masks: UnsafeMutableBufferPointer<UInt64>, firstBytes: UnsafeMutableBufferPointer<UInt8>,
    bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int32>, count: Int
  ) {
    let chunks = count >= 65_536 ? 16 : 1
    let chunkSize = (count + chunks - 1) / chunks
    // Each chunk writes only its own fields; every buffer outlives the loop.
    nonisolated(unsafe) let (masks, firstBytes, bytes, starts) = (masks, firstBytes, bytes, starts)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = min(chunk * chunkSize, count)
      let upper = min(lower + chunkSize, count)
      Self.byteTable.withUnsafeBufferPointer { table in
        for f in lower..<upper {
          let start = Int(starts[f])
          let end = Int(starts[f + 1])
          guard let base = bytes.baseAddress, start < bytes.count else {
            masks[f] = 0
            firstBytes[f] = 0
            continue
          }
          masks[f] = Self.mask(base + start, end - start, table: table.baseAddress!)
          firstBytes[f] = base[start]
        }
      }
    }
  }
}
