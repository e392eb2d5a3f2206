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

  /// The key for a short (`email`) or full (`emailAddresses`) name, or another of
  /// its names on the command line (`ContactField.aliases`); `nil` when unknown.
  public init?(name: String) {
    if let key = ContactKey(rawValue: name) {
      self = key
      return
    }
    let lower = name.lowercased()
    guard let field = ContactField.all.first(where: { $0.shortName == lower || $0.aliases.contains(lower) }) else {
      return nil
    }
    self = field.key
  }

  /// What cpick knows of this key (`ContactField.all`).
  public var field: ContactField {
    ContactField.byKey[self]!
  }

  /// The short name (`email`) used on the command line and on the card.
  public var shortName: String { field.shortName }

  /// Whether the key holds several labeled values.
  public var isMultiValue: Bool { field.isMultiValue }
}

/// One row of the table of a contact's properties: its key (the CNContact key name,
/// also the person JSON's), its names on the command line, whether it holds several
/// labeled values, and the labels the new-person form offers for it. Per-key facts
/// live here rather than in a `switch` in each place that needs them.
public struct ContactField: Sendable {
  /// The key.
  public let key: ContactKey
  /// The name on the command line (`-p email`) and on the card.
  public let shortName: String
  /// Other names accepted on the command line, lower case (`mail`, `tel`).
  public let aliases: [String]
  /// Whether the key holds several labeled values.
  public let isMultiValue: Bool
  /// The standard labels the form's label key cycles through, in order (PRODUCT.md's
  /// labels, as fit the key); after them comes a custom label. Empty for a key the
  /// form does not edit.
  public let standardLabels: [String]
  /// The labels a new value gets in the form, the first not yet used (as Apple's
  /// Contacts does).
  public let defaultLabels: [String]

  /// The table, one row per key in `ContactKey.allCases` order.
  public static let all: [ContactField] = [
    ContactField(
      key: .phoneNumbers, shortName: "phone", aliases: ["phones", "tel", "telephone"], isMultiValue: true,
      standardLabels: ["mobile", "iPhone", "home", "work", "main", "homeFax", "workFax", "pager", "other"],
      defaultLabels: ["mobile", "home", "work", "main", "other"]),
    ContactField(
      key: .emailAddresses, shortName: "email", aliases: ["emails", "mail"], isMultiValue: true,
      standardLabels: labelsOfAddresses, defaultLabels: defaultLabelsOfAddresses),
    ContactField(
      key: .postalAddresses, shortName: "address", aliases: ["addresses", "adr", "postal"], isMultiValue: true,
      standardLabels: labelsOfAddresses, defaultLabels: defaultLabelsOfAddresses),
    ContactField(
      key: .urlAddresses, shortName: "url", aliases: ["urls", "web"], isMultiValue: true,
      standardLabels: labelsOfAddresses, defaultLabels: defaultLabelsOfAddresses),
    ContactField(
      key: .instantMessageAddresses, shortName: "im", aliases: ["impp", "chat"], isMultiValue: true,
      standardLabels: labelsOfAddresses, defaultLabels: defaultLabelsOfAddresses),
    ContactField(key: .socialProfiles, shortName: "social", aliases: [], isMultiValue: true),
    ContactField(key: .contactRelations, shortName: "relation", aliases: ["relations", "related"], isMultiValue: true),
    ContactField(key: .birthday, shortName: "birthday", aliases: ["bday"], isMultiValue: false),
    ContactField(key: .dates, shortName: "date", aliases: ["dates", "anniversary"], isMultiValue: true),
    ContactField(key: .note, shortName: "note", aliases: ["notes"], isMultiValue: false),
    ContactField(key: .organizationName, shortName: "organization", aliases: ["org", "company"], isMultiValue: false),
  ]

  /// `all` by key.
  static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

  /// The labels of emails, addresses, URLs and IM addresses.
  private static let labelsOfAddresses = ["home", "work", "school", "other"]
  private static let defaultLabelsOfAddresses = ["home", "work", "other"]

  private init(
    key: ContactKey, shortName: String, aliases: [String], isMultiValue: Bool, standardLabels: [String] = [],
    defaultLabels: [String] = []
  ) {
    self.key = key
    self.shortName = shortName
    self.aliases = aliases
    self.isMultiValue = isMultiValue
    self.standardLabels = standardLabels
    self.defaultLabels = defaultLabels
  }
}
