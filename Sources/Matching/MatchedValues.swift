import ContactKit

/// The kinds of a contact's values that a search matches besides its name.
public enum SearchedValueKind: Sendable, Hashable {
  /// Organization or department.
  case organization
  /// An email address.
  case email
  /// A phone number (matched by its digits).
  case phone

  /// The kind of the values of `key` that a search matches: emails and phone numbers;
  /// nil for a key the search does not cover (addresses, URLs, notes, …).
  public init?(_ key: ContactKey) {
    switch key {
    case .emailAddresses: self = .email
    case .phoneNumbers: self = .phone
    default: return nil
    }
  }

  /// The `FieldKind`s a term must allow to match a value of this kind.
  var fieldBits: UInt8 {
    switch self {
    case .organization: FieldKind.organizationFields
    case .email: FieldKind.emailFields
    case .phone: FieldKind.phoneFields
    }
  }
}

/// A value of a contact that a word of the query matched, and which of its characters.
public struct MatchedValue: Sendable, Hashable {
  /// The value as written (`ada@example.org`, `+49 170 5550123`).
  public var text: String
  /// The offsets, in `Character`s of `text`, that the word matched (ascending); empty
  /// when the match cannot be shown character by character (a number typed in its
  /// other national or international form).
  public var positions: [Int]

  /// Creates a matched value.
  public init(text: String, positions: [Int]) {
    self.text = text
    self.positions = positions
  }
}

extension SearchHighlighter {
  /// The values that explain a match the name does not show: for each word of `query`
  /// that matches nothing in `name`, the first of `values` that it matches — in the
  /// order given (a picker gives organization, then emails, then phones, as the index
  /// ranks them) — with the characters it matched. Each value at most once, in the
  /// order of the words.
  ///
  /// Words are matched as `ContactIndex` matches them: folded text, substrings and
  /// fuzzy matches for organizations and emails, digits for phone numbers (also in
  /// the number's international and national forms: `0170 555` finds `+49 170 5550123`);
  /// field terms only their kind (`email:acme` only emails); excluding and presence
  /// terms explain nothing.
  ///
  /// - Complexity: O(words × total length of `values`); call it for the rows on screen.
  public static func matchedValues(
    of query: String, name: String, values: [(kind: SearchedValueKind, text: String)],
    options: SearchOptions = .init()
  ) -> [MatchedValue] {
    Query(query, options: options).highlights(name: name, values: values).values
  }

  /// A query prepared once for the rows of a frame: `highlights(name:values:)` per row
  /// gives what `positions(of:in:options:)` and `matchedValues(of:name:values:options:)`
  /// give, parsing the query once and folding the name once.
  public struct Query: Sendable {
    let prepared: SearchQuery

    /// `query` parsed with `options`.
    public init(_ query: String, options: SearchOptions = .init()) {
      prepared = SearchQuery(query, options: options)
    }

    /// The characters of `name` the query matched, and the values that explain a match
    /// the name does not show (see `matchedValues(of:name:values:options:)`).
    ///
    /// - Parameters:
    ///   - name: the name shown.
    ///   - values: the contact's organization, emails and phone numbers, in that order;
    ///     read only when a word of the query matches nothing in `name`.
    /// - Complexity: O(words × length of `name`), and of `values` when they are read.
    public func highlights(
      name: String, values: @autoclosure () -> [(kind: SearchedValueKind, text: String)]
    ) -> (name: [Int], values: [MatchedValue]) {
      guard !prepared.isEmpty else { return ([], []) }
      let nameProjection = TextProjection(name)
      var namePositions = Set<Int>()
      var unexplained: [SearchQuery.Term] = []
      for term in prepared.terms where !term.negated && !term.isPresence {
        let hits = term.fields & FieldKind.nameFields != 0 ? nameProjection.positions(of: term) : []
        if hits.isEmpty { unexplained.append(term) } else { namePositions.formUnion(hits) }
      }
      guard !unexplained.isEmpty else { return (namePositions.sorted(), []) }
      return (namePositions.sorted(), Self.values(explaining: unexplained, in: values()))
    }

    /// The position in `values` of the value the query points at: the first value that
    /// a word matching nothing in `name` matches (`lanternworks` for a person with an
    /// address at that domain and others elsewhere); nil when every word is in the name
    /// or matches none of `values`. Matching as `highlights(name:values:)`.
    ///
    /// - Complexity: O(words × (length of `name` + total length of `values`)).
    public func chosenValue(name: String, among values: [(kind: SearchedValueKind, text: String)]) -> Int? {
      guard let first = highlights(name: name, values: values).values.first else { return nil }
      return values.firstIndex { $0.text == first.text }
    }

    /// For each term, the first of `values` it matches, with the characters it matched;
    /// each value once, the positions of several terms in it together.
    static func values(
      explaining terms: [SearchQuery.Term], in values: [(kind: SearchedValueKind, text: String)]
    ) -> [MatchedValue] {
      var projections: [TextProjection?] = Array(repeating: nil, count: values.count)
      var found: [MatchedValue] = []
      // The entry of `found` for each value shown.
      var shown: [Int: Int] = [:]
      for term in terms {
        for (index, value) in values.enumerated() where term.fields & value.kind.fieldBits != 0 {
          if value.kind == .phone && !term.isPhone { continue }
          let projection = projections[index] ?? TextProjection(value.text)
          projections[index] = projection
          var positions = projection.positions(of: term)
          var matched = !positions.isEmpty
          if !matched && value.kind == .phone { matched = SearchHighlighter.otherForm(of: value.text, holds: term) }
          guard matched else { continue }
          if value.kind != .phone && positions.isEmpty { continue }
          if let entry = shown[index] {
            // Another word in the same value: both highlighted.
            found[entry].positions = Array(Set(found[entry].positions + positions)).sorted()
          } else {
            positions.sort()
            shown[index] = found.count
            found.append(MatchedValue(text: value.text, positions: positions))
          }
          break
        }
      }
      return found
    }
  }

  /// Whether the international or national form of the number `text` (as the index
  /// holds it, `PhoneForms`) holds the phone term's digits.
  static func otherForm(of text: String, holds term: SearchQuery.Term) -> Bool {
    var digits: [UInt8] = []
    var international = false
    for byte in text.utf8 {
      if byte &- 48 < 10 {
        digits.append(byte)
      } else if byte == UInt8(ascii: "+") && digits.isEmpty {
        international = true
      }
    }
    let forms = PhoneForms.forms(digits: digits, international: international) ?? []
    // The national form of a number of another country is not the number typed with a
    // country code (`ContactIndex.isNationalForm`).
    let internationalDigits = international ? digits : Array(digits.dropFirst(2))
    let sameCountry = term.countryCode.isEmpty || internationalDigits.starts(with: term.countryCode)
    return forms.contains { form in
      (term.isInternational ? form.starts(with: term.digits) : SearchQuery.contains(form, term.digits))
        || (!term.nationalDigits.isEmpty && sameCountry && form.starts(with: term.nationalDigits))
    }
  }
}
