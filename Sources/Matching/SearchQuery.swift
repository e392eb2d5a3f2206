/// A query parsed into terms, ready for byte matching.
///
/// Syntax (fzf's extended search, plus field terms):
///
/// * Terms are separated by whitespace and must all match (AND), in any order;
///   `\ ` is a space inside a term (`van\ der`).
/// * `a | b` — either term (OR binds tighter than AND: `^ada | ^grace lovelace`).
/// * `word` — fuzzy (substring, or a subsequence within one field from a word start);
///   a substring only with `SearchOptions.exact`. A fuzzy word whose hyphens join
///   letters matches without them too, ranked after the word as typed
///   (`unhyphenated`): `jean-luc` finds Jean Luc as well as Jean-Luc, `park ji-sung`
///   finds 박지성 (romanized `park jisung`).
/// * `'word` — a substring, never fuzzy (with `exact`: fuzzy again, as in fzf);
///   `'word'` — a whole word.
/// * `^word` — a field or a word in it starts with it; `word$` — ends with it;
///   `^word$` — a whole field or word.
/// * `!word` — excludes contacts that contain it (a substring; `!^word`, `!word$`).
/// * `name:`, `email:` (`mail:`), `org:` (`organization:`, `company:`), `tel:`
///   (`phone:`), `group:` (`category:`) before a term restrict it to that kind of
///   field (`email:acme`, `!org:^acme`, `tel:0101$`); a field term with nothing after
///   the colon means "has such a field" (`!email:` — has no email). Group names are
///   matched only by `group:` terms.
/// * A term of digits and phone punctuation (`+ - . / ( )`) with at least one digit is
///   a *phone term*: its digits match phone numbers' digits, the term as typed matches
///   text fields, both as substrings only — typed with a country code (`+49`, `0049`),
///   its digits match at the start of a number only (`Term.digitMode`). When the whole query is digits, spaces and
///   phone punctuation, it is one phone term with the spaces removed
///   (`0170 555 0123` → `01705550123`). A number typed with its country code (`+49 152
///   1270339`, `0049 152 1270339`) also matches the number saved in national form
///   (`0152 1270339`): its national digits (`PhoneForms.nationalForm`) are a second form;
///   so are those of a North American number typed with its trunk prefix `1`
///   (`1-202-555-0199` finds `(202) 555-0199`: `PhoneForms.northAmericanNational`).
///   A whole query that is a number written with letters (`1-800-flowers`) is the phone
///   term of the digits dialled (`PhoneKeypad`), as numbers so written are indexed.
/// * A term that is only an operator (`!`, `^`, `'`, `|`) matches everything, so a
///   query half typed never empties the list; so does `+` (or `(+`) alone, the start
///   of a number typed with its country code.
struct SearchQuery: Sendable {
  /// How a term must occur in a field.
  enum Mode: UInt8, Sendable {
    /// A substring, or a fuzzy subsequence from a word start.
    case fuzzy
    /// A substring anywhere.
    case substring
    /// A substring at the start of the field or of a word in it.
    case prefix
    /// A substring at the end of the field or of a word in it.
    case suffix
    /// A whole field or a whole word.
    case whole
  }

  struct Term: Sendable {
    /// The folded term, as UTF-8, without its operators.
    var text: [UInt8]
    /// For a phone term, its digits; empty otherwise.
    var digits: [UInt8]
    /// For a phone term typed with a country code (`+` or `00`), the national digits
    /// of the number (`+49 152 127…` → `0152127…`), which phone numbers may hold
    /// instead of `digits`; empty otherwise.
    var nationalDigits: [UInt8] = []
    /// With `nationalDigits`, the country code typed (`49`) and how many digits of the
    /// national form are its trunk prefix (`0`: 1): a number found through its
    /// national form that the index derived from an international number of another
    /// country is not a match (`+33 170 …` does not find `+49 170 …`).
    var countryCode: [UInt8] = []
    var trunkLength = 0

