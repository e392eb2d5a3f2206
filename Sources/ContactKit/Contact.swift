import CpickSupport

/// Whether a contact is a person or an organization (CNContactType).
///
/// From vCard 4.0 `KIND` (RFC 6350 §6.1.4), Apple's `X-ABShowAs:COMPANY`, or a card
/// that names only an organization.
public enum ContactType: String, Sendable, Hashable {
  /// A person (CNContactType.person): no `KIND`, or a `KIND` other than `org`.
  case person
  /// An organization (CNContactType.organization; `KIND:org`, `X-ABShowAs:COMPANY`, or only `ORG`).
  case organization

  /// The type of a contact whose book does not say: an organization when it has no
  /// name parts but an organization name (or, its first `ORG` part blank, a
  /// department) that its full name (if any) repeats — a company exported with `FN:`
  /// and `N:;;;;`, a CSV row with only `Company`, a directory entry with only `o`; else
  /// a person.
  public static func inferred(for contact: Contact) -> ContactType {
    // By scalars, without Foundation: bridging each card's names to trim them cost
    // 8 % of a cold read of 100,000 cards.
    let organization = contact.organizationName.isSpacesOnly ? contact.departmentName : contact.organizationName
    guard !organization.isSpacesOnly, contact.givenName.isSpacesOnly, contact.familyName.isSpacesOnly,
      contact.middleName.isSpacesOnly
    else { return .person }
    guard !contact.formattedNameIsBlank else { return .organization }
    return contact.formattedName.trimmingSpaces == organization.trimmingSpaces ? .organization : .person
  }
}

/// One contact: single-value properties and labeled multi-value properties
/// (CNContact).
///
/// Property names are CNContact's keys; PRODUCT.md's JSON uses the same names.
/// `identifier` is the card's `UID` (RFC 6350 §6.7.6) or, without one, a value derived
/// from the source and the card's text, stable while the card is unchanged.
public struct Contact: Sendable, Hashable {
  /// The stored properties of a contact, kept in one shared, copy-on-write box: a
  /// contact is copied (arrays of 100,000 contacts are built, sliced and merged several
  /// times while a book loads) as one reference, not as thirty-odd.
  ///
  /// Each is the value of the `Contact` property of the same name.
  @usableFromInline package struct Fields: Hashable {
    /// `Contact.identifier`.
    @usableFromInline package var identifier: String
    /// `Contact.source`.
    @usableFromInline package var source: String
    /// `Contact.contactType`.
    @usableFromInline package var contactType: ContactType = .person
    /// `Contact.formattedName`.
    @usableFromInline package var formattedName: String = "" {
      didSet { shownFormattedName = ContactFormatter.shownPart(formattedName) }
    }
    /// `formattedName` without the white space around it, or empty when it shows
    /// nothing (`Contact.isBlankName`): worked out once, when `FN` is set, not at each
    /// use of the name (a name of a megabyte of marks took a second at each).
    @usableFromInline package var shownFormattedName: String = ""
    /// `Contact.namePrefix`.
    @usableFromInline package var namePrefix: String = ""
    /// `Contact.givenName`.
    @usableFromInline package var givenName: String = ""
    /// `Contact.middleName`.
    @usableFromInline package var middleName: String = ""
    /// `Contact.familyName`.
    @usableFromInline package var familyName: String = ""
    /// `Contact.nameSuffix`.
    @usableFromInline package var nameSuffix: String = ""
    /// `Contact.nickname`.
    @usableFromInline package var nickname: String = ""
    /// `Contact.otherNicknames`.
    @usableFromInline package var otherNicknames: [String] = []
    /// `Contact.alternateNames`.
    @usableFromInline package var alternateNames: [String] = []
    /// `Contact.phoneticGivenName`.
    @usableFromInline package var phoneticGivenName: String = ""
    /// `Contact.phoneticMiddleName`.
    @usableFromInline package var phoneticMiddleName: String = ""
    /// `Contact.phoneticFamilyName`.
    @usableFromInline package var phoneticFamilyName: String = ""
    /// `Contact.nameSortAs`.
    @usableFromInline package var nameSortAs: [String] = []
    /// `Contact.organizationSortAs`.
    @usableFromInline package var organizationSortAs: [String] = []
    /// `Contact.organizationName`.
    @usableFromInline package var organizationName: String = ""
    /// `Contact.departmentName`.
    @usableFromInline package var departmentName: String = ""
    /// `Contact.jobTitle`.
    @usableFromInline package var jobTitle: String = ""
    /// `Contact.role`.
    @usableFromInline package var role: String = ""
    /// `Contact.birthday`.
    @usableFromInline package var birthday: ContactDate?
    /// `Contact.note`.
    @usableFromInline package var note: String = ""
    /// `Contact.phoneNumbers`.
    @usableFromInline package var phoneNumbers: [LabeledValue<String>] = []
    /// `Contact.emailAddresses`.
    @usableFromInline package var emailAddresses: [LabeledValue<String>] = []
    /// `Contact.postalAddresses`.
    @usableFromInline package var postalAddresses: [LabeledValue<PostalAddress>] = []
    /// `Contact.urlAddresses`.
    @usableFromInline package var urlAddresses: [LabeledValue<String>] = []
    /// `Contact.instantMessageAddresses`.
    @usableFromInline package var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
    /// `Contact.socialProfiles`.
    @usableFromInline package var socialProfiles: [LabeledValue<SocialProfile>] = []
    /// `Contact.contactRelations`.
    @usableFromInline package var contactRelations: [LabeledValue<String>] = []
    /// `Contact.dates`.
    @usableFromInline package var dates: [LabeledValue<ContactDate>] = []
    /// `Contact.groups`.
    @usableFromInline package var groups: [String] = []
    /// `Contact.hasImage`.
    @usableFromInline package var hasImage: Bool = false
    /// `Contact.imageData`.
    @usableFromInline package var imageData: [UInt8]?
    /// `Contact.sourceRecord`.
    @usableFromInline package var sourceRecord: SourceRecord?
  }

