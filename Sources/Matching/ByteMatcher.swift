/// The byte-level matching primitives shared by the index and the highlighter.
///
/// Fields and query words are folded UTF-8 (`SearchFolding`). A *word start* is the
/// first byte of a field or a byte after ASCII punctuation or a space. Multi-byte
/// characters of a query word are matched as whole units, so a fuzzy match never pairs
/// bytes of different characters.
enum ByteMatcher {
  // Score tiers; see the overview in ContactIndex.swift.
  static let exactScore = 1000
  static let prefixScore = 800
  static let wordStartScore = 700
  static let middleScore = 500
  static let fuzzyBase = 300
  static let fuzzyMax = 450
  static let fuzzyMin = 150
  /// The highest score of a *scattered* fuzzy match (`fuzzy`): a band of its own,
  /// far below every other match (`heiko` in `Herminio Dock Barton`).
  static let scatteredMax = 100
  /// The most word starts `fuzzy` tries in one field.
  static let fuzzyStarts = 32

  /// True when `byte` separates words: ASCII that is neither a letter nor a digit.
  @inline(__always)
  static func isSeparator(_ byte: UInt8) -> Bool {
    guard byte < 0x80 else { return false }
    let lower = byte | 0x20
    if lower &- 97 < 26 { return false }  // a-z, A-Z
    if byte &- 48 < 10 { return false }  // 0-9
    return true
  }

  /// The number of bytes of the UTF-8 sequence starting with `lead`.
  @inline(__always)
  static func unitLength(_ lead: UInt8) -> Int {
    if lead < 0xC0 { return 1 }
    if lead < 0xE0 { return 2 }
    if lead < 0xF0 { return 3 }
    return 4
  }

  /// The best substring occurrence of `word` in `field`: its tier score (exact field,
  /// prefix, word start, middle; 0 when absent) and its byte offset.
  ///
  /// - Precondition: `ByteMatcher.padding` readable bytes follow `field[n - 1]`.
  @inline(__always)
  static func substring(
    _ field: UnsafePointer<UInt8>, _ n: Int, _ word: UnsafePointer<UInt8>, _ m: Int
  ) -> (score: Int, at: Int) {
    guard m > 0, m <= n else { return (0, -1) }
    let first = word[0]
    let last = n - m
    var best = 0
    var bestAt = -1
    let pattern = UInt64(first) &* 0x0101_0101_0101_0101
    let raw = UnsafeRawPointer(field)
    var i = 0
    while i <= last {
      i = nextOccurrence(raw, from: i, through: last, pattern: pattern)
      if i > last { break }
      var k = 1
      while k < m && field[i + k] == word[k] { k += 1 }
      if k == m {
        if i == 0 { return (m == n ? exactScore : prefixScore, 0) }
        if isSeparator(field[i - 1]) { return (wordStartScore, i) }
        if best == 0 {
          best = middleScore
          bestAt = i
        }
      }
      i += 1
    }
    return (best, bestAt)
  }

  /// The first position at or after `i` (and at most `last`, else some position past
  /// it) whose byte is `pattern`'s byte (`pattern` is that byte repeated eight times):
  /// eight bytes at a time, SWAR "has zero byte" on the bytes XOR the pattern — the
  /// lowest flagged byte is always a true match.
  ///
  /// - Precondition: 8 readable bytes at every position up to `last` (the buffer is
  ///   padded with `ByteMatcher.padding` bytes).
  @inline(__always)
  static func nextOccurrence(_ raw: UnsafeRawPointer, from start: Int, through last: Int, pattern: UInt64) -> Int {
    var i = start
    while i <= last {
      let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
      let found = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
      if found != 0 { return i + found.trailingZeroBitCount >> 3 }
      i += 8
    }
    return i
  }

