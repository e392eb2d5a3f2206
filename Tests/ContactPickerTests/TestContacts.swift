import ContactKit

/// Small invented address books for the picker tests.
enum TestContacts {
  static func person(
    _ given: String, _ family: String, email: String? = nil, phone: String? = nil, org: String = "",
    fn: String? = nil
  ) -> Contact {
    var contact = Contact(identifier: "\(given)-\(family)", source: "test.vcf")
    contact.givenName = given
    contact.familyName = family
    contact.formattedName = fn ?? ""
    contact.organizationName = org
    if let email { contact.emailAddresses = [LabeledValue(identifier: "e-\(given)", label: "work", value: email)] }
    if let phone { contact.phoneNumbers = [LabeledValue(identifier: "p-\(given)", label: "mobile", value: phone)] }
    return contact
  }

  static let book: [Contact] = [
    person("Ada", "Lovelace", email: "ada@example.org"),
    person("José", "Álvarez", email: "jose.alvarez@example.com", org: "Álvarez & Ruiz"),
    person("Charles", "Babbage", phone: "+44 20 7946 0001"),
    person("小明", "王", email: "xiaoming@example.cn"),
    person("Grace", "Hopper", email: "grace@navy.example", phone: "+1 (555) 010-0142"),
    person("Alan", "Turing", email: "alan@bletchley.example"),
    person("Zoë", "Lindqvist", email: "zoe@example.se"),
  ]
}
