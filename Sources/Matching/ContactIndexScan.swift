import Dispatch

extension ContactIndex {
  /// Contacts scanned between two checks of a `SearchCancellation`.
  public static let cancellationChunk = 4_096

  /// Scans `total` contacts (all, or those of `within`), in parallel chunks when there
  /// are many, and orders the matches.
  ///
  /// - Parameter usingFieldMasks: whether to pass over fields by their `FieldMasks`
  ///   (the same result either way); `nil`: when `prepareForSearch()` built them.
  ///   Building them takes longer than the one search of `cpick query` they would
  ///   speed up: a picker's worker builds them while the list is read.
  /// - Parameter usingTextFields: with the masks, whether a query that only text can
  ///   match reads the masks' `TextFields` instead of the index's arrays (the same
  ///   result either way).
  func scanAll(
    _ query: SearchQuery, total: Int, within: UnsafeBufferPointer<Int32>?, cancellation: SearchCancellation? = nil,
    usingFieldMasks: Bool? = nil, usingTextFields: Bool = true
  ) -> [ContactMatch] {
    let masks: FieldMasks? =
      switch usingFieldMasks {
      case true?: fieldMasks()
      case false?: nil
      case nil: fieldMaskStore.withLock { $0 }
      }
    guard let masks else {
      return withFieldArrays {
        scanAll(query, total: total, within: within, cancellation: cancellation, fieldMasks: nil, fields: $0)
      }
    }
    guard usingTextFields, TextFields.suffice(for: query) else {
      return masks.withPointers { pointers in
        withFieldArrays {
          scanAll(query, total: total, within: within, cancellation: cancellation, fieldMasks: pointers, fields: $0)
        }
      }
    }
    return masks.withPointers(textOnly: true) { pointers in
      masks.text.withFieldArrays {
        scanAll(query, total: total, within: within, cancellation: cancellation, fieldMasks: pointers, fields: $0)
      }
    }
  }

