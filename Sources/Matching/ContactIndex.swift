// Matching — the search of the people picker.
//
// What it does
// ============
// `ContactIndex` answers "which contacts match what the user typed, best first" for
// every keystroke of the picker, and `SearchHighlighter` says which characters of a
// shown name to highlight. Like fzf and fzy it keeps three concerns apart:
//
// * Eligibility — does a contact match? The query is folded (`SearchFolding`: case,
//   diacritics, `ł→l`, `ß→ss`, …) and split on whitespace into words; every word must
//   match (AND), each in any one field. A word matches a field as a substring or,
//   unless `SearchOptions.exact`, as a fuzzy subsequence inside that one field that
//   begins at a word start (`jsm` matches `John Smith`, `ohn` does not fuzzy-match
//   `Jo Hunt`). A phone word (digits and `+ - . / ( )`) matches the digits of a phone
//   number, or the text of another field, as a substring only, never fuzzily.
// * Score — the order. Per word, the best field counts; the contact's score is the sum
//   over the words. Tiers: the whole field (1000) > a prefix of the field (800) > a
//   substring at a word start (700) > a substring elsewhere (500) > a fuzzy match
//   (150…450: consecutive characters and word starts raise it, gaps lower it). Then a
//   penalty by field: names 0, transliterations (pinyin, romaji) 40, organization and
//   department 60, email 100; and up to 20 for the field's length (shorter fields
//   rank slightly higher). Equal scores keep the input order.
// * Positions — what to highlight, computed only for the rows on screen, on the
//   original text (`Á` in `Álvaro` for `alvaro`; `王` in `王小明` for `wang`).
//
// Searchable fields: display name, given, middle and family names, nickname, phonetic
// names, organization, department, every email, every phone number (as digits), and
// for non-Latin text its Latin transliteration: Han as pinyin with and without spaces
// plus initials (`王小明` → `wang xiao ming`, `wangxiaoming`, `wxm`), Kana as romaji,
// Hangul and Cyrillic through ICU's `Any-Latin`.
//
// Worked examples (contacts `Álvaro Peñalosa`, `Alvaro Reyes`, `王小明`,
// `Tilde Arkwright` with phone `0170 5550123`):
//
//     alvaro          → both Álvaros (prefix of the given name: 800 minus length)
//     Álvaro          → the same: folding is symmetric
//     pena            → Álvaro Peñalosa (prefix of the family name)
//     alv rey         → Alvaro Reyes only (AND of two prefixes)
//     wxm             → 王小明 (exact match of the pinyin initials)
//     0170 555 0123   → Tilde Arkwright (one phone word: 01705550123)
//     555-0123        → Tilde Arkwright (digits 5550123 inside 01705550123)
//
// Complexity and speed
// ====================
// `init` folds every field once into one contiguous byte buffer (ASCII text is
// lower-cased byte by byte; Foundation's folding and ICU transliteration run only for
// non-ASCII text, and the transliteration is cached per Han character), plus a 64-bit
// mask per contact of the characters it contains. A search is O(total field bytes) in
// the worst case, with no allocation per contact: a contact whose mask lacks a
// character of some word is skipped without touching its fields; otherwise each field
// is scanned for the word's first byte. Fuzzy matching is greedy and starts only at
// word starts, so it stays linear per field in practice. Large full scans run in chunks
// on all cores (`DispatchQueue.concurrentPerform`); the result is ordered with a
// counting sort on the score, which keeps ties in input order.
// `search(_:options:within:)` scans only a previous result, so each keystroke that
// extends the query refines instead of rescanning.

import Dispatch
import ContactKit

/// Options of a search.
public struct SearchOptions: Sendable, Hashable {
  /// When true, words match only as substrings of a field (no fuzzy matching).
  public var exact: Bool = false

