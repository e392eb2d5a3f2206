import ContactKit

/// Invented contacts for the tests.
public enum TestContacts {
  /// A person the way the vCard mapping would make one: given and family names,
  /// emails (`work`) and phones (`mobile`), organization, `FN`.
  ///
  /// - Parameters:
  ///   - email, phone: one value each (in front of `emails`/`phones`).
  ///   - fn: the formatted name; empty when `nil`.
  ///   - id: the contact's identifier; `"<given>-<family>"` when `nil`.
  public static func person(
    _ given: String, _ family: String, email: String? = nil, phone: String? = nil,
    emails: [String] = [], phones: [String] = [], org: String = "", fn: String? = nil, id: String? = nil,
    source: String = "test.vcf"
  ) -> Contact {
    var contact = Contact(identifier: id ?? "\(given)-\(family)", source: source)
    contact.givenName = given
    contact.familyName = family
    contact.formattedName = fn ?? ""
    contact.organizationName = org
    contact.emailAddresses = ((email.map { [$0] } ?? []) + emails).enumerated().map {
      LabeledValue(identifier: valueIdentifier("e", given, $0.offset), label: "work", value: $0.element)
    }
    contact.phoneNumbers = ((phone.map { [$0] } ?? []) + phones).enumerated().map {
      LabeledValue(identifier: valueIdentifier("p", given, $0.offset), label: "mobile", value: $0.element)
    }
    return contact
  }

  /// `e-Ada`, then `e-Ada-1`, `e-Ada-2`, …
  static func valueIdentifier(_ kind: String, _ given: String, _ index: Int) -> String {
    index == 0 ? "\(kind)-\(given)" : "\(kind)-\(given)-\(index)"
  }
}
