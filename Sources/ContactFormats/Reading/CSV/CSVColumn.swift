import ContactKit

/// What a column of a CSV export holds: the contact field its cells go to, the item
/// (one email, one phone, one address) its cells belong to when the export spreads an
/// item over several columns (`E-mail 1 - Label` and `E-mail 1 - Value`; `Home Street`
/// and `Home City`), and the item's label when the column's name gives it (`Mobile
/// Phone`: `mobile`). Each export's columns are one table in its own file
/// (`GoogleCSVColumns`, `OutlookCSVColumns`, `GenericCSVColumns`).
package struct CSVColumn: Sendable, Hashable {
  /// The contact field a column fills.
  package enum Field: Sendable, Hashable {
    case fullName, givenName, middleName, familyName, namePrefix, nameSuffix, nickname
    case phoneticGivenName, phoneticMiddleName, phoneticFamilyName
    /// Outlook's `E-mail Display Name` (`Ada Lovelace (ada@example.org)`): the name when
    /// no other column gives one.
    case emailDisplayName
    case organization, department, jobTitle
    case birthday, note, groups
    /// A birthday in three columns (Thunderbird's `Birth Year`, `Birth Month`, `Birth
    /// Day`): its numbers.
    case birthYear, birthMonth, birthDayOfMonth
    case email, phone, url, relation, date
    /// A part of a postal address.
    case street, poBox, extendedAddress, city, region, postalCode, country
    /// A whole address in one cell (Google's `Address 1 - Formatted`): used when the
    /// item has no other part.
    case formattedAddress
    /// The label of the item (Google's `E-mail 1 - Label`, `Phone 1 - Type`).
    case label
    /// A value whose label is the item's `label` column, kept in the note as
    /// `label: value` (Google's `Custom Field 1 - Value`).
    case customValue
    /// A column read and left out: it says nothing about the person (Outlook's
    /// `Sensitivity`, `Priority`, `E-mail Type`) or points to what cpick cannot read
    /// (Google's `Photo`, a URL on Google's servers).
    case ignored
  }

  /// The field the column's cells go to.
  package var field: Field
  /// The item the column belongs to (`e-mail 1`, `home address`); empty for a field
  /// with one value per person (names, organization, note).
  package var item: String = ""
  /// The label the column's name gives its item, as the model spells labels
  /// (`mobile`, `workFax`); nil when a `label` column, or none, gives it.
  package var label: String? = nil

  /// A column of `field`, of `item`, labelled `label`.
  package init(_ field: Field, item: String = "", label: String? = nil) {
    self.field = field
    self.item = item
    self.label = label
  }

  /// Whether the field's items are lists that one cell may hold several values of
  /// (separated by Google's ` ::: `).
  var isMultiValue: Bool {
    switch field {
    case .email, .phone, .url, .relation, .groups: true
    default: false
    }
  }

  /// Whether the field is part of a postal address.
  var isAddressPart: Bool {
    switch field {
    case .street, .poBox, .extendedAddress, .city, .region, .postalCode, .country, .formattedAddress: true
    default: false
    }
  }

  /// The model's label for a label written in an export (`* Home`, `Mobile`, `Work
  /// Fax`, `Google Voice`), mapped the way a vCard's `TYPE` words are (`Labels`): a
  /// leading `* ` (Google's mark of the primary value) dropped, the words lower-cased
  /// and read as `TYPE` words; a standard label (`home`, `mobile`, `workFax`,
  /// `anniversary`) when they give one, else the label as written; nil when empty.
  static func modelLabel(_ written: String, for field: Field) -> String? {
    var text = Substring(written).drop { $0 == " " || $0 == "*" }
    while text.last == " " { text = text.dropLast() }
    guard !text.isEmpty else { return nil }
    let words = text.lowercased().split { $0 == " " || $0 == "-" || $0 == "_" }.map(String.init)
    let label = field == .phone ? Labels.phone(types: words) : Labels.common(words)
    if let label, Labels.standard.contains(label) { return label }
    if words == ["anniversary"] { return "anniversary" }  // Apple's label, as `Labels.custom` gives it
    return String(text)
  }
}