  /// `substring`'s tier score, and whether `word`'s first byte occurs at a word start
  /// at or before `n - m` (a fuzzy match needs such a start; only known when the tier
  /// is 0, since the scan stops at a word-start match).
  ///
  /// - Precondition: `ByteMatcher.padding` readable bytes follow `field[n - 1]`.
  /// - Complexity: O(n), eight bytes at a time between occurrences of the first byte.
  @inline(__always)
  static func substringTier(
    _ field: UnsafePointer<UInt8>, _ n: Int, _ word: UnsafePointer<UInt8>, _ m: Int
  ) -> (score: Int, wordStart: Bool) {
    guard m > 0, m <= n else { return (0, false) }
    let first = word[0]
    let last = n - m
    var best = 0
    var wordStart = false
    let pattern = UInt64(first) &* 0x0101_0101_0101_0101
    let raw = UnsafeRawPointer(field)
    var i = 0
    while i <= last {
      i = nextOccurrence(raw, from: i, through: last, pattern: pattern)
      if i > last { break }
      let atStart = i == 0 || isSeparator(field[i - 1])
      wordStart = wordStart || atStart
      var k = 1
      while k < m && field[i + k] == word[k] { k += 1 }
      if k == m {
        if i == 0 { return (m == n ? exactScore : prefixScore, true) }
        if atStart { return (wordStartScore, true) }
        best = middleScore
      }
      i += 1
    }
    return (best, wordStart)
  }

  /// The tier score of `word` in `field` under a term's mode (0 when it does not
  /// occur so): `fuzzy` mode tries a substring, then (when `fuzzy` and the word has
  /// more than one byte) a fuzzy match; the anchored modes need an occurrence at the
  /// start and/or end of the field or of a word in it.
  @inline(__always)
  static func match(
    _ field: UnsafePointer<UInt8>, _ n: Int, _ word: UnsafePointer<UInt8>, _ m: Int,
    mode: SearchQuery.Mode, fuzzy allowFuzzy: Bool
  ) -> Int {
    switch mode {
    case .fuzzy:
      let tier = substring(field, n, word, m).score
      if tier > 0 || !allowFuzzy || m < 2 { return tier }
      return fuzzy(field, n, word, m).score
    case .substring:
      return substring(field, n, word, m).score
    case .prefix:
      let tier = substring(field, n, word, m).score
      return tier >= wordStartScore ? tier : 0
    case .suffix:
      return anchored(field, n, word, m, start: false).score
    case .whole:
      return anchored(field, n, word, m, start: true).score
    }
  }

  /// The best occurrence of `word` in `field` that ends the field or a word in it (and,
  /// with `start`, also begins the field or a word): its tier score and byte offset.
  static func anchored(
    _ field: UnsafePointer<UInt8>, _ n: Int, _ word: UnsafePointer<UInt8>, _ m: Int,
    start: Bool
  ) -> (score: Int, at: Int) {
    guard m > 0, m <= n else { return (0, -1) }
    var best = 0
    var bestAt = -1
    var i = n - m
    while i >= 0 {
      if field[i] == word[0] && (i + m == n || isSeparator(field[i + m])) {
        var k = 1
        while k < m && field[i + k] == word[k] { k += 1 }
        if k == m {
          let tier: Int
          if i == 0 {
            tier = m == n ? exactScore : prefixScore
          } else if isSeparator(field[i - 1]) {
            tier = wordStartScore
          } else {
            tier = start ? 0 : middleScore
          }
          if tier > best {
            best = tier
            bestAt = i
          }
        }
      }
      i -= 1
    }
    return (best, bestAt)
  }

  /// Bytes that must follow the last field of a buffer given to `substring`, which
  /// reads up to seven bytes past a field's end.
  static let padding = 8

