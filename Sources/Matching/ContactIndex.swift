// Matching — the search of the people picker.
//
// What it does
// ============
// `ContactIndex` answers "which contacts match what the user typed, best first" for
// every keystroke of the picker, and `SearchHighlighter` says which characters of a
// shown name to highlight. Like fzf and fzy it keeps three concerns apart:
//
// * Eligibility — does a contact match? The query is folded (`SearchFolding`: case,
//   diacritics, `ł→l`, `ß→ss`, …) and parsed (`SearchQuery`) into terms with fzf's
//   extended-search syntax:
//
//       ada          fuzzy (below)              'ada    substring only
//       ^ada         starts a field or word     ada$    ends a field or word
//       ^ada$ 'ada'  a whole field or word      !ada    excludes (also !^ada, !ada$)
//       ada | grace  either (binds tighter than the AND between terms)
//       name: email: org: tel: group:  restrict a term to a kind of field
//                    (`email:acme`, `tel:0101$`, `!org:^acme`; `email:` alone: has one)
//
//   Every clause must match (AND, in any order); a clause is one term or terms joined
//   by `|`. A term matches a field as a substring or, unless `SearchOptions.exact`
//   (where `'` makes a term fuzzy again), as a fuzzy subsequence inside that one field
//   that begins at a word start (`jsm` matches `John Smith`, `ohn` does not
//   fuzzy-match `Jo Hunt`). Excluding terms are substrings, never fuzzy. A phone term
//   (digits and `+ - . / ( )`) matches the digits of a phone number, or the text of
//   another field, as a substring only. Group names are searched only by `group:`.
// * Score — the order. Per clause, the best term counts; per term, its best field; the
//   contact's score is the sum over the clauses (excluding terms add nothing). Tiers:
//   the whole field (1000) > a prefix of the field (800) > a substring at a word start
//   (700) > a substring elsewhere (500) > a fuzzy match (150…450: consecutive characters
//   and word starts raise it, gaps lower it). Then a penalty by field: names 0,
//   transliterations of names (pinyin, romaji) 40, organization and department 60,
//   their transliterations 80, email 100, groups 120; and up to 20 for the field's
//   length (shorter fields rank slightly higher). Equal scores keep the input order,
//   which is the sort order of the list.
// * Positions — what to highlight, computed only for the rows on screen, on the
//   original text (`Á` in `Álvaro` for `alvaro`; `王` in `王小明` for `wang`).
//
// Searchable fields: display name, given, middle and family names, nickname, phonetic
// names, organization, department, every email, every phone number (as digits), the
// groups; for non-Latin text its Latin transliteration (`Transliteration`): Han and
// Hangul one syllable at a time, as spaced syllables, run together, and as initials
// (`王小明` → `wang xiao ming`, `wangxiaoming`, `wxm`; Traditional characters read the
// same), a Han or Hangul family name also as a surname (`曾` → `zeng`, `김` → `kim`,
// from `ContactFormatter.surnameReading`), Kana as romaji, Cyrillic, Greek, Arabic,
// Hebrew through ICU's `Any-Latin`, Devanagari with `sh`/`ch`. An international number
// (`+49 (0)170 5550123`, `0049 …`) is also kept in its national form (`01705550123`)
// with the country's trunk prefix (`0`; `8` for +7; none for +1, +39, …).
//
// Worked examples (contacts `Álvaro Peñalosa`, `Alvaro Reyes`, `王小明`,
// `Tilde Arkwright` with phone `0170 5550123`, `Anna Fischer` with `+49 170 5550124`
// and email `anna@acme.example`):
//
//     alvaro          → both Álvaros (prefix of the given name: 800 minus length)
//     Álvaro          → the same: folding is symmetric
//     pena            → Álvaro Peñalosa (prefix of the family name)
//     alv rey         → Alvaro Reyes only (AND of two prefixes)
//     alv !rey        → Álvaro Peñalosa only
//     reyes | tilde   → Alvaro Reyes, Tilde Arkwright
//     wxm             → 王小明 (exact match of the pinyin initials)
//     0170 555 0123   → Tilde Arkwright (one phone term: 01705550123)
//     555-0123        → Tilde Arkwright (digits 5550123 inside 01705550123)
//     01705550124     → Anna Fischer (the national form of +49 170 5550124)
//     tel:0124$       → Anna Fischer (a number ending in 0124)
//     email:^acme     → Anna Fischer (the domain starts after `@`)
//
// Complexity and speed
// ====================
// `init` folds every field once into one contiguous byte buffer (ASCII text is
// lower-cased byte by byte; Foundation's folding and ICU transliteration run only for
// non-ASCII text, and the transliteration is cached per Han or Hangul syllable), plus
// a 64-bit mask per contact of the characters its name, organization and email fields
// contain and the digits of its phones. A search is O(total field bytes × terms) in
// the worst case, with no allocation per contact: a contact whose mask lacks a
// character of some term is skipped without touching its fields (an excluding term
// then passes at once); otherwise each field the term may match is scanned for the
// term's first byte, eight bytes at a time. An index of 8,192 contacts or more also
// can keep, built by `prepareForSearch()` (a picker's worker, before the first key), a
// mask per field of the characters it holds and the letters that start a word in it
// (`FieldMasks`): a field
// that lacks a byte of the term is passed over unread, and a one-letter query takes its
// tier from the masks and the field's first byte alone. Fuzzy matching is greedy and
// starts only at word starts, so it stays linear per field in practice. Large full
// scans run in chunks on all cores (`DispatchQueue.concurrentPerform`); the result is
// ordered with a counting sort on the score, which keeps ties in input order (on all
// cores too for 65,536 matches or more).
// `search(_:options:within:)` scans only a previous result, so each keystroke that
// extends a plain query refines instead of rescanning; a query with operators, field
// terms or digits does not narrow monotonically as it grows (`!a` → `!ab` finds more)
// and is always scanned afresh — a full scan of 100,000 contacts takes a few ms.

