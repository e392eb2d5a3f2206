/// Whether a contact is a person or an organization (CNContactType).
///
/// From vCard 4.0 `KIND` (RFC 6350 §6.1.4), Apple's `X-ABShowAs:COMPANY`, or a card
/// that names only an organization.
public enum ContactType: String, Sendable, Hashable {
  /// A person (CNContactType.person): no `KIND`, or a `KIND` other than `org`.
  case person
  /// An organization (CNContactType.organization; `KIND:org`, `X-ABShowAs:COMPANY`, or only `ORG`).
  case organization
}

/// One contact: single-value properties and labeled multi-value properties
/// (CNContact).
///
/// Property names are CNContact's keys; PRODUCT.md's JSON uses the same names.
/// `identifier` is the card's `UID` (RFC 6350 §6.7.6) or, without one, a value derived
/// from the source and the card's text, stable while the card is unchanged.
public struct Contact: Sendable, Hashable {
  /// The card's `UID` (RFC 6350 §6.7.6), or `cpick-<hash>` of source and text without one (CNContact.identifier).
  public var identifier: String
  /// Where the contact was read from: a file path, or `-` for stdin.
  public var source: String
  /// Person or organization, from `KIND` (RFC 6350 §6.1.4) or `X-ABShowAs` (CNContactTypeKey).
  public var contactType: ContactType = .person

  /// `FN` as written (RFC 6350 §6.2.1); may be empty. See `displayName`.
  public var formattedName = ""
  /// Honorific prefixes, `N` component 4 (RFC 6350 §6.2.2) (CNContactNamePrefixKey).
  public var namePrefix = ""
  /// Given names, `N` component 2 (RFC 6350 §6.2.2), comma items joined by a space (CNContactGivenNameKey).
  public var givenName = ""
  /// Additional names, `N` component 3 (RFC 6350 §6.2.2) (CNContactMiddleNameKey).
  public var middleName = ""
  /// Family names, `N` component 1 (RFC 6350 §6.2.2) (CNContactFamilyNameKey).
  public var familyName = ""
  /// Honorific suffixes, `N` component 5 (RFC 6350 §6.2.2) (CNContactNameSuffixKey).
  public var nameSuffix = ""
  /// The first value of `NICKNAME` (RFC 6350 §6.2.3) (CNContactNicknameKey).
  public var nickname = ""
  /// `X-PHONETIC-FIRST-NAME`, else component 2 of `SOUND;TYPE=X-IRMC-N` (CNContactPhoneticGivenNameKey).
  public var phoneticGivenName = ""
  /// `X-PHONETIC-MIDDLE-NAME` (CNContactPhoneticMiddleNameKey).
  public var phoneticMiddleName = ""
  /// `X-PHONETIC-LAST-NAME`, else component 1 of `SOUND;TYPE=X-IRMC-N` (CNContactPhoneticFamilyNameKey).
  public var phoneticFamilyName = ""
  /// The sort strings of vCard 4.0 `SORT-AS` on `N` (RFC 6350 §5.9), in the order
  /// written (`N;SORT-AS="Mann,James":de Mann;Henry,James;;` → `["Mann", "James"]`);
  /// empty when absent. Sorting by family name uses them before the name parts.
  public var nameSortAs: [String] = []
  /// The sort strings of `SORT-AS` on `ORG`; an organization card sorts by them.
  public var organizationSortAs: [String] = []

  /// The first component of `ORG` (RFC 6350 §6.6.4) (CNContactOrganizationNameKey).
  public var organizationName = ""
  /// The other non-empty `ORG` components, joined by `, ` (RFC 6350 §6.6.4) (CNContactDepartmentNameKey).
  public var departmentName = ""
  /// `TITLE` (RFC 6350 §6.6.1) (CNContactJobTitleKey).
  public var jobTitle = ""

  /// `BDAY` (RFC 6350 §6.2.5); `nil` when absent or unreadable (CNContactBirthdayKey).
  public var birthday: ContactDate?
  /// `NOTE` (RFC 6350 §6.7.2); several are joined by a blank line (CNContactNoteKey).
  public var note = ""

  /// `TEL` values (RFC 6350 §6.4.1), a `tel:` scheme removed (CNContactPhoneNumbersKey).
  public var phoneNumbers: [LabeledValue<String>] = []
  /// `EMAIL` values (RFC 6350 §6.4.2), a `mailto:` scheme removed (CNContactEmailAddressesKey).
  public var emailAddresses: [LabeledValue<String>] = []
  /// `ADR` values (RFC 6350 §6.3.1) (CNContactPostalAddressesKey).
  public var postalAddresses: [LabeledValue<PostalAddress>] = []
  /// `URL` values (RFC 6350 §6.7.8) (CNContactUrlAddressesKey).
  public var urlAddresses: [LabeledValue<String>] = []
  /// `IMPP` (RFC 6350 §6.4.3) and `X-AIM`, `X-JABBER`, `X-SKYPE`, … values (CNContactInstantMessageAddressesKey).
  public var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
  /// Apple's `X-SOCIALPROFILE` values (CNContactSocialProfilesKey).
  public var socialProfiles: [LabeledValue<SocialProfile>] = []
  /// Related people by name (`RELATED`, Apple's `X-ABRELATEDNAMES`).
  public var contactRelations: [LabeledValue<String>] = []
  /// Other dates: anniversary, Apple's `X-ABDATE`.
  public var dates: [LabeledValue<ContactDate>] = []

  /// The groups this contact belongs to (`CATEGORIES`, Apple group cards).
  public var groups: [String] = []
  /// Whether the card has a non-empty `PHOTO` (RFC 6350 §6.2.4) (CNContactImageDataAvailableKey).
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
