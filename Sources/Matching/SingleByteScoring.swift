extension ContactIndex {
  /// The score of contact `c` for a query of one term of one byte (`singleByteTerm`):
  /// -1 when the contact's `mask` lacks the byte, else `singleByteScore` of its fields
  /// (by their masks when there are `fieldMasks`).
  @inline(__always)
  static func singleTermScore(
    _ term: HotTerm, contact c: Int, mask: UInt64, query q: UnsafePointer<UInt8>, bytes: UnsafePointer<UInt8>,
    starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>, contactStarts: UnsafeBufferPointer<Int32>,
    fieldMasks: FieldMasks.Pointers?
  ) -> Int {
    if term.isExcluded(by: mask) { return -1 }
    if let fieldMasks {
      return singleByteScore(
        q[term.text], fields: term.fields, phone: term.digitCount == 1, bytes: bytes,
        starts: starts, kinds: kinds, fieldMasks: fieldMasks,
        firstField: Int(contactStarts[c]), endField: Int(contactStarts[c + 1]))
    }
    return singleByteScore(
      q[term.text], fields: term.fields, phone: term.digitCount == 1, bytes: bytes,
      starts: starts, kinds: kinds, firstField: Int(contactStarts[c]),
      endField: Int(contactStarts[c + 1]))
  }

  /// `score` for a query of one term of one byte `c` (fuzzy or substring mode, not
  /// excluding): per field the tier of `c`'s best occurrence (the whole field, its
  /// first byte, a word start, elsewhere) less the field's penalty; -1 when absent.
  /// Phone fields count only when `phone` (the byte is a digit of a phone term).
  @inline(__always)
  static func singleByteScore(
    _ c: UInt8, fields allowed: UInt8, phone: Bool, bytes: UnsafePointer<UInt8>,
    starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>, firstField: Int, endField: Int
  ) -> Int {
    // Phone fields count only for a digit of a phone term.
    let kindsToSearch = phone ? allowed : allowed & ~FieldKind.phone.bit
    var best = 0
    var f = firstField
    var end = f < endField ? Int(starts[f]) : 0
    while f < endField {
      let kind = kinds[f]
      let start = end
      end = Int(starts[f + 1])
      f += 1
      if kindsToSearch & (1 << kind) == 0 { continue }
      let n = end - start
      let penalty = FieldKind.penalty(kind) + min(n, 40) / 2
      var tier = 0
      if n > 0 && bytes[start] == c {
        tier = n == 1 ? ByteMatcher.exactScore : ByteMatcher.prefixScore
      } else {
        // Only a word start (700) or a middle (500) occurrence is left.
        if ByteMatcher.wordStartScore - penalty <= best { continue }
        tier = laterOccurrenceTier(c, bytes: bytes, start: start, count: n)
        if tier == 0 { continue }
      }
      let score = max(tier - penalty, 1)
      if score > best { best = score }
    }
    return best > 0 ? best : -1
  }

  /// `singleByteScore` with this index's `FieldMasks`: a field without `c` is passed
  /// over unread, and for a letter its tier comes from the field's first byte and masks
  /// alone; other bytes (digits, punctuation, non-ASCII) still scan the fields that
  /// may hold them. The same score as `singleByteScore`.
  @inline(__always)
  static func singleByteScore(
    _ c: UInt8, fields allowed: UInt8, phone: Bool, bytes: UnsafePointer<UInt8>,
    starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>, fieldMasks: FieldMasks.Pointers,
    firstField: Int, endField: Int
  ) -> Int {
    let presence = ByteMatcher.bit(c)
    let wordStart = FieldMasks.wordStartBit(c)
    let kindsToSearch = phone ? allowed : allowed & ~FieldKind.phone.bit
    var best = 0
    var f = firstField
    var end = f < endField ? Int(starts[f]) : 0
    while f < endField {
      let kind = kinds[f]
      let start = end
      end = Int(starts[f + 1])
      let fieldMask = fieldMasks.masks[f]
      f += 1
      if kindsToSearch & (1 << kind) == 0 || fieldMask & presence == 0 { continue }
      let n = end - start
      let penalty = FieldKind.penalty(kind) + min(n, 40) / 2
      var tier = 0
      if fieldMasks.firstBytes[f - 1] == c {
        tier = n == 1 ? ByteMatcher.exactScore : ByteMatcher.prefixScore
      } else {
        // Only a word start (700) or a middle (500) occurrence is left.
        if ByteMatcher.wordStartScore - penalty <= best { continue }
        if wordStart != 0 {
          // A letter, and it is in the field after its first byte.
          tier = fieldMask & wordStart != 0 ? ByteMatcher.wordStartScore : ByteMatcher.middleScore
        } else {
          tier = Self.laterOccurrenceTier(c, bytes: bytes, start: start, count: n)
          if tier == 0 { continue }
        }
      }
      let score = max(tier - penalty, 1)
      if score > best { best = score }
    }
    return best > 0 ? best : -1
  }

  /// The tier of the best occurrence of `c` in `bytes[start + 1..<start + count]`: a word
  /// start (700), else elsewhere (500), else 0.
  @inline(__always)
  static func laterOccurrenceTier(_ c: UInt8, bytes: UnsafePointer<UInt8>, start: Int, count n: Int) -> Int {
    let pattern = UInt64(c) &* 0x0101_0101_0101_0101
    let raw = UnsafeRawPointer(bytes)
    var tier = 0
    var i = 1
    while i < n {
      let x = raw.loadUnaligned(fromByteOffset: start + i, as: UInt64.self) ^ pattern
      let hit = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
      if hit == 0 {
        i += 8
        continue
      }
      i += hit.trailingZeroBitCount >> 3
      if i >= n { break }
      if ByteMatcher.isSeparator(bytes[start + i - 1]) { return ByteMatcher.wordStartScore }
      tier = ByteMatcher.middleScore
      i += 1
    }
    return tier
  }
}
