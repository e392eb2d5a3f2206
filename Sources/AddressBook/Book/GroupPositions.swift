import CpickSupport

/// Every group of a list and the positions of its members (ascending), in three
/// columns: the group names, where each group's members start, and the members one
/// group after the other.
///
/// One allocation per column and none per group: a book whose cards carry millions of
/// distinct `CATEGORIES` costs a few bytes per group and per membership, not an array
/// and a table entry each (issue 22: 320,000 cards of 20 groups took 2.1 GB), and a
/// list read from its file (`ListSnapshot`) uses the columns where they lie. The table
/// from a name to its group is made at the first lookup by name: a query without
/// `--group` never makes it.
struct GroupPositions: Sendable {
  /// The groups' names, by group number (in the order the list first met them).
  let names: NameColumn
  /// Where group `g`'s members start in `members`: `starts[g]..<starts[g + 1]`;
  /// `names.count + 1` entries from 0.
  let starts: FlatArray<Int32>
  /// The members' positions in the list, group after group, each group's ascending.
  let members: FlatArray<Int32>
  private let table = NameTable()

  /// No groups.
  init() {
    self.init(unchecked: NameColumn([]), starts: FlatArray([0]), members: FlatArray())
  }

  private init(unchecked names: NameColumn, starts: FlatArray<Int32>, members: FlatArray<Int32>) {
    self.names = names
    self.starts = starts
    self.members = members
  }

  /// The groups stored as `names`, `starts` and `members` for a list of `count`
  /// contacts.
  ///
  /// - Returns: nil when the columns disagree (a damaged file): `starts` not one longer
  ///   than `names`, not ascending from 0 to the number of members, or a member outside
  ///   `0..<count`.
  init?(names: NameColumn, starts: FlatArray<Int32>, members: FlatArray<Int32>, count: Int) {
    guard starts.count == names.count + 1, starts.first == 0, Int(starts.last!) == members.count else { return nil }
    for group in 0..<names.count where starts[group] > starts[group + 1] { return nil }
    guard members.allSatisfy({ $0 >= 0 && Int($0) < count }) else { return nil }
    self.init(unchecked: names, starts: starts, members: members)
  }

  /// The number of groups.
  var count: Int { names.count }

  /// The positions of group number `group`'s members, ascending.
  subscript(group: Int) -> Slice<FlatArray<Int32>> {
    members[Int(starts[group])..<Int(starts[group + 1])]
  }

  /// The positions of the members of the group named `name` (String equality, so
  /// canonically equivalent spellings are one name), or nil when no group has it.
  ///
  /// - Complexity: O(groups) for the first lookup of a list (it makes the table), then
  ///   O(members).
  func members(named name: String) -> Slice<FlatArray<Int32>>? {
    let number = table.numbers(of: names)[name]
    return number.map { self[Int($0)] }
  }

  /// The groups one at a time: name and members.
  var all: some Sequence<(name: String, members: Slice<FlatArray<Int32>>)> {
    (0..<count).lazy.map { (names[$0], self[$0]) }
  }

  /// The table from a group's name to its number, made once.
  private final class NameTable: Sendable {
    private let made = Locked<[String: Int32]?>(nil)

    func numbers(of names: NameColumn) -> [String: Int32] {
      made.withLock { table in
        if let table { return table }
        var numbers: [String: Int32] = [:]
        numbers.reserveCapacity(names.count)
        for (number, name) in names.enumerated() where numbers[name] == nil { numbers[name] = Int32(number) }
        table = numbers
        return numbers
      }
    }
  }

  /// Gathers memberships (a group's name and a member's position, in any order) into
  /// `GroupPositions`: while gathering, the names' UTF-8 in one column, a hash and a
  /// slot per distinct name, and two integers per membership; no array or table entry
  /// of its own per group.
  ///
  /// Names are told apart by their UTF-8: the values of cards are composed (NFC) when
  /// decoded, so canonically equivalent names are the same bytes here.
  struct Builder {
    private var names = ByteColumn()
    /// Per group number, the hash of its name (its low 32 bits).
    private var hashes: [UInt32] = []
    /// Open addressing, linear probing: group number + 1, or 0 for an empty slot; a
    /// power of two, at most half full.
    private var slots = [Int32](repeating: 0, count: 16)
    private var groupOfMembership: [Int32] = []
    private var positionOfMembership: [Int32] = []

