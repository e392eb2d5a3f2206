import ContactKit

extension PersonJSON {
  /// Appends the person object of `contact` to `out` as UTF-8: the same bytes as
  /// `person(contact, nameOrder:).serialized`, written directly instead of through a
  /// `JSONValue` tree (a query or a stored list writes thousands of them).
  ///
  /// `nameOrder` shapes a composed `displayName`; the default is the process-wide
  /// `PersonJSON.nameOrder`.
  public static func writePerson(
    _ contact: Contact, nameOrder: ContactFormatter.NameOrder? = nil, to out: inout [UInt8]
  ) {
    var person = ObjectWriter(&out)
    person.string("identifier", contact.identifier, &out)
    person.string("source", contact.source, &out)
    person.string("contactType", contact.contactType.rawValue, &out)
    person.string("displayName", contact.displayNameInOrder(nameOrder ?? Self.nameOrder), &out)
    for (key, value) in textMembers { person.nonEmpty(key, value(contact), &out) }
    person.nonEmpty("birthday", contact.birthday?.description ?? "", &out)
    person.nonEmpty("note", contact.note, &out)
    person.list("phoneNumbers", contact.phoneNumbers, &out) { JSONValue.writeString($0, to: &$1) }
    person.list("emailAddresses", contact.emailAddresses, &out) { JSONValue.writeString($0, to: &$1) }
    person.list("postalAddresses", contact.postalAddresses, &out) { address, out in
      var object = ObjectWriter(&out)
      object.string("street", address.street, &out)
      object.string("city", address.city, &out)
      object.string("state", address.state, &out)
      object.string("postalCode", address.postalCode, &out)
      object.string("country", address.country, &out)
      object.string("isoCountryCode", address.isoCountryCode, &out)
      object.finish(&out)
    }
    person.list("urlAddresses", contact.urlAddresses, &out) { JSONValue.writeString($0, to: &$1) }
    person.list("instantMessageAddresses", contact.instantMessageAddresses, &out) { address, out in
      var object = ObjectWriter(&out)
      object.string("service", address.service, &out)
      object.string("username", address.username, &out)
      object.finish(&out)
    }
    person.list("socialProfiles", contact.socialProfiles, &out) { profile, out in
      var object = ObjectWriter(&out)
      object.string("service", profile.service, &out)
      object.string("username", profile.username, &out)
      object.string("urlString", profile.urlString, &out)
      object.finish(&out)
    }
    person.list("contactRelations", contact.contactRelations, &out) { JSONValue.writeString($0, to: &$1) }
    person.list("dates", contact.dates, &out) { JSONValue.writeString($0.description, to: &$1) }
    if !contact.groups.isEmpty {
      person.key("groups", &out)
      out.append(UInt8(ascii: "["))
      for (index, group) in contact.groups.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(group, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
    person.key("hasImage", &out)
    out.append(contentsOf: (contact.hasImage ? "true" : "false").utf8)
    person.finish(&out)
  }

  /// The text members between `displayName` and `birthday`, in PersonJSON's order.
  private static let textMembers: [(StaticString, @Sendable (Contact) -> String)] = [
    ("namePrefix", { $0.namePrefix }), ("givenName", { $0.givenName }), ("middleName", { $0.middleName }),
    ("familyName", { $0.familyName }), ("nameSuffix", { $0.nameSuffix }), ("nickname", { $0.nickname }),
    ("phoneticGivenName", { $0.phoneticGivenName }), ("phoneticMiddleName", { $0.phoneticMiddleName }),
    ("phoneticFamilyName", { $0.phoneticFamilyName }), ("organizationName", { $0.organizationName }),
    ("departmentName", { $0.departmentName }), ("jobTitle", { $0.jobTitle }),
  ]

  /// Writes the members of one JSON object in order: `{` when made, `"key":value`
  /// pairs separated by commas, `}` on `finish`.
  private struct ObjectWriter {
    private var empty = true

    init(_ out: inout [UInt8]) {
      out.append(UInt8(ascii: "{"))
    }

    /// `"key":`, after a comma when a member came before.
    mutating func key(_ key: StaticString, _ out: inout [UInt8]) {
      if !empty { out.append(UInt8(ascii: ",")) }
      empty = false
      out.append(UInt8(ascii: "\""))
      key.withUTF8Buffer { out.append(contentsOf: $0) }
      out.append(UInt8(ascii: "\""))
      out.append(UInt8(ascii: ":"))
    }

    mutating func string(_ key: StaticString, _ value: String, _ out: inout [UInt8]) {
      self.key(key, &out)
      JSONValue.writeString(value, to: &out)
    }

    /// The member only when `value` is not empty (PersonJSON leaves empty keys out).
    mutating func nonEmpty(_ key: StaticString, _ value: String, _ out: inout [UInt8]) {
      if !value.isEmpty { string(key, value, &out) }
    }

    /// `"key":[{"identifier":…,"label":…,"value":…},…]`, left out when empty.
    mutating func list<V>(
      _ key: StaticString, _ values: [LabeledValue<V>], _ out: inout [UInt8], _ value: (V, inout [UInt8]) -> Void
    ) {
      guard !values.isEmpty else { return }
      self.key(key, &out)
      out.append(UInt8(ascii: "["))
      for (index, labeled) in values.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        var object = ObjectWriter(&out)
        object.string("identifier", labeled.identifier, &out)
        if let label = labeled.label { object.string("label", label, &out) }
        object.key("value", &out)
        value(labeled.value, &out)
        object.finish(&out)
      }
      out.append(UInt8(ascii: "]"))
    }

    /// The closing `}`.
    func finish(_ out: inout [UInt8]) {
      out.append(UInt8(ascii: "}"))
    }
  }
}
