import ContactKit
import Testing

/// The table of a contact's properties: one row per key, and the names the command
/// line takes for each.
@Suite("Contact fields")
struct ContactFieldTests {
  @Test("one row per key, in the keys' order")
  func oneRowPerKey() {
    #expect(ContactField.all.map(\.key) == ContactKey.allCases)
  }

  @Test("every short name and alias names its key, and no name names two keys")
  func names() {
    var seen: [String: ContactKey] = [:]
    for field in ContactField.all {
      for name in [field.shortName] + field.aliases {
        #expect(seen[name] == nil, "\(name) names \(seen[name].map { "\($0)" } ?? "") and \(field.key)")
        seen[name] = field.key
        #expect(ContactKey(name: name) == field.key)
        #expect(ContactKey(name: name.uppercased()) == field.key)
      }
      #expect(ContactKey(name: field.key.rawValue) == field.key)
    }
    #expect(ContactKey(name: "tel") == .phoneNumbers)
    #expect(ContactKey(name: "company") == .organizationName)
    #expect(ContactKey(name: "fax") == nil)
  }

  @Test("the keys the new-person form edits offer labels; single values have none")
  func labels() {
    #expect(ContactKey.phoneNumbers.field.standardLabels.first == "mobile")
    #expect(ContactKey.emailAddresses.field.defaultLabels == ["home", "work", "other"])
    for field in ContactField.all where !field.isMultiValue { #expect(field.standardLabels.isEmpty) }
  }
}
