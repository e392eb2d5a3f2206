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
}