    /// With a trunk prefix in `nationalDigits`, the national number without it, which a
    /// number is saved as in the countries where the prefix is only dialled
    /// (`PhoneForms.savedWithoutTrunk`: a Chinese or Indian mobile, `138 1234 5678` for
    /// `+86 138 1234 5678`; Brazil's `(11) 98765-4321`): matched as a whole number
    /// only, since such digits may also be another country's number with its code
    /// (`+1 381 234 5678`), and only from eight digits.
    var nationalWithoutTrunk: ArraySlice<UInt8>? {
      trunkLength > 0 && nationalDigits.count - trunkLength >= 8 && PhoneForms.savedWithoutTrunk.contains(countryCode)
        ? nationalDigits.dropFirst(trunkLength) : nil
    }
    /// `ByteMatcher.mask` of `text`.
    var textMask: UInt64
    /// `ByteMatcher.phoneMask` of `digits` (of the digits both forms share, when the
    /// term has `nationalDigits`).
    var phoneMask: UInt64
    var mode: Mode
    /// The `FieldKind`s the term may match, one bit per raw value.
    var fields: UInt8
    /// An excluding term (`!word`).
    var negated: Bool
    /// Whether a scattered fuzzy match counts (`SearchOptions.Breadth.gathered`: no).
    var allowsScattered = true
    /// What is taken off the score of a match of this term (`unhyphenated`'s
    /// alternative: `unhyphenatedPenalty`).
    var penalty = 0

    /// Whether the phone term was typed with a country code (`+` first, or `00`).
    var isInternational = false
    var isPhone: Bool { !digits.isEmpty }
    /// How `digits` must occur in a number: typed with a country code, at its start —
    /// a number begins with its country code, so `+49` is not the `49` inside
    /// `030 5549 123` — else as the term's own mode says.
    var digitMode: Mode { isInternational && (mode == .fuzzy || mode == .substring) ? .prefix : mode }
    /// How `nationalDigits` must occur in a number: at its start (a national number
    /// begins with them), or as the term's own anchoring asks.
    var nationalMode: Mode { mode == .fuzzy || mode == .substring ? .prefix : mode }
    /// A field term with nothing after the colon: "has such a field".
    var isPresence: Bool { text.isEmpty }
  }

  /// AND of ORs: every clause must match; a clause matches when any of its terms does.
  var clauses: [[Term]]
  var exact: Bool
  var breadth: SearchOptions.Breadth
  /// True when the query uses no operator, field term, digit or hyphen, so every
  /// query that extends it matches a subset of its contacts (see
  /// `search(_:options:within:)`).
  var isPlain: Bool

  var isEmpty: Bool { clauses.isEmpty }

  /// Every term, in order.
  var terms: [Term] { clauses.flatMap { $0 } }

