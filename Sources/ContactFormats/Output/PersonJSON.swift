import ContactKit

/// Contacts and properties as PRODUCT.md's JSON ("The JSON on stdout"): CNContact key
/// names, empty keys left out, keys in a fixed order.
///
/// The document is described once (`emitPerson`, `emitProperty`) and written either as
/// bytes (`writePerson(_:nameOrder:to:)`: a query or a stored list writes thousands)
/// or as a `JSONValue` tree (`person(_:nameOrder:)`: predicates and templates look
/// members up by name); both give the same text. `PersonJSONReader` reads it back.
public enum PersonJSON {
  /// The version of the document's shape. Part of the on-disk index's format version
  /// (the stored lists hold every contact's JSON): raise it whenever a key, its order
  /// or a value's spelling changes, so that no stored list prints the old shape.
  public static let schemaVersion = 2

  /// The person object of `contact`; `nameOrder` shapes a composed `displayName`
  /// (`--name-order`).
  public static func person(_ contact: Contact, nameOrder: ContactFormatter.NameOrder = .auto) -> JSONValue {
    var tree = JSONTreeEmitter()
    emitPerson(contact, nameOrder: nameOrder, to: &tree)
    return tree.value ?? .null
  }

  /// Appends the person object of `contact` to `out` as UTF-8: the same bytes as
  /// `person(contact, nameOrder:).serialized`, written without a tree.
  public static func writePerson(
    _ contact: Contact, nameOrder: ContactFormatter.NameOrder = .auto, to out: inout [UInt8]
  ) {
    var emitter = JSONBytesEmitter(capacity: 1024)
    emitPerson(contact, nameOrder: nameOrder, to: &emitter)
    emitter.sink.write(to: &out)
  }

  /// `{"key":…,"identifier":…,"label":…,"value":…}`; a missing label is left out; an
  /// address value is an object, an IM address `{"service","username"}`, a profile
  /// `{"service","username","urlString"}`.
  public static func property(_ property: ContactProperty) -> JSONValue {
    var tree = JSONTreeEmitter()
    emitProperty(property, to: &tree)
    return tree.value ?? .null
  }

  /// A postal address object with every field (CNPostalAddress keys).
  public static func postalAddress(_ address: PostalAddress) -> JSONValue {
    var tree = JSONTreeEmitter()
    emitPostalAddress(address, to: &tree)
    return tree.value ?? .null
  }
}

extension PersonJSON {
  /// The person object, member by member.
  static func emitPerson<E: JSONEmitter & ~Copyable>(
    _ contact: Contact, nameOrder: ContactFormatter.NameOrder, to out: inout E
  ) {
    out.beginObject()
    out.member("identifier", contact.identifier)
    out.member("source", contact.source)
    out.member("contactType", contact.contactType.rawValue)
    out.member("displayName", contact.displayNameInOrder(nameOrder))
    out.nonEmptyMember("namePrefix", contact.namePrefix)
    out.nonEmptyMember("givenName", contact.givenName)
    out.nonEmptyMember("middleName", contact.middleName)
    out.nonEmptyMember("familyName", contact.familyName)
    out.nonEmptyMember("nameSuffix", contact.nameSuffix)
    out.nonEmptyMember("nickname", contact.nickname)
    out.nonEmptyMember("phoneticGivenName", contact.phoneticGivenName)
    out.nonEmptyMember("phoneticMiddleName", contact.phoneticMiddleName)
    out.nonEmptyMember("phoneticFamilyName", contact.phoneticFamilyName)
    out.nonEmptyMember("organizationName", contact.organizationName)
    out.nonEmptyMember("departmentName", contact.departmentName)
    out.nonEmptyMember("jobTitle", contact.jobTitle)
    out.nonEmptyMember("role", contact.role)
    if let birthday = contact.birthday { out.nonEmptyMember("birthday", birthday.description) }
    out.nonEmptyMember("note", contact.note)
    emitList("phoneNumbers", contact.phoneNumbers, to: &out) { $1.string($0) }
    emitList("emailAddresses", contact.emailAddresses, to: &out) { $1.string($0) }
    emitList("postalAddresses", contact.postalAddresses, to: &out) { emitPostalAddress($0, to: &$1) }
    emitList("urlAddresses", contact.urlAddresses, to: &out) { $1.string($0) }
    emitList("instantMessageAddresses", contact.instantMessageAddresses, to: &out) { emitInstantMessage($0, to: &$1) }
    emitList("socialProfiles", contact.socialProfiles, to: &out) { emitSocialProfile($0, to: &$1) }
    emitList("contactRelations", contact.contactRelations, to: &out) { $1.string($0) }
    emitList("dates", contact.dates, to: &out) { $1.string($0.description) }
    if !contact.groups.isEmpty {
      out.key("groups")
      out.beginArray()
      for group in contact.groups { out.string(group) }
      out.endArray()
    }
    out.key("hasImage")
    out.bool(contact.hasImage)
    out.endObject()
  }

  /// `"key":[{"identifier":…,"label":…,"preference":…,"value":…},…]`, the most
  /// preferred first (`preferenceOrdered`), left out when empty; `label` and
  /// `preference` (1–100, RFC 6350 §5.3 `PREF`) only when the value has them.
  @inline(__always)
  static func emitList<V, E: JSONEmitter & ~Copyable>(
    _ key: StaticString, _ values: [LabeledValue<V>], to out: inout E, _ value: (V, inout E) -> Void
  ) {
    guard !values.isEmpty else { return }
    out.key(key)
    out.beginArray()
    for labeled in values.preferenceOrdered() {
      out.beginObject()
      out.member("identifier", labeled.identifier)
      if let label = labeled.label { out.member("label", label) }
      if let preference = labeled.preference {
        out.key("preference")
        out.number(preference)
      }
      out.key("value")
      value(labeled.value, &out)
      out.endObject()
    }
    out.endArray()
  }

  /// The property object.
  static func emitProperty<E: JSONEmitter & ~Copyable>(_ property: ContactProperty, to out: inout E) {
    out.beginObject()
    out.member("key", property.key.rawValue)
    out.member("identifier", property.identifier)
    if let label = property.label { out.member("label", label) }
    out.key("value")
    switch property.value {
    case .text(let text): out.string(text)
    case .date(let date): out.string(date.description)
    case .postalAddress(let address): emitPostalAddress(address, to: &out)
    case .instantMessage(let address): emitInstantMessage(address, to: &out)
    case .socialProfile(let profile): emitSocialProfile(profile, to: &out)
    }
    out.endObject()
  }

  /// A postal address object with every field (CNPostalAddress keys).
  static func emitPostalAddress<E: JSONEmitter & ~Copyable>(_ address: PostalAddress, to out: inout E) {
    out.beginObject()
    out.member("street", address.street)
    out.member("city", address.city)
    out.member("state", address.state)
    out.member("postalCode", address.postalCode)
    out.member("country", address.country)
    out.member("isoCountryCode", address.isoCountryCode)
    out.endObject()
  }

  /// `{"service":…,"username":…}`.
  static func emitInstantMessage<E: JSONEmitter & ~Copyable>(_ address: InstantMessageAddress, to out: inout E) {
    out.beginObject()
    out.member("service", address.service)
    out.member("username", address.username)
    out.endObject()
  }

  /// `{"service":…,"username":…,"urlString":…}`.
  static func emitSocialProfile<E: JSONEmitter & ~Copyable>(_ profile: SocialProfile, to out: inout E) {
    out.beginObject()
    out.member("service", profile.service)
    out.member("username", profile.username)
    out.member("urlString", profile.urlString)
    out.endObject()
  }
}