import Dispatch
import ContactKit
import Synchronization
import CpickSupport

/// Options of a search.
public struct SearchOptions: Sendable, Hashable {
  /// When true, words match only as substrings of a field (no fuzzy matching).
  public var exact: Bool = false
  /// When true, `' ^ $ ! | \` and field names are plain text, not operators: for
  /// queries that a program passes on as the user typed them (a mail client's
  /// address field), so `o'brien` or `a|b` are searched for as written.
  public var literal: Bool = false

  /// Creates options; by default fuzzy matching is on and operators are read.
  public init(exact: Bool = false, literal: Bool = false) {
    self.exact = exact
    self.literal = literal
  }
}

/// One contact that matched a search.
public struct ContactMatch: Sendable, Hashable {
  /// The contact's position in the array given to `ContactIndex.init`.
  public let index: Int
  /// The relevance: higher is better. Only comparable between results of one query;
  /// 0 for the results of a blank query.
  public let score: Int

  /// Creates a match.
  public init(index: Int, score: Int) {
    self.index = index
    self.score = score
  }
}

/// A search index over a fixed list of contacts: their searchable fields, folded once,
/// in one byte buffer.
///
/// Immutable and `Sendable`: build it once per address book (off the main thread if
/// the book is large), then search from anywhere.
public final class ContactIndex: Sendable {
  /// The folded UTF-8 bytes of all fields, one after the other, then
  /// `ByteMatcher.padding` zero bytes.
  let bytes: FlatArray<UInt8>
  /// Field `f` is `bytes[fieldStarts[f]..<fieldStarts[f + 1]]`.
  let fieldStarts: FlatArray<Int32>
  /// The `FieldKind` of each field.
  let fieldKinds: FlatArray<UInt8>
  /// Contact `c` owns fields `contactStarts[c]..<contactStarts[c + 1]`.
  let contactStarts: FlatArray<Int32>
  /// Per contact, `ByteMatcher.mask` of its text fields and `phoneMask` of its phones.
  let masks: FlatArray<UInt64>