  init(_ query: String, options: SearchOptions) {
    exact = options.exact
    breadth = options.breadth
    defer { narrow(to: options.breadth) }
    let folded = SearchFolding.fold(query)
    isPlain = !folded.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "!"), UInt8(ascii: "'"), UInt8(ascii: "^"), UInt8(ascii: "$"),
        UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: ":"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
      case UInt8(ascii: "-"):
        // `jean-l` matches what `jean-` does not (`unhyphenated`).
        return true
      default:
        // Punctuation alone would be a phone-like term once a digit follows.
        return false
      }
    }
    // A whole query that is a number (or one written with letters, `1-800-flowers`:
    // the digits dialled) is one phone term, its spaces removed.
    // Dashes and dots a number is written with beyond the folded ones (`090ー1234ー5678`
    // as a Japanese input method types it, an em dash) count as its punctuation.
    let numberText = Self.withPhoneSeparatorsAsHyphens(folded) ?? folded
    let number =
      Self.withoutExtensionMarker(Array(numberText.utf8))
      ?? (Self.isPhoneText(numberText.utf8, allowingSpaces: true) && numberText.utf8.contains(where: { $0 &- 48 < 10 })
        ? Array(numberText.utf8) : PhoneKeypad.dialled(folded.utf8))
    if let number {
      let joined = number.filter { $0 != 0x20 && $0 != 0x09 }
      // Literal digits (the end of a number, `duplicateCandidates`) match anywhere, even
      // when they begin with `00`. Its digits are read as typed, blanks and all (`1 202
      // 555`: a North American trunk prefix, `PhoneForms.northAmericanNational`).
      clauses = [[Self.plainTerm(joined, typed: number, mode: options.exact ? .substring : .fuzzy, literal: options.literal)]]
      return
    }
    if options.literal {
      clauses = folded.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map {
        [Self.plainTerm(Array($0), mode: options.exact ? .substring : .fuzzy, literal: true)]
      }
      return
    }
    var clauses: [[Term]] = []
    var pendingOr = false
    for typed in Self.tokens(folded) {
      if typed == [UInt8(ascii: "|")] {
        pendingOr = !clauses.isEmpty
        continue
      }
      // A number among words (`owner 030—555—0199`) with its dashes as a whole query's.
      var token = typed
      if typed.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "*") }),
        let hyphenated = Self.withPhoneSeparatorsAsHyphens(String(decoding: typed, as: UTF8.self))
      {
        token = Array(hyphenated.utf8)
      }
      let term = Self.term(token, exact: options.exact)
      // With `--exact` a hyphen is never optional (a quoted term is fuzzy there).
      let alternatives = term.map { options.exact ? [] : Self.unhyphenated($0) } ?? []
      if pendingOr, let term {
        clauses[clauses.count - 1].append(contentsOf: [term] + alternatives)
      } else if pendingOr {
        // `a | ^` while typing: the empty alternative matches everything.
        clauses[clauses.count - 1] = []
      } else if let term {
        clauses.append([term] + alternatives)
      }
      pendingOr = false
    }
    // A clause emptied by a blank alternative matches everything: drop it.
    self.clauses = clauses.filter { !$0.isEmpty }
  }

  /// True when every contact that matches this query also matches `previous` (parsed
  /// with the same options), so this query can be answered from `previous`'s matches:
  /// every clause of `previous` is implied by some clause of this query. Conservative:
  /// false when in doubt (it is only an optimisation).
  ///
  /// A term implies another when both match the same kinds of fields, neither excludes
  /// (or they are the same term), both are phone terms or neither is, and any field
  /// that the longer one matches holds the shorter one: a substring in a longer
  /// substring (`0170` in `01705`, `555` in `55501`), a fuzzy word's prefix (`al` of
  /// `alv`), an anchored prefix in a longer prefix (`^ad` in `^ada`).
  ///
  /// - Complexity: O(clauses² × terms² × term length²) — tiny for typed queries.
  func narrows(_ previous: SearchQuery) -> Bool {
    guard exact == previous.exact, breadth == previous.breadth else { return false }
    return previous.clauses.allSatisfy { wider in
      clauses.contains { narrower in
        narrower.allSatisfy { term in wider.contains { Self.term(term, implies: $0) } }
      }
    }
  }

  /// Applies `breadth` to the terms: `.gathered` leaves out scattered fuzzy matches,
  /// `.wordStarts` reads each text term that is not anchored or excluding as `^term`
  /// (and drops `unhyphenated`'s alternatives).
  private mutating func narrow(to breadth: SearchOptions.Breadth) {
    guard breadth != .all else { return }
    if breadth == .wordStarts {
      // The query's words as typed: a word without its hyphen (`unhyphenated`, the
      // one kind of term with a penalty) is no word the user typed (`-1 jean-luc`
      // takes Jean-Luc, not Jeanluc).
      clauses = clauses.map { $0.filter { $0.penalty == 0 } }
    }
    for c in clauses.indices {
      for t in clauses[c].indices {
        clauses[c][t].allowsScattered = false
        let term = clauses[c][t]
        if breadth == .wordStarts && !term.negated && !term.isPhone && (term.mode == .fuzzy || term.mode == .substring) {
          clauses[c][t].mode = .prefix
        }
      }
    }
  }

  /// Whether every field that `term` matches is matched by `other` (see `narrows`).
  static func term(_ term: Term, implies other: Term) -> Bool {
    if term.text == other.text && term.digits == other.digits && term.mode == other.mode
      && term.fields == other.fields && term.negated == other.negated
    {
      return true
    }
    guard !term.negated, !other.negated, term.fields == other.fields, !term.isPresence, !other.isPresence,
      term.isPhone == other.isPhone
    else { return false }
    if term.isPhone {
      // Phone terms match as substrings (or anchored prefixes) only, fuzzy or not.
      // A match of the national form (at a number's start) must be one of `other` too.
      let national =
        term.nationalDigits.isEmpty || contains(term.nationalDigits, other.digits)
        || (!other.nationalDigits.isEmpty && term.nationalDigits.starts(with: other.nationalDigits))
      guard national else { return false }
      if other.isInternational {
        // `other` matches its digits at a number's start only (`digitMode`).
        guard term.isInternational, term.digits.starts(with: other.digits) else { return false }
      }
      switch (term.mode, other.mode) {
      case (.fuzzy, .fuzzy), (.fuzzy, .substring), (.substring, .fuzzy), (.substring, .substring):
        return contains(term.text, other.text) && contains(term.digits, other.digits)
      case (.prefix, .prefix):
        return term.text.starts(with: other.text) && term.digits.starts(with: other.digits)
          && (term.nationalDigits.isEmpty || term.nationalDigits.starts(with: other.digits)
            || (!other.nationalDigits.isEmpty && term.nationalDigits.starts(with: other.nationalDigits)))
      default:
        return false
      }
    }
    switch (term.mode, other.mode) {
    case (.substring, .substring), (.substring, .fuzzy), (.prefix, .substring), (.prefix, .fuzzy),
      (.suffix, .substring), (.suffix, .fuzzy), (.whole, .substring), (.whole, .fuzzy):
      // Every occurrence of `term` holds `other` as a substring.
      return contains(term.text, other.text)
    case (.fuzzy, .fuzzy):
      // A fuzzy (or substring) match of a word holds one of its prefix, from the same start.
      return term.text.starts(with: other.text)
    case (.prefix, .prefix), (.whole, .prefix):
      return term.text.starts(with: other.text)
    default:
      return false
    }
  }

  /// Whether `part` occurs in `whole` as a contiguous run.
  static func contains(_ whole: [UInt8], _ part: [UInt8]) -> Bool {
    if part.isEmpty { return true }
    guard part.count <= whole.count else { return false }
    for start in 0...(whole.count - part.count) where whole[start..<(start + part.count)].elementsEqual(part) {
      return true
    }
    return false
  }

  /// The alternative of a fuzzy text term whose hyphens all join two letters or
  /// digits (`jean-luc`, `ji-sung`): the term without them, which finds the name
  /// written with a space there or run together (a fuzzy subsequence may skip the
  /// space: `jeanluc` finds Jean Luc). Its matches score `unhyphenatedPenalty` less,
  /// so that the name written as typed ranks first (Jean-Luc before Jeanluc). One
  /// element or none: a phone, field, excluding or anchored term, or a hyphen at an
  /// end or beside another (`-a`, `a-`, `a--b`, `+-`) has none — `jean-` keeps its
  /// hyphen until a letter follows it.
  static func unhyphenated(_ term: Term) -> [Term] {
    let hyphen = UInt8(ascii: "-")
    guard term.mode == .fuzzy, !term.negated, !term.isPhone, term.fields == FieldKind.defaultFields,
      term.text.contains(hyphen)
    else { return [] }
    func joins(_ byte: UInt8) -> Bool {
      byte >= 0x80 || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }
    for (position, byte) in term.text.enumerated() where byte == hyphen {
      guard position > 0, position + 1 < term.text.count, joins(term.text[position - 1]), joins(term.text[position + 1])
      else { return [] }
    }
    var alternative = plainTerm(term.text.filter { $0 != hyphen }, mode: .fuzzy)
    alternative.allowsScattered = term.allowsScattered
    alternative.penalty = unhyphenatedPenalty
    return [alternative]
  }

  /// What a match of `unhyphenated`'s alternative scores less than the same match of
  /// the term as typed: more than a field's length takes off (at most 20, `TermScoring`),
  /// less than the steps between kinds of match (a prefix 800, a word start 700).
  static let unhyphenatedPenalty = 50

  /// The query split on unescaped whitespace (`\ ` is a space, `\\` a backslash).
  static func tokens(_ text: String) -> [[UInt8]] {
    var tokens: [[UInt8]] = []
    var current: [UInt8] = []
    var escaped = false
    for byte in text.utf8 {
      if escaped {
        current.append(byte)
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        if !current.isEmpty { tokens.append(current) }
        current = []
      } else {
        current.append(byte)
      }
    }
    if escaped { current.append(UInt8(ascii: "\\")) }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// Field names and the kinds they select.
  static let fieldNames: [(name: [UInt8], fields: UInt8)] = [
    (Array("name".utf8), FieldKind.nameFields),
    (Array("email".utf8), FieldKind.emailFields),
    (Array("mail".utf8), FieldKind.emailFields),
    (Array("org".utf8), FieldKind.organizationFields),
    (Array("organization".utf8), FieldKind.organizationFields),
    (Array("company".utf8), FieldKind.organizationFields),
    (Array("tel".utf8), FieldKind.phoneFields),
    (Array("phone".utf8), FieldKind.phoneFields),
    (Array("group".utf8), FieldKind.groupFields),
    (Array("category".utf8), FieldKind.groupFields),
  ]

  /// One term, or nil for a term that matches everything (an operator alone).
  static func term(_ token: [UInt8], exact: Bool) -> Term? {
    var body = token[...]
    var negated = false
    if body.first == UInt8(ascii: "!") {
      negated = true
      body = body.dropFirst()
    }
    var fields = FieldKind.defaultFields
    var isField = false
    if let colon = body.firstIndex(of: UInt8(ascii: ":")) {
      let name = Array(body[..<colon])
      if let entry = fieldNames.first(where: { $0.name == name }) {
        fields = entry.fields
        isField = true
        body = body[(colon + 1)...]
      }
    }
    if !negated && isField && body.first == UInt8(ascii: "!") {
      // `email:!acme` reads as well as `!email:acme`.
      negated = true
      body = body.dropFirst()
    }
    var quoted = false
    var anchoredStart = false
    var anchoredEnd = false
    if body.first == UInt8(ascii: "'") {
      quoted = true
      body = body.dropFirst()
      if body.count > 1 && body.last == UInt8(ascii: "'") {
        body = body.dropLast()
        anchoredStart = true
        anchoredEnd = true
        quoted = false
      }
    } else if body.first == UInt8(ascii: "^") {
      anchoredStart = true
      body = body.dropFirst()
    }
    if body.count > 0 && body.last == UInt8(ascii: "$") && !(body.count == 1 && !anchoredStart) {
      anchoredEnd = true
      body = body.dropLast()
    }
    let text = Array(body)
    if text.isEmpty && !isField { return nil }
    // `+` or `(+` alone: a number with its country code being typed.
    if !isField && text.allSatisfy({ $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "(") }) { return nil }
    let mode: Mode
    switch (anchoredStart, anchoredEnd) {
    case (true, true): mode = .whole
    case (true, false): mode = .prefix
    case (false, true): mode = .suffix
    case (false, false):
      // fzf: `'` makes a term exact, or fuzzy again under --exact; `!` is never fuzzy.
      mode = negated || (quoted != exact) ? .substring : .fuzzy
    }
    var term = plainTerm(text, mode: mode)
    term.negated = negated
    if fields == FieldKind.phoneFields {
      // `tel:` matches digits only; `tel:abc` matches no number.
      term.setDigits(of: text)
      if term.digits.isEmpty && !text.isEmpty { term.phoneMask = .max }
    }
    term.fields = fields
    return term
  }

  /// A number dialled with the international call prefix `00` (ITU-T E.164's for most
  /// countries: `00420 740 359 002`) is the number written with `+`: its digits
  /// without the prefix, as the index holds them. Kept as typed when fewer than two
  /// digits follow (`001` may be the end of a local number).
  static func internationalDigits(_ digits: [UInt8]) -> [UInt8] {
    digits.count >= 4 && digits[0] == UInt8(ascii: "0") && digits[1] == UInt8(ascii: "0") ? Array(digits.dropFirst(2)) : digits
  }

  /// - Parameters:
  ///   - typed: the number as typed, blanks and all, when `text` is it without them
  ///     (its digits are read from it, `Term.setDigits(of:literal:)`).
  ///   - literal: digits typed with `+` or `00` match anywhere in a number too
  ///     (`SearchOptions.literal`).
  static func plainTerm(_ text: [UInt8], typed: [UInt8]? = nil, mode: Mode, literal: Bool = false) -> Term {
    var term = Term(
      text: text, digits: [], textMask: ByteMatcher.mask(text), phoneMask: 0, mode: mode,
      fields: FieldKind.defaultFields, negated: false)
    if isPhoneText(text, allowingSpaces: false) { term.setDigits(of: typed ?? text, literal: literal) }
    return term
  }

  /// True when `bytes` has only digits and phone punctuation (and spaces if allowed).
  /// A number typed with its extension or pauses as cards and signatures write them
  /// (`+1 212-555-0147 ext. 329`, `… x77`, `…,,1234`, `…;ext=88`, `… #12`), without
  /// the marker: its digits then run on as a card's number's do (`IndexBuilder.addPhone`
  /// keeps every digit); nil for any other query. The number before the marker has six
  /// digits or more, so that `jo x 12` stays a name and a number.
  static func withoutExtensionMarker(_ folded: [UInt8]) -> [UInt8]? {
    guard let markerStart = folded.firstIndex(where: { !isPhoneText(CollectionOfOne($0), allowingSpaces: true) }),
      folded[..<markerStart].count(where: { $0 &- 48 < 10 }) >= 6
    else { return nil }
    var rest = folded[markerStart...]
    var marked = false
    while let first = rest.first, !(first &- 48 < 10) {
      if let marker = extensionMarkers.first(where: { rest.starts(with: $0) }) {
        rest = rest.dropFirst(marker.count)
        marked = true
      } else if first == 0x20 || first == 0x09 {
        rest = rest.dropFirst()
      } else {
        return nil
      }
    }
    guard marked, !rest.isEmpty, isPhoneText(rest, allowingSpaces: true) else { return nil }
    return Array(folded[..<markerStart]) + Array(rest)
  }

  /// What stands between a number and its extension, folded (longest first).
  private static let extensionMarkers: [[UInt8]] = ["extension", "ext.", "ext=", "ext", "x", "#", ",", ";", "p", "w"]
    .map { Array($0.utf8) }

  /// `folded` (a folded query) with what stands between its digits as a number's
  /// punctuation as `-`: every character there beyond ASCII that is no letter, digit,
  /// mark or blank (a dash, bar or dot of any script, `➖`), ASCII's `_`, `~` and `*`,
  /// and the letters input methods
  /// type for a dash (`letterDashes`: `ー`, `ㅡ`); nil when there is none, or fewer than six digits.
  /// A card's number keeps its digits alone (`IndexBuilder.addPhone`), so the number
  /// pasted as the card shows it (`090ー1234ー5678`, `010ㅡ1234ㅡ5678`, `030—555—0199`)
  /// finds it, as the ASCII-written one does. Text around the digits is left alone
  /// (`100%`, a katakana name's `ー`).
  static func withPhoneSeparatorsAsHyphens(_ folded: String) -> String? {
    func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 48 < 10 }
    // A number's digits, six or more (`7*11`, `2~3`, `12…34` are no numbers to dial):
    // counted on the bytes, so that a keystroke of a name makes no array.
    guard folded.utf8.count(where: { $0 &- 48 < 10 }) >= 6 else { return nil }
    let scalars = Array(folded.unicodeScalars)
    guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else { return nil }
    var text = String.UnicodeScalarView()
    var changed = false
    for (index, scalar) in scalars.enumerated() {
      guard index > first && index < last && isPhoneSeparator(scalar) else {
        text.append(scalar)
        continue
      }
      text.append("-")
      changed = true
    }
    return changed ? String(text) : nil
  }

  /// Whether `scalar`, between a query's digits, is a number's punctuation that
  /// `isPhoneText` does not take as it is (see `withPhoneSeparatorsAsHyphens`).
  static func isPhoneSeparator(_ scalar: Unicode.Scalar) -> Bool {
    if letterDashes.contains(scalar.value) { return true }
    // Of ASCII, what `isPhoneText` does not take already and says nothing else (a
    // colon is a time's, `10:30`; `#`, `,`, `;` mark an extension).
    if scalar.value < 0x80 { return scalar == "_" || scalar == "~" || scalar == "*" }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .spaceSeparator, .lineSeparator,
      .paragraphSeparator, .control, .format, .surrogate, .privateUse, .unassigned:
      return false
    default:
      return true
    }
  }

  /// Letters typed for a dash between digits: the katakana-hiragana prolonged sound
  /// mark and its half-width form (a Japanese input method's `-`), the Hangul vowel
  /// ㅡ (a Korean one's).
  static let letterDashes: Set<UInt32> = [0x30FC, 0xFF70, 0x3161]

  static func isPhoneText<S: Sequence<UInt8>>(_ bytes: S, allowingSpaces: Bool) -> Bool {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"):
        continue
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        if !allowingSpaces { return false }
      default:
        return false
      }
    }
    return true
  }
}

