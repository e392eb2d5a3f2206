import ContactKit
import CpickSupport
import Foundation
import Localization

/// Reads abook's address book (`~/.abook/addressbook`): an INI-like text file with a
/// `[format]` section (`program=abook`, `version=…`) and one section per person,
/// `[0]`, `[1]`, …, of `field=value` lines; `#` starts a comment line.
///
/// Fields, as abook 0.6 writes them (its `database.c` and `filter.c`): `name`, `email`
/// (several, comma-separated), `address`, `address2`, `city`, `state`, `zip`,
/// `country`, `phone`, `workphone`, `fax`, `mobile`, `nick`, `url`, `notes`,
/// `anniversary` (`YYYY-MM-DD`, or `--MM-DD` without a year), `groups`
/// (comma-separated), and custom fields (declared in abookrc with `field`, or the
/// older `custom1`…`custom5`). They map to the contact model as abook's own vCard
/// export maps them: `phone` is a `home` phone, `workphone` `work`, `fax` `otherFax`,
/// `mobile` `mobile`; the address lines are one postal address; `anniversary` a date
/// labelled `anniversary`. The model has no place for custom fields: they are kept
/// in the note, one `field: value` line each, after abook's `notes`.
///
/// Each contact's identifier is made from the file and its section's fields
/// (`ForeignRecordIdentifier`), not its number: abook numbers its sections again
/// whenever it saves (a person deleted before Carol makes her `[0]`), and a number would
/// then name another person. Its
/// `sourceRecord` holds the section's bytes (`AbookDocument`), from which an edit is
/// written back (`AbookFields`): the custom fields in the note go back to their own
/// lines, and every line the edit does not change stays as it was. Lines that
/// are not a section, a field or a comment are warnings `file:line: why`; the rest is
/// read.
package enum AbookReader {
  /// The fields abook itself defines, in the order abook writes them (its
  /// `standard_fields`); any other field is a custom field.
  package static let fieldOrder = [
    "name", "email", "address", "address2", "city", "state", "zip", "country", "phone", "workphone", "fax",
    "mobile", "nick", "url", "notes", "anniversary", "groups",
  ]

  /// `fieldOrder` as a set.
  package static let standardFields = Set(fieldOrder)

  /// abook's phone fields and the label each is read with (the one abook's vCard
  /// export gives it); `AbookFields` writes them back by these labels.
  package static let phoneFields: [(field: String, label: String)] = [
    ("phone", "home"), ("workphone", "work"), ("fax", "otherFax"), ("mobile", "mobile"),
  ]

  /// Whether `bytes` are an abook book: outside comments and blank lines, the first
  /// line is a section header (`[format]`, or a numbered one such as `[0]`) and a
  /// `program=abook` line or a numbered section with a `name=` line follows.
  ///
  /// - Complexity: O(n) in the size of `bytes`, reading at most the first 4 KiB.
  package static func isAbook(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    let lines = head.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    guard let first = lines.first, let name = AbookDocument.sectionName(first), name == "format" || Int(name) != nil else {
      return false
    }
    return lines.contains { $0.lowercased().hasPrefix("program=abook") }
      || (Int(name) != nil && lines.contains { $0.hasPrefix("name=") })
  }

  /// The contacts of an abook file's bytes, in section order, and a `source:line: why`
  /// warning for each line that is not read.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func read(
    _ bytes: [UInt8], source: String, decoding: @escaping TextDecoding = TextDecodings.utf8
  ) -> (contacts: [Contact], warnings: [String]) {
    RecordParts.gathered { read(bytes, source: source, inPartsOf: .max, decoding: decoding, $0) }
  }

  /// The contacts and warnings of an abook file's bytes, as `read(_:source:)` gives
  /// them (each line's text read by `decoding`), given to `body` part by part: each part whole sections of about `partSize`
  /// bytes (cut before a section's header line), its sections read on all cores. The
  /// lines and contacts of the whole file are never held at once.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func read(
    _ bytes: [UInt8], source: String, inPartsOf partSize: Int, decoding: @escaping TextDecoding = TextDecodings.utf8,
    _ body: RecordParts.Body
  ) {
    var start = 0
    var linesBefore = 0
    var twins = TwinNumbering()
    repeat {
      let end = partEnd(bytes, from: start, size: partSize)
      let document = AbookDocument(start == 0 && end == bytes.count ? bytes : Array(bytes[start..<end]), decoding: decoding)
      var (contacts, warnings) = read(document, source: source, linesBefore: linesBefore)
      for index in contacts.indices { twins.number(&contacts[index], source: source) }
      body(contacts, warnings)
      linesBefore += document.lines.count
      start = end
    } while start < bytes.count
  }

  /// Identical sections (a person entered twice) in file order: the first keeps the
  /// identifier its fields give, the n-th another made from it and n, so that each is
  /// one contact (an edit of one is not taken for the other). Only the identifiers'
  /// hashes are kept, a word each.
  struct TwinNumbering {
    private var seen = Set<Int>()
    private var counts: [Int: Int] = [:]

    /// Gives `contact` its twin's identifier when one with its identifier came before.
    mutating func number(_ contact: inout Contact, source: String) {
      let hash = contact.identifier.hashValue
      guard !seen.insert(hash).inserted else { return }
      let n = counts[hash, default: 1] + 1
      counts[hash] = n
      contact.identifier = ForeignRecordIdentifier.identifier(
        source: source, format: "abook", key: contact.identifier + "\u{0}\(n)")
    }
  }

  /// Where the part of `bytes` that starts at `start` ends: at the first section
  /// header line that starts `size` bytes or more after it, or at the end.
  static func partEnd(_ bytes: [UInt8], from start: Int, size: Int) -> Int {
    guard size < bytes.count - start else { return bytes.count }
    var lineStart = (bytes[(start + size - 1)...].firstIndex(of: 0x0A) ?? bytes.count) + 1
    while lineStart < bytes.count {
      let newline = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
      // A header is told as `AbookDocument` tells it: the line without its CR, trimmed.
      var contentEnd = newline
      if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      if bytes[lineStart..<contentEnd].contains(UInt8(ascii: "[")),
        AbookDocument.sectionName(String(decoding: bytes[lineStart..<contentEnd], as: UTF8.self).trimmingSpaces) != nil
      {
        return lineStart
      }
      lineStart = newline + 1
    }
    return bytes.count
  }

  /// The contacts and warnings of one part's `document`, whose first line is line
  /// `linesBefore + 1` of the file.
  static func read(
    _ document: AbookDocument, source: String, linesBefore: Int
  ) -> (contacts: [Contact], warnings: [String]) {
    var contacts: [Contact] = []
    var warnings: [String] = []
    let firstSection = document.sections.first?.lines.lowerBound ?? document.lines.count
    for (index, line) in document.lines.enumerated().prefix(firstSection) {
      let text = document.text(line)
      if text.isEmpty || text.hasPrefix("#") { continue }
      let why =
        AbookDocument.field(text) == nil
        ? L10n.deferred("not a field=value line; ignored") : L10n.deferred("a field before the first [section]; ignored")
      warnings.append("\(source):\(linesBefore + index + 1): " + why)
    }
    // The sections on all cores, a chunk at a time, put back in order.
    let read = Parallel.map(count: document.sections.count, chunk: 1_024) { range in
      range.map { section(document.sections[$0], of: document, source: source, linesBefore: linesBefore) }
    }
    for (contact, sectionWarnings) in read.joined() {
      warnings += sectionWarnings
      if let contact { contacts.append(contact) }
    }
    return (contacts, warnings)
  }

  /// The contact of one section (none for `[format]` or a section without fields),
  /// and the warnings of its lines; the document's first line is line
  /// `linesBefore + 1` of the file.
  static func section(
    _ section: AbookDocument.Section, of document: AbookDocument, source: String, linesBefore: Int = 0
  ) -> (contact: Contact?, warnings: [String]) {
    var warnings: [String] = []
    var fields: [(key: String, value: String)] = []
    var keys: Set<String> = []
    if AbookDocument.isDamagedHeader(document.text(document.lines[section.lines.lowerBound])) {
      warnings.append(
        "\(source):\(linesBefore + section.lines.lowerBound + 1): "
          + L10n.deferredFormat("a damaged section header (a bracket lost); read as section [%s]", section.name))
    }
    for index in section.lines.dropFirst() {
      let number = linesBefore + index + 1
      // A line over the value limit is told, not read (a 64 MB name took 10 s, 0.9 GB).
      let length = document.lines[index].content.count
      if length > ReadingLimits.standard.textValueBytes,
        let why = ReadingLimits.standard.valueProblem(name: Self.fieldName(document, document.lines[index]), mayBeData: false, bytes: length)
      {
        warnings.append("\(source):\(number): " + why)
        continue
      }
      let text = document.text(document.lines[index])
      if text.isEmpty || text.hasPrefix("#") { continue }
      guard let (key, value) = AbookDocument.field(text) else {
        warnings.append("\(source):\(number): " + L10n.deferred("not a field=value line; ignored"))
        continue
      }
      if key.isEmpty {
        warnings.append("\(source):\(number): " + L10n.deferred("a value without a field name; ignored"))
      } else if keys.contains(key) {
        warnings.append(
          "\(source):\(number): "
            + L10n.deferredFormat("field %s given twice in section [%s]; the first kept", key, section.name))
      } else if !value.isEmpty {
        fields.append((key, value))
        keys.insert(key)
      }
    }
    guard section.name != "format", !fields.isEmpty else { return (nil, warnings) }
    var contact = contact(section: section.name, fields: fields, source: source)
    contact.sourceRecord = SourceRecord(
      bytes: Array(document.bytes[document.range(of: section)]), firstLine: linesBefore + section.lines.lowerBound + 1,
      version: nil)
    return (contact, warnings)
  }

  /// The field name of `line` (before its `=`, at most 64 bytes), upper case, for a
  /// warning: `NAME`.
  static func fieldName(_ document: AbookDocument, _ line: AbookDocument.Line) -> String {
    let head = document.bytes[line.content].prefix(64)
    let name = head.firstIndex(of: UInt8(ascii: "=")).map { head[..<$0] } ?? head
    return String(decoding: name, as: UTF8.self).trimmingSpaces.uppercased()
  }

  /// The contact of one section's fields (see the type's summary).
  static func contact(section: String, fields: [(key: String, value: String)], source: String) -> Contact {
    let key = fields.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    var contact = Contact(
      identifier: ForeignRecordIdentifier.identifier(source: source, format: "abook", key: key), source: source)
    var values: [String: String] = [:]
    for (key, value) in fields where values[key] == nil { values[key] = value }
    func list(_ key: String) -> [String] {
      (values[key] ?? "").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }
    var number = 0
    func labeled<Value>(_ label: String?, _ value: Value) -> LabeledValue<Value> {
      number += 1
      return LabeledValue(identifier: "abook-\(number)", label: label, value: value)
    }
    if let name = values["name"] {
      contact.formattedName = name
      NameSplitter.split(name).fill(&contact)
    }
    if let nick = values["nick"] { contact.nickname = nick }
    contact.emailAddresses = list("email").map { labeled(nil, $0) }
    for (key, label) in phoneFields {
      if let phone = values[key] { contact.phoneNumbers.append(labeled(label, phone)) }
    }
    var address = PostalAddress()
    address.street = [values["address"], values["address2"]].compactMap { $0 }.joined(separator: "\n")
    address.city = values["city"] ?? ""
    address.state = values["state"] ?? ""
    address.postalCode = values["zip"] ?? ""
    address.country = values["country"] ?? ""
    if !address.isEmpty { contact.postalAddresses = [labeled(nil, address)] }
    if let url = values["url"] { contact.urlAddresses = [labeled(nil, url)] }
    if let anniversary = values["anniversary"] { contact.dates = [labeled("anniversary", date(anniversary))] }
    contact.groups = list("groups")
    var note = values["notes"].map { [$0] } ?? []
    for (key, value) in fields where !standardFields.contains(key) { note.append("\(key): \(value)") }
    contact.note = note.joined(separator: "\n")
    return contact
  }

  /// abook's date (`YYYY-MM-DD`, or `--MM-DD` without a year); any other text as written.
  static func date(_ text: String) -> ContactDate {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let numbers = parts.suffix(2).compactMap { Int($0) }
    guard numbers.count == 2, (1...12).contains(numbers[0]), (1...31).contains(numbers[1]) else {
      return ContactDate(text: text)
    }
    if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]) {
      return ContactDate(year: year, month: numbers[0], day: numbers[1])
    }
    if parts.count == 4, parts[0].isEmpty, parts[1].isEmpty { return ContactDate(month: numbers[0], day: numbers[1]) }
    return ContactDate(text: text)
  }
}
