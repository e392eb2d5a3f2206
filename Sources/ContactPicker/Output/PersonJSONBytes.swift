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
    // The properties borrowed from the contact's box: no copy, no retain, for each.
    contact.withFields { fields in
      var person = ObjectWriter(&out)
      person.string("identifier", fields.identifier, &out)
      person.string("source", fields.source, &out)
      person.string("contactType", fields.contactType.rawValue, &out)
      person.string("displayName", displayName, &out)
      person.nonEmpty("namePrefix", fields.namePrefix, &out)
      person.nonEmpty("givenName", fields.givenName, &out)
      person.nonEmpty("middleName", fields.middleName, &out)
      person.nonEmpty("familyName", fields.familyName, &out)
      person.nonEmpty("nameSuffix", fields.nameSuffix, &out)
      person.nonEmpty("nickname", fields.nickname, &out)
      person.nonEmpty("phoneticGivenName", fields.phoneticGivenName, &out)
      person.nonEmpty("phoneticMiddleName", fields.phoneticMiddleName, &out)
      person.nonEmpty("phoneticFamilyName", fields.phoneticFamilyName, &out)
      person.nonEmpty("organizationName", fields.organizationName, &out)
      person.nonEmpty("departmentName", fields.departmentName, &out)
      person.nonEmpty("jobTitle", fields.jobTitle, &out)
      if let birthday = fields.birthday { person.nonEmpty("birthday", birthday.description, &out) }
      person.nonEmpty("note", fields.note, &out)
      person.list("phoneNumbers", fields.phoneNumbers, &out) { JSONValue.writeString($0, to: &$1) }
      person.list("emailAddresses", fields.emailAddresses, &out) { JSONValue.writeString($0, to: &$1) }
      person.list("postalAddresses", fields.postalAddresses, &out) { address, out in
        var object = ObjectWriter(&out)
        object.string("street", address.street, &out)
        object.string("city", address.city, &out)
        object.string("state", address.state, &out)
        object.string("postalCode", address.postalCode, &out)
        object.string("country", address.country, &out)
        object.string("isoCountryCode", address.isoCountryCode, &out)
        object.finish(&out)
      }
      person.list("urlAddresses", fields.urlAddresses, &out) { JSONValue.writeString($0, to: &$1) }
      person.list("instantMessageAddresses", fields.instantMessageAddresses, &out) { address, out in
        var object = ObjectWriter(&out)
        object.string("service", address.service, &out)
        object.string("username", address.username, &out)
        object.finish(&out)
      }
      person.list("socialProfiles", fields.socialProfiles, &out) { profile, out in
        var object = ObjectWriter(&out)
        object.string("service", profile.service, &out)
        object.string("username", profile.username, &out)
        object.string("urlString", profile.urlString, &out)
        object.finish(&out)
      }
      person.list("contactRelations", fields.contactRelations, &out) { JSONValue.writeString($0, to: &$1) }
      person.list("dates", fields.dates, &out) { JSONValue.writeString($0.description, to: &$1) }
      if !fields.groups.isEmpty {
        person.key("groups", &out)
        out.append(UInt8(ascii: "["))
        fields.groups.withUnsafeBufferPointer { groups in
          for index in groups.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(groups[index], to: &out)
          }
        }
        out.append(UInt8(ascii: "]"))
      }
      person.key("hasImage", &out)
      out.append(contentsOf: (fields.hasImage ? "true" : "false").utf8)
      person.finish(&out)
    }
  }

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
      values.withUnsafeBufferPointer { values in
        for index in values.indices {
          if index > 0 { out.append(UInt8(ascii: ",")) }
          var object = ObjectWriter(&out)
          object.string("identifier", values[index].identifier, &out)
          if let label = values[index].label { object.string("label", label, &out) }
          object.key("value", &out)
          value(values[index].value, &out)
          object.finish(&out)
        }
      }
      out.append(UInt8(ascii: "]"))
    }

    /// The closing `}`.
    func finish(_ out: inout [UInt8]) {
      out.append(UInt8(ascii: "}"))
    }
  }
}
