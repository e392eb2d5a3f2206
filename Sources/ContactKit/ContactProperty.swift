/// The value of one property, in the shape its key gives it.
public enum PropertyValue: Sendable, Hashable {
  /// Plain text: a phone number, email, URL, related name, note or organization.
  case text(String)
  /// A postal address (`postalAddresses`).
  case postalAddress(PostalAddress)
  /// A date (`birthday`, `dates`).
  case date(ContactDate)
  /// An instant-message address (`instantMessageAddresses`).
  case instantMessage(InstantMessageAddress)
  /// A social profile (`socialProfiles`).
  case socialProfile(SocialProfile)

  /// The value as one line of plain text: an address joined by `, `, a date in ISO
  /// 8601, an IM address as `service:user`, a profile as its URL (or user name).
  public var singleLine: String {
    switch self {
    case .text(let text): return text
    case .postalAddress(let address): return address.singleLine
    case .date(let date): return date.description
    case .instantMessage(let im): return im.service.isEmpty ? im.username : "\(im.service):\(im.username)"
    case .socialProfile(let profile): return profile.urlString.isEmpty ? profile.username : profile.urlString
    }
  }
}

/// One chosen or shown property of a contact (CNContactProperty): which contact,
/// which key, which labeled value.
public struct ContactProperty: Sendable, Hashable {
  /// The contact the property belongs to (CNContactProperty.contact).
  public var contact: Contact
  /// The property's key (CNContactProperty.key).
  public var key: ContactKey
  /// The labeled value's identifier; for a single-value key, `<contact identifier>/<key>`.
  public var identifier: String
  /// The labeled value's label (see `LabeledValue`); `nil` for none or a single-value key.
  public var label: String?
  /// The property's value (CNContactProperty.value).
  public var value: PropertyValue
  /// Whether the card marks the value as preferred (`PREF`, `TYPE=pref`; RFC 6350 §5.3).
  public var isPreferred: Bool

  /// Creates a property.
  public init(
    contact: Contact, key: ContactKey, identifier: String, label: String?, value: PropertyValue,
    isPreferred: Bool = false
  ) {
    self.contact = contact
    self.key = key
    self.identifier = identifier
    self.label = label
    self.value = value
    self.isPreferred = isPreferred
  }
}

extension Contact {
  /// The values of `key` as properties, preferred values first (`preferenceOrdered`:
  /// `PREF=1` before `PREF=2` before none; RFC 6350 §5.3), otherwise in card order.
  /// Empty single values give none.
  public func properties(for key: ContactKey) -> [ContactProperty] {
    func labeled<V>(_ values: [LabeledValue<V>], _ wrap: (V) -> PropertyValue) -> [ContactProperty] {
      values.preferenceOrdered().map {
        ContactProperty(
          contact: self, key: key, identifier: $0.identifier, label: $0.label, value: wrap($0.value),
          isPreferred: $0.isPreferred)
      }
    }
    func single(_ value: PropertyValue?) -> [ContactProperty] {
      guard let value, !value.singleLine.isEmpty else { return [] }
      return [ContactProperty(contact: self, key: key, identifier: "\(identifier)/\(key.rawValue)", label: nil, value: value)]
    }
    switch key {
    case .phoneNumbers: return labeled(phoneNumbers) { .text($0) }
    case .emailAddresses: return labeled(emailAddresses) { .text($0) }
    case .postalAddresses: return labeled(postalAddresses) { .postalAddress($0) }
    case .urlAddresses: return labeled(urlAddresses) { .text($0) }
    case .instantMessageAddresses: return labeled(instantMessageAddresses) { .instantMessage($0) }
    case .socialProfiles: return labeled(socialProfiles) { .socialProfile($0) }
    case .contactRelations: return labeled(contactRelations) { .text($0) }
    case .dates: return labeled(dates) { .date($0) }
    case .birthday: return single(birthday.map { .date($0) })
    case .note: return single(.text(note))
    case .organizationName: return single(.text(organizationName))
    }
  }

  /// Every property of the keys given, in that order (the card's rows).
  public func properties(for keys: [ContactKey]) -> [ContactProperty] {
    keys.flatMap { properties(for: $0) }
  }
}