extension SearchQuery.Term {
  /// Sets `digits`, `nationalDigits`, `isInternational` and `phoneMask` from the term as
  /// typed: its digits (without a leading `00`), and for a number typed with its
  /// country code — a `+` first, or `00` — the national form too
  /// (`PhoneForms.nationalForm`); `literal` leaves `isInternational` false.
  mutating func setDigits(of typed: [UInt8], literal: Bool = false) {
    let all = typed.filter { $0 &- 48 < 10 }
    digits = SearchQuery.internationalDigits(all)
    let international = typed.first(where: { $0 != UInt8(ascii: "(") }) == UInt8(ascii: "+") || digits.count < all.count
    isInternational = international && !literal
    let national = international ? PhoneForms.nationalForm(digits: digits) : nil
    nationalDigits = national?.digits ?? []
    countryCode = national.map { Array(digits.prefix($0.codeLength)) } ?? []
    trunkLength = national?.trunkLength ?? 0
    if !international && !literal, let northAmerican = PhoneForms.northAmericanNational(typed: typed, digits: digits) {
      // `1-202-555-0199`: its digits as typed (a substring, as other numbers), and the
      // national number after the trunk prefix, from a number's start.
      nationalDigits = northAmerican
      countryCode = [UInt8(ascii: "1")]
    }
    phoneMask = ByteMatcher.phoneMask(digits)
    // Of the digits every form holds (the national form without its trunk prefix too).
    if !nationalDigits.isEmpty { phoneMask &= ByteMatcher.phoneMask(nationalWithoutTrunk ?? nationalDigits[...]) }
  }
}
