import ContactKit
import CpickSupport
import Foundation
import Localization

/// Reads a mutt or NeoMutt alias file (`alias_file`, e.g. `~/.mutt/aliases`): one
/// `alias [-group NAME]... KEY ADDRESS, ADDRESS…` line per alias, as mutt's
/// `parse_alias` reads it (muttrc(5), "Defining/Using aliases").
///
/// - `#` outside quotes starts a comment: a whole line of it is skipped; after an
///   alias it is NeoMutt's alias comment, kept as the contact's note.
/// - A line ending in a backslash continues on the next line.
/// - The addresses are an RFC 5322 address list (`Ada Lovelace <ada@example.org>`,
///   `"Lovelace, Ada" <ada@example.org>`, `ada@example.org (Ada)`), read by
///   `MessageAddressParser`, which decodes RFC 2047 encoded names (`=?UTF-8?Q?…?=`).
///
/// An alias of one person is one contact: the person's name, every address as an
/// email, the alias key as the nickname, each `-group` as a group. Its identifier is
/// made from the file and the key (`ForeignRecordIdentifier`). An alias of several
/// people (`alias boss Carol King <carol@…>, Dan Ray <dan@…>`: addresses under
/// different names) is a contact for each, in a group named by the key (abook's mutt
/// import makes it one contact named by the first, which gives Dan's address as
/// Carol's); an address without a name (or with one of no letter or digit) is the
/// first person's. An alias defined again replaces the earlier one, as in mutt. An
/// alias that names other aliases (`alias family mom, dad`) is a group of them
/// (`MuttAliasGroups`). Lines that are not aliases (other muttrc commands, an alias
/// without key or address) are warnings `file:line: why`; the rest is read.
package enum MuttAliasReader {
  /// Whether `bytes` are an alias file: in their first 4 KiB, the first line that is
  /// neither blank nor a comment is an `alias` command, or the lines before the first
  /// `alias` are commands of muttrc(5) (`muttrcCommands`: a muttrc that defines its
  /// aliases after its settings — mutt's own `$alias_file` is `~/.muttrc` unless set).
  ///
  /// - Complexity: O(n) in the length of the first 4 KiB.
  package static func isAliasFile(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline) {
      let trimmed = line.trimmingSpaces
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let word = trimmed.prefix { $0 != " " && $0 != "\t" }
      if word == "alias" { return true }
      guard muttrcCommands.contains(String(word)) else { return false }
    }
    return false
  }

  /// The commands of muttrc(5) and neomuttrc(5) a configuration file starts with (one
  /// that also defines aliases is an alias file: `isAliasFile`).
  static let muttrcCommands: Set<String> = [
    "set", "unset", "reset", "toggle", "source", "bind", "unbind", "macro", "unmacro", "color", "uncolor",
    "mono", "unmono", "mailboxes", "unmailboxes", "named-mailboxes", "my_hdr", "unmy_hdr", "ignore", "unignore",
    "hdr_order", "unhdr_order", "auto_view", "unauto_view", "alternative_order", "unalternative_order",
    "mime_lookup", "unmime_lookup", "lists", "unlists", "subscribe", "unsubscribe", "alternates", "unalternates",
    "group", "ungroup", "unalias", "folder-hook", "send-hook", "send2-hook", "reply-hook", "save-hook",
    "fcc-hook", "fcc-save-hook", "message-hook", "account-hook", "mbox-hook", "charset-hook", "iconv-hook",
    "crypt-hook", "append-hook", "close-hook", "open-hook", "timeout-hook", "startup-hook", "shutdown-hook",
    "push", "exec", "score", "unscore", "spam", "nospam", "attachments", "unattachments", "mailto_allow",
    "unmailto_allow", "setenv", "unsetenv", "sidebar_pin", "sidebar_unpin", "echo", "cd", "ifdef", "ifndef",
    "finish", "tag-transforms", "tag-formats", "virtual-mailboxes", "unvirtual-mailboxes", "index-format-hook",
  ]

  /// The contacts of an alias file's bytes, in the order of their first definition,
  /// and a `source:line: why` warning for each line that is not read.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func read(
    _ bytes: [UInt8], source: String, decoding: @escaping TextDecoding = TextDecodings.utf8
  ) -> (contacts: [Contact], warnings: [String]) {
    RecordParts.gathered { read(bytes, source: source, inPartsOf: .max, decoding: decoding, $0) }
  }

  /// The contacts and warnings of an alias file's bytes, as `read(_:source:)` gives
  /// them (each line's text read by `decoding`), given to `body` part by part: each part whole logical lines of about
  /// `partSize` bytes (`partEnd`), its lines read on all cores (an address list is the
  /// costly part), then put in order. An alias defined again replaces the earlier one
  /// in the earlier one's place, whichever part that is in, and an alias is a member of
  /// the groups that name it wherever they are: the keys of every line are gathered
  /// first (their hashes), with the aliases that name others, and the definitions of a
  /// key found more than once are read before the parts (`Survey`). The lines and
  /// contacts of the whole file are never held at once.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func read(
    _ bytes: [UInt8], source: String, inPartsOf partSize: Int, decoding: @escaping TextDecoding = TextDecodings.utf8,
    _ body: RecordParts.Body
  ) {
    let parts = RecordParts.cut(bytes) { partEnd(bytes, from: $0, size: partSize) }
    // A file of one part has its lines split once.
    let single = parts.count == 1 ? logicalLines(bytes[...], decoding: decoding) : nil
    func lines(of part: (range: Range<Int>, linesBefore: Int)) -> [(number: Int, text: String)] {
      if let single { return single }
      return logicalLines(bytes[part.range], linesBefore: part.linesBefore, decoding: decoding)
    }
    let survey = Survey(parts: parts.count, lines: { lines(of: parts[$0]) }, source: source)
    // The names groups give that the file defines (lower case), and the steps left
    // for the search of groups.
    let names = survey.groups.names
    var defined = Set<String>()
    var withoutAddress = Set<String>()
    var budget = MuttAliasGroups.Budget()
    var cut = false
    for (number, part) in parts.enumerated() {
      let lines = lines(of: part)
      let parsed = Parallel.map(count: lines.count, chunk: 2_048) { range in
        range.map { index in parse(lines[index].text, number: lines[index].number, source: source) }
      }
      var contacts: [Contact] = []
      var warnings: [String] = []
      for (index, outcome) in parsed.joined().enumerated() {
        switch outcome {
        case .skipped: continue
        case .warning(let warning): warnings.append(warning)
        case .withoutAddress(let key, let warning):
          warnings.append(warning)
          // A group that names it is told so, not that it is no alias.
          if !names.isEmpty && names.contains(key.lowercased()) { withoutAddress.insert(key.lowercased()) }
        case .alias(let key, let people):
          var chosen: [Contact]
          switch survey.definition(of: key, on: lines[index].number) {
          case .only: chosen = people
          case .first(let last): chosen = last
          case .again:
            warnings.append(
              "\(source):\(lines[index].number): "
                + L10n.deferredFormat("alias %s defined again; this definition replaces the earlier one, as in mutt", key))
            continue
          }
          let lowercased = survey.groups.isEmpty ? "" : key.lowercased()
          if names.contains(lowercased) { defined.insert(lowercased) }
          if !survey.groups.isEmpty && !chosen.isEmpty {
            let memberships = survey.groups.groups(of: key, lowercased: lowercased, budget: &budget)
            for person in chosen.indices where !memberships.groups.isEmpty {
              var present = Set(chosen[person].groups)
              chosen[person].groups += memberships.groups.filter { present.insert($0).inserted }
            }
            // Said once: for a hostile file, that would be a line for each of its aliases.
            if memberships.isCut && !cut {
              cut = true
              warnings.append(
                "\(source):\(lines[index].number): "
                  + L10n.deferredFormat(
                    "alias %s is named by more groups than cpick follows (%d an alias, %d in all); the rest left out, for it and the aliases after it",
                    key, MuttAliasGroups.groupsPerAlias, MuttAliasGroups.membershipsPerFile))
            }
          }
          contacts += chosen
        }
      }
      if number == parts.count - 1 {
        warnings += survey.groups.unknownNames(defined: defined, withoutAddress: withoutAddress, source: source)
      }
      body(contacts, warnings)
    }
  }

  /// The keys of every alias the file's bytes define, in lower case (mutt looks an
  /// alias up without regard to case): also those that give no contact — a group of
  /// other aliases, an alias without an address — which a new alias must not take.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func keys(_ bytes: [UInt8]) -> Set<String> {
    Set(logicalLines(bytes[...]).compactMap { line in alias(line.text).map { $0.key.lowercased() } })
  }

  /// Whether the last line of `bytes` (which end in a line break) is continued by a
  /// backslash: a line appended after it would be part of it (`MuttAliasFileEditor`
  /// ends it with an empty line first).
  package static func endsInContinuation(_ bytes: [UInt8]) -> Bool {
    guard let newline = bytes.indices.last, bytes[newline] == 0x0A else { return false }
    let start = bytes[..<newline].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return lineEnd(bytes[...], from: start, to: newline).continues
  }

  /// Where the part of `bytes` that starts at `start` ends: after the first line break
  /// `size` bytes or more after it that ends a logical line (one whose line does not
  /// end in a backslash that continues it), or at the end.
  static func partEnd(_ bytes: [UInt8], from start: Int, size: Int) -> Int {
    precondition(size > 0, "a part holds a byte at least")
    guard size < bytes.count - start else { return bytes.count }
    var newline = bytes[(start + size - 1)...].firstIndex(of: 0x0A) ?? bytes.count
    while newline < bytes.count {
      if !lineEnd(bytes[...], from: start, to: newline).continues { return newline + 1 }
      newline = bytes[(newline + 1)...].firstIndex(of: 0x0A) ?? bytes.count
    }
    return bytes.count
  }

  /// Where the text of the physical line from `start` to `newline` (its LF, or the end
  /// of `bytes`) ends — before the CR of a CR LF and a CR before that, and before the
  /// backslash that continues the line — and whether it continues on the next line:
  /// it ends in an odd number of backslashes.
  static func lineEnd(_ bytes: ArraySlice<UInt8>, from start: Int, to newline: Int) -> (end: Int, continues: Bool) {
    var end = newline
    if newline < bytes.endIndex, end > start, bytes[end - 1] == 0x0D { end -= 1 }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    var backslashes = 0
    while end - backslashes > start, bytes[end - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
    let continues = backslashes % 2 == 1
    return (continues ? end - 1 : end, continues)
  }

  /// What the whole file says about its aliases before any part is read: the aliases
  /// defined more than once — for each, the line of its first definition and the
  /// contact of its last: an alias defined again replaces the earlier one, as in mutt,
  /// and keeps the earlier one's place — and the aliases that name others (`groups`).
  struct Survey {
    /// What a definition of an alias is.
    enum Definition {
      /// The only definition of its alias.
      case only
      /// The first of several: the contacts are the last's.
      case first([Contact])
      /// A later one: it replaced the first.
      case again
    }

    /// Of each alias defined more than once: its first definition's line, its last's
    /// line and contacts.
    private var defined: [String: (line: Int, last: Int, contacts: [Contact])] = [:]
    /// The aliases that name other aliases.
    let groups: MuttAliasGroups

    /// The survey of a file of `parts` parts, whose logical lines `lines` gives part
    /// by part (in file order; one part's at a time). The lines' keys are gathered as
    /// hashes (a set of a file's keys would hold them all), and the lines that name
    /// other aliases whole; then the parts with a line of a key whose hash is seen
    /// twice are split again, and only those lines are read. A group counts in the
    /// last definition of its key only (one that gives people replaces it, and the
    /// other way round).
    init(parts: Int, lines linesOfPart: (Int) -> [(number: Int, text: String)], source: String) {
      var seen = Set<Int>()
      var twice = Set<Int>()
      // Each part's lines' hashes, kept for the second pass (16 bytes a line): only
      // the parts with a line of a key seen twice are split into lines again.
      var partHashes: [[Int?]] = []
      var groupLines: [MuttAliasGroups.Definition] = []
      for part in 0..<parts {
        let lines = linesOfPart(part)
        let outlines = Parallel.map(count: lines.count, chunk: 4_096) { range in
          range.map { MuttAliasReader.surveyed(lines[$0]) }
        }.joined()
        let hashes = outlines.map { $0.key?.hashValue }
        for case let hash? in hashes where !seen.insert(hash).inserted { twice.insert(hash) }
        groupLines += outlines.compactMap { $0.group }
        partHashes.append(hashes)
      }
      guard !twice.isEmpty else {
        groups = MuttAliasGroups(groupLines)
        return
      }
      for (part, hashes) in partHashes.enumerated() where hashes.contains(where: { $0.map(twice.contains) == true }) {
        for (line, hash) in zip(linesOfPart(part), hashes) {
          guard let hash, twice.contains(hash),
            case .alias(let key, let people) = parse(line.text, number: line.number, source: source)
          else { continue }
          if defined[key] == nil {
            defined[key] = (line.number, line.number, people)
          } else {
            defined[key]?.last = line.number
            defined[key]?.contacts = people
          }
        }
      }
      let lastLines = defined.mapValues(\.last)
      groups = MuttAliasGroups(groupLines.filter { group in lastLines[group.key].map { $0 == group.line } ?? true })
    }


    /// What the definition of `key` on line `line` (an alias read) is.
    func definition(of key: String, on line: Int) -> Definition {
      guard let found = defined[key] else { return .only }
      return found.line == line ? .first(found.contacts) : .again
    }
  }

  /// What one logical line of an alias file gives.
  enum LineOutcome: Sendable {
    /// A blank or comment line.
    case skipped
    /// A line that is no alias: its `file:line: why`.
    case warning(String)
    /// An alias without an address (nor a name of another alias): its key and the
    /// warning that says so.
    case withoutAddress(key: String, warning: String)
    /// An alias: its key and its contacts (one for each person it gives addresses of).
    case alias(key: String, contacts: [Contact])
  }

  /// The alias (or the warning) of the logical line `line`, which starts at physical line `number`.
  static func parse(_ line: String, number: Int, source: String) -> LineOutcome {
    // A line over the value limit is no alias a person wrote: told, not read (a 64 MB
    // name took 10 s and 0.9 GB).
    if line.utf8.count > ReadingLimits.standard.textValueBytes,
      let why = ReadingLimits.standard.valueProblem(name: "ALIAS", mayBeData: false, bytes: line.utf8.count)
    {
      return .warning("\(source):\(number): " + why)
    }
    let (command, comment) = splitComment(line)
    let groups: [Substring]
    let key: String
    let rest: Substring
    switch Self.command(command[...]) {
    case .none: return .skipped
    case .other: return .warning("\(source):\(number): " + L10n.deferred("not an alias line; ignored"))
    case .alias(let words, let word, let after):
      groups = words
      key = String(word)
      rest = after
    }
    guard !key.isEmpty else {
      return .warning("\(source):\(number): " + L10n.deferred("an alias without a name; ignored"))
    }
    // A display name of no letter or digit (`"-"`) is no person's name.
    let addresses = MessageAddressParser.parse(unescaped(rest.trimmingSpaces))
      .filter { !$0.address.isEmpty }
      .map { address in
        var address = address
        if !address.displayName.isEmpty && !isName(address.displayName) { address.displayName = "" }
        return address
      }
    guard !addresses.isEmpty else {
      // A group of other aliases (read by `Survey`): no people of its own.
      if !MuttAliasGroups.references(in: unescaped(rest)).isEmpty { return .alias(key: key, contacts: []) }
      return .withoutAddress(
        key: key, warning: "\(source):\(number): " + L10n.deferredFormat("alias %s has no address; ignored", key))
    }
    let people = Self.people(addresses)
    let contacts = people.enumerated().map { person, positions in
      var contact = MessageAddress.contact(for: positions.map { addresses[$0] })
      // The first person's identifier is the alias's; the others' are numbered after it
      // (after a space, which no key holds).
      contact.identifier = ForeignRecordIdentifier.identifier(
        source: source, format: "mutt", key: person == 0 ? key : "\(key) \(person + 1)")
      contact.source = source
      contact.formattedName = positions.lazy.map { addresses[$0].personName }.first { !$0.isEmpty } ?? ""
      contact.nickname = key
      contact.groups = groups.map(String.init) + (people.count > 1 && !groups.contains(key[...]) ? [key] : [])
      contact.note = comment
      // Each email's identifier is its place among the alias's (of one person: among
      // those `MessageAddress.contact` keeps, an address given twice once).
      var kept = Set<String>()
      let places =
        people.count == 1
        ? Array(contact.emailAddresses.indices)
        : positions.filter { kept.insert(addresses[$0].address.lowercased()).inserted }
      for (index, place) in zip(contact.emailAddresses.indices, places) {
        contact.emailAddresses[index].identifier = "mutt-\(key)-\(place + 1)"
      }
      return contact
    }
    return .alias(key: key, contacts: contacts)
  }

  /// Whether `name` is a person's name: it has a letter or a digit.
  static func isName(_ name: String) -> Bool {
    // Most names have an ASCII letter: no Unicode property is looked up for them.
    name.utf8.contains { (0x61...0x7A).contains($0 | 0x20) || (0x30...0x39).contains($0) }
      || name.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }

  /// The people of an alias's `addresses`: for each, the places of its addresses, in
  /// the order the people first appear. Addresses under one name (compared without
  /// regard to case and spacing) are one person's; an address without a name is the
  /// first person's.
  static func people(_ addresses: [MessageAddress]) -> [[Int]] {
    guard addresses.count > 1 else { return [Array(addresses.indices)] }
    var people: [[Int]] = []
    var byName: [String: Int] = [:]
    var unnamed: [Int] = []
    for (place, address) in addresses.enumerated() {
      let name = address.personName.collapsingWhitespace.lowercased()
      guard !name.isEmpty else {
        unnamed.append(place)
        continue
      }
      if let person = byName[name] {
        people[person].append(place)
      } else {
        byName[name] = people.count
        people.append([place])
      }
    }
    guard !people.isEmpty else { return [unnamed] }
    people[0] = (people[0] + unnamed).sorted()
    return people
  }

  /// The words of a line's command (its comment cut off).
  enum Command {
    /// No word: a blank or comment line.
    case none
    /// Another command than `alias`.
    case other
    /// An `alias` command: its `-group` names, its key (empty when there is none) and
    /// the addresses' text after it.
    case alias(groups: [Substring], key: Substring, rest: Substring)
  }

  /// The words of `command`, a line without its comment.
  static func command(_ command: Substring) -> Command {
    var (word, rest) = nextWord(command)
    guard !word.isEmpty else { return .none }
    guard word == "alias" else { return .other }
    var groups: [Substring] = []
    (word, rest) = nextWord(rest)
    while word == "-group" {
      (word, rest) = nextWord(rest)
      if !word.isEmpty { groups.append(word) }
      (word, rest) = nextWord(rest)
    }
    return .alias(groups: groups, key: word, rest: rest)
  }

  /// The key of the logical line `line` and the address list after it, when it is an
  /// alias command with a key (whether it has an address is not looked at), as `parse`
  /// reads it.
  static func alias(_ line: String) -> (key: Substring, rest: Substring)? {
    guard case .alias(_, let key, let rest) = command(line[..<(commentStart(line) ?? line.endIndex)]), !key.isEmpty
    else { return nil }
    return (key, rest)
  }

  /// The key of the logical line `line` when it is an alias (`alias(_:)`), and its
  /// definition as a group when it names other aliases (`MuttAliasGroups.references(in:)`).
  static func surveyed(_ line: (number: Int, text: String)) -> (key: Substring?, group: MuttAliasGroups.Definition?) {
    guard let (key, rest) = alias(line.text) else { return (nil, nil) }
    var named = Set<String>()
    let references = MuttAliasGroups.references(in: unescaped(rest)).filter { named.insert($0.lowercased()).inserted }
    guard !references.isEmpty else { return (key, nil) }
    return (key, MuttAliasGroups.Definition(key: String(key), references: references, line: line.number))
  }

  /// The file's lines with backslash continuations joined, each with the number of
  /// its first physical line (1-based, after `linesBefore` lines). A line ends at LF or
  /// CR LF (a CR before it is dropped too); read by bytes, as mutt reads them.
  static func logicalLines(
    _ bytes: ArraySlice<UInt8>, linesBefore: Int = 0, decoding: TextDecoding = TextDecodings.utf8
  ) -> [(number: Int, text: String)] {
    var lines: [(number: Int, text: String)] = []
    var pending: (number: Int, text: String)?
    var number = linesBefore
    var start = bytes.startIndex
    while true {
      let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
      number += 1
      let (end, continues) = lineEnd(bytes, from: start, to: newline)
      let line = decoding(bytes[start..<end])
      // Appended where it is, not to a copy (a copy made at each of 160,000
      // continuations took 9 s).
      if pending == nil {
        pending = (number, line)
      } else {
        pending?.text += line
      }
      if !continues, let current = pending {
        lines.append(current)
        pending = nil
      }
      guard newline < bytes.endIndex else { break }
      start = newline + 1
    }
    if let current = pending { lines.append(current) }
    return lines
  }

  /// The first word of `text` (up to a space or tab) and what follows it; an empty
  /// word when there is none.
  static func nextWord(_ text: Substring) -> (word: Substring, rest: Substring) {
    let utf8 = text.utf8
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let start = utf8.firstIndex { !isBlank($0) } ?? utf8.endIndex
    let end = utf8[start...].firstIndex(where: isBlank) ?? utf8.endIndex
    return (text[start..<end], text[end...])
  }

  /// `text` with muttrc's backslash escapes undone, as `unescaped(_:)` of a string (the
  /// text itself when it has no backslash).
  static func unescaped(_ text: Substring) -> Substring {
    text.utf8.contains(UInt8(ascii: "\\")) ? Substring(unescaped(String(text))) : text
  }

  /// `text` with muttrc's backslash escapes undone (`\#` → `#`, `\\` → `\`), as mutt's
  /// token parser undoes them before the addresses are parsed (`MuttAliasLine` writes them).
  static func unescaped(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
    // By bytes, as the line's comment and words are found (`commentStart`).
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var escaped = false
    for byte in text.utf8 {
      if !escaped && byte == UInt8(ascii: "\\") {
        escaped = true
        continue
      }
      escaped = false
      out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `line` cut at its first `#` outside double quotes (`commentStart`): the command,
  /// and the comment's text (trimmed; empty when none).
  static func splitComment(_ line: String) -> (command: String, comment: String) {
    guard let start = commentStart(line) else { return (line, "") }
    return (String(line[..<start]), line[line.utf8.index(after: start)...].trimmingSpaces)
  }

  /// Where `line`'s comment starts: its first `#` outside double quotes (an apostrophe,
  /// as in `O'Brien`, is no quote) and not after a backslash; nil when it has none.
  static func commentStart(_ line: String) -> String.Index? {
    // By bytes, as mutt reads the line: the marks are ASCII, never part of another
    // character's bytes.
    var quoted = false
    var escaped = false
    let utf8 = line.utf8
    for index in utf8.indices {
      let byte = utf8[index]
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if byte == UInt8(ascii: "#") && !quoted {
        return index
      }
    }
    return nil
  }
}
