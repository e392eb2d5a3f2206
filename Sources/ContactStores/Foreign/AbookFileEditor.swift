import ContactFormats
import ContactKit
import Localization

/// Applies edits to an abook book's bytes in memory (`AbookDocument`, `AbookFields`),
/// changing nothing else: the `[format]` header, comments, other sections, their
/// order, unknown and custom fields and line ends stay byte for byte.
///
/// - add: a new section `[N]` appended, `N` one more than the highest section number
///   (abook reads numbers with gaps and renumbers only when it writes the file
///   itself), in abook's field order and form (`field=value`, a blank line after).
/// - update: in the contact's section only the lines of the fields whose values
///   changed are replaced (a field emptied: its line removed; a new one: inserted
///   after the fields abook writes before it).
/// - delete: the section's bytes removed (header through its blank lines after;
///   the other sections keep their numbers, so their identifiers stay).
/// - groups: `groups=` lines rewritten for a renamed or deleted group (a line left
///   empty removed); a new group
///   without members has no line to live in (as `CATEGORIES`).
///
/// A section is found by its number and its bytes as they were loaded
/// (`SourceRecord`); when another program changed or removed it since, the edit is
/// refused (`.conflict`) and nothing is written.
struct AbookFileEditor: FileBytesEditor {
  /// The path in messages and the `source` of contacts read back.
  let source: String

  func apply(_ edits: [CardFileEdit], to file: [UInt8]) throws(ContactStoreError) -> CardFileEditor.Outcome {
    // A file of CR line ends is edited as read: its CRs as LFs, then back.
    if BookFileText.endsLinesWithCR(file) {
      var outcome = try apply(edits, to: BookFileText.swappingLineEnds(file))
      outcome.bytes = BookFileText.swappingLineEnds(outcome.bytes)
      return outcome
    }
    let (prefix, original) = BookFileText.split(file)
    var body = original
    var placed: [String?] = []  // for each edit, the section it leaves
    var fallback: [Contact?] = []
    // The file's charset, told once: the lines the edits write are UTF-8, which it reads too.
    let decoding = ReadOnlyFormat.lineDecoding(for: original)
    for edit in edits {
      let document = AbookDocument(body, decoding: decoding)
      switch edit {
      case .add(let contact):
        let number = (document.sections.compactMap { Int($0.name) }.max() ?? -1) + 1
        let fields = try checked { () throws(AbookFields.Unfit) in try AbookFields.fields(of: contact) }
        let lineEnd = BookFileText.lineEnd(of: body)
        if let last = body.last, last != 0x0A { body += Array(lineEnd.utf8) }
        if let last = document.lines.last, !document.text(last).isEmpty { body += Array(lineEnd.utf8) }
        body += Array(AbookFields.section(number, fields: fields, lineEnd: lineEnd).utf8)
        placed.append(String(number))
        fallback.append(contact)
      case .update(let contact, let loaded):
        let (section, record) = try locate(loaded, in: document, deleting: false)
        guard let section else { throw gone(loaded) }
        body = try rewrite(section, of: document, from: loaded, to: contact, record: record)
        placed.append(section.name)
        fallback.append(contact)
      case .delete(let contact):
        if let section = try locate(contact, in: document, deleting: true).section {
          body.removeSubrange(document.range(of: section))
        }
        placed.append(nil)
        fallback.append(nil)
      case .group(let change, _):
        body = renamed(change, in: document)
      case .removeMember, .addMember:
        break  // abook keeps groups in each person's groups= line, not in group cards
      }
    }
    guard body != original else { return .init(bytes: file, isBlank: false, contacts: fallback) }
    body = ReadOnlyFormat.inFileCharset(body, original: original)
    let reread = AbookReader.read(body, source: source, decoding: decoding).contacts
    let bySection = Dictionary(
      reread.map { (AbookFileEditor.sectionName($0.sourceRecord), $0) }, uniquingKeysWith: { first, _ in first })
    let contacts = zip(placed, fallback).map { name, contact in name.flatMap { bySection[$0] } ?? contact }
    return .init(bytes: prefix + body, isBlank: false, contacts: contacts)
  }

  /// The section `loaded` was read from, still as it was loaded, and its record.
  ///
  /// - Returns: nil for the section when it is gone (a delete is then done already).
  /// - Throws: `.invalidRequest` for a contact not read from an abook book;
  ///   `.conflict` when its section changed since.
  private func locate(_ loaded: Contact, in document: AbookDocument, deleting: Bool) throws(ContactStoreError)
    -> (section: AbookDocument.Section?, record: SourceRecord)
  {
    guard let record = loaded.sourceRecord, let name = Self.sectionName(record) else {
      throw ContactStoreError(
        source: source, reason: L10n.format("%s was not loaded from this abook book", loaded.displayName),
        kind: .invalidRequest)
    }
    // Its section as loaded: under its number, else (abook numbered the sections again
    // when it saved) the one section of its fields under another number.
    let fields = Self.fieldBytes(record.bytes[...])
    func same(_ section: AbookDocument.Section) -> Bool {
      Self.fieldBytes(document.bytes[document.range(of: section)]).elementsEqual(fields)
    }
    let numbered = document.sections.first { $0.name == name }
    if let numbered, same(numbered) { return (numbered, record) }
    // Of identical sections (twins), the nearest to its former line: either is the
    // same text, and the file comes out the same.
    let moved = document.sections.filter { $0.name != "format" && same($0) }
    if let nearest = moved.min(by: { abs($0.lines.lowerBound + 1 - record.firstLine) < abs($1.lines.lowerBound + 1 - record.firstLine) }) {
      return (nearest, record)
    }
    guard let section = numbered else { return (nil, record) }
    guard document.bytes[document.range(of: section)].elementsEqual(record.bytes) else {
      let wording = ChangeWording.file
      throw ContactStoreError(
        source: source,
        reason: L10n.format(
          "%s was changed %s since it was loaded (section [%s]); nothing was written.", loaded.displayName,
          wording.elsewhere, name) + " " + (deleting ? wording.deleteAgain : wording.again),
        kind: .conflict)
    }
    return (section, record)
  }

