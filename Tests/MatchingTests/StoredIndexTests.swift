import ContactKit
import CpickTestSupport
import Matching
import Testing
import CpickSupport

/// `ContactIndex(stored:…)`: an index over stored arrays used where they lie searches
/// as the index it was stored from, and refuses arrays that are not consistent.
@Suite("Index over stored arrays")
struct StoredIndexTests {
  static let people = diacriticPeople + [
    TestContacts.person("小明", "王", emails: ["xiaoming@example.cn"]), TestContacts.person("Ada", "Lovelace", phones: ["+44 20 7946 0001"]),
  ]

  static func stored(
    _ entries: IndexEntries, padding: [UInt8] = Array(repeating: 0, count: ContactIndex.bytePadding),
    fieldStarts: [Int32]? = nil, kinds: [UInt8]? = nil
  ) throws -> ContactIndex {
    try ContactIndex(
      stored: FlatArray(entries.bytes + padding), fieldStarts: FlatArray(fieldStarts ?? entries.fieldStarts),
      fieldKinds: FlatArray(kinds ?? entries.fieldKinds), contactStarts: FlatArray(entries.contactStarts),
      masks: FlatArray(entries.masks))
  }

  @Test("searches give what the index it came from gives")
  func sameSearches() throws {
    let built = ContactIndex(Self.people)
    let stored = try Self.stored(built.entries)
    #expect(stored.count == built.count)
    for query in ["alvaro", "lukasz", "wxm", "wang", "0001", "7946", "example", "!zoe", "^al", "xyz", ""] {
      #expect(stored.search(query) == built.search(query), "\(query)")
    }
    #expect(stored.entries == built.entries)
  }

  @Test("missing or non-zero padding, decreasing or short starts and unknown kinds are refused")
  func inconsistentArrays() throws {
    let entries = ContactIndex(Self.people).entries
    #expect(throws: IndexEntries.InvalidEntries.self) { try Self.stored(entries, padding: []) }
    #expect(throws: IndexEntries.InvalidEntries.self) { try Self.stored(entries, padding: [0, 0, 0, 0, 0, 0, 0, 1]) }
    var starts = entries.fieldStarts
    starts.swapAt(1, 2)
    #expect(throws: IndexEntries.InvalidEntries.self) { try Self.stored(entries, fieldStarts: starts) }
    #expect(throws: IndexEntries.InvalidEntries.self) { try Self.stored(entries, fieldStarts: Array(entries.fieldStarts.dropLast())) }
    var kinds = entries.fieldKinds
    kinds[0] = 250
    #expect(throws: IndexEntries.InvalidEntries.self) { try Self.stored(entries, kinds: kinds) }
  }
}
