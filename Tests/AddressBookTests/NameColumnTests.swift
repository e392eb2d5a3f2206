import ContactKit
import Testing

@testable import CpickSupport
@testable import AddressBook

/// Display names stored as UTF-8 with their ends read as the strings they were.
@Suite("Name column")
struct NameColumnTests {
  @Test("UTF-8 with ends gives the names; decreasing ends or ends past the bytes are refused")
  func utf8Names() throws {
    let names = ["Ada Lovelace", "", "王小明", "Zoë 👩🏽‍🔬"]
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for name in names {
      bytes += Array(name.utf8)
      ends.append(UInt32(bytes.count))
    }
    let column = try #require(NameColumn(ends: FlatArray(ends), bytes: FlatArray(bytes)))
    #expect(Array(column) == names)
    #expect(column == NameColumn(names))
    #expect(column[2] == "王小明")
    #expect(NameColumn(ends: FlatArray([5, 3]), bytes: FlatArray(bytes)) == nil)
    #expect(NameColumn(ends: FlatArray([UInt32(bytes.count + 1)]), bytes: FlatArray(bytes)) == nil)
    #expect(NameColumn(ends: FlatArray([]), bytes: FlatArray([])) == [])
  }

  @Test("a text column gives its strings back, slices, joins and compares them as their UTF-8")
  func byteColumn() {
    let strings = ["Ada Lovelace", "", "王小明", "Zoë 👩🏽‍🔬", "ada", "Ada Lovelace-Byron"]
    let column = ByteColumn(strings)
    #expect(Array(column) == strings)
    #expect(column.count(of: 2) == 9 && column.count(of: 1) == 0)
    #expect(Array(column.slice(2..<5)) == Array(strings[2..<5]))
    #expect(column.slice(3..<3).isEmpty)
    var joined = column.slice(0..<2)
    joined.append(contentsOf: column.slice(2..<6))
    #expect(joined == column)
    #expect(column.compacted == column)
    var empty = ByteColumn()
    empty.append(contentsOf: column)
    #expect(empty == column)
    for a in strings.indices {
      #expect(column.sortPrefixes(a).first == strings[a].utf8SortPrefix)
      #expect(column.sortPrefixes(a).second == utf8SortPrefix(strings[a].utf8.dropFirst(8)))
      for b in strings.indices {
        let expected = strings[a].utf8.lexicographicallyPrecedes(strings[b].utf8)
        #expect((ByteColumn.compare(column, a, column, b) < 0) == expected, "\(strings[a]) < \(strings[b])")
        #expect((ByteColumn.compare(column, a, column, b) == 0) == (a == b || strings[a] == strings[b]))
      }
    }
  }

  @Test("a list just built keeps its names in one column, which the list file stores whole")
  func builtListNames() {
    var contacts: [Contact] = []
    for (number, name) in ["Zoë Åberg", "Grace Hopper", "王小明", "Ada Lovelace"].enumerated() {
      var contact = Contact(identifier: "id-\(number)", source: "book.vcf")
      contact.formattedName = name
      contacts.append(contact)
    }
    let list = ContactList(contacts, sortOrder: .given)
    #expect(Array(list.displayNames) == ["Ada Lovelace", "Grace Hopper", "王小明", "Zoë Åberg"])
    #expect(Array(list.displayNames.byteColumn) == Array(list.displayNames))
    #expect(list.sections == ["A", "G", "W", "Z"])
  }
}
