import Localization

/// The aliases of a mutt alias file that name other aliases (`alias family mom, dad,
/// Sis <sis@example.org>`), read as groups.
///
/// mutt expands such an alias when it is used: an address of its list with no `@` and
/// no name (`mom`, `<mom>`) is the key of another alias, looked up without regard to
/// case and expanded in turn (muttrc(5), "Defining/Using aliases"; mutt's
/// `expand_aliases_r`). cpick keeps the people and makes the list a group named by
/// its key, as a vCard 4.0 `KIND:group` card is one: every alias it names (through
/// other such aliases too) is a member, and so is the person of its own addresses when
/// it has some. The alias gives no contact of its own, and no "has no address" warning.
/// A name that is no alias of the file (mutt would send to a local user of that name)
/// is a warning `file:line: why`.
///
/// The definitions are gathered before any part of the file is read (a member may be
/// defined before the group or after it); an alias defined again as a group counts in
/// its last definition, as in mutt.
struct MuttAliasGroups {
  /// One alias line that names other aliases.
  struct Definition: Sendable {
    /// The alias's key.
    var key: String
    /// The keys it names, as written.
    var references: [String]
    /// Its first physical line (1-based).
    var line: Int
  }

  /// Each group's definition, by its key in lower case.
  private var definitions: [String: Definition] = [:]
  /// For each key (lower case) named by a group, directly or through other groups:
  /// the groups' keys, in the order the file defines them.
  private var memberships: [String: [String]] = [:]

  /// The groups of `definitions` (in file order).
  init(_ definitions: [Definition]) {
    for definition in definitions { self.definitions[definition.key.lowercased()] = definition }
    let groups = definitions.filter { self.definitions[$0.key.lowercased()]?.line == $0.line }
    for group in groups {
      // Every key the group reaches, each once (a loop of groups ends where it began).
      var reached: Set<String> = [group.key.lowercased()]
      var pending = [group.key.lowercased()]
      while let key = pending.popLast() {
        memberships[key, default: []].append(group.key)
        for reference in self.definitions[key]?.references ?? [] where reached.insert(reference.lowercased()).inserted {
          pending.append(reference.lowercased())
        }
      }
    }
  }

  /// Whether the file has no alias that names others (then nothing is looked up).
  var isEmpty: Bool { definitions.isEmpty }

  /// The groups the alias `key` is a member of, in the order the file defines them.
  func groups(of key: String) -> [String] {
    guard !isEmpty else { return [] }
    return memberships[key.lowercased()] ?? []
  }

  /// A warning `source:line: why` for each name of a group that is no alias of the
  /// file, in file order, given the lower-case keys of the aliases read (`isAlias`).
  func unknownNames(isAlias: (String) -> Bool, source: String) -> [String] {
    definitions.values.sorted { $0.line < $1.line }.flatMap { group in
      group.references.filter { !isAlias($0.lowercased()) && definitions[$0.lowercased()] == nil }.map {
        "\(source):\(group.line): "
          + L10n.deferredFormat("alias %s names %s, which is no alias of this file; left out of the group", group.key, $0)
      }
    }
  }

  /// The alias keys named in `addresses`, an alias's address list (after its key, its
  /// comment cut off): the entries that are one word with no `@` (`mom`, `<mom>`), as
  /// mutt's `expand_aliases_r` looks them up. Entries are separated by commas outside
  /// double quotes, comments (`(…)`) and angle brackets.
  ///
  /// - Complexity: O(n) in the length of `addresses`.
  static func references(in addresses: Substring) -> [String] {
    var references: [String] = []
    var quoted = false
    var escaped = false
    var angle = false
    var comment = 0
    let utf8 = addresses.utf8
    var entryStart = utf8.startIndex
    for index in utf8.indices {
      let byte = utf8[index]
      if escaped {
        escaped = false
        continue
      }
      switch byte {
      case UInt8(ascii: "\\"): escaped = true
      case UInt8(ascii: "\""): if comment == 0 { quoted.toggle() }
      case _ where quoted: break
      case UInt8(ascii: "("): comment += 1
      case UInt8(ascii: ")"): comment = max(0, comment - 1)
      case _ where comment > 0: break
      case UInt8(ascii: "<"): angle = true
      case UInt8(ascii: ">"): angle = false
      case UInt8(ascii: ",") where !angle:
        if let word = reference(utf8[entryStart..<index]) { references.append(word) }
        entryStart = utf8.index(after: index)
      default: break
      }
    }
    if let word = reference(utf8[entryStart...]) { references.append(word) }
    return references
  }

  /// The alias key `entry` (one entry of an address list) names: one word of no
  /// `@`, space, quote, comment, angle bracket or other address mark, in angle
  /// brackets or not; nil for anything else.
  private static func reference(_ entry: Substring.UTF8View.SubSequence) -> String? {
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    var word = entry.drop(while: isBlank)
    while let last = word.last, isBlank(last) { word = word.dropLast() }
    if word.count > 2, word.first == UInt8(ascii: "<"), word.last == UInt8(ascii: ">") {
      word = word.dropFirst().dropLast()
    }
    guard !word.isEmpty, !word.contains(where: { Self.marks.contains($0) }) else { return nil }
    return String(decoding: word, as: UTF8.self)
  }

  /// The bytes no alias key named in an address list holds: blanks and RFC 5322's
  /// specials.
  private static let marks: Set<UInt8> = Set(" \t\"()<>@,;:\\[]".utf8)
}
