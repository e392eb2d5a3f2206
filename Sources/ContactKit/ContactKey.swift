/// The keys of a contact's properties that can be shown on the card and chosen
/// (CNContact key names, as in PRODUCT.md's JSON).
///
/// Short names for the command line (`-p email`) map to these; the full keys
/// (`emailAddresses`) are accepted too.
public enum ContactKey: String, Sendable, Hashable, CaseIterable {
  /// Phone numbers, `TEL` (CNContactPhoneNumbersKey); short name `phone`.
  case phoneNumbers
  /// Email addresses, `EMAIL` (CNContactEmailAddressesKey); short name `email`.
  case emailAddresses
  /// Postal addresses, `ADR` (CNContactPostalAddressesKey); short name `address`.
  case postalAddresses
  /// URLs, `URL` (CNContactUrlAddressesKey); short name `url`.
  case urlAddresses
  /// Instant-message addresses, `IMPP`, `X-AIM`, … (CNContactInstantMessageAddressesKey); short name `im`.
  case instantMessageAddresses
  /// Social profiles, `X-SOCIALPROFILE` (CNContactSocialProfilesKey); short name `social`.
  case socialProfiles
  /// Related names, `RELATED`, `X-ABRELATEDNAMES` (CNContactRelationsKey); short name `relation`.
  case contactRelations
  /// The birthday, `BDAY` (CNContactBirthdayKey); single-value; short name `birthday`.
  case birthday
  /// Other dates, `ANNIVERSARY`, `X-ABDATE` (CNContactDatesKey); short name `date`.
  case dates
  /// The note, `NOTE` (CNContactNoteKey); single-value; short name `note`.
  case note
  /// The organization, `ORG` (CNContactOrganizationNameKey); single-value; short name `organization`.
  case organizationName

  /// The key for a short (`email`) or full (`emailAddresses`) name; `nil` when unknown.
  public init?(name: String) {
    if let key = ContactKey(rawValue: name) {
      self = key
      return
    }
    switch name.lowercased() {
    case "email", "emails", "mail": self = .emailAddresses
    case "phone", "phones", "tel", "telephone": self = .phoneNumbers
    case "address", "addresses", "adr", "postal": self = .postalAddresses
    case "url", "urls", "web": self = .urlAddresses
    case "im", "impp", "chat": self = .instantMessageAddresses
    case "social": self = .socialProfiles
    case "relation", "relations", "related": self = .contactRelations
    case "birthday", "bday": self = .birthday
    case "date", "dates", "anniversary": self = .dates
    case "note", "notes": self = .note
    case "organization", "org", "company": self = .organizationName
    default: return nil
    }
  }

  /// The short name (`email`) used on the command line and on the card.
  public var shortName: String {
    switch self {
    case .phoneNumbers: return "phone"
    case .emailAddresses: return "email"
    case .postalAddresses: return "address"
    case .urlAddresses: return "url"
    case .instantMessageAddresses: return "im"
    case .socialProfiles: return "social"
    case .contactRelations: return "relation"
    case .birthday: return "birthday"
    case .dates: return "date"
    case .note: return "note"
    case .organizationName: return "organization"
    }
  }

  /// Whether the key holds several labeled values.
  public var isMultiValue: Bool {
    switch self {
    case .birthday, .note, .organizationName: return false
    default: return true
    }
  }
}
