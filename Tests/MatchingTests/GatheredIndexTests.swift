import ContactKit
import CpickTestSupport
import Testing

@testable import Matching

/// `ContactIndex(gathering:order:)`: the contacts of several entries, in any order,
/// make the index those contacts make in that order.
@Suite("Index gathered from several entries")
struct GatheredIndexTests {
  @Test("gathered in an interleaved order (a contact with no field among them), the index is the one built in that order, padded with zeros")
  func interleaved() throws {
    let people = StoredIndexTests.people + [Contact(identifier: "empty", source: "synthetic")]
    let halves = [Array(people[..<(people.count / 2)]), Array(people[(people.count / 2)...])]
    let entries = halves.map { IndexEntries($0) }
    // Backwards through the second half, then every other contact of the first.
    var order: [ContactIndex.EntryReference] = []
    var expected: [Contact] = []
    for contact in halves[1].indices.reversed() {
      order.append(.init(entries: 1, contact: Int32(contact)))
      expected.append(halves[1][contact])
    }
    for contact in stride(from: 0, to: halves[0].count, by: 2) {
      order.append(.init(entries: 0, contact: Int32(contact)))
      expected.append(halves[0][contact])
    }
    let gathered = ContactIndex(gathering: entries, order: order)
    let built = ContactIndex(expected)
    #expect(gathered.count == expected.count)
    #expect(gathered.entries == built.entries)
    #expect(gathered.entries.contactStarts.count == expected.count + 1)
    #expect(gathered.bytes.count == built.bytes.count)
    #expect(gathered.bytes.buffer.suffix(ContactIndex.bytePadding).allSatisfy { $0 == 0 })
    // What a list file stores is checked as it is read.
    let stored = try StoredIndexTests.stored(gathered.entries)
    #expect(stored.entries == gathered.entries)
    for query in ["alvaro", "wang", "0001", "example", ""] {
      #expect(gathered.search(query) == built.search(query), "\(query)")
    }
  }
}