  private func scanAll(
    _ query: SearchQuery, total: Int, within: UnsafeBufferPointer<Int32>?, cancellation: SearchCancellation?,
    fieldMasks: FieldMasks.Pointers?, fields: FieldArrays
  ) -> [ContactMatch] {
    if total < Self.parallelThreshold {
      return Self.ordered([
        scan(
          query, range: 0..<total, within: within, cancellation: cancellation, fieldMasks: fieldMasks, fields: fields)
      ])
    }
    // More chunks than cores: a core that another process holds up delays only a
    // small part of the scan.
    let chunks = total >= 65_536 ? 16 : 8
    let chunkSize = (total + chunks - 1) / chunks
    let parts = ResultSlots(count: chunks)
    // Read-only for the duration of the call; each chunk reads its own range.
    nonisolated(unsafe) let candidates = within
    nonisolated(unsafe) let fieldMasks = fieldMasks
    nonisolated(unsafe) let fields = fields
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = min(chunk * chunkSize, total)
      let upper = min(lower + chunkSize, total)
      parts.store(
        self.scan(
          query, range: lower..<upper, within: candidates, cancellation: cancellation, fieldMasks: fieldMasks,
          fields: fields),
        at: chunk)
    }
    return Self.ordered(parts.take())
  }

  // MARK: - Scanning

  struct ScanResult: Sendable {
    var indices = ContiguousArray<Int32>()
    var scores = ContiguousArray<Int32>()
    var maxScore = 0
  }

  /// A query term as offsets into one flat byte buffer (no references: nothing to
  /// retain in the hot loop).
  struct HotTerm {
    var text: Int
    var textCount: Int
    var digits: Int
    var digitCount: Int
    /// `SearchQuery.Term.nationalDigits`: an offset into the flat buffer and a count
    /// (0: none).
    var national: Int
    var nationalCount: Int
    /// How the national digits must occur (`SearchQuery.Term.nationalMode`).
    var nationalMode: SearchQuery.Mode
    /// How the digits must occur (`SearchQuery.Term.digitMode`).
    var digitMode: SearchQuery.Mode
    /// `SearchQuery.Term.countryCode`: an offset into the flat buffer and a count.
    var code: Int
    var codeCount: Int
    /// `SearchQuery.Term.trunkLength`.
    var trunkLength: Int
    /// Whether the national number is matched without its trunk prefix too
    /// (`SearchQuery.Term.nationalWithoutTrunk`).
    var withoutTrunk: Bool
    /// The term's text mask, or all ones when it may match no masked text field.
    var textMask: UInt64
    /// The term's phone mask, or all ones when it may match no phone.
    var phoneMask: UInt64
    /// `ByteMatcher.mask` of the text: a text field whose `FieldMasks` mask lacks a bit
    /// of it cannot match.
    var textFieldMask: UInt64
    /// `ByteMatcher.mask` of the digits, the same for a phone field.
    var digitFieldMask: UInt64
    /// `ContactBigrams.pairs(of:)` of the text, for a term of two bytes or more that
    /// only text fields can match (no digits, no `group:`); else all zero.
    var pairs: (UInt64, UInt64, UInt64, UInt64)
    /// Whether `pairs` is set (the contact's `ContactBigrams` decide).
    var usesPairs: Bool
    /// `ContactBigrams.letterBit` of the text's first byte; 0 when it is not a letter.
    var firstLetter: UInt32
    /// False for `group:` terms: group names are not in the masks.
    var useMask: Bool
    var mode: SearchQuery.Mode
    var fields: UInt8
    var negated: Bool
    /// True for the last term of its clause (OR group).
    var endsClause: Bool
    /// `SearchQuery.Term.allowsScattered`.
    var allowsScattered: Bool
    /// `SearchQuery.Term.penalty`.
    var penalty: Int = 0
  }

  /// Scores the contacts `range` (or `within[range]` when given); stops early, with
  /// what it found so far, once `cancellation` says so (checked every
  /// `cancellationChunk` contacts, first before any). With `fieldMasks` (this index's
  /// `FieldMasks`), fields are passed over by their masks; the result is the same.
  func scan(
    _ query: SearchQuery, range: Range<Int>, within: UnsafeBufferPointer<Int32>?,
    cancellation: SearchCancellation? = nil, fieldMasks: FieldMasks.Pointers? = nil
  ) -> ScanResult {
    withFieldArrays {
      scan(query, range: range, within: within, cancellation: cancellation, fieldMasks: fieldMasks, fields: $0)
    }
  }

  /// The storage of the arrays a scan reads: the index's own, or `TextFields`'.
  struct FieldArrays {
    var bytes: UnsafeBufferPointer<UInt8>
    var starts: UnsafeBufferPointer<Int32>
    var kinds: UnsafeBufferPointer<UInt8>
    var contactStarts: UnsafeBufferPointer<Int32>
  }

  /// Calls `body` with the storage of the index's arrays.
  func withFieldArrays<Result>(_ body: (FieldArrays) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      fieldStarts.withUnsafeBufferPointer { starts in
        fieldKinds.withUnsafeBufferPointer { kinds in
          contactStarts.withUnsafeBufferPointer { contactStarts in
            body(FieldArrays(bytes: bytes, starts: starts, kinds: kinds, contactStarts: contactStarts))
          }
        }
      }
    }
  }

  /// `scan` over `fields`: the index's arrays, or those of its `TextFields` (with
  /// `fieldMasks` of the same fields) for a query they suffice for.
  func scan(
    _ query: SearchQuery, range: Range<Int>, within: UnsafeBufferPointer<Int32>?,
    cancellation: SearchCancellation?, fieldMasks: FieldMasks.Pointers?, fields: FieldArrays
  ) -> ScanResult {
    let (flat, hot) = Self.hotTerms(query)
    let single = Self.singleByteTerm(hot, flat: flat)
    var maxScore = 0
    var found = 0
    var scores = ContiguousArray<Int32>()
    // Room for every contact of the range (pages never written are never touched), so
    // the loop appends without checks or growth.
    let indices = ContiguousArray<Int32>(unsafeUninitializedCapacity: max(range.count, 1)) { indexBuffer, indexCount in
      scores = ContiguousArray<Int32>(unsafeUninitializedCapacity: max(range.count, 1)) { scoreBuffer, scoreCount in
        let indexOut = indexBuffer.baseAddress!
        let scoreOut = scoreBuffer.baseAddress!
        flat.withUnsafeBufferPointer { flatBuffer in
          hot.withUnsafeBufferPointer { terms in
            let starts = fields.starts
            let kinds = fields.kinds
            let contactStarts = fields.contactStarts
            masks.withUnsafeBufferPointer { masks in
              let q = flatBuffer.baseAddress!
              let data = fields.bytes.baseAddress ?? q
              for position in range {
                if let cancellation, (position - range.lowerBound) % Self.cancellationChunk == 0,
                  cancellation.isCancelled
                {
                  break
                }
                let c = within.map { Int($0[position]) } ?? position
                let score: Int
                if let single {
                  score = Self.singleTermScore(
                    single, contact: c, mask: masks[c], query: q, bytes: data, starts: starts, kinds: kinds,
                    contactStarts: contactStarts, fieldMasks: fieldMasks)
                } else {
                  score = Self.score(
                    contact: c, mask: masks[c], terms: terms, query: q,
                    bytes: data, starts: starts, kinds: kinds, contactStarts: contactStarts,
                    fieldMasks: fieldMasks)
                }
                if score >= 0 {
                  indexOut[found] = Int32(c)
                  scoreOut[found] = Int32(score)
                  found += 1
                  if score > maxScore { maxScore = score }
                }
              }
            }
          }
        }
        scoreCount = found
      }
      indexCount = found
    }
    return ScanResult(indices: indices, scores: scores, maxScore: maxScore)
  }

  /// The terms of `query` as the scan reads them: every term's text, digits, national
  /// digits and country code one after the other in `flat` (then a zero), and the
  /// terms (`HotTerm`) as offsets into it, clause after clause.
  static func hotTerms(_ query: SearchQuery) -> (flat: [UInt8], terms: [HotTerm]) {
    var flat: [UInt8] = []
    var hot: [HotTerm] = []
    for clause in query.clauses {
      for (position, term) in clause.enumerated() {
        hot.append(HotTerm(term, endsClause: position == clause.count - 1, appendingTo: &flat))
      }
    }
    // A zero after the last term: reading a word's first byte is always in bounds.
    flat.append(0)
    return (flat, hot)
  }

  /// The one term of a query of one term of one byte (the first key of most queries,
  /// `m`, `0`), which `singleTermScore` scores in a loop of its own (no fuzzy match, the
  /// same byte for text and phone fields); nil for any other query.
  static func singleByteTerm(_ hot: [HotTerm], flat: [UInt8]) -> HotTerm? {
    guard hot.count == 1, let term = hot.first, !term.negated, term.textCount == 1,
      term.mode == .fuzzy || term.mode == .substring,
      term.digitCount == 0 || (term.digitCount == 1 && flat[term.digits] == flat[term.text])
    else { return nil }
    return term
  }

}