  /// Contacts in a full scan at or above which the scan runs on several threads.
  static let parallelThreshold = 8_192
  /// Contacts at or above which `prepareForSearch()` builds `FieldMasks`, which the
  /// searches then use; a smaller index scans the fields' bytes.
  static let fieldMasksThreshold = 8_192
  /// The `FieldMasks` of this index, once built.
  private let fieldMaskStore = Mutex<FieldMasks?>(nil)

  /// Builds the index.
  ///
  /// - Parameter contacts: the contacts in display (sort) order; results refer to
  ///   positions in this array.
  /// - Complexity: O(total length of the searchable fields), plus an ICU transform per
  ///   distinct non-Latin run of text.
  public convenience init(_ contacts: [Contact]) {
    self.init(IndexEntries(contacts))
  }

  /// An index over flat arrays (`IndexEntries`' layout, `bytes` padded with
  /// `ByteMatcher.padding` zeros), already checked.
  init(
    bytes: FlatArray<UInt8>, fieldStarts: FlatArray<Int32>, fieldKinds: FlatArray<UInt8>,
    contactStarts: FlatArray<Int32>, masks: FlatArray<UInt64>
  ) {
    self.bytes = bytes
    self.fieldStarts = fieldStarts
    self.fieldKinds = fieldKinds
    self.contactStarts = contactStarts
    self.masks = masks
  }

  /// An index over arrays in `IndexEntries`' layout, `bytes` padded with
  /// `ByteMatcher.padding` zeros, already checked.
  convenience init(bytes: [UInt8], fieldStarts: [Int32], fieldKinds: [UInt8], contactStarts: [Int32], masks: [UInt64]) {
    self.init(
      bytes: FlatArray(bytes), fieldStarts: FlatArray(fieldStarts), fieldKinds: FlatArray(fieldKinds),
      contactStarts: FlatArray(contactStarts), masks: FlatArray(masks))
  }

  /// The number of contacts.
  public var count: Int { masks.count }

  /// Builds what searches of a large index (8,192 contacts or more) use when it is
  /// there: a mask per field of the characters it holds (9 bytes per
  /// field), which lets a search pass over the fields a term cannot occur in without
  /// reading them, and a copy of the text fields alone (`TextFields`: names,
  /// organization, email), which a query without digits reads instead of the whole
  /// index (for a million contacts, about 180 MB more memory and a quarter less read
  /// per keystroke). Also starts compiling, on a thread of its own, ICU's
  /// transliteration rules for the scripts of the first contacts
  /// (`TransliterationWarmUp`): an index read from a list file was made without them,
  /// and highlighting the first non-Latin name on screen would compile them then (60 ms
  /// or more). Results do not depend on it. Call it off the main thread while the user
  /// is not typing yet; calling it again does nothing more.
  ///
  /// - Complexity: O(total field bytes), on all cores; once per index.
  public func prepareForSearch() {
    guard count >= Self.fieldMasksThreshold else { return }
    TransliterationWarmUp.start(scanning: Array(bytes.buffer.prefix(256 * 1024)))
    _ = fieldMasks()
  }

  /// The field masks, built at the first call.
  func fieldMasks() -> FieldMasks {
    if let built = fieldMaskStore.withLock({ $0 }) { return built }
    // Built outside the lock: a search meanwhile goes on without the masks rather
    // than waiting for them (a few hundred ms for a million contacts).
    let built = FieldMasks(
      bytes: bytes, fieldStarts: fieldStarts, fieldKinds: fieldKinds, contactStarts: contactStarts)
    return fieldMaskStore.withLock { store in
      if let first = store { return first }
      store = built
      return built
    }
  }

