import ContactKit
import ContactStores
import Foundation
import Testing

@testable import AddressBook

/// The duplicate check of a new contact in a large book looks only at the candidates
/// the list's index finds: it must find every duplicate that looking at every
/// contact finds.
@Suite("Duplicate candidates from the index")
struct DuplicateCandidatesTests {
  /// A new contact made from `contact` as someone would type it again: another
  /// identifier, with its names, emails and phones.
  static func probe(_ contact: Contact) -> Contact {
    var probe = Contact(identifier: "urn:uuid:new", source: "")
    probe.givenName = contact.givenName
    probe.middleName = contact.middleName
    probe.familyName = contact.familyName
    probe.organizationName = contact.organizationName
    probe.contactType = contact.contactType
    probe.emailAddresses = contact.emailAddresses
    probe.phoneNumbers = contact.phoneNumbers
    return probe
  }

  /// Each way of typing a contact again; a part not mentioned is left blank.
  static let variants: [(String, @Sendable (Contact) -> Contact)] = [
    ("as it is", { probe($0) }),
    ("only the name, upper case, parts swapped", { contact in
      var probe = Contact(identifier: "urn:uuid:new", source: "")
      (probe.givenName, probe.familyName) = (contact.familyName.uppercased(), contact.givenName.uppercased())
      probe.middleName = contact.middleName
      return probe
    }),
    ("only the emails, upper case", { contact in
      var probe = Contact(identifier: "urn:uuid:new", source: "")
      probe.emailAddresses = contact.emailAddresses.map {
        LabeledValue(identifier: $0.identifier, label: $0.label, value: $0.value.uppercased())
      }
      return probe
    }),
    ("only the phones, digits run together", { contact in
      var probe = Contact(identifier: "urn:uuid:new", source: "")
      probe.phoneNumbers = contact.phoneNumbers.map {
        LabeledValue(identifier: $0.identifier, label: $0.label, value: String($0.value.filter { $0.isNumber || $0 == "+" }))
      }
      return probe
    }),
  ]

  @Test("should find every duplicate a check of every contact finds, for each contact of the sample book typed again")
  func candidatesCoverTheDetector() throws {
    let contacts = try VCardFileStore(path: ContactListLoaderTests.sampleBook).load().contacts
    let list = ContactList(contacts)
    let everyone = DuplicateDetector(existingContacts: Array(list.contacts), region: "DE")
    var found = [String: Int]()
    for contact in list.contacts {
      for (name, variant) in Self.variants {
        let probe = variant(contact)
        let expected = Set(everyone.duplicates(of: probe).map { "\($0.contact.source)#\($0.contact.identifier)" })
        let candidates = Set(
          list.duplicateCandidates(of: probe, region: "DE").map { "\($0.source)#\($0.identifier)" })
        #expect(expected.isSubset(of: candidates), "\(contact.displayName), \(name)")
        found[name, default: 0] += expected.isEmpty ? 0 : 1
      }
    }
    // Real duplicates were looked for: every contact typed again is one of itself.
    #expect(found["as it is"] == list.contacts.count)
    #expect((found["only the emails, upper case"] ?? 0) > 30)
    #expect((found["only the phones, digits run together"] ?? 0) > 30)
  }

  @Test("should find a card named only in FN for a new contact with those name parts, and the other way round")
  func writtenNames() {
    var grace = Contact(identifier: "grace-fn", source: "other.vcf")
    grace.formattedName = "Grace Hopper"
    let list = ContactList([grace])
    var typed = Contact(identifier: "urn:uuid:new", source: "")
    (typed.givenName, typed.familyName) = ("grace", "HOPPER")
    let candidates = list.duplicateCandidates(of: typed, region: "DE")
    #expect(candidates.map(\.identifier) == ["grace-fn"])
    #expect(DuplicateDetector(existingContacts: candidates, region: "DE").duplicates(of: typed).count == 1)
    // A new card named only in FN finds the contact with those parts.
    var hopper = Contact(identifier: "hopper", source: "book.vcf")
    (hopper.givenName, hopper.familyName) = ("Grace", "Hopper")
    var written = Contact(identifier: "urn:uuid:new", source: "")
    written.formattedName = "Grace Hopper"
    #expect(ContactList([hopper]).duplicateCandidates(of: written, region: "DE").map(\.identifier) == ["hopper"])
  }

  @Test("should decode only the contacts that share something with the new one")
  func fewCandidates() throws {
    let contacts = try VCardFileStore(path: ContactListLoaderTests.sampleBook).load().contacts
    let list = ContactList(contacts)
    var stranger = Contact(identifier: "urn:uuid:new", source: "")
    stranger.givenName = "Zebulon"
    stranger.familyName = "Quixote"
    stranger.emailAddresses = [LabeledValue(identifier: "e", label: "home", value: "zq@nowhere.invalid")]
    #expect(list.duplicateCandidates(of: stranger, region: "DE").isEmpty)
    let ada = try #require(list.contacts.first { !$0.emailAddresses.isEmpty })
    let candidates = list.duplicateCandidates(of: Self.probe(ada), region: "DE")
    #expect(candidates.contains { $0.identifier == ada.identifier })
    #expect(candidates.count < 5)
  }
}