  /// Creates options; by default fuzzy matching is on.
  public init(exact: Bool = false) {
    self.exact = exact
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
  /// The folded UTF-8 bytes of all fields, one after the other.
  let bytes: [UInt8]
  /// Field `f` is `bytes[fieldStarts[f]..<fieldStarts[f + 1]]`.
  let fieldStarts: [Int32]
  /// The `FieldKind` of each field.
  let fieldKinds: [UInt8]
  /// Contact `c` owns fields `contactStarts[c]..<contactStarts[c + 1]`.
  let contactStarts: [Int32]
  /// Per contact, `ByteMatcher.mask` of its text fields and `phoneMask` of its phones.
  let masks: [UInt64]

  /// Contacts in a full scan at or above which the scan runs on several threads.
  static let parallelThreshold = 8_192

  /// Builds the index.
  ///
  /// - Parameter contacts: the contacts in display (sort) order; results refer to
  ///   positions in this array.
  /// - Complexity: O(total length of the searchable fields), plus an ICU transform per
  ///   distinct non-Latin run of text.
  public init(_ contacts: [Contact]) {
    var builder = IndexBuilder(expectedContacts: contacts.count)
    for contact in contacts { builder.add(contact) }
    builder.bytes.append(contentsOf: repeatElement(0, count: ByteMatcher.padding))
    bytes = Array(builder.bytes)
    fieldStarts = Array(builder.fieldStarts)
    fieldKinds = Array(builder.fieldKinds)
    contactStarts = Array(builder.contactStarts)
    masks = Array(builder.masks)
  }

  /// The number of contacts.
  public var count: Int { masks.count }

  /// Searches all contacts.
  ///
  /// - Returns: every contact, in input order with score 0, when `query` is blank;
  ///   otherwise the contacts that match, best first, equal scores in input order.
  public func search(_ query: String, options: SearchOptions = .init()) -> [ContactMatch] {
    let prepared = SearchQuery(query, options: options)
    if prepared.isEmpty {
      return (0..<count).map { ContactMatch(index: $0, score: 0) }
    }
    return scanAll(prepared, total: count, within: nil)
  }

  /// The same search as `search(_:options:)`, over the contacts of `within` only.
  ///
  /// Use it when the user extends the query (types one more character, adds a word):
  /// every contact that matches the longer query also matched the shorter one, so
  /// refining the previous result gives the same answer as a fresh search, faster.
  /// Pass the previous result only when the new query extends the old one with the same
  /// options; otherwise (the user deleted a character, toggled `exact`) search afresh.
  /// One corner case is not monotonic: a word of punctuation alone (`-`) is text, and
  /// becomes a phone word once a digit follows (`-1`).
  ///
  /// - Parameter within: a previous result of this index (any order).
  /// - Returns: the contacts of `within` that match, best first, equal scores in input
  ///   order; for a blank query, the contacts of `within` in input order with score 0.
  public func search(_ query: String, options: SearchOptions, within: [ContactMatch])
    -> [ContactMatch]
  {
    // The candidates in input order (so ties stay in input order), without repeats.
    var candidates = ContiguousArray<Int32>()
    candidates.reserveCapacity(within.count)
    if within.count > count / 32 {
      var marked = [Bool](repeating: false, count: count)
      for match in within where match.index >= 0 && match.index < count {
        marked[match.index] = true
      }
      for index in 0..<count where marked[index] { candidates.append(Int32(index)) }
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
    let prepared = SearchQuery(query, options: options)
    if prepared.isEmpty {
      return candidates.map { ContactMatch(index: Int($0), score: 0) }
    }
    return candidates.withUnsafeBufferPointer {
      scanAll(prepared, total: $0.count, within: $0)
    }
  }

  /// Scans `total` contacts (all, or those of `within`), in parallel chunks when there
  /// are many, and orders the matches.
  func scanAll(_ query: SearchQuery, total: Int, within: UnsafeBufferPointer<Int32>?)
    -> [ContactMatch]
  {
    if total < Self.parallelThreshold {
      let found = scan(query, range: 0..<total, within: within)
      return Self.ordered(indices: found.indices, scores: found.scores, maxScore: found.maxScore)
    }
    let chunks = 8
    let chunkSize = (total + chunks - 1) / chunks
    let parts = ResultSlots(count: chunks)
    // Read-only for the duration of the call; each chunk reads its own range.
    nonisolated(unsafe) let candidates = within
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let lower = min(chunk * chunkSize, total)
      let upper = min(lower + chunkSize, total)
      parts.store(self.scan(query, range: lower..<upper, within: candidates), at: chunk)
    }
    var indices = ContiguousArray<Int32>()
    var scores = ContiguousArray<Int32>()
    var maxScore = 0
    for part in parts.take() {
      indices.append(contentsOf: part.indices)
      scores.append(contentsOf: part.scores)
      maxScore = max(maxScore, part.maxScore)
    }
    return Self.ordered(indices: indices, scores: scores, maxScore: maxScore)
  }

  // MARK: - Scanning

  struct ScanResult: Sendable {
    var indices = ContiguousArray<Int32>()
    var scores = ContiguousArray<Int32>()
    var maxScore = 0
  }

  /// A query word as offsets into one flat byte buffer (no references: nothing to
  /// retain in the hot loop).
  struct HotWord {
    var text: Int
    var textCount: Int
    var digits: Int
    var digitCount: Int
    var textMask: UInt64
    var phoneMask: UInt64
  }

  /// Scores the contacts `range` (or `within[range]` when given).
  func scan(_ query: SearchQuery, range: Range<Int>, within: UnsafeBufferPointer<Int32>?)
    -> ScanResult
  {
    var flat: [UInt8] = []
    var hot: [HotWord] = []
    for word in query.words {
      let text = flat.count
      flat.append(contentsOf: word.text)
      let digits = flat.count
      flat.append(contentsOf: word.digits)
      hot.append(
        HotWord(
          text: text, textCount: word.text.count, digits: digits, digitCount: word.digits.count,
          textMask: word.textMask, phoneMask: word.phoneMask))
    }
    if flat.isEmpty { flat.append(0) }
    let fuzzy = !query.exact
    var result = ScanResult()
    flat.withUnsafeBufferPointer { flatBuffer in
      hot.withUnsafeBufferPointer { words in
        bytes.withUnsafeBufferPointer { bytesBuffer in
          fieldStarts.withUnsafeBufferPointer { starts in
            fieldKinds.withUnsafeBufferPointer { kinds in
              contactStarts.withUnsafeBufferPointer { contactStarts in
                masks.withUnsafeBufferPointer { masks in
                  let q = flatBuffer.baseAddress!
                  let data = bytesBuffer.baseAddress ?? q
                  for position in range {
                    let c = within.map { Int($0[position]) } ?? position
                    let score = Self.score(
                      contact: c, mask: masks[c], words: words, query: q, fuzzy: fuzzy,
                      bytes: data, starts: starts, kinds: kinds, contactStarts: contactStarts)
                    if score > 0 {
                      result.indices.append(Int32(c))
                      result.scores.append(Int32(score))
                      if score > result.maxScore { result.maxScore = score }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return result
  }

  /// The score of contact `c`: the sum over the words of the best field, or 0 when a
  /// word matches no field.
  @inline(__always)
  static func score(
    contact c: Int, mask: UInt64, words: UnsafeBufferPointer<HotWord>,
    query q: UnsafePointer<UInt8>, fuzzy: Bool, bytes: UnsafePointer<UInt8>,
    starts: UnsafeBufferPointer<Int32>, kinds: UnsafeBufferPointer<UInt8>,
    contactStarts: UnsafeBufferPointer<Int32>
  ) -> Int {
    let firstField = Int(contactStarts[c])
    let endField = Int(contactStarts[c + 1])
    var total = 0
    for word in words {
      let isPhone = word.digitCount > 0
      if isPhone {
        if word.phoneMask & ~mask != 0 && word.textMask & ~mask != 0 { return 0 }
      } else if word.textMask & ~mask != 0 {
        return 0
      }
      let text = q + word.text
      let digits = q + word.digits
      var best = 0
      var f = firstField
      while f < endField {
        let kind = kinds[f]
        let start = Int(starts[f])
        let n = Int(starts[f + 1]) - start
        // Skip a field that cannot beat the best match so far (e.g. the email once a
        // name matched by prefix).
        let penalty = FieldKind.penalty(kind) + min(n, 40) / 2
        let m = kind == FieldKind.phone.rawValue ? word.digitCount : word.textCount
        let ceiling = n == m ? ByteMatcher.exactScore : ByteMatcher.prefixScore
        if ceiling - penalty <= best {
          f += 1
          continue
        }
        let field = bytes + start
        var tier = 0
        if kind == FieldKind.phone.rawValue {
          if isPhone { tier = ByteMatcher.substring(field, n, digits, word.digitCount).score }
        } else {
          tier = ByteMatcher.substring(field, n, text, word.textCount).score
          if tier == 0 && fuzzy && !isPhone && word.textCount > 1 {
            tier = ByteMatcher.fuzzy(field, n, text, word.textCount).score
          }
        }
        if tier > 0 {
          let score = tier - penalty
          if score > best { best = score }
        }
        f += 1
      }
      if best == 0 { return 0 }
      total += best
    }
    return total
  }

  /// Orders matches by descending score, ties in the order given (input order), with a
  /// counting sort.
  static func ordered(
    indices: ContiguousArray<Int32>, scores: ContiguousArray<Int32>, maxScore: Int
  ) -> [ContactMatch] {
    let n = indices.count
    guard n > 0 else { return [] }
    var slots = [Int](repeating: 0, count: maxScore + 1)
    for score in scores { slots[Int(score)] += 1 }
    var next = 0
    for score in stride(from: maxScore, through: 0, by: -1) {
      let c = slots[score]
      slots[score] = next
      next += c
    }
    return [ContactMatch](unsafeUninitializedCapacity: n) { buffer, initialized in
      let base = buffer.baseAddress!
      for i in 0..<n {
        let score = Int(scores[i])
        (base + slots[score]).initialize(to: ContactMatch(index: Int(indices[i]), score: score))
        slots[score] += 1
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