extension ContactIndex.HotTerm {
  /// `term` for the scan: its bytes (text, digits, national digits, country code) are
  /// appended to `flat`, and kept as offsets into it.
  ///
  /// - Parameter endsClause: whether `term` is the last of its clause.
  init(_ term: SearchQuery.Term, endsClause: Bool, appendingTo flat: inout [UInt8]) {
    let text = flat.count
    flat.append(contentsOf: term.text)
    let digits = flat.count
    flat.append(contentsOf: term.digits)
    let national = flat.count
    flat.append(contentsOf: term.nationalDigits)
    let code = flat.count
    flat.append(contentsOf: term.countryCode)
    let textAllowed = term.fields & FieldKind.maskedTextFields != 0
      && !(term.fields == FieldKind.phoneFields)
    let phoneAllowed = term.fields & FieldKind.phone.bit != 0 && term.isPhone
    let usesPairs = term.text.count >= 2 && term.digits.isEmpty && !term.isPresence
      && term.fields & ~FieldKind.phone.bit & ~FieldKind.maskedTextFields == 0
    self.init(
      text: text, textCount: term.text.count, digits: digits,
      digitCount: term.digits.count, national: national, nationalCount: term.nationalDigits.count,
      nationalMode: term.nationalMode, digitMode: term.digitMode, code: code, codeCount: term.countryCode.count,
      trunkLength: term.trunkLength, withoutTrunk: term.nationalWithoutTrunk != nil,
      textMask: textAllowed ? term.textMask : .max,
      phoneMask: phoneAllowed ? term.phoneMask : .max,
      textFieldMask: ByteMatcher.mask(term.text),
      digitFieldMask: ByteMatcher.mask(term.digits)
        & (term.nationalDigits.isEmpty ? .max : ByteMatcher.mask(term.nationalWithoutTrunk ?? term.nationalDigits[...])),
      pairs: usesPairs ? ContactBigrams.pairs(of: term.text) : (0, 0, 0, 0), usesPairs: usesPairs,
      firstLetter: term.text.first.map(ContactBigrams.letterBit) ?? 0,
      useMask: term.fields & FieldKind.group.bit == 0 && !term.isPresence,
      mode: term.mode, fields: term.fields, negated: term.negated,
      endsClause: endsClause, allowsScattered: term.allowsScattered, penalty: term.penalty)
  }

  /// Whether a contact whose mask (`ContactIndex.masks`) is `mask` lacks a character
  /// of the term in every field it may match: then it cannot match.
  @inline(__always)
  func isExcluded(by mask: UInt64) -> Bool {
    useMask && phoneMask & ~mask != 0 && textMask & ~mask != 0
  }
}

/// One slot per chunk of a parallel scan; each chunk writes only its own slot.
private final class ResultSlots: @unchecked Sendable {
  private let base: UnsafeMutablePointer<ContactIndex.ScanResult>

  init(count: Int) {
    base = .allocate(capacity: count)
    base.initialize(repeating: ContactIndex.ScanResult(), count: count)
    self.count = count
  }

  private let count: Int

  func store(_ result: ContactIndex.ScanResult, at slot: Int) {
    base[slot] = result
  }

  func take() -> [ContactIndex.ScanResult] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