  /// The box of `Fields`. Written only through `makeUnique()` (copy on write), so a box
  /// shared between contacts, or between threads, is never changed: hence
  /// `@unchecked Sendable`, as the standard library's own buffers.
  ///
  /// `fields` is read and written without the runtime's exclusivity checks: every
  /// property of a contact goes through it (several per contact wherever a list of
  /// contacts is indexed, rendered or stored), and it is only ever written through
  /// `makeUnique()`, by the one contact that owns the box.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var fields: Fields

    @usableFromInline init(_ fields: Fields) {
      self.fields = fields
    }
  }

  @usableFromInline var storage: Storage

  /// Gives this contact a box of its own before a change.
  @inlinable @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
  }

  /// Two contacts are equal when all their properties are (the same box, at once).
  public static func == (lhs: Contact, rhs: Contact) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes all the properties.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// The card's `UID` (RFC 6350 §6.7.6), or `cpick-<hash>` of source and text without one (CNContact.identifier).
  @inlinable public var identifier: String {
    get { storage.fields.identifier }
    _modify {
      makeUnique()
      yield &storage.fields.identifier
    }
  }
  /// Where the contact was read from: a file path, or `-` for stdin.
  @inlinable public var source: String {
    get { storage.fields.source }
    _modify {
      makeUnique()
      yield &storage.fields.source
    }
  }
  /// Person or organization, from `KIND` (RFC 6350 §6.1.4) or `X-ABShowAs` (CNContactTypeKey).
  @inlinable public var contactType: ContactType {
    get { storage.fields.contactType }
    _modify {
      makeUnique()
      yield &storage.fields.contactType
    }
  }
  /// `FN` as written (RFC 6350 §6.2.1); may be empty. See `displayName`.
  @inlinable public var formattedName: String {
    get { storage.fields.formattedName }
    _modify {
      makeUnique()
      yield &storage.fields.formattedName
    }
  }
  /// Honorific prefixes, `N` component 4 (RFC 6350 §6.2.2) (CNContactNamePrefixKey).
  @inlinable public var namePrefix: String {
    get { storage.fields.namePrefix }
    _modify {
      makeUnique()
      yield &storage.fields.namePrefix
    }
  }
  /// Given names, `N` component 2 (RFC 6350 §6.2.2), comma items joined by a space (CNContactGivenNameKey).
  @inlinable public var givenName: String {
    get { storage.fields.givenName }
    _modify {
      makeUnique()
      yield &storage.fields.givenName
    }
  }
  /// Additional names, `N` component 3 (RFC 6350 §6.2.2) (CNContactMiddleNameKey).
  @inlinable public var middleName: String {
    get { storage.fields.middleName }
    _modify {
      makeUnique()
      yield &storage.fields.middleName
    }
  }
  /// Family names, `N` component 1 (RFC 6350 §6.2.2) (CNContactFamilyNameKey).
  @inlinable public var familyName: String {
    get { storage.fields.familyName }
    _modify {
      makeUnique()
      yield &storage.fields.familyName
    }
  }
  /// Honorific suffixes, `N` component 5 (RFC 6350 §6.2.2) (CNContactNameSuffixKey).
  @inlinable public var nameSuffix: String {
    get { storage.fields.nameSuffix }
    _modify {
      makeUnique()
      yield &storage.fields.nameSuffix
    }
  }
  /// The first value of `NICKNAME` (RFC 6350 §6.2.3) (CNContactNicknameKey).
  @inlinable public var nickname: String {
    get { storage.fields.nickname }
    _modify {
      makeUnique()
      yield &storage.fields.nickname
    }
  }
  /// The card's other nicknames: the items of `NICKNAME` after the first, and those of
  /// further `NICKNAME` lines (`NICKNAME:Bill,Billy`, `NICKNAME;TYPE=work:Boss`), in
  /// the order written; empty when there are none. Searched as the nickname is;
  /// CNContact keeps one nickname, so they are neither shown nor edited (an edit of
  /// `nickname` keeps them in the card).
  @inlinable public var otherNicknames: [String] {
    get { storage.fields.otherNicknames }
    _modify {
      makeUnique()
      yield &storage.fields.otherNicknames
    }
  }
  /// The card's name in other languages or scripts: the values of its `FN` lines after
  /// the one shown (`FN;ALTID=1;LANGUAGE=en` beside `FN;ALTID=1;LANGUAGE=ja`, RFC 6350
  /// §5.4, or a repeated `FN`) and of an `N` another of its `ALTID` represents (given,
  /// middle and family name, blank-separated; not an `N` that is the name's reading),
  /// in the order written; empty when there are none. Searched as the name is; neither
  /// shown nor edited (they stay in the card as written).
  @inlinable public var alternateNames: [String] {
    get { storage.fields.alternateNames }
    _modify {
      makeUnique()
      yield &storage.fields.alternateNames
    }
  }
  /// `X-PHONETIC-FIRST-NAME`, else component 2 of `SOUND;TYPE=X-IRMC-N` (CNContactPhoneticGivenNameKey).
  @inlinable public var phoneticGivenName: String {
    get { storage.fields.phoneticGivenName }
    _modify {
      makeUnique()
      yield &storage.fields.phoneticGivenName
    }
  }
  /// `X-PHONETIC-MIDDLE-NAME` (CNContactPhoneticMiddleNameKey).
  @inlinable public var phoneticMiddleName: String {
    get { storage.fields.phoneticMiddleName }
    _modify {
      makeUnique()
      yield &storage.fields.phoneticMiddleName
    }
  }
  /// `X-PHONETIC-LAST-NAME`, else component 1 of `SOUND;TYPE=X-IRMC-N` (CNContactPhoneticFamilyNameKey).
  @inlinable public var phoneticFamilyName: String {
    get { storage.fields.phoneticFamilyName }
    _modify {
      makeUnique()
      yield &storage.fields.phoneticFamilyName
    }
  }
  /// The sort strings of vCard 4.0 `SORT-AS` on `N` (RFC 6350 §5.9), in the order
  /// written (`N;SORT-AS="Mann,James":de Mann;Henry,James;;` → `["Mann", "James"]`);
  /// empty when absent. Sorting by family name uses them before the name parts.
  @inlinable public var nameSortAs: [String] {
    get { storage.fields.nameSortAs }
    _modify {
      makeUnique()
      yield &storage.fields.nameSortAs
    }
  }
  /// The sort strings of `SORT-AS` on `ORG`; an organization card sorts by them.
  @inlinable public var organizationSortAs: [String] {
    get { storage.fields.organizationSortAs }
    _modify {
      makeUnique()
      yield &storage.fields.organizationSortAs
    }
  }
  /// The first component of `ORG` (RFC 6350 §6.6.4) (CNContactOrganizationNameKey).
  @inlinable public var organizationName: String {
    get { storage.fields.organizationName }
    _modify {
      makeUnique()
      yield &storage.fields.organizationName
    }
  }
  /// The other non-empty `ORG` components, joined by `, ` (RFC 6350 §6.6.4) (CNContactDepartmentNameKey).
  @inlinable public var departmentName: String {
    get { storage.fields.departmentName }
    _modify {
      makeUnique()
      yield &storage.fields.departmentName
    }
  }
  /// `TITLE` (RFC 6350 §6.6.1) (CNContactJobTitleKey).
  @inlinable public var jobTitle: String {
    get { storage.fields.jobTitle }
    _modify {
      makeUnique()
      yield &storage.fields.jobTitle
    }
  }
  /// `ROLE` (RFC 6350 §6.6.2): the function or part played in the organization
  /// ("Counting Money" beside the title "Money Counter" in Outlook's exports). Apple's
  /// CNContact has no such key.
  @inlinable public var role: String {
    get { storage.fields.role }
    _modify {
      makeUnique()
      yield &storage.fields.role
    }
  }
  /// `BDAY` (RFC 6350 §6.2.5); `nil` when absent or unreadable (CNContactBirthdayKey).
  @inlinable public var birthday: ContactDate? {
    get { storage.fields.birthday }
    _modify {
      makeUnique()
      yield &storage.fields.birthday
    }
  }
  /// `NOTE` (RFC 6350 §6.7.2); several are joined by a blank line (CNContactNoteKey).
  @inlinable public var note: String {
    get { storage.fields.note }
    _modify {
      makeUnique()
      yield &storage.fields.note
    }
  }
  /// `TEL` values (RFC 6350 §6.4.1), a `tel:` scheme removed (CNContactPhoneNumbersKey).
  @inlinable public var phoneNumbers: [LabeledValue<String>] {
    get { storage.fields.phoneNumbers }
    _modify {
      makeUnique()
      yield &storage.fields.phoneNumbers
    }
  }
  /// `EMAIL` values (RFC 6350 §6.4.2), a `mailto:` scheme removed (CNContactEmailAddressesKey).
  @inlinable public var emailAddresses: [LabeledValue<String>] {
    get { storage.fields.emailAddresses }
    _modify {
      makeUnique()
      yield &storage.fields.emailAddresses
    }
  }
  /// `ADR` values (RFC 6350 §6.3.1) (CNContactPostalAddressesKey).
  @inlinable public var postalAddresses: [LabeledValue<PostalAddress>] {
    get { storage.fields.postalAddresses }
    _modify {
      makeUnique()
      yield &storage.fields.postalAddresses
    }
  }
  /// `URL` values (RFC 6350 §6.7.8) (CNContactUrlAddressesKey).
  @inlinable public var urlAddresses: [LabeledValue<String>] {
    get { storage.fields.urlAddresses }
    _modify {
      makeUnique()
      yield &storage.fields.urlAddresses
    }
  }
  /// `IMPP` (RFC 6350 §6.4.3) and `X-AIM`, `X-JABBER`, `X-SKYPE`, … values (CNContactInstantMessageAddressesKey).
  @inlinable public var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] {
    get { storage.fields.instantMessageAddresses }
    _modify {
      makeUnique()
      yield &storage.fields.instantMessageAddresses
    }
  }
  /// Apple's `X-SOCIALPROFILE` values (CNContactSocialProfilesKey).
  @inlinable public var socialProfiles: [LabeledValue<SocialProfile>] {
    get { storage.fields.socialProfiles }
    _modify {
      makeUnique()
      yield &storage.fields.socialProfiles
    }
  }
  /// Related people by name (`RELATED`, Apple's `X-ABRELATEDNAMES`).
  @inlinable public var contactRelations: [LabeledValue<String>] {
    get { storage.fields.contactRelations }
    _modify {
      makeUnique()
      yield &storage.fields.contactRelations
    }
  }
  /// Other dates: anniversary, Apple's `X-ABDATE`.
  @inlinable public var dates: [LabeledValue<ContactDate>] {
    get { storage.fields.dates }
    _modify {
      makeUnique()
      yield &storage.fields.dates
    }
  }
  /// The groups this contact belongs to (`CATEGORIES`, Apple group cards).
  @inlinable public var groups: [String] {
    get { storage.fields.groups }
    _modify {
      makeUnique()
      yield &storage.fields.groups
    }
  }
  /// Whether the card has a non-empty `PHOTO` (RFC 6350 §6.2.4) (CNContactImageDataAvailableKey).
  @inlinable public var hasImage: Bool {
    get { storage.fields.hasImage }
    _modify {
      makeUnique()
      yield &storage.fields.hasImage
    }
  }
  /// A photo to write on the card (CNContact's `imageData`): a JPEG set in memory
  /// (`new --photo`), written as the card's `PHOTO` by `ContactEncoder` (a new card)
  /// or in place of the card's `PHOTO` lines by the card editor (an edited one); an
  /// empty array takes the photo off. `nil`: the photo as it is — a contact read from
  /// a card keeps its photo in `sourceRecord` (read by `ContactPhotos.PhotoValue`).
  @inlinable public var imageData: [UInt8]? {
    get { storage.fields.imageData }
    _modify {
      makeUnique()
      yield &storage.fields.imageData
    }
  }
  /// The card this contact was read from, exactly as written, for lossless writing
  /// (`VCardWriter`); `nil` for a contact made in memory.
  @inlinable public var sourceRecord: SourceRecord? {
    get { storage.fields.sourceRecord }
    _modify {
      makeUnique()
      yield &storage.fields.sourceRecord
    }
  }

  /// Creates an empty contact with an identifier and a source.
  public init(identifier: String, source: String) {
    storage = Storage(Fields(identifier: identifier, source: source))
  }

  /// The name to show: `FN` when non-empty, otherwise composed by `ContactFormatter`
  /// (CJK family name first without a space), then the name's reading, organization,
  /// nickname, first email, first phone, a title or suffix alone. Never a placeholder;
  /// empty only for a card with none of them.
  public var displayName: String { displayNameInOrder(.auto) }

  /// Whether `FN` says nothing: empty, or only white space and line breaks (`FN: `,
  /// `FN:\n`). The name shown is then composed (`displayName`), a card written back
  /// gets that name as its `FN`, and a card with an organization and no name parts
  /// is an organization's (`ContactType.inferred`).
  /// So is an `FN` of nothing but invisible characters (U+200B, U+FEFF:
  /// `InvisibleCharacters`), which would name a card with nothing to see.
  public var formattedNameIsBlank: Bool { storage.fields.shownFormattedName.isEmpty }

  /// The name to show, with composed names in `order` (`--name-order`); `FN` is
  /// shown as written whatever the order.
  public func displayNameInOrder(_ order: ContactFormatter.NameOrder) -> String {
    let fn = storage.fields.shownFormattedName
    return fn.isEmpty ? ContactFormatter.string(for: self, order: order) : fn
  }

  /// Whether `trimmed` (a name without the white space around it) shows nothing: empty,
  /// or white space, default-ignorable code points, the blank Braille pattern (U+2800)
  /// and combining marks with nothing to combine with, alone.
  package static func isBlankName(_ trimmed: String) -> Bool {
    trimmed.isEmpty
      || (!InvisibleCharacters.isASCII(trimmed)
        && trimmed.unicodeScalars.allSatisfy { scalar in
          // Marks (`isMark`, a table lookup) before the binary properties.
          scalar.isMark(spacing: false) || scalar.properties.isWhitespace
            || InvisibleCharacters.isDefaultIgnorable(scalar) || scalar.value == 0x2800
        })
  }
}

