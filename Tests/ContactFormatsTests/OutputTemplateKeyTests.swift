import ContactKit
import Testing

@testable import ContactFormats

/// Issue 20, item 8: `--template` takes every key of the person JSON; a list prints its
/// values joined by `, `; key paths reach into a list's values.
@Suite struct OutputTemplateKeyTests {
  /// A contact with every key of the person JSON.
  static let everything: Contact = {
    var c = Contact(identifier: "urn:uuid:ada-1", source: "/books/people.vcf")
    c.namePrefix = "Lady"
    c.givenName = "Ada"
    c.middleName = "Augusta"
    c.familyName = "Lovelace"
    c.nameSuffix = "FRS"
    c.nickname = "Enchantress"
    c.phoneticGivenName = "AY-da"
    c.phoneticMiddleName = "aw-GUS-ta"
    c.phoneticFamilyName = "LUV-lace"
    c.organizationName = "Analytical Engines"
    c.departmentName = "Notes"
    c.jobTitle = "Mathematician"
    c.role = "Analyst"
    c.birthday = ContactDate(year: 1815, month: 12, day: 10)
    c.note = "Note G"
    c.phoneNumbers = [
      LabeledValue(identifier: "p1", label: "mobile", value: "+44 20 7946 0000"),
      LabeledValue(identifier: "p2", label: "home", value: "+44 20 7946 0001"),
    ]
    c.emailAddresses = [
      LabeledValue(identifier: "e1", label: "work", value: "ada@engines.example"),
      LabeledValue(identifier: "e2", label: "home", value: "ada@home.example"),
    ]
    c.postalAddresses = [
      LabeledValue(
        identifier: "a1", label: "home",
        value: PostalAddress(street: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "UK", isoCountryCode: "gb")),
      LabeledValue(identifier: "a2", label: "work", value: PostalAddress(city: "Ockham", country: "UK")),
    ]
    c.urlAddresses = [LabeledValue(identifier: "u1", label: "homepage", value: "https://ada.example")]
    c.instantMessageAddresses = [
      LabeledValue(identifier: "i1", label: nil, value: InstantMessageAddress(service: "xmpp", username: "ada@chat.example"))
    ]
    c.socialProfiles = [
      LabeledValue(
        identifier: "s1", label: nil,
        value: SocialProfile(service: "mastodon", username: "ada", urlString: "https://social.example/@ada"))
    ]
    c.contactRelations = [LabeledValue(identifier: "r1", label: "mother", value: "Anne Isabella Byron")]
    c.dates = [LabeledValue(identifier: "d1", label: "anniversary", value: ContactDate(year: 1835, month: 7, day: 8))]
    c.groups = ["Family", "Science"]
    c.hasImage = true
    return c
  }()

  /// Each key of the person JSON and what `{key}` prints for `everything`.
  static let expected: [String: String] = [
    "identifier": "urn:uuid:ada-1",
    "source": "/books/people.vcf",
    "contactType": "person",
    "displayName": "Lady Ada Augusta Lovelace FRS",
    "namePrefix": "Lady",
    "givenName": "Ada",
    "middleName": "Augusta",
    "familyName": "Lovelace",
    "nameSuffix": "FRS",
    "nickname": "Enchantress",
    "phoneticGivenName": "AY-da",
    "phoneticMiddleName": "aw-GUS-ta",
    "phoneticFamilyName": "LUV-lace",
    "organizationName": "Analytical Engines",
    "departmentName": "Notes",
    "jobTitle": "Mathematician",
    "role": "Analyst",
    "birthday": "1815-12-10",
    "note": "Note G",
    "phoneNumbers": "+44 20 7946 0000, +44 20 7946 0001",
    "emailAddresses": "ada@engines.example, ada@home.example",
    "postalAddresses": "12 St James's Square, London, SW1Y 4JH, UK, Ockham, UK",
    "urlAddresses": "https://ada.example",
    "instantMessageAddresses": "xmpp:ada@chat.example",
    "socialProfiles": "https://social.example/@ada",
    "contactRelations": "Anne Isabella Byron",
    "dates": "1835-07-08",
    "groups": "Family, Science",
    "hasImage": "true",
  ]

