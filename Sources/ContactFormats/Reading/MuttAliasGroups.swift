import Localization

/// The aliases of a mutt alias file that name other aliases (`alias family mom, dad,
/// Sis <sis@example.org>`), read as groups.
///
/// mutt expands such an alias when it is used: an address of its list with no `@` and
/// no name (`mom`, `<mom>`) is the key of another alias, looked up without regard to
/// case and expanded in turn (muttrc(5), "Defining/Using aliases"; mutt's
/// `expand_aliases_r`). cpick keeps the people and makes the list a group named by
/// its key, as a vCard 4.0 `KIND:group` card is one: every alias it names (through
/// other such aliases too) is a member, and so are the people of its own addresses when
/// it has some. The alias gives no contact of its own, and no "has no address" warning.
/// A name that is no alias of the file (mutt would send to a local user of that name)
/// is a warning `file:line: why`.
///
/// The definitions are gathered before any part of the file is read (a member may be
/// defined before the group or after it); an alias defined again counts in its last
/// definition, as in mutt (`MuttAliasReader.Survey` gives only those). An alias is in
/// at most `groupsPerAlias` groups, a file's aliases in `membershipsPerFile` in all,
/// and the searches for them visit `searchSteps` groups at most (`Budget`): a chain of
/// thousands of aliases naming the next, or a thousand groups naming a group of a
/// million, would otherwise put each person in thousands of groups (a billion
/// memberships from 26 MB).
struct MuttAliasGroups {
  /// One alias line that names other aliases.
  struct Definition: Sendable {
    /// The alias's key.
    var key: String
    /// The keys it names, as written, each once (without regard to case).
    var references: [String]
    /// Its first physical line (1-based).
    var line: Int
  }

  /// The most groups one alias is a member of through the aliases that name it.
  static let groupsPerAlias = 1_000
  /// The most memberships of all of a file's aliases through the groups that name them.
  static let membershipsPerFile = 2_000_000
  /// How many groups the searches of a whole file may visit (each group, each time a
  /// search reaches it): a bound on the time of a hostile file.
  static let searchSteps = 20_000_000

  /// What the searches of one file may still spend.
  struct Budget {
    /// Groups a search may still visit.
    var steps = MuttAliasGroups.searchSteps
    /// Memberships still to be given.
    var memberships = MuttAliasGroups.membershipsPerFile
  }

  /// The groups, in file order.
  private let groups: [Definition]
  /// Each group's key in lower case, by place.
  private let lowerKeys: [String]
  /// Each group's place in `groups`, by its key in lower case.
  private let place: [String: Int]
  /// For each key (lower case) a group names: the places of the groups that name it.
  private let namedBy: [String: [Int]]

  /// The groups of `definitions` (in file order; one for each key at most).
  init(_ definitions: [Definition]) {
    groups = definitions
    lowerKeys = definitions.map { $0.key.lowercased() }
    var place: [String: Int] = [:]
    var namedBy: [String: [Int]] = [:]
    for (number, group) in definitions.enumerated() {
      place[lowerKeys[number]] = number
      for reference in group.references { namedBy[reference.lowercased(), default: []].append(number) }
    }
    self.place = place
    self.namedBy = namedBy
  }

  /// Whether the file has no alias that names others (then nothing is looked up).
  var isEmpty: Bool { groups.isEmpty }

  /// What `groups(of:lowercased:budget:)` finds for an alias.
  struct Memberships {
    /// The groups' keys, in the order the file defines them.
    var groups: [String] = []
    /// Whether some were left out (`groupsPerAlias`, or the file's `Budget` spent).
    var isCut = false
  }

