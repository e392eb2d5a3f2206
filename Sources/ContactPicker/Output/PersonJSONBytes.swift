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
    // Written into a sink, appended to `out` in one copy; the properties borrowed
    // from the contact's box: no copy, no retain, for each.
    var sink = JSONByteSink(capacity: 1024)
    contact.withFields { fields in
      var person = ObjectWriter(&sink)
      person.string("identifier", fields.identifier, &sink)
      person.string("source", fields.source, &sink)
      person.string("contactType", fields.contactType.rawValue, &sink)
      person.string("displayName", displayName, &sink)
      person.nonEmpty("namePrefix", fields.namePrefix, &sink)
      person.nonEmpty("givenName", fields.givenName, &sink)
      person.nonEmpty("middleName", fields.middleName, &sink)
      person.nonEmpty("familyName", fields.familyName, &sink)
      person.nonEmpty("nameSuffix", fields.nameSuffix, &sink)
      person.nonEmpty("nickname", fields.nickname, &sink)
      person.nonEmpty("phoneticGivenName", fields.phoneticGivenName, &sink)
      person.nonEmpty("phoneticMiddleName", fields.phoneticMiddleName, &sink)
      person.nonEmpty("phoneticFamilyName", fields.phoneticFamilyName, &sink)
      person.nonEmpty("organizationName", fields.organizationName, &sink)
      person.nonEmpty("departmentName", fields.departmentName, &sink)
      person.nonEmpty("jobTitle", fields.jobTitle, &sink)
      if let birthday = fields.birthday { person.nonEmpty("birthday", birthday.description, &sink) }
      person.nonEmpty("note", fields.note, &sink)
      person.list("phoneNumbers", fields.phoneNumbers, &sink) { JSONValue.writeString($0, to: &$1) }
      person.list("emailAddresses", fields.emailAddresses, &sink) { JSONValue.writeString($0, to: &$1) }
      person.list("postalAddresses", fields.postalAddresses, &sink) { address, sink in
        var object = ObjectWriter(&sink)
        object.string("street", address.street, &sink)
        object.string("city", address.city, &sink)
        object.string("state", address.state, &sink)
        object.string("postalCode", address.postalCode, &sink)
        object.string("country", address.country, &sink)
        object.string("isoCountryCode", address.isoCountryCode, &sink)
        object.finish(&sink)
      }
      person.list("urlAddresses", fields.urlAddresses, &sink) { JSONValue.writeString($0, to: &$1) }
      person.list("instantMessageAddresses", fields.instantMessageAddresses, &sink) { address, sink in
        var object = ObjectWriter(&sink)
        object.string("service", address.service, &sink)
        object.string("username", address.username, &sink)
        object.finish(&sink)
      }
      person.list("socialProfiles", fields.socialProfiles, &sink) { profile, sink in
        var object = ObjectWriter(&sink)
        object.string("service", profile.service, &sink)
        object.string("username", profile.username, &sink)
        object.string("urlString", profile.urlString, &sink)
        object.finish(&sink)
      }
      person.list("contactRelations", fields.contactRelations, &sink) { JSONValue.writeString($0, to: &$1) }
      person.list("dates", fields.dates, &sink) { JSONValue.writeString($0.description, to: &$1) }
      if !fields.groups.isEmpty {
        person.key("groups", &sink)
        sink.append(UInt8(ascii: "["))
        fields.groups.withUnsafeBufferPointer { groups in
          for index in groups.indices {
            if index > 0 { sink.append(UInt8(ascii: ",")) }
            JSONValue.writeString(groups[index], to: &sink)
          }
        }
        sink.append(UInt8(ascii: "]"))
      }
      person.key("hasImage", &sink)
      sink.append(fields.hasImage ? "true" : "false")
      person.finish(&sink)
    }
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