    /// Nothing gathered.
    init() {}

    /// Nothing gathered yet, with room for `memberships` (an upper bound on the
    /// groups too: the slots are never grown).
    init(reservingCapacity memberships: Int) {
      var count = 16
      while count < memberships * 2 { count *= 2 }
      slots = [Int32](repeating: 0, count: count)
      groupOfMembership.reserveCapacity(memberships)
      positionOfMembership.reserveCapacity(memberships)
    }

    /// The number of the group named by `bytes`, a new one when no name so far has
    /// them.
    private mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
      var hasher = Hasher()
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      let hash = UInt32(truncatingIfNeeded: hasher.finalize())
      if (names.count + 1) * 2 > slots.count { grow() }
      let mask = slots.count - 1
      var slot = Int(hash) & mask
      while slots[slot] != 0 {
        let number = Int(slots[slot] - 1)
        if hashes[number] == hash, names.withBytes(number, { $0.elementsEqual(bytes) }) { return Int32(number) }
        slot = (slot + 1) & mask
      }
      let number = Int32(names.count)
      names.append(bytes: bytes)
      hashes.append(hash)
      slots[slot] = number + 1
      return number
    }

    /// Twice the slots, each group put back by its stored hash.
    private mutating func grow() {
      slots = [Int32](repeating: 0, count: slots.count * 2)
      let mask = slots.count - 1
      for (number, hash) in hashes.enumerated() {
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(number + 1)
      }
    }

    /// Makes the contact at `position` a member of `group`; a contact added to a group
    /// twice is one member.
    mutating func add(_ group: String, _ position: Int32) {
      var group = group
      let number = group.withUTF8 { self.number(of: $0) }
      groupOfMembership.append(number)
      positionOfMembership.append(position)
    }

    /// The groups gathered; each group's members ascending, each once.
    ///
    /// - Complexity: O(memberships) (a counting sort by group), plus a sort of the
    ///   groups whose members came out of order.
    consuming func build() -> GroupPositions {
      let groupCount = names.count
      var starts = [Int32](repeating: 0, count: groupCount + 1)
      for group in groupOfMembership { starts[Int(group) + 1] += 1 }
      for group in 0..<groupCount { starts[group + 1] += starts[group] }
      var next = starts
      var members = [Int32](repeating: 0, count: positionOfMembership.count)
      for (group, position) in zip(groupOfMembership, positionOfMembership) {
        members[Int(next[Int(group)])] = position
        next[Int(group)] += 1
      }
      groupOfMembership = []
      positionOfMembership = []
      slots = []
      hashes = []
      // Sorted and made unique group by group, closing the gaps duplicates leave.
      var kept = 0
      var keptStarts = [Int32](repeating: 0, count: groupCount + 1)
      for group in 0..<groupCount {
        let range = Int(starts[group])..<Int(starts[group + 1])
        if !members[range].isSorted() { members[range].sort() }
        var previous: Int32? = nil
        for index in range where members[index] != previous {
          previous = members[index]
          members[kept] = members[index]
          kept += 1
        }
        keptStarts[group + 1] = Int32(kept)
      }
      members.removeLast(members.count - kept)
      return GroupPositions(
        unchecked: NameColumn(names), starts: FlatArray(keptStarts), members: FlatArray(members))
    }
  }
}

extension MutableCollection where Self: RandomAccessCollection, Element: Comparable {
  /// Whether the elements ascend (equal neighbours allowed).
  fileprivate func isSorted() -> Bool {
    var previous: Element? = nil
    for element in self {
      if let previous, element < previous { return false }
      previous = element
    }
    return true
  }
}
