import Dispatch
import ContactKit

/// The text fields of a `ContactIndex` alone — names, transliterations, organization,
/// email, middle names (`FieldKind.maskedTextFields`); not phone numbers, not groups —
/// copied into arrays of their own, in the index's layout, with their `FieldMasks`
/// masks and first bytes.
///
/// A term without digits can match only these fields (a phone number matches digits
/// only; a group only a `group:` term), yet in the index they lie between the phone
/// numbers and groups of every contact, which a scan reads through. A search whose
/// terms are all such reads these arrays instead: about a quarter less memory per
/// keystroke (a million generated contacts: 92 of 121 MB of bytes, 6.4 of 9.5 million
/// fields), the same result — the fields it leaves out could not have matched, and the
/// fields kept are in the same order.
///
/// Shape: `bytes` the fields' bytes one after the other, then `ByteMatcher.padding`
/// zero bytes; field `f` is `bytes[fieldStarts[f]..<fieldStarts[f + 1]]` of kind
/// `fieldKinds[f]`, with `masks[f]` and `firstBytes[f]` as in `FieldMasks`; contact
/// `c` owns fields `contactStarts[c]..<contactStarts[c + 1]`. 14 bytes per field
/// besides the bytes themselves: about 180 MB in all beside the index for a million
/// generated contacts (peak memory of the picker's benchmark 740 → 920 MB).
///
/// Source: built at run time with the `FieldMasks` (`ContactIndex.prepareForSearch()`).
struct TextFields: Sendable {
  let bytes: [UInt8]
  let fieldStarts: [Int32]
  let fieldKinds: [UInt8]
  let contactStarts: [Int32]
  let masks: [UInt64]
  let firstBytes: [UInt8]

  /// Whether a field of `kind` (a `FieldKind` raw value) is kept.
  @inline(__always)
  static func keeps(_ kind: UInt8) -> Bool {
    FieldKind.maskedTextFields & (1 << kind) != 0
  }