  /// The error for an update whose section another program removed.
  private func gone(_ loaded: Contact) -> ContactStoreError {
    let wording = ChangeWording.file
    return ContactStoreError(
      source: source,
      reason: L10n.format(
        "%s was removed %s since it was loaded; nothing was written.", loaded.displayName, wording.removedFrom)
        + " " + wording.addAgain,
      kind: .conflict)
  }

  /// The file with `section` rewritten for the edit `loaded` → `contact`: only the
  /// lines of the fields whose values differ.
  private func rewrite(
    _ section: AbookDocument.Section, of document: AbookDocument, from loaded: Contact, to contact: Contact,
    record: SourceRecord
  ) throws(ContactStoreError) -> [UInt8] {
    var lines: [(key: String?, bytes: [UInt8])] = section.lines.map { index in
      let line = document.lines[index]
      return (AbookDocument.field(document.text(line))?.key, Array(document.bytes[line.whole]))
    }
    let customKeys = Self.customKeys(lines.compactMap(\.key))
    var edited = contact
    if edited.formattedName == loaded.formattedName && Self.nameParts(edited) != Self.nameParts(loaded) {
      edited.formattedName = ""  // the name parts changed: abook's name is composed from them
    }
    let before = (try? AbookFields.fields(of: loaded, customKeys: customKeys)) ?? [:]
    let after = try checked { () throws(AbookFields.Unfit) in try AbookFields.fields(of: edited, customKeys: customKeys) }
    let lineEnd = BookFileText.lineEnd(of: document.bytes)
    let order = AbookFields.order + customKeys
    for key in order where before[key] != after[key] {
      let text = after[key].map { Array("\(key)=\($0)".utf8) }
      if let index = lines.firstIndex(where: { $0.key == key }) {
        guard let text else {
          lines.remove(at: index)
          continue
        }
        let old = lines[index].bytes
        let end = old.last == 0x0A ? (old.count > 1 && old[old.count - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]) : Array(lineEnd.utf8)
        lines[index].bytes = text + end
      } else if let text {
        let earlier = Set(order.prefix { $0 != key })
        let after = (lines.lastIndex { $0.key.map(earlier.contains) ?? false } ?? 0) + 1
        if let previous = lines[after - 1].bytes.last, previous != 0x0A { lines[after - 1].bytes += Array(lineEnd.utf8) }
        lines.insert((key, text + Array(lineEnd.utf8)), at: after)
      }
    }
    var body = document.bytes
    body.replaceSubrange(document.range(of: section), with: lines.flatMap(\.bytes))
    return body
  }

  /// The file with a renamed group renamed, a deleted group taken out, in every
  /// `groups=` line that names it.
  private func renamed(_ change: GroupChange, in document: AbookDocument) -> [UInt8] {
    let (old, new): (String, String?)
    switch change {
    case .create: return document.bytes
    case .rename(let name, let to): (old, new) = (name, to)
    case .delete(let name): (old, new) = (name, nil)
    }
    var body = document.bytes
    for line in document.lines.reversed() {
      guard let field = AbookDocument.field(document.text(line)), field.key == "groups" else { continue }
      let groups = field.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard groups.contains(old) else { continue }
      let changed = groups.compactMap { $0 == old ? new : $0 }.joined(separator: ",")
      if changed.isEmpty {
        body.removeSubrange(line.whole)
      } else {
        body.replaceSubrange(line.content, with: Array("groups=\(changed)".utf8))
      }
    }
    return body
  }

  /// The custom fields among `keys` (not abook's standard ones), in file order.
  private static func customKeys(_ keys: [String]) -> [String] {
    var seen = Set<String>()
    return keys.filter { !AbookReader.standardFields.contains($0) && !$0.isEmpty && seen.insert($0).inserted }
  }

  private static func nameParts(_ contact: Contact) -> [String] {
    [contact.namePrefix, contact.givenName, contact.middleName, contact.familyName, contact.nameSuffix]
  }

  /// A section's bytes after its header line: its fields, whatever its number.
  static func fieldBytes(_ section: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let newline = section.firstIndex(of: 0x0A) else { return [] }
    return section[(newline + 1)...]
  }

  /// The section name in a record's first line (`[12]` → `12`).
  static func sectionName(_ record: SourceRecord?) -> String? {
    guard let record else { return nil }
    let first = record.bytes.prefix { $0 != 0x0A }
    return AbookDocument.sectionName(String(decoding: first, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// `body`'s value, its `Unfit` as a save error.
  private func checked<T>(_ body: () throws(AbookFields.Unfit) -> T) throws(ContactStoreError) -> T {
    do {
      return try body()
    } catch {
      throw ContactStoreError(source: source, reason: error.message, kind: .invalidRequest)
    }
  }
}