extension String {
  /// The string without leading and trailing whitespace and newlines.
  var trimmingWhitespace: String {
    // Fast path: text that starts and ends with an ASCII character other than
    // whitespace has nothing to trim (an ASCII scalar other than `\n` never ends a
    // grapheme cluster that starts with whitespace, nor starts one).
    if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
      !String.isASCIIWhitespace(first), !String.isASCIIWhitespace(last)
    {
      return self
    }
    // Likewise for a Latin letter with a diacritic or a Han character at either end:
    // a scalar that is neither whitespace nor joins the character before it.
    if let first = unicodeScalars.first, let last = unicodeScalars.last, String.isSolidScalar(first),
      String.isSolidScalar(last)
    {
      return self
    }
    // Likewise for letters of Cyrillic, Greek, Arabic and Hangul at either end (names
    // in those scripts): not whitespace, and the character they end is not either.
    if let first = unicodeScalars.first, let last = unicodeScalars.last,
      String.isSolidScalar(first) || String.isLetterEnd(first), String.isSolidScalar(last) || String.isLetterEnd(last)
    {
      return self
    }
    // Otherwise by scalars, without walking characters (a name of a megabyte of marks
    // is one character, which `trimmingWhitespaceSlowly` walked at both ends): nothing
    // to trim when the first scalar is not whitespace and the last character cannot
    // start with whitespace.
    if let first = unicodeScalars.first, !first.properties.isWhitespace, !lastCharacterMayBeWhitespace {
      return self
    }
    return trimmingWhitespaceSlowly
  }

