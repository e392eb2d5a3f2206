import Foundation
import CpickSupport

/// A group of contacts (CNGroup): a name and its members.
///
/// From vCard `CATEGORIES` (RFC 6350 §6.7.1) and group cards (`KIND:group` with
/// `MEMBER`, Apple's `X-ADDRESSBOOKSERVER-KIND:group`). A person may be in several.
public struct ContactGroup: Sendable, Hashable {
  /// The group's name: a `CATEGORIES` value or a group card's `FN` (CNGroup.name).
  public var name: String
  /// How many contacts are in the group.
  public var memberCount: Int

  /// Creates a group.
  public init(name: String, memberCount: Int) {
    self.name = name
    self.memberCount = memberCount
  }
}

extension ContactGroup {
  /// `groups` in the order of their names as a file manager lists files
  /// (`localizedStandardCompare`: letters before case, accents and width; digits as
  /// numbers, `g2` before `g10`).
  ///
  /// Each name's key is made once (folded, each run of digits padded to 20), and the
  /// names are sorted by their keys; `localizedStandardCompare` only orders names of
  /// one key (`Work` and `work`). Comparing with it throughout made a collator for
  /// every comparison: 40,000 cards of 20 groups each took a minute.
  ///
  /// - Complexity: O(n log n) comparisons of keys, O(n) foldings.
  public static func byName(_ groups: [ContactGroup]) -> [ContactGroup] {
    let keys = groups.map { sortKey($0.name) }
    return groups.indices.sorted { a, b in
      if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
      return groups[a].name.localizedStandardCompare(groups[b].name) == .orderedAscending
    }.map { groups[$0] }
  }

  /// A name's key for `byName(_:)`: folded without case, accents and width, its runs
  /// of ASCII digits padded with zeros to 20 digits.
  static func sortKey(_ name: String) -> [UInt8] {
    // ASCII folds to its lower case without Foundation (a folding a name: 12 million
    // groups of `CATEGORIES` took a minute).
    let folded =
      InvisibleCharacters.isASCII(name)
      ? String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
      : name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var key: [UInt8] = []
    key.reserveCapacity(folded.utf8.count + 8)
    var digits: [UInt8] = []
    func flush() {
      guard !digits.isEmpty else { return }
      if digits.count < 20 { key += Array(repeating: UInt8(ascii: "0"), count: 20 - digits.count) }
      key += digits
      digits.removeAll(keepingCapacity: true)
    }
    for byte in folded.utf8 {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits.append(byte)
      } else {
        flush()
        key.append(byte)
      }
    }
    flush()
    return key
  }
}
