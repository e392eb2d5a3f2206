extension ContactIndex {
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
      var value = termScore(
        term, contact: c, mask: mask, query: q, bytes: bytes, starts: starts, kinds: kinds,
        firstField: firstField, endField: endField, fieldMasks: fieldMasks)
      if term.penalty > 0 && value > 0 { value = max(1, value - term.penalty) }
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
    if term.isExcluded(by: mask) || bigramsExclude(term, contact: c, fieldMasks: fieldMasks) { return miss }
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
      let field = bytes + start
      if !term.negated {
        // Reading the field's first byte is safe: the buffer is padded.
        let first = fieldMasks?.firstBytes[f] ?? field[0]
        if ceiling(term, phoneField: isPhoneField, first: first, count: n, query: q) - penalty <= best {
          f += 1
          continue
        }
      }
      let tier =
        isPhoneField
        ? phoneTier(
          term, field: f, at: field, count: n, query: q, firstField: firstField, bytes: bytes, starts: starts,
          kinds: kinds)
        : textTier(term, field: field, count: n, query: q, penalty: penalty, best: best)
      if tier > 0 {
        if term.negated { return -1 }
        // A scattered match's band is narrow: the field's penalty is scaled down to it,
        // so that scattered matches in emails keep their order instead of all being 1.
        let score = tier > ByteMatcher.scatteredMax ? max(tier - penalty, 1) : max(tier - penalty / 8, 1)
        if score > best { best = score }
      }
      f += 1
    }
    if term.negated { return 0 }
    return best > 0 ? best : -1
  }

  /// Whether `term` (of two bytes or more, text only: `HotTerm.usesPairs`) is ruled out
  /// for contact `c` by its `ContactBigrams`: neither a substring (a pair of the word
  /// missing from every text field) nor a fuzzy match (its first letter starting no
  /// word) can be there. False without `fieldMasks`.
  @inline(__always)
  static func bigramsExclude(_ term: HotTerm, contact c: Int, fieldMasks: FieldMasks.Pointers?) -> Bool {
    guard term.usesPairs, let fieldMasks else { return false }
    let pairs = fieldMasks.contactPairs + 4 * c
    return (pairs[0] & term.pairs.0 != term.pairs.0 || pairs[1] & term.pairs.1 != term.pairs.1
      || pairs[2] & term.pairs.2 != term.pairs.2 || pairs[3] & term.pairs.3 != term.pairs.3)
      && (term.mode != .fuzzy || (term.firstLetter != 0 && fieldMasks.wordStarts[c] & term.firstLetter == 0))
  }

  /// The highest tier `term` can reach in a field of `n` bytes whose first byte is
  /// `first`: above a word start only with an occurrence at 0, so only when the field
  /// starts with the word's first byte (a phone term with a national form: the whole
  /// field, as that form may start it).
  @inline(__always)
  static func ceiling(
    _ term: HotTerm, phoneField: Bool, first: UInt8, count n: Int, query q: UnsafePointer<UInt8>
  ) -> Int {
    if phoneField && term.nationalCount > 0 { return ByteMatcher.exactScore }
    let m = phoneField ? term.digitCount : term.textCount
    let word = q + (phoneField ? term.digits : term.text)
    return first != word[0] ? ByteMatcher.wordStartScore : n == m ? ByteMatcher.exactScore : ByteMatcher.prefixScore
  }

  /// The tier of phone term `term` in phone field `f` (`n` bytes at `field`): its digits as the
  /// term's mode says, else — typed with a country code — the number's national form
  /// from the field's start (the trunk prefix begins a national number), unless the
  /// field is the national form of a number with another country code.
  @inline(__always)
  static func phoneTier(
    _ term: HotTerm, field f: Int, at field: UnsafePointer<UInt8>, count n: Int, query q: UnsafePointer<UInt8>,
    firstField: Int, bytes: UnsafePointer<UInt8>, starts: UnsafeBufferPointer<Int32>,
    kinds: UnsafeBufferPointer<UInt8>
  ) -> Int {
    var tier = ByteMatcher.match(field, n, q + term.digits, term.digitCount, mode: term.digitMode, fuzzy: false)
    if tier == 0 && term.nationalCount > 0 {
      // The number typed with its country code, saved in national form.
      tier = ByteMatcher.match(
        field, n, q + term.national, term.nationalCount, mode: term.nationalMode, fuzzy: false)
      if tier > 0
        && Self.isNationalForm(
          field: f, of: firstField, otherThan: q + term.code, term.codeCount, trunkLength: term.trunkLength,
          bytes: bytes, starts: starts, kinds: kinds)
      {
        tier = 0
      }
      // Saved without the trunk prefix (`SearchQuery.Term.nationalWithoutTrunk`): the
      // whole number.
      if tier == 0 && term.withoutTrunk {
        tier = ByteMatcher.match(
          field, n, q + term.national + term.trunkLength, term.nationalCount - term.trunkLength, mode: .whole,
          fuzzy: false)
      }
    }
    return tier
  }

  /// The tier of text term `term` in a text field (`n` bytes at `field`). In fuzzy
  /// mode (`ByteMatcher.match` inlined for the common mode), the fuzzy match (below any
  /// substring tier) runs only when it could beat `best` with the field's `penalty`
  /// and the word's first byte occurs at a word start.
  @inline(__always)
  static func textTier(
    _ term: HotTerm, field: UnsafePointer<UInt8>, count n: Int, query q: UnsafePointer<UInt8>, penalty: Int,
    best: Int
  ) -> Int {
    let text = q + term.text
    let m = term.textCount
    let isPhone = term.digitCount > 0
    guard term.mode == .fuzzy else {
      return ByteMatcher.match(field, n, text, m, mode: term.mode, fuzzy: !isPhone)
    }
    let found = ByteMatcher.substringTier(field, n, text, m)
    if found.score == 0 && !isPhone && m >= 2 && found.wordStart
      && (term.negated || ByteMatcher.fuzzyMax - penalty > best)
    {
      let fuzzy = ByteMatcher.fuzzy(field, n, text, m).score
      return term.allowsScattered || fuzzy > ByteMatcher.scatteredMax ? fuzzy : 0
    }
    return found.score
  }

  /// Whether phone field `f` is the national form the index derived from the
  /// international number just before it (`+49 170 5550999` → `01705550999`: the field
  /// before ends with this one's digits after its trunk prefix) and that number's
  /// country code is not `code`: a number typed as `+33 170 5550999` is not the German
  /// one, `+39 06 1234 5678` (Rome) not the French mobile `+33 6 12 34 56 78`. A number
  /// saved in national form has no such field before it.
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
    let count = Int(starts[f + 1]) - start
    let previous = Int(starts[f - 1])
    let previousCount = start - previous
    func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
      for i in 0..<count where a[i] != b[i] { return false }
      return true
    }
    // The field's own trunk prefix is its country's, which may not be the one typed
    // (`+39 06…` typed, Italy keeping its 0; `+33 6…` saved, France's `0` before):
    // the typed country's length, then none, one or two digits.
    func derived(trunk: Int) -> Bool {
      let significant = count - trunk
      return significant > 0 && previousCount > significant
        && same(bytes + previous + previousCount - significant, bytes + start + trunk, significant)
    }
    guard derived(trunk: trunkLength) || (0...2).contains(where: { $0 != trunkLength && derived(trunk: $0) })
    else { return false }
    return previousCount < codeCount || !same(bytes + previous, code, codeCount)
  }
}