  @Test("every key of the person JSON is a field, and prints its value")
  func everyKey() throws {
    guard case .object(let members) = PersonJSON.person(Self.everything) else {
      Issue.record("no person object")
      return
    }
    let keys = members.map(\.0)
    // The JSON has every key for this contact, and the schema the templates read knows each.
    #expect(keys == PredicateKeyPaths.contactKeys)
    #expect(Set(keys) == Set(Self.expected.keys))
    for key in keys {
      let template = OutputTemplate("{\(key)}")
      #expect(template.unknownField() == nil, "\(key)")
      #expect(template.render(Self.everything) == Self.expected[key], "\(key)")
    }
  }

  @Test("a key path reaches into a list's values; @count counts them")
  func keyPaths() {
    let c = Self.everything
    #expect(OutputTemplate("{emailAddresses.label}").render(c) == "work, home")
    #expect(OutputTemplate("{emailAddresses.value}").render(c) == "ada@engines.example, ada@home.example")
    #expect(OutputTemplate("{postalAddresses.value.city}").render(c) == "London, Ockham")
    #expect(OutputTemplate("{phoneNumbers.@count} {groups.@count}").render(c) == "2 2")
    #expect(OutputTemplate("{instantMessageAddresses.value.service}").render(c) == "xmpp")
    for path in ["{emailAddresses.label}", "{postalAddresses.value.city}", "{phoneNumbers.@count}"] {
      #expect(OutputTemplate(path).unknownField() == nil, "\(path)")
    }
  }

  @Test("an address in a template is printed as -f value prints it: no invisible characters (U+200B, U+2060, U+FEFF)")
  func addressesWithoutInvisibles() {
    var c = Contact(identifier: "x", source: "t")
    c.givenName = "Ada"
    c.emailAddresses = [
      LabeledValue(identifier: "e1", label: "work", value: "ada\u{200B}@engines.example"),
      LabeledValue(identifier: "e2", label: "home", value: "\u{2060}ada@home\u{FEFF}.example"),
    ]
    #expect(OutputTemplate("{emailAddresses}").render(c) == "ada@engines.example, ada@home.example")
    #expect(OutputTemplate("{emailAddresses.value}").render(c) == "ada@engines.example, ada@home.example")
    #expect(OutputTemplate("{email}").render(c) == "ada@engines.example")
    let property = ContactProperty(contact: c, key: .emailAddresses, identifier: "e2", label: "home", value: .text(c.emailAddresses[1].value))
    #expect(OutputTemplate("{value} ({label})").render(property) == "ada@home.example (home)")
    // A name keeps its joiners where they join (a value that is no address is as written).
    #expect(OutputTemplate("{givenName}").render(c) == "Ada")
  }

  @Test("a list key of a contact without values prints nothing; hasImage false prints false")
  func empty() {
    let bare = Contact(identifier: "x", source: "t")
    #expect(OutputTemplate("[{groups}][{emailAddresses}][{phoneNumbers.@count}][{hasImage}]").render(bare) == "[][][0][false]")
  }

  @Test("a property's template reaches its contact's lists")
  func property() {
    let property = Self.everything.properties(for: .emailAddresses)[1]
    #expect(OutputTemplate("{value} ({label}) of {groups}").render(property) == "ada@home.example (home) of Family, Science")
  }

  @Test("vCard names are not fields: the message names the JSON key")
  func vCardNames() {
    #expect(OutputTemplate("{uid}").unknownField() == "unknown field {uid} (did you mean {identifier}?)")
    #expect(OutputTemplate("{fn}").unknownField() == "unknown field {fn} (did you mean {displayName}?)")
    #expect(OutputTemplate("{categories}").unknownField() == "unknown field {categories} (did you mean {groups}?)")
    #expect(OutputTemplate("{tel}").unknownField() == "unknown field {tel} (did you mean {phoneNumbers}?)")
    #expect(
      OutputTemplate("{postalAddresses.value.town}").unknownField()
        == "unknown field {postalAddresses.value.town} ('postalAddresses.value' has street, city, state, postalCode, country, isoCountryCode)")
    #expect(
      OutputTemplate("{emailAddresses.lable}").unknownField()
        == "unknown field {emailAddresses.lable} (did you mean 'emailAddresses.label'?)")
  }
}
