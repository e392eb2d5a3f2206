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
/// One alias is one contact, as abook's mutt import makes it: the name of its first
/// named address, every address as an email, the alias key as the nickname, each
/// `-group` as a group. Its identifier is made from the file and the key
/// (`ForeignRecordIdentifier`). An alias defined again replaces the earlier one, as
/// in mutt. Lines that are not aliases (other muttrc commands, an alias without key
/// or address) are warnings `file:line: why`; the rest is read.
package enum MuttAliasReader {
  /// Whether `bytes` are an alias file: the first line that is neither blank nor a
  /// comment is an `alias` command.
  ///
  /// - Complexity: O(n) in the length of the leading comment lines.
  package static func isAliasFile(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    for line in text.split(whereSeparator: \.isNewline) {
      let trimmed = line.trimmingSpaces
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      return trimmed.hasPrefix("alias ") || trimmed.hasPrefix("alias\t")
    }
    return false
  }

  /// The contacts of an alias file's bytes, in the order of their first definition,
  /// and a `source:line: why` warning for each line that is not read. The lines are
  /// read on all cores (an address list is the costly part), then put in order.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func read(_ bytes: [UInt8], source: String) -> (contacts: [Contact], warnings: [String]) {
    let lines = logicalLines(String(decoding: bytes, as: UTF8.self))
    let parsed = Parallel.map(count: lines.count, chunk: 2_048) { range in
      range.map { index in parse(lines[index].text, number: lines[index].number, source: source) }
    }
    var contacts: [Contact] = []
    var byKey: [String: Int] = [:]
    var warnings: [String] = []
    for (index, outcome) in parsed.joined().enumerated() {
      switch outcome {
      case .skipped: continue
      case .warning(let warning): warnings.append(warning)
      case .alias(let key, let contact):
        if let earlier = byKey[key] {
          warnings.append(
            "\(source):\(lines[index].number): "
              + L10n.deferredFormat("alias %s defined again; this definition replaces the earlier one, as in mutt", key))
          contacts[earlier] = contact
        } else {
          byKey[key] = contacts.count
          contacts.append(contact)
        }
      }
    }
    return (contacts, warnings)
  }

  /// What one logical line of an alias file gives.
  enum LineOutcome: Sendable {
    /// A blank or comment line.
    case skipped
    /// A line that is no alias: its `file:line: why`.
    case warning(String)
    /// An alias: its key and its contact.
    case alias(key: String, contact: Contact)
  }

  /// The alias (or the warning) of the logical line `line`, which starts at physical line `number`.
  static func parse(_ line: String, number: Int, source: String) -> LineOutcome {
    let (command, comment) = splitComment(line)
    var (word, rest) = nextWord(command[...])
    guard !word.isEmpty else { return .skipped }
    guard word == "alias" else {
      return .warning("\(source):\(number): " + L10n.deferred("not an alias line; ignored"))
    }
    var groups: [String] = []
    (word, rest) = nextWord(rest)
    while word == "-group" {
      (word, rest) = nextWord(rest)
      if !word.isEmpty { groups.append(String(word)) }
      (word, rest) = nextWord(rest)
    }
    let key = String(word)
    guard !key.isEmpty else {
      return .warning("\(source):\(number): " + L10n.deferred("an alias without a name; ignored"))
    }
    let addresses = MessageAddressParser.parse(unescaped(rest.trimmingSpaces))
      .filter { !$0.address.isEmpty }
    guard !addresses.isEmpty else {
      return .warning("\(source):\(number): " + L10n.deferredFormat("alias %s has no address; ignored", key))
    }
    var contact = MessageAddress.contact(for: addresses)
    contact.identifier = ForeignRecordIdentifier.identifier(source: source, format: "mutt", key: key)
    contact.source = source
    contact.formattedName = addresses.first { !$0.personName.isEmpty }?.personName ?? ""
    contact.nickname = key
    contact.groups = groups
    contact.note = comment
    for index in contact.emailAddresses.indices { contact.emailAddresses[index].identifier = "mutt-\(key)-\(index + 1)" }
    return .alias(key: key, contact: contact)
  }

  /// The file's lines with backslash continuations joined, each with the number of
  /// its first physical line (1-based).
  static func logicalLines(_ text: String) -> [(number: Int, text: String)] {
    var lines: [(number: Int, text: String)] = []
    var pending: (number: Int, text: String)?
    // "\r\n" is one Character: a file with CRLF line ends is split at it too.
    let physical = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, raw) in physical.enumerated() {
      var line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
      let trailing = line.reversed().prefix { $0 == "\\" }.count
      let continues = trailing % 2 == 1
      if continues { line.removeLast() }
      // Appended where it is, not to a copy (a copy made at each of 160,000
      // continuations took 9 s).
      if pending == nil {
        pending = (index + 1, line)
      } else {
        pending?.text += line
      }
      if !continues, let current = pending {
        lines.append(current)
        pending = nil
      }
    }
    if let current = pending { lines.append(current) }
    return lines
  }

  /// The first word of `text` (up to a space or tab) and what follows it; an empty
  /// word when there is none.
  static func nextWord(_ text: Substring) -> (word: Substring, rest: Substring) {
    let start = text.drop { $0 == " " || $0 == "\t" }
    let end = start.firstIndex { $0 == " " || $0 == "\t" } ?? start.endIndex
    return (start[..<end], start[end...])
  }

  /// `text` with muttrc's backslash escapes undone (`\#` → `#`, `\\` → `\`), as mutt's
  /// token parser undoes them before the addresses are parsed (`MuttAliasLine` writes them).
  static func unescaped(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var out = ""
    var escaped = false
    for character in text {
      if !escaped && character == "\\" {
        escaped = true
        continue
      }
      escaped = false
      out.append(character)
    }
    return out
  }

  /// `line` cut at its first `#` outside double quotes (an apostrophe, as in
  /// `O'Brien`, is no quote) and not after a
  /// backslash: the command, and the comment's text (trimmed; empty when none).
  static func splitComment(_ line: String) -> (command: String, comment: String) {
    var quote: Character?
    var escaped = false
    for index in line.indices {
      let character = line[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" {
        quote = character
      } else if character == "#" {
        return (String(line[..<index]), line[line.index(after: index)...].trimmingSpaces)
      }
    }
    return (line, "")
  }
}