  /// An fzf-style fuzzy match of `word` as a subsequence of `field`, starting at a word
  /// start: the best score over the possible starts (0 when there is none) and that
  /// start. Each following character is taken at its earliest position (greedy).
  ///
  /// Score: `fuzzyBase`, minus 3 per skipped byte (up to 50), plus 20 per further
  /// character at a word start and 10 per character right after the previous one,
  /// clamped to `fuzzyMin...fuzzyMax` (always below a substring match in the same field).
  /// A *scattered* match — a character found inside a later word, after skipping into
  /// it (`heiko` in `Herminio Dock Barton`: the `k` inside `Dock`) — scores
  /// `1...scatteredMax` instead, far below: as fzf, which gives a character at a word
  /// start a bonus and charges every gap, ranks pieces of words typed in order (`jsm`
  /// for `John Smith`: `j`, then `sm` from a word start) above letters picked out of
  /// the middle of several words. At most `fuzzyStarts` word starts are tried, and
  /// none after a match scoring `fuzzyMax`: each try can scan to the field's end, and
  /// a field of thousands of words beginning with the word's first letter (a 200 KB
  /// name of `a a a …`) would otherwise cost their number times its length.
  @inline(__always)
  static func fuzzy(
    _ field: UnsafePointer<UInt8>, _ n: Int, _ word: UnsafePointer<UInt8>, _ m: Int
  ) -> (score: Int, start: Int) {
    guard m > 0, m <= n else { return (0, -1) }
    let first = word[0]
    let firstLength = unitLength(first)
    var best = 0
    var bestStart = -1
    var s = 0
    var tries = 0
    while s + m <= n && tries < fuzzyStarts && best < fuzzyMax {
      if field[s] == first && (s == 0 || isSeparator(field[s - 1]))
        && unitMatches(field, s, word, 0, firstLength)
      {
        tries += 1
        var p = s + firstLength
        var qi = firstLength
        var gaps = 0
        var wordStarts = 0
        var consecutive = 0
        var scattered = false
        while qi < m {
          let q = word[qi]
          let length = unitLength(q)
          var j = p
          var found = -1
          let limit = n - (m - qi)
          while j <= limit {
            if field[j] == q && unitMatches(field, j, word, qi, length) {
              found = j
              break
            }
            j += 1
          }
          // Greedy from a later start can only end later: no start after s matches.
          if found < 0 { return (best, bestStart) }
          if found == p {
            consecutive += 1
          } else {
            gaps += found - p
            if isSeparator(field[found - 1]) {
              wordStarts += 1
            } else if !scattered {
              // Inside a word: scattered when the skip crossed into that word.
              var k = p
              while k < found && !isSeparator(field[k]) { k += 1 }
              scattered = k < found
            }
          }
          p = found + length
          qi += length
        }
        var score = fuzzyBase - 3 * min(gaps, 50) + 20 * wordStarts + 10 * consecutive
        score = scattered ? min(max((score - fuzzyMin) / 3, 1), scatteredMax) : min(max(score, fuzzyMin), fuzzyMax)
        if score > best {
          best = score
          bestStart = s
        }
      }
      s += 1
    }
    return (best, bestStart)
  }

  /// The byte offsets of the greedy fuzzy match that starts at `start` (from `fuzzy`).
  static func fuzzyPositions(
    _ field: UnsafePointer<UInt8>, _ n: Int, _ word: UnsafePointer<UInt8>, _ m: Int, start: Int
  ) -> [Int] {
    var positions: [Int] = []
    var p = start
    var qi = 0
    while qi < m {
      let q = word[qi]
      let length = unitLength(q)
      var j = p
      while j + length <= n && !(field[j] == q && unitMatches(field, j, word, qi, length)) {
        j += 1
      }
      guard j + length <= n else { return [] }
      positions.append(contentsOf: j..<(j + length))
      p = j + length
      qi += length
    }
    return positions
  }

  @inline(__always)
  static func unitMatches(
    _ field: UnsafePointer<UInt8>, _ at: Int, _ word: UnsafePointer<UInt8>, _ qi: Int,
    _ length: Int
  ) -> Bool {
    var k = 1
    while k < length {
      if field[at + k] != word[qi + k] { return false }
      k += 1
    }
    return true
  }

  /// The presence mask of `bytes`: bits 0–25 letters, 26–35 digits, 36 any non-ASCII
  /// byte, 37 other ASCII. A word can only match a contact whose mask covers the word's.
  @inline(__always)
  static func mask<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
    var mask: UInt64 = 0
    for byte in bytes { mask |= bit(byte) }
    return mask
  }

  @inline(__always)
  static func bit(_ byte: UInt8) -> UInt64 {
    if byte &- 97 < 26 { return 1 << UInt64(byte - 97) }
    if byte &- 48 < 10 { return 1 << UInt64(26 + byte - 48) }
    if byte >= 0x80 { return 1 << 36 }
    return 1 << 37
  }

  /// Bits 38–47: digits present in phone numbers.
  @inline(__always)
  static func phoneMask<S: Sequence<UInt8>>(_ digits: S) -> UInt64 {
    var mask: UInt64 = 0
    for byte in digits { mask |= 1 << UInt64(38 + byte - 48) }
    return mask
  }
}