  /// False when the last character certainly does not start with whitespace (and so is
  /// not whitespace: `Character.isWhitespace` is its first scalar's): going back over
  /// the scalars that may continue a character (`mayContinueCharacter`), the scalar
  /// reached is not whitespace. A character that starts with whitespace continues only
  /// with such scalars (UAX #29 GB9, GB9a), so it would be reached.
  var lastCharacterMayBeWhitespace: Bool {
    for scalar in unicodeScalars.reversed() where !String.mayContinueCharacter(scalar) {
      return scalar.properties.isWhitespace
    }
    return false
  }

  /// True for the scalars that may continue a character (UAX #29: Grapheme_Cluster_Break
  /// Extend, ZWJ, SpacingMark), and a few more: grapheme extenders, marks, U+200D, the
  /// emoji skin-tone modifiers, Thai and Lao SARA AM. None is whitespace.
  @inline(__always)
  static func mayContinueCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200D, 0x0E33, 0x0EB3, 0x1F3FB...0x1F3FF: return true
    case 0..<0x300: return false
    default: return scalar.isMark(spacing: true) || scalar.properties.isGraphemeExtend
    }
  }

  /// True for a letter that, first or last in a string, makes neither its first nor
  /// its last character whitespace: it is not whitespace, and never extends a
  /// character that starts with whitespace (a Hangul syllable may extend a
  /// character, but only one that starts with a Hangul jamo). Cyrillic letters
  /// (without the combining marks U+0483–U+0489), Greek, the Arabic letters
  /// U+0620–U+064A, Hangul syllables.
  @inline(__always)
  static func isLetterEnd(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0370...0x03FF, 0x0400...0x0482, 0x048A...0x04FF, 0x0620...0x064A, 0xAC00...0xD7A3: return true
    default: return false
    }
  }

  /// True for a scalar that is not whitespace and always starts a character of its
  /// own (never extends the one before it): printable ASCII but space, the letters of
  /// Latin-1 and Latin Extended-A and -B, CJK unified ideographs.
  @inline(__always)
  package static func isSolidScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x21...0x7E, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x4E00...0x9FFF: return true
    default: return false
    }
  }

  /// True for the ASCII bytes whose characters are whitespace (`Character.isWhitespace`):
  /// tab, line feed, vertical tab, form feed, carriage return, space.
  @inline(__always)
  static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// `trimmingWhitespace` without the fast path: by characters.
  var trimmingWhitespaceSlowly: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
