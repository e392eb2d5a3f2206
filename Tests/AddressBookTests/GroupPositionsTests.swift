import CpickSupport
import Foundation
import Testing

@testable import AddressBook

/// `GroupPositions`: memberships in any order gathered into ascending, unique members;
/// lookup by name; the columns checked when read back.
@Suite struct GroupPositionsTests {
  @Test("memberships in any order, repeated, become each group's members ascending and once, in the order the groups were met")
  func building() {
    var builder = GroupPositions.Builder()
    for (group, position) in [("b", 7), ("a", 3), ("b", 2), ("a", 3), ("c", 0), ("b", 7), ("a", 1), ("b", 9)] {
      builder.add(group, Int32(position))
    }
    let groups = builder.build()
    #expect(groups.count == 3)
    #expect(Array(groups.names) == ["b", "a", "c"])
    #expect(groups.all.map { "\($0.name):\(Array($0.members))" } == ["b:[2, 7, 9]", "a:[1, 3]", "c:[0]"])
    #expect(Array(groups.starts) == [0, 3, 5, 6])
    #expect(groups.members.count == 6)
    #expect(groups.members(named: "a").map(Array.init) == [1, 3])
    #expect(groups.members(named: "A") == nil)
  }

  @Test("names are told apart by their UTF-8 (card values come composed); a lookup by name is by String equality")
  func namesByBytes() {
    var builder = GroupPositions.Builder(reservingCapacity: 1)
    builder.add("Caf\u{E9}", 0)
    builder.add("Cafe\u{301}", 4)
    builder.add("Caf\u{E9}", 2)
    let groups = builder.build()
    #expect(groups.count == 2)
    #expect(groups.members(named: "Cafe\u{301}").map(Array.init) == [0, 2])
  }

  @Test("a book naming one group in two canonically equivalent spellings has it once, cold and warm")
  func equivalentSpellingsInABook() throws {
    let sandbox = try ContactListLoaderTests.Sandbox()
    try sandbox.write(
      "book.vcf",
      ContactListLoaderTests.card("a", "Ada", "Lee", email: "a@x.example", extra: "CATEGORIES:Caf\u{E9},Tea\r\n")
        + ContactListLoaderTests.card("b", "Bo", "Lee", email: "b@x.example", extra: "CATEGORIES:Cafe\u{301}\r\n"))
    let loader = ContactListLoaderTests.loader([sandbox.path("book.vcf")], cache: sandbox.cache)
    for run in ["cold", "warm"] {
      let list = try loader.load().list
      #expect(list.groups.map(\.name) == ["Caf\u{E9}", "Tea"], "\(run)")
      #expect(list.groups.map(\.memberCount) == [2, 1], "\(run)")
      #expect(list.members(of: "Cafe\u{301}") == [0, 1], "\(run)")
      #expect(list.members(of: "tea") == [0], "\(run)")
    }
  }

  @Test("many distinct names: each found again after the slots grew")
  func manyNames() {
    var builder = GroupPositions.Builder()
    for position in 0..<5_000 { builder.add("g\(position % 1_000)", Int32(position)) }
    let groups = builder.build()
    #expect(groups.count == 1_000)
    #expect(groups.members.count == 5_000)
    #expect(groups.members(named: "g7").map(Array.init) == [7, 1_007, 2_007, 3_007, 4_007])
    #expect(Array(groups.names.prefix(3)) == ["g0", "g1", "g2"])
  }

  @Test("no groups")
  func empty() {
    let groups = GroupPositions.Builder().build()
    #expect(groups.count == 0 && groups.members.isEmpty && Array(groups.starts) == [0])
    #expect(groups.members(named: "x") == nil)
    #expect(GroupPositions().count == 0)
  }

  @Test("columns read back are refused when they disagree")
  func checkedColumns() {
    let names = NameColumn(["a", "b"])
    #expect(GroupPositions(names: names, starts: FlatArray([0, 1, 2]), members: FlatArray([4, 0]), count: 5) != nil)
    #expect(GroupPositions(names: names, starts: FlatArray([0, 1, 2]), members: FlatArray([5, 0]), count: 5) == nil)
    #expect(GroupPositions(names: names, starts: FlatArray([0, 2, 1]), members: FlatArray([4, 0]), count: 5) == nil)
    #expect(GroupPositions(names: names, starts: FlatArray([0, 1]), members: FlatArray([4]), count: 5) == nil)
    #expect(GroupPositions(names: names, starts: FlatArray([1, 1, 2]), members: FlatArray([4, 0]), count: 5) == nil)
    #expect(GroupPositions(names: names, starts: FlatArray([0, 1, 3]), members: FlatArray([4, 0]), count: 5) == nil)
  }
}
