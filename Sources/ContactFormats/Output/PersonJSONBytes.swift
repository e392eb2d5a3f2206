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
    let displayName = contact.displayNameInOrder(nameOrder ?? Self.nameOrder)
    // Written into a sink, appended to `out` in one copy.
    var sink = JSONByteSink(capacity: 1024)
    var person = ObjectWriter(&sink)
    person.string("identifier", contact.identifier, &sink)
    person.string("source", contact.source, &sink)
    person.string("contactType", contact.contactType.rawValue, &sink)
    person.string("displayName", displayName, &sink)
    person.nonEmpty("namePrefix", contact.namePrefix, &sink)
    person.nonEmpty("givenName", contact.givenName, &sink)
    person.nonEmpty("middleName", contact.middleName, &sink)
    person.nonEmpty("familyName", contact.familyName, &sink)
    person.nonEmpty("nameSuffix", contact.nameSuffix, &sink)
    person.nonEmpty("nickname", contact.nickname, &sink)
    person.nonEmpty("phoneticGivenName", contact.phoneticGivenName, &sink)
    person.nonEmpty("phoneticMiddleName", contact.phoneticMiddleName, &sink)
    person.nonEmpty("phoneticFamilyName", contact.phoneticFamilyName, &sink)
    person.nonEmpty("organizationName", contact.organizationName, &sink)
    person.nonEmpty("departmentName", contact.departmentName, &sink)
    person.nonEmpty("jobTitle", contact.jobTitle, &sink)
    if let birthday = contact.birthday { person.nonEmpty("birthday", birthday.description, &sink) }
    person.nonEmpty("note", contact.note, &sink)
    person.list("phoneNumbers", contact.phoneNumbers, &sink) { JSONValue.writeString($0, to: &$1) }
    person.list("emailAddresses", contact.emailAddresses, &sink) { JSONValue.writeString($0, to: &$1) }
    person.list("postalAddresses", contact.postalAddresses, &sink) { address, sink in
      var object = ObjectWriter(&sink)
      object.string("street", address.street, &sink)
      object.string("city", address.city, &sink)
      object.string("state", address.state, &sink)
      object.string("postalCode", address.postalCode, &sink)
      object.string("country", address.country, &sink)
      object.string("isoCountryCode", address.isoCountryCode, &sink)
      object.finish(&sink)
    }
    person.list("urlAddresses", contact.urlAddresses, &sink) { JSONValue.writeString($0, to: &$1) }
    person.list("instantMessageAddresses", contact.instantMessageAddresses, &sink) { address, sink in
      var object = ObjectWriter(&sink)
      object.string("service", address.service, &sink)
      object.string("username", address.username, &sink)
      object.finish(&sink)
    }
    person.list("socialProfiles", contact.socialProfiles, &sink) { profile, sink in
      var object = ObjectWriter(&sink)
      object.string("service", profile.service, &sink)
      object.string("username", profile.username, &sink)
      object.string("urlString", profile.urlString, &sink)
      object.finish(&sink)
    }
    person.list("contactRelations", contact.contactRelations, &sink) { JSONValue.writeString($0, to: &$1) }
    person.list("dates", contact.dates, &sink) { JSONValue.writeString($0.description, to: &$1) }
    if !contact.groups.isEmpty {
      person.key("groups", &sink)
      sink.append(UInt8(ascii: "["))
      contact.groups.withUnsafeBufferPointer { groups in
        for index in groups.indices {
          if index > 0 { sink.append(UInt8(ascii: ",")) }
          JSONValue.writeString(groups[index], to: &sink)
        }
      }
      sink.append(UInt8(ascii: "]"))
    }
    person.key("hasImage", &sink)
    sink.append(contact.hasImage ? "true" : "false")
    person.finish(&sink)
    sink.write(to: &out)
  }

  /// Writes the members of one JSON object in order: `{` when made, `"key":value`
  /// pairs separated by commas, `}` on `finish`.
  private struct ObjectWriter {
    private var empty = true

    init(_ sink: inout JSONByteSink) {
      sink.append(UInt8(ascii: "{"))
    }

    /// `"key":`, after a comma when a member came before.
    mutating func key(_ key: StaticString, _ sink: inout JSONByteSink) {
      sink.appendKey(key, afterComma: !empty)
      empty = false
    }

    mutating func string(_ key: StaticString, _ value: String, _ sink: inout JSONByteSink) {
      self.key(key, &sink)
      JSONValue.writeString(value, to: &sink)
    }

    /// The member only when `value` is not empty (PersonJSON leaves empty keys out).
    mutating func nonEmpty(_ key: StaticString, _ value: String, _ sink: inout JSONByteSink) {
      if !value.isEmpty { string(key, value, &sink) }
    }

    /// `"key":[{"identifier":…,"label":…,"value":…},…]`, left out when empty.
    mutating func list<V>(
      _ key: StaticString, _ values: [LabeledValue<V>], _ sink: inout JSONByteSink, _ value: (V, inout JSONByteSink) -> Void
    ) {
      guard !values.isEmpty else { return }
      self.key(key, &sink)
      sink.append(UInt8(ascii: "["))
      values.withUnsafeBufferPointer { values in
        for index in values.indices {
          if index > 0 { sink.append(UInt8(ascii: ",")) }
          var object = ObjectWriter(&sink)
          object.string("identifier", values[index].identifier, &sink)
          if let label = values[index].label { object.string("label", label, &sink) }
          object.key("value", &sink)
          value(values[index].value, &sink)
          object.finish(&sink)
        }
      }
      sink.append(UInt8(ascii: "]"))
    }

    /// The closing `}`.
    func finish(_ sink: inout JSONByteSink) {
      sink.append(UInt8(ascii: "}"))
    }
  }
}