  /// The groups the alias `key` (`name` in lower case) is a member of — those that name
  /// it, those that name them, and so on (nearest first when there are more than
  /// `groupsPerAlias`); and its own when it is a group with addresses of its own —
  /// within `budget` (and taking what it spends from it).
  func groups(of key: String, lowercased name: String, budget: inout Budget) -> Memberships {
    guard !isEmpty else { return Memberships() }
    let own = place[name].flatMap { groups[$0].key == key ? $0 : nil }
    let direct = namedBy[name] ?? []
    guard own != nil || !direct.isEmpty else { return Memberships() }
    // Nothing more to give, or to search with: the rest of the file gets no group.
    guard budget.memberships > 0, budget.steps > 0 else { return Memberships(isCut: true) }
    let limit = min(Self.groupsPerAlias, budget.memberships)
    var reached = Set<Int>()
    // The groups in the order reached (a queue: the nearest first), one more than
    // `limit` at most. Each group looked at is a step.
    var order: [Int] = []
    var isCut = false
    func reach(_ group: Int) -> Bool {
      guard budget.steps > 0, order.count <= limit else {
        isCut = true
        return false
      }
      budget.steps -= 1
      if reached.insert(group).inserted { order.append(group) }
      return true
    }
    var next = 0
    if let own { _ = reach(own) }
    for group in direct where !reach(group) { break }
    search: while next < order.count && !isCut {
      for naming in namedBy[lowerKeys[order[next]]] ?? [] where !reach(naming) { break search }
      next += 1
    }
    if order.count > limit { isCut = true }
    let kept = min(order.count, limit)
    budget.memberships -= kept
    return Memberships(groups: order.prefix(kept).sorted().map { groups[$0].key }, isCut: isCut)
  }

  /// The names the groups give, each in lower case (to tell which are no alias: `unknownNames`).
  var names: Set<String> { Set(namedBy.keys) }

  /// A warning `source:line: why` for each name of a group that is no alias of the
  /// file, in file order, given the lower-case names of `names` the file defines as
  /// aliases (`defined`); a name of an alias without an address (`withoutAddress`) is
  /// said to be one. A long name is cut in the warning.
  func unknownNames(defined: Set<String>, withoutAddress: Set<String>, source: String) -> [String] {
    groups.flatMap { group in
      group.references.compactMap { reference -> String? in
        let lowercased = reference.lowercased()
        guard !defined.contains(lowercased) && place[lowercased] == nil else { return nil }
        let name = reference.count > 64 ? String(reference.prefix(64)) + "…" : reference
        let why =
          withoutAddress.contains(lowercased)
          ? L10n.deferredFormat("alias %s names %s, an alias without an address; left out of the group", group.key, name)
          : L10n.deferredFormat("alias %s names %s, which is no alias of this file; left out of the group", group.key, name)
        return "\(source):\(group.line): " + why
      }
    }
  }

  /// The alias keys named in `addresses`, an alias's address list (after its key, its
  /// comment cut off, muttrc's escapes undone: `mom\, dad` is two entries): the entries
  /// that are one atom with no `@` (`mom`, `<mom>`), as mutt's `expand_aliases_r` looks
  /// them up. The list is read by `AddressTokenizer`, as `MessageAddressParser` reads
  /// it: entries end at commas outside angle brackets, quotes and comments.
  ///
  /// - Complexity: O(n) in the length of `addresses`.
  static func references(in addresses: Substring) -> [String] {
    let utf8 = addresses.utf8
    // One entry with an `@` (most aliases: one address) names no alias: not tokenized.
    if !utf8.contains(UInt8(ascii: ",")) && utf8.contains(UInt8(ascii: "@")) { return [] }
    var references: [String] = []
    var entry: [AddressToken] = []
    var angle = false
    for spaced in AddressTokenizer.tokens(of: String(addresses)) {
      switch spaced.token {
      case .special("<"): angle = true
      case .special(">"): angle = false
      case .special(",") where !angle:
        if let word = reference(entry) { references.append(word) }
        entry.removeAll(keepingCapacity: true)
        continue
      default: break
      }
      entry.append(spaced.token)
    }
    if let word = reference(entry) { references.append(word) }
    return references
  }

  /// The alias key an entry of an address list names: its one atom, in angle brackets
  /// or not; nil for anything else (an address, a name, a quoted string, a comment).
  private static func reference(_ entry: [AddressToken]) -> String? {
    let inner =
      entry.count == 3 && entry.first == .special("<") && entry.last == .special(">") ? entry[1..<2] : entry[...]
    guard inner.count == 1, case .atom(let word)? = inner.first else { return nil }
    return word
  }
}