  /// Searches all contacts.
  ///
  /// - Parameter cancellation: checked between chunks of `cancellationChunk`
  ///   contacts; once it says so the search stops early and its result is incomplete
  ///   (the caller throws it away).
  /// - Returns: every contact, in input order with score 0, when `query` is blank;
  ///   otherwise the contacts that match, best first, equal scores in input order.
  public func search(
    _ query: String, options: SearchOptions = .init(), cancellation: SearchCancellation? = nil
  ) -> [ContactMatch] {
    let prepared = SearchQuery(query, options: options)
    if prepared.isEmpty {
      return (0..<count).map { ContactMatch(index: $0, score: 0) }
    }
    return scanAll(prepared, total: count, within: nil, cancellation: cancellation)
  }

  /// The same search as `search(_:options:)`, over the contacts of `within` only.
  ///
  /// Use it when the user extends the query (types one more character, adds a word):
  /// every contact that matches the longer query also matched the shorter one, so
  /// refining the previous result gives the same answer as a fresh search, faster.
  /// Pass the previous result only when the new query extends the old one with the same
  /// options; otherwise (the user deleted a character, toggled `exact`) search afresh.
  /// A query that is not plain — with an operator (`! ' ^ $ | \`), a field term or a
  /// digit — may match more as it grows (`!a` → `!ab`, `ada` → `ada | g`, a phone
  /// term split by a space), so for it `within` is ignored and every contact is
  /// searched: the answer is always the fresh search's.
  ///
  /// - Parameters:
  ///   - within: a previous result of this index (any order).
  ///   - cancellation: as for `search(_:options:cancellation:)`.
  /// - Returns: for a plain query, the contacts of `within` that match, best first,
  ///   equal scores in input order; for other queries, `search(_:options:)`'s answer;
  ///   for a blank query, the contacts of `within` in input order with score 0.
  public func search(
    _ query: String, options: SearchOptions, within: [ContactMatch], cancellation: SearchCancellation? = nil
  ) -> [ContactMatch] {
    let candidates = self.candidates(within)
    let prepared = SearchQuery(query, options: options)
    if prepared.isEmpty {
      return candidates.map { ContactMatch(index: Int($0), score: 0) }
    }
    if !prepared.isPlain {
      // Operators, field terms and digits are not monotonic as the query grows
      // (`!ab` excludes fewer than `!a`, `ada | g` finds more than `ada`): scan afresh.
      return scanAll(prepared, total: count, within: nil, cancellation: cancellation)
    }
    return candidates.withUnsafeBufferPointer {
      scanAll(prepared, total: $0.count, within: $0, cancellation: cancellation)
    }
  }

  /// The same search as `search(_:options:)`, answered from the matches of an earlier
  /// query when that is sure to give the same result.
  ///
  /// When every contact that matches `query` must also match `previousQuery` (the user
  /// typed on: `mar` → `mari`, `0170` → `0170 5`, `^ad` → `^ada`, `ada` → `ada lo`), only
  /// the contacts of `within` are scanned; otherwise (`!a` → `!ab`, `+` → `+4`,
  /// `ada` → `ada | g`, a shorter query) every contact is. The answer is always the
  /// fresh search's.
  ///
  /// - Parameters:
  ///   - previousQuery: the query that `within` answers, with the same `options`.
  ///   - within: the matches of `previousQuery` by this index (any order; a subset is
  ///     fine when the caller filters the result to that subset anyway).
  ///   - cancellation: as for `search(_:options:cancellation:)`.
  /// - Returns: `search(query, options: options)`'s answer.
  /// - Complexity: O(bytes of the contacts of `within` × terms) when the query narrows
  ///   `previousQuery` and `within` holds at most half the contacts, else a full
  ///   search; O(count) to put `within` in input order when it holds more than 1/32 of
  ///   the contacts.
  public func search(
    _ query: String, options: SearchOptions, refining previousQuery: String, within: [ContactMatch],
    cancellation: SearchCancellation? = nil
  ) -> [ContactMatch] {
    let prepared = SearchQuery(query, options: options)
    if prepared.isEmpty {
      return (0..<count).map { ContactMatch(index: $0, score: 0) }
    }
    let previous = SearchQuery(previousQuery, options: options)
    // Scanning most of the contacts through `within` costs more than scanning them
    // all in order: gathering the positions and reading through them.
    guard !previous.isEmpty, prepared.narrows(previous), within.count <= count / 2 else {
      return scanAll(prepared, total: count, within: nil, cancellation: cancellation)
    }
    return candidates(within).withUnsafeBufferPointer {
      scanAll(prepared, total: $0.count, within: $0, cancellation: cancellation)
    }
  }