  /// The text fields of an index's arrays, with their masks and first bytes from the
  /// index's `FieldMasks` (`masks`, `firstBytes`: one per field of the index).
  ///
  /// - Complexity: O(bytes + fields), in chunks of contacts on all cores when there
  ///   are many: one pass counts each chunk's fields and bytes, one copies them.
  init(
    bytes: UnsafeBufferPointer<UInt8>, fieldStarts: UnsafeBufferPointer<Int32>,
    fieldKinds: UnsafeBufferPointer<UInt8>, contactStarts: UnsafeBufferPointer<Int32>,
    masks: UnsafeBufferPointer<UInt64>, firstBytes: UnsafeBufferPointer<UInt8>
  ) {
    let count = max(contactStarts.count - 1, 0)
    let chunks = count >= 16_384 ? 16 : 1
    let chunkSize = (count + chunks - 1) / chunks
    @Sendable func range(_ chunk: Int) -> Range<Int> {
      let lower = min(chunk * chunkSize, count)
      return lower..<min(lower + chunkSize, count)
    }
    // Read-only while the chunks run; the caller keeps them alive.
    nonisolated(unsafe) let source = Source(
      fields: ContactIndex.FieldArrays(bytes: bytes, starts: fieldStarts, kinds: fieldKinds, contactStarts: contactStarts),
      masks: masks, firstBytes: firstBytes)
    let (fieldCounts, byteCounts) = Self.keptCounts(source, chunks: chunks, range: range)
    let fieldTotal = fieldCounts.reduce(0, +)
    let byteTotal = byteCounts.reduce(0, +)
    // Where each chunk's first field and byte go.
    let fieldOffsets = fieldCounts.reduce(into: [0]) { $0.append($0.last! + $1) }
    let byteOffsets = byteCounts.reduce(into: [0]) { $0.append($0.last! + $1) }

    var newStarts = [Int32](repeating: 0, count: fieldTotal + 1)
    var newKinds = [UInt8](repeating: 0, count: fieldTotal)
    var newContactStarts = [Int32](repeating: 0, count: count + 1)
    var newMasks = [UInt64](repeating: 0, count: fieldTotal)
    var newFirstBytes = [UInt8](repeating: 0, count: fieldTotal)
    var newBytes = [UInt8](repeating: 0, count: byteTotal + ByteMatcher.padding)
    newStarts.withUnsafeMutableBufferPointer { starts in
      newKinds.withUnsafeMutableBufferPointer { kinds in
        newContactStarts.withUnsafeMutableBufferPointer { owners in
          newMasks.withUnsafeMutableBufferPointer { outMasks in
            newFirstBytes.withUnsafeMutableBufferPointer { outFirst in
              newBytes.withUnsafeMutableBufferPointer { out in
                // Each chunk writes only its own contacts, fields and bytes.
                nonisolated(unsafe) let destination = Destination(
                  starts: starts, kinds: kinds, contactStarts: owners, masks: outMasks, firstBytes: outFirst,
                  bytes: out)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                  Self.copyKeptFields(
                    of: range(chunk), from: source, to: destination, firstField: fieldOffsets[chunk],
                    firstByte: byteOffsets[chunk])
                }
                starts[fieldTotal] = Int32(byteTotal)
                owners[count] = Int32(fieldTotal)
              }
            }
          }
        }
      }
    }
    self.bytes = newBytes
    self.fieldStarts = newStarts
    self.fieldKinds = newKinds
    self.contactStarts = newContactStarts
    self.masks = newMasks
    self.firstBytes = newFirstBytes
  }

  /// The arrays the text fields are copied from: an index's, with the masks and first
  /// bytes of its fields.
  private struct Source {
    var fields: ContactIndex.FieldArrays
    var masks: UnsafeBufferPointer<UInt64>
    var firstBytes: UnsafeBufferPointer<UInt8>
  }

  /// The arrays the text fields are copied to, in the layout of `TextFields`.
  private struct Destination {
    var starts: UnsafeMutableBufferPointer<Int32>
    var kinds: UnsafeMutableBufferPointer<UInt8>
    var contactStarts: UnsafeMutableBufferPointer<Int32>
    var masks: UnsafeMutableBufferPointer<UInt64>
    var firstBytes: UnsafeMutableBufferPointer<UInt8>
    var bytes: UnsafeMutableBufferPointer<UInt8>
  }

  /// Per chunk of contacts (`range(chunk)`, for `chunks` chunks), how many of its
  /// fields are kept and how many bytes they hold; the chunks counted on all cores.
  private static func keptCounts(
    _ source: Source, chunks: Int, range: @Sendable (Int) -> Range<Int>
  ) -> (fields: [Int], bytes: [Int]) {
    var fieldCounts = [Int](repeating: 0, count: chunks)
    var byteCounts = [Int](repeating: 0, count: chunks)
    // Read-only while the chunks run.
    nonisolated(unsafe) let (fieldStarts, fieldKinds, contactStarts) = (
      source.fields.starts, source.fields.kinds, source.fields.contactStarts
    )
    fieldCounts.withUnsafeMutableBufferPointer { fieldCounts in
      byteCounts.withUnsafeMutableBufferPointer { byteCounts in
        // Each chunk writes only its own counts; the buffers outlive the loop.
        nonisolated(unsafe) let (fieldCounts, byteCounts) = (fieldCounts, byteCounts)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
          var fields = 0
          var total = 0
          let contacts = range(chunk)
          if !contacts.isEmpty {
            for f in Int(contactStarts[contacts.lowerBound])..<Int(contactStarts[contacts.upperBound])
            where Self.keeps(fieldKinds[f]) {
              fields += 1
              total += Int(fieldStarts[f + 1] - fieldStarts[f])
            }
          }
          fieldCounts[chunk] = fields
          byteCounts[chunk] = total
        }
      }
    }
    return (fieldCounts, byteCounts)
  }

  /// Copies the kept fields of `contacts` (one chunk) from `source` to `destination`,
  /// their first field to `firstField` and first byte to `firstByte` there.
  private static func copyKeptFields(
    of contacts: Range<Int>, from source: Source, to destination: Destination, firstField: Int, firstByte: Int
  ) {
    let (bytes, fieldStarts, fieldKinds, contactStarts) = (
      source.fields.bytes, source.fields.starts, source.fields.kinds, source.fields.contactStarts
    )
    let (masks, firstBytes) = (source.masks, source.firstBytes)
    let (starts, kinds, owners, outMasks, outFirst, out) = (
      destination.starts, destination.kinds, destination.contactStarts, destination.masks,
      destination.firstBytes, destination.bytes
    )
    var field = firstField
    var at = firstByte
    for c in contacts {
      owners[c] = Int32(field)
      for f in Int(contactStarts[c])..<Int(contactStarts[c + 1]) where Self.keeps(fieldKinds[f]) {
        let start = Int(fieldStarts[f])
        let length = Int(fieldStarts[f + 1]) - start
        starts[field] = Int32(at)
        kinds[field] = fieldKinds[f]
        outMasks[field] = masks[f]
        outFirst[field] = firstBytes[f]
        if length > 0 {
          (out.baseAddress! + at).update(from: bytes.baseAddress! + start, count: length)
        }
        at += length
        field += 1
      }
    }
  }

  /// Calls `body` with the storage of the arrays, as a scan reads them.
  func withFieldArrays<Result>(_ body: (ContactIndex.FieldArrays) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      fieldStarts.withUnsafeBufferPointer { starts in
        fieldKinds.withUnsafeBufferPointer { kinds in
          contactStarts.withUnsafeBufferPointer { contactStarts in
            body(ContactIndex.FieldArrays(bytes: bytes, starts: starts, kinds: kinds, contactStarts: contactStarts))
          }
        }
      }
    }
  }

  /// Whether every term of `query` can match only text fields, so that searching
  /// these arrays gives the index's answer: no digits (a phone term), no `group:`,
  /// no presence test of a phone (`tel:`).
  static func suffice(for query: SearchQuery) -> Bool {
    query.clauses.allSatisfy { clause in
      clause.allSatisfy { term in
        term.digits.isEmpty && term.nationalDigits.isEmpty && term.fields & FieldKind.group.bit == 0
          && !(term.isPresence && term.fields & FieldKind.phone.bit != 0)
      }
    }
  }
}
