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
//   another field, as a substring only; typed with a country code (`+49`, `0049`), at
//   the start of a number only. Group names are searched only by `group:`.
// * Score — the order. Per clause, the best term counts; per term, its best field; the
//   contact's score is the sum over the clauses (excluding terms add nothing). Tiers:
//   the whole field (1000) > a prefix of the field (800) > a substring at a word start
//   (700) > a substring elsewhere (500) > a fuzzy match (150…450: consecutive characters
//   and word starts raise it, gaps lower it) > a scattered fuzzy match, whose letters
//   are picked out of the middle of several words (1…100). Then a penalty by field:
//   names 0, transliterations of names (pinyin, romaji) 40, organization and department
//   60, their transliterations 80, email 100, groups 120; and up to 20 for the field's
//   length (shorter fields rank slightly higher); an eighth of it for a scattered match.
//   Equal scores keep the input order, which is the sort order of the list.
// * Positions — what to highlight, computed only for the rows on screen, on the
//   original text (`Á` in `Álvaro` for `alvaro`; `王` in `王小明` for `wang`).
//
// Searchable fields: display name, given, middle and family names, nickname, phonetic
// names, organization, department, every email, every phone number (as digits), the
// groups; for non-Latin text its Latin transliteration (`Transliteration`): Han and
// Hangul one syllable at a time, as spaced syllables, run together, and as initials
// (`王小明` → `wang xiao ming`, `wangxiaoming`, `wxm`; Traditional characters read the
// same), a Han or Hangul family name also as a surname (`曾` → `zeng`, `김` → `kim`,
// from `ContactFormatter.surnameReading`) and, before the given name, run together and
// as initials (`박지성` → `parkjisung`, `pjs`), Kana as romaji, Cyrillic, Greek, Arabic,
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
//     +49 170         → Anna Fischer (49170 starts her number) and Tilde Arkwright
//                       (0170, its national form, starts his); a number with 49170
//                       inside it does not match
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
//
// Where: `ContactIndex.swift` the index and its searches; `ContactIndexScan.swift` the
// scan of a range of contacts (in parallel chunks); `TermScoring.swift` a contact's
// score, term by term and field by field; `SingleByteScoring.swift` the one-byte
// query's own loop; `MatchOrdering.swift` the counting sort of the matches.

import Dispatch
import ContactKit
import CpickSupport

/// Options of a search.
public struct SearchOptions: Sendable, Hashable {
  /// When true, words match only as substrings of a field (no fuzzy matching).
  public var exact: Bool = false
  /// When true, `' ^ $ ! | \` and field names are plain text, not operators: for
  /// queries that a program passes on as the user typed them (a mail client's
  /// address field), so `o'brien` or `a|b` are searched for as written; digits typed
  /// with `+` or `00` match anywhere in a number, as other digits do.
  public var literal: Bool = false
  /// Which matches count (default `.all`, what the picker lists).
  public var breadth: Breadth = .all

  /// The most characters of a query: far more than a person types or a program passes
  /// on for an address, few enough that a search's work for each term and contact stays
  /// small (a paste of a megabyte into the picker on 8,000 contacts held 1.2 GB). The
  /// picker's query line takes no more; `cpick query` refuses a longer one.
  public static let longestQuery = 4_096

  /// Which matches count: every one for a list, fewer for a command that takes the one
  /// match there is (`show`, `-1`), so that a loose fuzzy match is not taken for the
  /// person meant (`ContactIndex.candidates`).
  public enum Breadth: Sendable, Hashable {
    /// Every match: substrings, fuzzy matches, scattered fuzzy matches last.
    case all
    /// Without *scattered* fuzzy matches, whose letters are picked out of the middle
    /// of several words (`heiko` in `Herminio Dock Barton`).
    case gathered
    /// Only each word at the start of a field or of a word in it — a whole word or
    /// its prefix, as `^word` (`heiko` in `Mustermann, Heiko`); phone terms and
    /// operators as always.
    case wordStarts

    /// The readings a command that takes one match tries, strictest first: it takes
    /// the first that has any match (`ContactIndex.candidates`).
    public static let candidateOrder: [Breadth] = [.wordStarts, .gathered]
  }

  /// Creates options; by default fuzzy matching is on and operators are read.
  public init(exact: Bool = false, literal: Bool = false, breadth: Breadth = .all) {
    self.exact = exact
    self.literal = literal
    self.breadth = breadth
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
  let fieldMaskStore = Locked<FieldMasks?>(nil)

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

  /// The contacts a command that takes one match (`show`, `-1`) chooses among: the
  /// matches of the first reading of `SearchOptions.Breadth.candidateOrder` that has
  /// any — those whose words all match whole words or their prefixes, else those
  /// without scattered fuzzy matches — best first. One contact: take it; several: let
  /// the user choose (from `search(_:options:)`'s list); none: nothing matches but
  /// scattered letters.
  ///
  /// - Complexity: up to two searches.
  public func candidates(_ query: String, options: SearchOptions = .init()) -> [ContactMatch] {
    for breadth in SearchOptions.Breadth.candidateOrder {
      var strict = options
      strict.breadth = breadth
      let found = search(query, options: strict)
      if !found.isEmpty { return found }
    }
    return []
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
      // Operators, field terms, digits and hyphens are not monotonic as the query
      // grows (`!ab` excludes fewer than `!a`, `ada | g` finds more than `ada`, `a-b`
      // more than `a-`): scan afresh.
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
}
