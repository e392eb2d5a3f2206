/// Which characters of a shown text a query matched, for highlighting.
public enum SearchHighlighter {
  /// The offsets, in `Character`s (grapheme clusters) of `text`, that `query` matched,
  /// ascending and without repeats; empty when no word of the query matches `text`.
  ///
  /// Excluding terms (`!word`), field terms other than `name:` and presence terms
  /// (`email:`) highlight nothing; anchored terms (`^ada`, `son$`) highlight the
  /// anchored occurrence.
  ///
  /// Works on the original text: each character is folded on its own, so `alvaro`
  /// highlights the `Á` of `Álvaro`, and `ss` the `ß` of `Straße`. Each word of the
  /// query is located as `ContactIndex` would match it in this one text: the best
  /// substring occurrence (prefix, then word start, then the first), otherwise a fuzzy
  /// match from a word start (not with `exact`). Phone words highlight the digits of a
  /// number written with any punctuation. Words in Latin letters also highlight Han
  /// and Kana through their transliteration (`wang` → `王` in `王小明`, `wxm` → all
  /// three).
  ///
  /// - Complexity: O(n·w) for a text of n characters and w words; it folds `text` (its
  ///   first `TextProjection.projectedCharacters`: what a row can show), so call it
  ///   only for the rows on screen.
  public static func positions(
    of query: String, in text: String, options: SearchOptions = .init()
  ) -> [Int] {
    guard !text.isEmpty else { return [] }
    return Query(query, options: options).highlights(name: text, values: []).name
  }
}

/// A text folded character by character, remembering which character each byte came
/// from.
struct TextProjection {
  struct Bytes {
    var bytes: [UInt8] = []
    /// The character offset of each byte; -1 for inserted separators.
    var owners: [Int] = []

    mutating func append<S: Sequence<UInt8>>(_ new: S, owner: Int) {
      for byte in new {
        bytes.append(byte)
        owners.append(owner)
      }
    }
  }

  /// The text folded (`SearchFolding`).
  var folded = Bytes()
  /// The ASCII digits of the text.
  var digits = Bytes()
  /// Transliterated (Han as pinyin), syllables run together; nil for Latin text.
  var joined: Bytes?
  /// Transliterated, Han and Kana characters separated by spaces (for initials).
  var spaced: Bytes?

  /// The most characters of a text projected: more than a row shows. A name of
  /// 300,000 characters was folded and transliterated whole for each row drawn (11 s a
  /// keystroke); past this, nothing is highlighted.
  static let projectedCharacters = 1024

  init(_ text: String) {
    var needsLatin = false
    var latinParts: [(String, Bool)] = []
    for (offset, character) in text.prefix(Self.projectedCharacters).enumerated() {
      let single = String(character)
      let fold = SearchFolding.fold(single)
      folded.append(fold.utf8, owner: offset)
      for byte in fold.utf8 where byte &- 48 < 10 { digits.append(CollectionOfOne(byte), owner: offset) }
      if fold.utf8.contains(where: { $0 >= 0x80 }),
        let (latin, cjk) = Transliteration.latinize(single)
      {
        needsLatin = true
        latinParts.append((latin, cjk))
      } else {
        latinParts.append((SearchFolding.asciiLowercased(fold), false))
      }
    }
    guard needsLatin else { return }
    var joined = Bytes()
    var spaced = Bytes()
    for (offset, (latin, cjk)) in latinParts.enumerated() {
      joined.append(latin.utf8, owner: offset)
      if cjk { spaced.append(CollectionOfOne(UInt8(ascii: " ")), owner: -1) }
      spaced.append(latin.utf8, owner: offset)
      if cjk { spaced.append(CollectionOfOne(UInt8(ascii: " ")), owner: -1) }
    }
    self.joined = joined
    self.spaced = spaced
  }

  /// The character offsets that `term` matches, or none.
  func positions(of term: SearchQuery.Term) -> [Int] {
    let mode = term.mode
    if let hit = Self.substring(term.text, in: folded, mode: mode) { return hit }
    if term.isPhone {
      if let hit = Self.substring(term.digits, in: digits, mode: term.digitMode) { return hit }
      if !term.nationalDigits.isEmpty,
        let hit = Self.substring(term.nationalDigits, in: digits, mode: term.nationalMode)
      {
        return hit
      }
      if let rest = term.nationalWithoutTrunk, let hit = Self.substring(Array(rest), in: digits, mode: .whole) {
        return hit
      }
      // A number typed in national form, shown in international form: the digits after
      // the trunk prefix (`0170 555` in `+49 170 5550123`).
      if term.digits.count >= 4, term.digits.first == UInt8(ascii: "0") {
        return Self.substring(Array(term.digits.dropFirst()), in: digits, mode: mode) ?? []
      }
      return []
    }
    if let joined, let hit = Self.substring(term.text, in: joined, mode: mode) { return hit }
    if let spaced, let hit = Self.substring(term.text, in: spaced, mode: mode) { return hit }
    guard mode == .fuzzy else { return [] }
    if let hit = Self.fuzzy(term.text, in: folded) { return hit }
    if let spaced, let hit = Self.fuzzy(term.text, in: spaced) { return hit }
    return []
  }

  static func substring(_ word: [UInt8], in text: Bytes, mode: SearchQuery.Mode) -> [Int]? {
    let padded = text.bytes + repeatElement(0, count: ByteMatcher.padding)
    return word.withUnsafeBufferPointer { w in
      padded.withUnsafeBufferPointer { t -> [Int]? in
        guard let wb = w.baseAddress, let tb = t.baseAddress else { return nil }
        let n = text.bytes.count
        let found: (score: Int, at: Int)
        switch mode {
        case .fuzzy, .substring:
          found = ByteMatcher.substring(tb, n, wb, w.count)
        case .prefix:
          let hit = ByteMatcher.substring(tb, n, wb, w.count)
          found = hit.score >= ByteMatcher.wordStartScore ? hit : (0, -1)
        case .suffix:
          found = ByteMatcher.anchored(tb, n, wb, w.count, start: false)
        case .whole:
          found = ByteMatcher.anchored(tb, n, wb, w.count, start: true)
        }
        guard found.score > 0 else { return nil }
        return owners(text, found.at..<(found.at + w.count))
      }
    }
  }

  static func fuzzy(_ word: [UInt8], in text: Bytes) -> [Int]? {
    word.withUnsafeBufferPointer { w in
      text.bytes.withUnsafeBufferPointer { t -> [Int]? in
        guard let wb = w.baseAddress, let tb = t.baseAddress else { return nil }
        let (score, start) = ByteMatcher.fuzzy(tb, t.count, wb, w.count)
        guard score > 0 else { return nil }
        return owners(text, ByteMatcher.fuzzyPositions(tb, t.count, wb, w.count, start: start))
      }
    }
  }

  static func owners<S: Sequence<Int>>(_ text: Bytes, _ bytePositions: S) -> [Int] {
    var result: [Int] = []
    for position in bytePositions {
      let owner = text.owners[position]
      if owner >= 0 && result.last != owner { result.append(owner) }
    }
    return result
  }
}
