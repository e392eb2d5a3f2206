import ContactKit
import CpickSupport
import Matching
import Testing

@testable import AddressBook

/// `ContactList`'s order: by sort key, then display name (both as UTF-8), then segment
/// and position — with keys that share their first eight and sixteen bytes, in a list
/// long enough to be sorted in two halves.
@Suite("The order of a list built from segments")
struct ListOrderTests {
  @Test("keys alike in their first 8, 16 or 24 bytes, and whole keys alike, sort as whole keys, then names, then place")
  func sharedPrefixes() {
    // Family names alike for 8, 16 and 24 bytes, and given names that differ only at
    // the end; some people twice (the same key and name: their place decides).
    let families = ["Montgomery", "Montgomerz", "Montgomery-Whitfield", "Montgomery-Whitfielder", "Montgomery-Whitfield-Smythe", "Mo"]
    let givens = ["Alexandra", "Alexandrb", "Al", "Alexandra Maria", "Alexandra Marib"]
    var contacts: [Contact] = []
    for number in 0..<ContactList.SortOrdering.halvedFrom + 1_000 {
      var contact = Contact(identifier: "id-\(number)", source: "book.vcf")
      contact.familyName = families[(number * 7) % families.count]
      contact.givenName = givens[(number * 11) % givens.count]
      if number % 13 == 0 { contact.formattedName = "\(contact.givenName) \(contact.familyName) \(number % 3)" }
      contacts.append(contact)
    }
    let segments = ListSegment.build(contacts, sortOrder: .family, nameOrder: .auto, sectionIndex: .current)
    let list = ContactList(segments: segments, sortOrder: .family, nameOrder: .auto, sectionIndex: .current)
    // The order expected, from the segments' keys and names compared whole.
    var references: [ContactIndex.EntryReference] = []
    for (number, segment) in segments.enumerated() {
      for contact in 0..<segment.count { references.append(.init(entries: Int32(number), contact: Int32(contact))) }
    }
    let expected = references.sorted { a, b in
      let (x, y) = (segments[Int(a.entries)], segments[Int(b.entries)])
      let (i, j) = (Int(a.contact), Int(b.contact))
      let byKey = ByteColumn.compare(x.sortKeys, i, y.sortKeys, j)
      if byKey != 0 { return byKey < 0 }
      let byName = ByteColumn.compare(x.displayNames, i, y.displayNames, j)
      if byName != 0 { return byName < 0 }
      return (a.entries, a.contact) < (b.entries, b.contact)
    }
    #expect(segments.count > 2)
    let same = list.contacts.order.map { [$0.entries, $0.contact] } == expected.map { [$0.entries, $0.contact] }
    #expect(same)
    // The keys do share their first sixteen bytes somewhere, so the test reaches the whole keys.
    let keys = Set(segments.flatMap { Array($0.sortKeys) })
    #expect(Dictionary(grouping: keys) { Array($0.utf8.prefix(16)) }.values.contains { $0.count > 1 })
  }

  @Test("a row's name is the display name every output gives: line breaks around FN trimmed, an FN of line breaks falls back to N")
  func rowNames() {
    let written = ["\n", "Anna Trail\n", "\nLeo Lead", "\u{200B}", "Ida"]
    let contacts = written.enumerated().map { number, fn in
      var contact = Contact(identifier: "c\(number)", source: "book.vcf")
      contact.formattedName = fn
      contact.givenName = "Kai\(number)"
      contact.familyName = "Smith"
      return contact
    }
    let segments = ListSegment.build(contacts, sortOrder: .unsorted, nameOrder: .auto, sectionIndex: .current)
    let list = ContactList(segments: segments, sortOrder: .unsorted, nameOrder: .auto, sectionIndex: .current)
    #expect(list.contacts.indices.map { list.displayNames[$0] } == ["Kai0 Smith", "Anna Trail", "Leo Lead", "Kai3 Smith", "Ida"])
    #expect(list.contacts.indices.map { list.displayNames[$0] } == list.contacts.map(\.displayName))
  }

  @Test("a group's members are its contacts' places in the list, each once, whatever order they were read in")
  func groupMembers() {
    let people: [(String, [String])] = [
      ("Zoe", ["team", "Team"]), ("Ada", ["team", "team"]), ("Max", []), ("Bea", ["Team", "solo"]), ("Cy", ["team"]),
    ]
    let contacts = people.enumerated().map { number, person in
      var contact = Contact(identifier: "id-\(number)", source: "book.vcf")
      contact.givenName = person.0
      contact.groups = person.1
      return contact
    }
    let list = ContactList(contacts, sortOrder: .given)
    #expect(list.displayNames.map { $0 } == ["Ada", "Bea", "Cy", "Max", "Zoe"])
    #expect(list.groupPositions.members(named: "team").map(Array.init) == [0, 2, 4])
    #expect(list.groupPositions.members(named: "Team").map(Array.init) == [1, 4])
    #expect(list.members(of: "solo") == [1])
    #expect(Dictionary(uniqueKeysWithValues: list.groups.map { ($0.name, $0.memberCount) }) == ["solo": 1, "team": 3, "Team": 2])
  }
}
