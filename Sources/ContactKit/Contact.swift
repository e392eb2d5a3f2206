/// Whether a contact is a person or an organization (CNContactType).
///
/// From vCard 4.0 `KIND` (RFC 6350 §6.1.4), Apple's `X-ABShowAs:COMPANY`, or a card
/// that names only an organization.
public enum ContactType: String, Sendable, Hashable {
  case person
  case organization
}

/// One contact: single-value properties and labeled multi-value properties
/// (CNContact).
///
/// Property names are CNContact's keys; PRODUCT.md's JSON uses the same names.
/// `identifier` is the card's `UID` (RFC 6350 §6.7.6) or, without one, a value derived
/// from the source and the card's text, stable while the card is unchanged.
public struct Contact: Sendable, Hashable {
  public var identifier: String
  /// Where the contact was read from: a file path, or `-` for stdin.
  public var source: String
  public var contactType: ContactType = .person

  /// `FN` as written (RFC 6350 §6.2.1); may be empty. See `displayName`.
  public var formattedName = ""
  public var namePrefix = ""
  public var givenName = ""
  public var middleName = ""
  public var familyName = ""
  public var nameSuffix = ""
  public var nickname = ""
  public var phoneticGivenName = ""
  public var phoneticMiddleName = ""
  public var phoneticFamilyName = ""
  /// The sort strings of vCard 4.0 `SORT-AS` on `N` (RFC 6350 §5.9), in the order
  /// written (`N;SORT-AS="Mann,James":de Mann;Henry,James;;` → `["Mann", "James"]`);
  /// empty when absent. Sorting by family name uses them before the name parts.
  public var nameSortAs: [String] = []
  /// The sort strings of `SORT-AS` on `ORG`; an organization card sorts by them.
  public var organizationSortAs: [String] = []

  public var organizationName = ""
  public var departmentName = ""
  public var jobTitle = ""

  public var birthday: ContactDate?
  public var note = ""

  public var phoneNumbers: [LabeledValue<String>] = []
  public var emailAddresses: [LabeledValue<String>] = []
  public var postalAddresses: [LabeledValue<PostalAddress>] = []
  public var urlAddresses: [LabeledValue<String>] = []
  public var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
  public var socialProfiles: [LabeledValue<SocialProfile>] = []
  /// Related people by name (`RELATED`, Apple's `X-ABRELATEDNAMES`).
  public var contactRelations: [LabeledValue<String>] = []
  /// Other dates: anniversary, Apple's `X-ABDATE`.
  public var dates: [LabeledValue<ContactDate>] = []

  /// The groups this contact belongs to (`CATEGORIES`, Apple group cards).
  public var groups: [String] = []
  public var hasImage = false

  /// The card this contact was read from, exactly as written, for lossless writing
  /// (`VCardWriter`); `nil` for a contact made in memory.
  public var sourceRecord: SourceRecord?

  /// Creates an empty contact with an identifier and a source.
  public init(identifier: String, source: String) {
    self.identifier = identifier
    self.source = source
  }

  /// The name to show: `FN` when non-empty, otherwise composed by `ContactFormatter`
  /// (CJK family name first without a space), then organization, nickname, first
  /// email, first phone. Never a placeholder; empty only for an empty card.
  public var displayName: String { displayNameInOrder(.auto) }

  /// The name to show, with composed names in `order` (`--name-order`); `FN` is
  /// shown as written whatever the order.
  public func displayNameInOrder(_ order: ContactFormatter.NameOrder) -> String {
    let fn = formattedName.trimmingWhitespace
    return fn.isEmpty ? ContactFormatter.string(for: self, order: order) : fn
  }
}

extension String {
  /// The string without leading and trailing whitespace and newlines.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
