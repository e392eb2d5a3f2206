import ContactKit

/// Contacts and properties as PRODUCT.md's JSON: CNContact key names, empty keys
/// left out, keys in a fixed order.
public enum PersonJSON {
  /// The order of composed display names in the JSON of this process (`--name-order`;
  /// set once at start-up, before any output).
  nonisolated(unsafe) public static var nameOrder = ContactFormatter.NameOrder.auto

  /// The person object of PRODUCT.md ("The JSON on stdout").
  ///
  /// `nameOrder` shapes a composed `displayName` (`--name-order`); the default is the
  /// process-wide `PersonJSON.nameOrder`.
  public static func person(_ contact: Contact, nameOrder: ContactFormatter.NameOrder? = nil) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("identifier", .string(contact.identifier)),
      ("source", .string(contact.source)),
      ("contactType", .string(contact.contactType.rawValue)),
      ("displayName", .string(contact.displayNameInOrder(nameOrder ?? Self.nameOrder))),
    ]
    func add(_ key: String, _ value: String) {
      if !value.isEmpty { members.append((key, .string(value))) }
    }
    func addList<V>(_ key: String, _ values: [LabeledValue<V>], _ encode: (V) -> JSONValue) {
      if !values.isEmpty { members.append((key, .array(values.map { labeled($0, encode) }))) }
    }
    add("namePrefix", contact.namePrefix)
    add("givenName", contact.givenName)
    add("middleName", contact.middleName)
    add("familyName", contact.familyName)
    add("nameSuffix", contact.nameSuffix)
    add("nickname", contact.nickname)
    add("phoneticGivenName", contact.phoneticGivenName)
    add("phoneticMiddleName", contact.phoneticMiddleName)
    add("phoneticFamilyName", contact.phoneticFamilyName)
    add("organizationName", contact.organizationName)
    add("departmentName", contact.departmentName)
    add("jobTitle", contact.jobTitle)
    add("birthday", contact.birthday?.description ?? "")
    add("note", contact.note)
    addList("phoneNumbers", contact.phoneNumbers) { .string($0) }
    addList("emailAddresses", contact.emailAddresses) { .string($0) }
    addList("postalAddresses", contact.postalAddresses, postalAddress)
    addList("urlAddresses", contact.urlAddresses) { .string($0) }
    addList("instantMessageAddresses", contact.instantMessageAddresses) {
      .object([("service", .string($0.service)), ("username", .string($0.username))])
    }
    addList("socialProfiles", contact.socialProfiles) {
      .object([
        ("service", .string($0.service)), ("username", .string($0.username)),
        ("urlString", .string($0.urlString)),
      ])
    }
    addList("contactRelations", contact.contactRelations) { .string($0) }
    addList("dates", contact.dates) { .string($0.description) }
    if !contact.groups.isEmpty { members.append(("groups", .array(contact.groups.map { .string($0) }))) }
    members.append(("hasImage", .bool(contact.hasImage)))
    return .object(members)
  }

  /// `{"identifier":…,"label":…,"value":…}`; a missing label is left out.
  public static func labeled<V>(_ value: LabeledValue<V>, _ encode: (V) -> JSONValue) -> JSONValue {
    var members: [(String, JSONValue)] = [("identifier", .string(value.identifier))]
    if let label = value.label { members.append(("label", .string(label))) }
    members.append(("value", encode(value.value)))
    return .object(members)
  }

  /// A postal address object with every field (CNPostalAddress keys).
  public static func postalAddress(_ address: PostalAddress) -> JSONValue {
    .object([
      ("street", .string(address.street)), ("city", .string(address.city)),
      ("state", .string(address.state)), ("postalCode", .string(address.postalCode)),
      ("country", .string(address.country)), ("isoCountryCode", .string(address.isoCountryCode)),
    ])
  }
}

extension PersonJSON {
  /// `{"key":…,"identifier":…,"label":…,"value":…}` (PRODUCT.md); an address value is
  /// an object, an IM address `{"service","username"}`, a profile `{"service","username","urlString"}`.
  public static func property(_ property: ContactProperty) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("key", .string(property.key.rawValue)), ("identifier", .string(property.identifier)),
    ]
    if let label = property.label { members.append(("label", .string(label))) }
    members.append(("value", value(property.value)))
    return .object(members)
  }

  /// A property's value as JSON.
  public static func value(_ value: PropertyValue) -> JSONValue {
    switch value {
    case .text(let text): return .string(text)
    case .date(let date): return .string(date.description)
    case .postalAddress(let address): return postalAddress(address)
    case .instantMessage(let im): return .object([("service", .string(im.service)), ("username", .string(im.username))])
    case .socialProfile(let profile):
      return .object([
        ("service", .string(profile.service)), ("username", .string(profile.username)),
        ("urlString", .string(profile.urlString)),
      ])
    }
  }
}