  /// The contacts of `within` in input order (so ties stay in input order), without
  /// repeats or positions out of range.
  private func candidates(_ within: [ContactMatch]) -> ContiguousArray<Int32> {
    var candidates = ContiguousArray<Int32>()
    candidates.reserveCapacity(within.count)
    if within.count > count / 32 {
      // One bit per contact (128 KB for a million: it stays in cache), read back a word
      // at a time.
      var marked = [UInt64](repeating: 0, count: (count + 63) / 64)
      marked.withUnsafeMutableBufferPointer { marked in
        for match in within where match.index >= 0 && match.index < count {
          marked[match.index >> 6] |= 1 << UInt64(match.index & 63)
        }
      }
      for (word, bits) in marked.enumerated() where bits != 0 {
        var bits = bits
        while bits != 0 {
          candidates.append(Int32(word << 6 | bits.trailingZeroBitCount))
          bits &= bits &- 1
        }
      }
    } else {
      for match in within where match.index >= 0 && match.index < count {
        candidates.append(Int32(match.index))
      }
      candidates.sort()
      var previous: Int32 = -1
      candidates.removeAll { index in
        defer { previous = index }
        return index == previous
      }
    }
    return candidates
  }

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
    /// `SearchQuery.Term.countryCode`: an offset into the flat buffer and a count.
    var code: Int
    var codeCount: Int
    /// `SearchQuery.Term.trunkLength`.
    var trunkLength: Int
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
    var flat: [UInt8] = []
    var hot: [HotTerm] = []
    for clause in query.clauses {
      for (position, term) in clause.enumerated() {
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
        hot.append(
          HotTerm(
            text: text, textCount: term.text.count, digits: digits,
            digitCount: term.digits.count, national: national, nationalCount: term.nationalDigits.count,
            nationalMode: term.nationalMode, code: code, codeCount: term.countryCode.count,
            trunkLength: term.trunkLength,
            textMask: textAllowed ? term.textMask : .max,
            phoneMask: phoneAllowed ? term.phoneMask : .max,
            textFieldMask: ByteMatcher.mask(term.text),
            digitFieldMask: ByteMatcher.mask(term.digits)
              & (term.nationalDigits.isEmpty ? .max : ByteMatcher.mask(term.nationalDigits)),
            pairs: usesPairs ? ContactBigrams.pairs(of: term.text) : (0, 0, 0, 0), usesPairs: usesPairs,
            firstLetter: term.text.first.map(ContactBigrams.letterBit) ?? 0,
            useMask: term.fields & FieldKind.group.bit == 0 && !term.isPresence,
            mode: term.mode, fields: term.fields, negated: term.negated,
            endsClause: position == clause.count - 1))
      }
    }
    // A zero after the last term: reading a word's first byte is always in bounds.
    flat.append(0)
    // One term of one byte (the first key of most queries, `m`, `0`): no fuzzy match,
    // the same byte for text and phone fields — a loop of its own.
    var single: HotTerm? = nil
    if hot.count == 1, let term = hot.first, !term.negated, term.textCount == 1,
      term.mode == .fuzzy || term.mode == .substring,
      term.digitCount == 0 || (term.digitCount == 1 && flat[term.digits] == flat[term.text])
    {
      single = term
    }
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
            do {
              let bytesBuffer = fields.bytes
              do {
                let starts = fields.starts
                do {
                  let kinds = fields.kinds
                  do {
                    let contactStarts = fields.contactStarts
                    masks.withUnsafeBufferPointer { masks in
                      let q = flatBuffer.baseAddress!
                      let data = bytesBuffer.baseAddress ?? q
                      for position in range {
                        if let cancellation, (position - range.lowerBound) % Self.cancellationChunk == 0,
                          cancellation.isCancelled
                        {
                          break
                        }
                        let c = within.map { Int($0[position]) } ?? position
                        let score: Int
                        if let single {
                          let mask = masks[c]
                          if single.useMask && single.phoneMask & ~mask != 0 && single.textMask & ~mask != 0 {
                            continue
                          }
                          if let fieldMasks {
                            score = Self.singleByteScore(
                              q[single.text], fields: single.fields, phone: single.digitCount == 1, bytes: data,
                              starts: starts, kinds: kinds, fieldMasks: fieldMasks,
                              firstField: Int(contactStarts[c]), endField: Int(contactStarts[c + 1]))
                          } else {
                            score = Self.singleByteScore(
                              q[single.text], fields: single.fields, phone: single.digitCount == 1, bytes: data,
                              starts: starts, kinds: kinds, firstField: Int(contactStarts[c]),
                              endField: Int(contactStarts[c + 1]))
                          }
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

  /// The score of contact `c`: the sum over the clauses of the best matching term
  /// (a term: its best field), or -1 when a clause does not match.
  @inline(__always)
  static func score(
    contact c: Int, mask: UInt64, terms: UnsafeBufferPointer<HotTerm>,
    query q: UnsafePointer<UInt8>, bytes: UnsafePointer<UInt8>,
    starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>,
    contactStarts: UnsafeBufferPointer<Int32>, fieldMasks: FieldMasks.Pointers? = nil
  ) -> Int {
    let firstField = Int(contactStarts[c])
    let endField = Int(contactStarts[c + 1])
    var total = 0
    var clauseBest = -1
    for term in terms {
      let value = termScore(
        term, contact: c, mask: mask, query: q, bytes: bytes, starts: starts, kinds: kinds,
        firstField: firstField, endField: endField, fieldMasks: fieldMasks)
      if value > clauseBest { clauseBest = value }
      if term.endsClause {
        if clauseBest < 0 { return -1 }
        total += clauseBest
        clauseBest = -1
      }
    }
    return total
  }

  /// One term against one contact: its best field score (> 0), 0 for an excluding
  /// term that is absent, -1 when the term rules the contact out.
  @inline(__always)
  static func termScore(
    _ term: HotTerm, contact c: Int, mask: UInt64, query q: UnsafePointer<UInt8>, bytes: UnsafePointer<UInt8>,
    starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>,
    firstField: Int, endField: Int, fieldMasks: FieldMasks.Pointers? = nil
  ) -> Int {
    let miss = term.negated ? 0 : -1
    if term.useMask && term.phoneMask & ~mask != 0 && term.textMask & ~mask != 0 { return miss }
    if term.usesPairs, let fieldMasks {
      // Neither a substring (a pair of the word missing from every text field) nor a
      // fuzzy match (its first letter starting no word) can be there.
      let pairs = fieldMasks.contactPairs + 4 * c
      if pairs[0] & term.pairs.0 != term.pairs.0 || pairs[1] & term.pairs.1 != term.pairs.1
        || pairs[2] & term.pairs.2 != term.pairs.2 || pairs[3] & term.pairs.3 != term.pairs.3,
        term.mode != .fuzzy || (term.firstLetter != 0 && fieldMasks.wordStarts[c] & term.firstLetter == 0)
      {
        return miss
      }
    }
    let text = q + term.text
    let digits = q + term.digits
    let isPhone = term.digitCount > 0
    let phoneKind = FieldKind.phone.rawValue
    var best = 0
    var f = firstField
    while f < endField {
      let kind = kinds[f]
      if term.fields & (1 << kind) == 0 {
        f += 1
        continue
      }
      if term.textCount == 0 {
        // A field term with nothing after the colon: the field is present.
        return term.negated ? -1 : 1
      }
      let isPhoneField = kind == phoneKind
      if isPhoneField && !isPhone {
        // Only a phone term's digits match a phone number.
        f += 1
        continue
      }
      if let fieldMasks, (isPhoneField ? term.digitFieldMask : term.textFieldMask) & ~fieldMasks.masks[f] != 0 {
        // A byte of the word is not in the field: no substring, no fuzzy match.
        f += 1
        continue
      }
      let start = Int(starts[f])
      let n = Int(starts[f + 1]) - start
      // Skip a field that cannot beat the best match so far (e.g. the email once a
      // name matched by prefix).
      let penalty = FieldKind.penalty(kind) + min(n, 40) / 2
      let m = isPhoneField ? term.digitCount : term.textCount
      let field = bytes + start
      let word = isPhoneField ? digits : text
      if !term.negated {
        // A tier above a word start needs an occurrence at 0, so the field's first
        // byte must be the word's (reading it is safe: the buffer is padded).
        let first = fieldMasks?.firstBytes[f] ?? field[0]
        let ceiling =
          isPhoneField && term.nationalCount > 0
          ? ByteMatcher.exactScore  // the national form may start the field
          : first != word[0]
            ? ByteMatcher.wordStartScore : n == m ? ByteMatcher.exactScore : ByteMatcher.prefixScore
        if ceiling - penalty <= best {
          f += 1
          continue
        }
      }
      var tier = 0
      if isPhoneField {
        tier = ByteMatcher.match(field, n, digits, m, mode: term.mode, fuzzy: false)
        if tier == 0 && term.nationalCount > 0 {
          // The number typed with its country code, saved in national form: from its
          // start (the trunk prefix begins a national number).
          tier = ByteMatcher.match(
            field, n, q + term.national, term.nationalCount, mode: term.nationalMode, fuzzy: false)
          if tier > 0
            && Self.isNationalForm(
              field: f, of: firstField, otherThan: q + term.code, term.codeCount, trunkLength: term.trunkLength,
              bytes: bytes, starts: starts, kinds: kinds)
          {
            tier = 0
          }
        }
      } else if term.mode == .fuzzy {
        // Inlined `match` for the common mode: the fuzzy match (below any substring
        // tier) runs only when it could beat the best so far and the word's first
        // byte occurs at a word start.
        let found = ByteMatcher.substringTier(field, n, text, m)
        tier = found.score
        if tier == 0 && !isPhone && m >= 2 && found.wordStart
          && (term.negated || ByteMatcher.fuzzyMax - penalty > best)
        {
          tier = ByteMatcher.fuzzy(field, n, text, m).score
        }
      } else {
        tier = ByteMatcher.match(field, n, text, m, mode: term.mode, fuzzy: !isPhone)
      }
      if tier > 0 {
        if term.negated { return -1 }
        let score = max(tier - penalty, 1)
        if score > best { best = score }
      }
      f += 1
    }
    if term.negated { return 0 }
    return best > 0 ? best : -1
  }

  /// Whether phone field `f` is the national form the index derived from the
  /// international number just before it (`+49 170 5550999` → `01705550999`: the field
  /// before ends with this one's digits after its trunk prefix) and that number's
  /// country code is not `code`: a number typed as `+33 170 5550999` is not the German
  /// one. A number saved in national form has no such field before it.
  ///
  /// - Parameters:
  ///   - f: the field; `firstField` is its contact's first.
  ///   - code: the country code typed, `codeCount` digits.
  ///   - trunkLength: the digits of the trunk prefix in front of the national form.
  @inline(__always)
  static func isNationalForm(
    field f: Int, of firstField: Int, otherThan code: UnsafePointer<UInt8>, _ codeCount: Int, trunkLength: Int,
    bytes: UnsafePointer<UInt8>, starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard f > firstField, kinds[f - 1] == FieldKind.phone.rawValue else { return false }
    let start = Int(starts[f])
    let significant = Int(starts[f + 1]) - start - trunkLength
    let previous = Int(starts[f - 1])
    let previousCount = start - previous
    func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
      for i in 0..<count where a[i] != b[i] { return false }
      return true
    }
    guard significant > 0, previousCount > significant,
      same(bytes + previous + previousCount - significant, bytes + start + trunkLength, significant)
    else { return false }
    return previousCount < codeCount || !same(bytes + previous, code, codeCount)
  }

  /// Orders the matches of `parts` (in input order, one part after the other) by
  /// descending score, ties in input order, with a counting sort.
  ///
  /// - Complexity: O(matches + highest score).
  static func ordered(_ parts: [ScanResult]) -> [ContactMatch] {
    let n = parts.reduce(0) { $0 + $1.indices.count }
    guard n > 0 else { return [] }
    let maxScore = parts.reduce(0) { max($0, $1.maxScore) }
    if n >= parallelOrderThreshold && parts.count > 1 {
      return orderedInParallel(parts, count: n, maxScore: maxScore)
    }
    var slots = [Int](repeating: 0, count: maxScore + 1)
    for part in parts {
      for score in part.scores { slots[Int(score)] += 1 }
    }
    var next = 0
    for score in stride(from: maxScore, through: 0, by: -1) {
      let c = slots[score]
      slots[score] = next
      next += c
    }
    return [ContactMatch](unsafeUninitializedCapacity: n) { buffer, initialized in
      let base = buffer.baseAddress!
      slots.withUnsafeMutableBufferPointer { slots in
        for part in parts {
          part.indices.withUnsafeBufferPointer { indices in
            part.scores.withUnsafeBufferPointer { scores in
              for i in 0..<indices.count {
                let score = Int(scores[i])
                (base + slots[score]).initialize(to: ContactMatch(index: Int(indices[i]), score: score))
                slots[score] += 1
              }
            }
          }
        }
      }
      initialized = n
    }
  }
}

extension ContactIndex {
  /// Matches at or above which `ordered` places them on all cores.
  static let parallelOrderThreshold = 65_536

  /// `ordered`'s counting sort with each part placed by a thread of its own: the slots
  /// of a score go to the parts in order (part 0's matches of that score first), so the
  /// result is the serial sort's.
  ///
  /// - Complexity: O(matches + parts × highest score), on all cores.
  static func orderedInParallel(_ parts: [ScanResult], count n: Int, maxScore: Int) -> [ContactMatch] {
    let width = maxScore + 1
    // `starts[p * width + score]`: where part `p`'s first match of `score` goes.
    var starts = [Int](repeating: 0, count: parts.count * width)
    starts.withUnsafeMutableBufferPointer { starts in
      nonisolated(unsafe) let counts = starts
      DispatchQueue.concurrentPerform(iterations: parts.count) { p in
        for score in parts[p].scores { counts[p * width + Int(score)] += 1 }
      }
      var next = 0
      for score in stride(from: maxScore, through: 0, by: -1) {
        for p in parts.indices {
          let c = starts[p * width + score]
          starts[p * width + score] = next
          next += c
        }
      }
    }
    return [ContactMatch](unsafeUninitializedCapacity: n) { buffer, initialized in
      // Each part writes only its own slots; the buffers outlive the loop.
      nonisolated(unsafe) let base = buffer.baseAddress!
      starts.withUnsafeMutableBufferPointer { starts in
        nonisolated(unsafe) let slots = starts
        DispatchQueue.concurrentPerform(iterations: parts.count) { p in
          let part = parts[p]
          let slotBase = p * width
          part.indices.withUnsafeBufferPointer { indices in
            part.scores.withUnsafeBufferPointer { scores in
              for i in 0..<indices.count {
                let score = Int(scores[i])
                (base + slots[slotBase + score]).initialize(to: ContactMatch(index: Int(indices[i]), score: score))
                slots[slotBase + score] += 1
              }
            }
          }
        }
      }
      initialized = n
    }
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
