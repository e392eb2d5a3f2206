import ContactKit
import CpickTestSupport
import Matching
import Foundation

/// The contacts of shared case 20 (`people.vcf`).
let diacriticPeople: [Contact] = [
  TestContacts.person("Álvaro", "Peñalosa", emails: ["person1@diacritic.example"], fn: "Álvaro Peñalosa"),
  TestContacts.person("Alvaro", "Reyes", emails: ["person2@diacritic.example"], fn: "Alvaro Reyes"),
  TestContacts.person("Zoë", "Lindqvist", emails: ["person3@diacritic.example"], fn: "Zoë Lindqvist"),
  TestContacts.person("Łucja", "Wróbel", emails: ["person4@diacritic.example"], fn: "Łucja Wróbel"),
  TestContacts.person("Søren", "Dahl", emails: ["person5@diacritic.example"], fn: "Søren Dahl"),
  TestContacts.person("Ines", "Pratt", emails: ["person6@diacritic.example"], fn: "Ines Pratt"),
]

/// The contacts of shared case 21 (`phones.vcf`).
let phonePeople: [Contact] = [
  TestContacts.person("Tilde", "Arkwright", phones: ["0170 5550123"], fn: "Tilde Arkwright"),
  TestContacts.person("Ugo", "Baptiste", phones: ["0171-555-0144"], fn: "Ugo Baptiste"),
  TestContacts.person("Vera", "Castellane", phones: ["(0172) 555 01 55"], fn: "Vera Castellane"),
  TestContacts.person("Wim", "Dorsey", phones: ["+1 (555) 010-0166"], fn: "Wim Dorsey"),
  TestContacts.person("Xan", "Ellery", phones: ["tel:+1-555-010-0177"], fn: "Xan Ellery"),
]

/// The display names of the contacts a search returns, as a set.
func names(_ matches: [ContactMatch], in contacts: [Contact]) -> Set<String> {
  Set(matches.map { contacts[$0.index].displayName })
}

/// The display names in result order.
func orderedNames(_ matches: [ContactMatch], in contacts: [Contact]) -> [String] {
  matches.map { contacts[$0.index].displayName }
}

/// Rows of a `queries.tsv`: query, then the expected names separated by ` | `.
func readQueries(_ url: URL) throws -> [(query: String, expected: Set<String>)] {
  let text = try String(contentsOf: url, encoding: .utf8)
  return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
    let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard columns.count >= 2 else { return nil }
    let expected = columns[1].components(separatedBy: " | ").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return (String(columns[0]), Set(expected))
  }
}

/// A deterministic synthetic address book: names from small lists (some accented, some
/// Chinese), emails, organizations, phones.
func syntheticContacts(_ count: Int, seed: UInt64 = 42) -> [Contact] {
  let given = [
    "Ada", "Adaeze", "Alan", "Álvaro", "Beatriz", "Bjørn", "Chen", "Chloé", "Dmitri", "Eun-ji",
    "François", "Grace", "Hana", "Ines", "José", "Kwame", "Łucja", "Mei", "Noor", "Olumide",
    "Priya", "Quentin", "Rosa", "Søren", "Tomás", "Uma", "Viktor", "Wen", "Xavier", "Yusuf",
    "Zoë", "Adam", "Adele", "Daniel", "Sara", "Lena", "Mateo", "Nadia", "Omar", "Paul",
  ]
  let family = [
    "Okonkwo", "Lovelace", "Turing", "Peñalosa", "Reyes", "Lindqvist", "Wróbel", "Dahl",
    "Pratt", "Nakamura", "Kim", "Müller", "García", "Smith", "Johnson", "Brown", "Ivanova",
    "Haddad", "Silva", "Novak", "Rossi", "Dubois", "Andersen", "Kowalski", "O'Brien",
    "Adeyemi", "Fischer", "Costa", "Yilmaz", "Larsen",
  ]
  let chinese = ["王小明", "李娜", "张伟", "刘洋", "陈静", "杨磊"]
  let orgs = ["Acme", "Globex", "Initech", "Umbrella", "Stark Industries", "Wayne Enterprises", ""]
  var state = seed
  func next() -> Int {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return Int(truncatingIfNeeded: state >> 33)
  }
  var contacts: [Contact] = []
  contacts.reserveCapacity(count)
  for i in 0..<count {
    var contact: Contact
    if i % 50 == 7 {
      let name = chinese[next() % chinese.count]
      contact = Contact(identifier: "c\(i)", source: "synthetic")
      contact.familyName = String(name.prefix(1))
      contact.givenName = String(name.dropFirst())
    } else {
      let g = given[next() % given.count]
      let f = family[next() % family.count]
      contact = TestContacts.person(g, f, id: "c\(i)")
      contact.emailAddresses = [
        LabeledValue(
          identifier: "e", label: "work",
          value: "\(SearchFoldingForTests.ascii(g)).\(SearchFoldingForTests.ascii(f))\(i % 97)@example\(i % 13).com")
      ]
      contact.organizationName = orgs[next() % orgs.count]
    }
    let number = String(100_000_000 + next() % 900_000_000)
    contact.phoneNumbers = [
      LabeledValue(identifier: "p", label: "mobile", value: "+49 (0)\(number.prefix(3)) \(number.dropFirst(3))")
    ]
    contacts.append(contact)
  }
  return contacts
}

enum SearchFoldingForTests {
  static func ascii(_ s: String) -> String {
    s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .replacingOccurrences(of: "ł", with: "l").replacingOccurrences(of: "ø", with: "o")
      .filter { $0.isLetter && $0.isASCII }
  }
}
