import ContactKit
import CpickSupport
import Foundation
import Localization

/// Reads a CSV export of contacts: one person per row under a header row that names
/// the columns (RFC 4180, through `CSVTable`). Three exports are told apart by their
/// header: Google Contacts' (`GoogleCSVColumns`), Outlook's (`OutlookCSVColumns`), and
/// any other with columns named like `Name`, `Email`, `Phone` (`GenericCSVColumns`).
///
/// The text is given decoded (the caller decodes UTF-8 with or without a byte-order
/// mark, UTF-16 with one, and Outlook's Windows-1252 "ANSI" export). A value cell may
/// hold several values separated by ` ::: ` (Google); groups are also separated by
/// `;` (Outlook's `Categories`) and, in a generic file, by `,`. Columns the export's
/// table does not know go to the note, `Column: value`, after the note's own text.
///
/// Each contact's identifier is made from the file, the name and the first email or
/// phone (`ForeignRecordIdentifier`): stable when the export is made again, in another
/// order, or with other rows; a second row with the same name and address gets `#2`.
/// Each problem is a warning `file:line: why` (a row with more or fewer cells than the
/// header, a row with neither name nor address, a quoting problem, a value or a row
/// over `ReadingLimits`: a cell is a value, a row a card); the rest is read.
package enum CSVContactReader {
  /// The export a CSV file comes from.
  package enum Export: String, Sendable, Hashable {
    case google, outlook, generic
  }

  /// The export whose header row opens `text`, or nil when the header names no
  /// contact columns (or the text is JSON or XML). With `named` ending in `.csv`, a
  /// header of unknown columns is read as a generic export.
  ///
  /// - Complexity: O(n) in the length of the first line.
  package static func export(of text: String, named name: String = "") -> Export? {
    // JSON (jCard: `["vcard",[["email",…`) and XML are split by commas too, into cells
    // whose letters can spell column names.
    guard let first = text.first(where: { !$0.isWhitespace }), !"[{<".contains(first) else { return nil }
    let headers = header(of: text)
    guard headers.count >= 2 || name.lowercased().hasSuffix(".csv") else { return nil }
    if GoogleCSVColumns.matches(headers) { return .google }
    if OutlookCSVColumns.matches(headers) { return .outlook }
    if GenericCSVColumns.matches(headers) || name.lowercased().hasSuffix(".csv") { return .generic }
    return nil
  }

  /// The cells of the header row of `text` (`headerRow(of:)`).
  static func header(of text: String) -> [String] {
    headerRow(of: text).cells
  }

  /// The header row of `text`, read from its first 4 KiB, and how many rows come before
  /// it: the first row, but after Excel's `sep=;` line, and the first of the first
  /// `preambleRows` rows that names an export's columns when the first does not (a
  /// LinkedIn export opens with a `Notes:` paragraph).
  static func headerRow(of text: String) -> (cells: [String], skipped: Int) {
    headerRow(ofHead: String(text.prefix(4096)), delimiter: delimiter(of: text))
  }

  /// The delimiter of `text`'s cells: the one `CSVTable.delimiter(of:)` finds on the
  /// first line (or Excel's `sep=` names), unless another splits a row of the first
  /// ones into an export's header where it does not (a semicolon sheet after a preamble
  /// line with a comma: `Export from Foo, v2`).
  static func delimiter(of text: String) -> Unicode.Scalar {
    let head = String(text.prefix(4096))
    let first = CSVTable.delimiter(of: head)
    guard CSVTable.toldDelimiter(of: head) == nil, !isKnownHeader(headerRow(ofHead: head, delimiter: first).cells)
    else { return first }
    for other: Unicode.Scalar in [",", ";", "\t"] where other != first {
      if isKnownHeader(headerRow(ofHead: head, delimiter: other).cells) { return other }
    }
    return first
  }

  /// Whether `cells` name an export's columns.
  static func isKnownHeader(_ cells: [String]) -> Bool {
    GoogleCSVColumns.matches(cells) || OutlookCSVColumns.matches(cells) || GenericCSVColumns.matches(cells)
  }

  /// `headerRow(of:)` of the text's first 4 KiB, its cells split at `delimiter`.
  static func headerRow(ofHead head: String, delimiter: Unicode.Scalar) -> (cells: [String], skipped: Int) {
    var rows = CSVTable.rows(head, delimiter: delimiter).rows.prefix(preambleRows + 1)
    var skipped = 0
    if CSVTable.toldDelimiter(of: head) != nil, rows.first?.line == 1 {
      rows = rows.dropFirst()
      skipped = 1
    }
    let cells = rows.map { $0.cells.map { $0.trimmingSpaces } }
    let known = cells.firstIndex(where: isKnownHeader)
    let at = known ?? 0
    return (at < cells.count ? cells[at] : [], skipped + at)
  }

  /// The most rows of text before the header row of an export (`headerRow(of:)`).
  static let preambleRows = 8

  /// The contacts of the rows of `text` under its header, in row order, and a
  /// `source:line: why` warning for each problem (see the type's summary), in line order.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func read(
    _ text: String, source: String, export: Export, limits: ReadingLimits = .standard
  ) -> (contacts: [Contact], warnings: [String]) {
    RecordParts.gathered { read(text, source: source, export: export, limits: limits, inPartsOf: .max, $0) }
  }

  /// The contacts and warnings of `text`, as `read(_:source:export:limits:)` gives them,
  /// given to `body` part by part: the rows of about `partSize` bytes of cells each, as
  /// `CSVTable` ends them (a row may span lines), read on all cores; the warnings of a
  /// part (its quoting problems and its rows') are in line order. The rows and contacts
  /// of the whole file are never held at once.
  ///
  /// A second row with the same name and address is told by the key's checksum (a
  /// set of a file's keys would hold them all; `Checksum`, the same in every run): two
  /// keys of the same checksum, one in 2⁶⁴, would number the second `#2` too — its
  /// identifier still its own, and the same from run to run.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func read(
    _ text: String, source: String, export: Export, limits: ReadingLimits = .standard,
    inPartsOf partSize: Int, _ body: RecordParts.Body
  ) {
    var header: (headers: [String], columns: [CSVColumn?])?
    var warnings: [LineWarning] = []
    var rows: [CSVTable.Row] = []
    var rowBytes = 0
    var keys: [Int64: Int] = [:]
    // Rows before the header (Excel's `sep=` line, an export's note) are no records.
    // The delimiter found once (it splits the first rows to find the header).
    let delimiter = delimiter(of: text)
    var beforeHeader = headerRow(ofHead: String(text.prefix(4096)), delimiter: delimiter).skipped
    func endPart() {
      // Each row's contact, key and identifier on all cores; the identifier made again
      // for a person seen before (`key#2`, …), which only the file's order tells.
      let made = Parallel.map(count: rows.count, chunk: 512) { [rows, header] range in
        range.map { index in
          var (contact, problems) = Self.contact(
            row: rows[index], headers: header?.headers ?? [], columns: header?.columns ?? [], export: export, limits: limits)
          let key = contact.map(Self.key)
          if let key {
            contact?.identifier = ForeignRecordIdentifier.identifier(source: source, format: "csv", key: key)
            contact?.source = source
          }
          return (contact, problems, key, key.map { Checksum.of(Array($0.utf8)) })
        }
      }
      rows = []
      rowBytes = 0
      var contacts: [Contact] = []
      for (made, problems, key, hash) in made.joined() {
        warnings += problems
        guard var contact = made, let key, let hash else { continue }
        keys[hash, default: 0] += 1
        if let count = keys[hash], count > 1 {
          contact.identifier = ForeignRecordIdentifier.identifier(source: source, format: "csv", key: key + "#\(count)")
        }
        contacts.append(contact)
      }
      // In line order (stable): a quoting problem is found before its row ends.
      let ordered = warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
      body(contacts, ordered.map { "\(source):\($0.element)" })
      warnings = []
    }
    CSVTable.forEachRow(
      text, delimiter: delimiter, maximumCells: limits.cardValues, tooManyCells: limits.valueCountProblem(),
      row: { row in
        if beforeHeader > 0 {
          beforeHeader -= 1
          return
        }
        guard header != nil else {
          let headers = row.cells.map { $0.trimmingSpaces }
          let columns = columns(headers, export: export)
          header = (headers, columns)
          if !columns.contains(where: { $0 != nil && $0?.field != .ignored }) {
            warnings.append(
              LineWarning(
                line: row.line,
                message: L10n.deferred("no column is one cpick knows (Name, Email, Phone, …); every value goes to the note")))
          }
          return
        }
        rows.append(row)
        rowBytes += row.cells.reduce(row.cells.count) { $0 + $1.utf8.count }
        if rowBytes >= partSize { endPart() }
      },
      warning: { warnings.append($0) })
    endPart()
  }

  /// What tells a person of an export from another: the name shown (lower case) and
  /// the first email, or the first phone.
  static func key(_ contact: Contact) -> String {
    [contact.displayName.lowercased(), contact.emailAddresses.first?.value ?? contact.phoneNumbers.first?.value ?? ""]
      .joined(separator: "\u{0}")
  }

  /// The column of each header cell in an export's table (nil for one it does not know).
  static func columns(_ headers: [String], export: Export) -> [CSVColumn?] {
    switch export {
    case .google: headers.map(GoogleCSVColumns.column)
    case .outlook: headers.map(OutlookCSVColumns.column)
    case .generic: GenericCSVColumns.columns(headers)
    }
  }

  /// The contact of one row under the header (nil for a blank row and one without a
  /// name, organization, email or phone), without its identifier, and its problems as
  /// warnings.
  static func contact(
    row: CSVTable.Row, headers: [String], columns: [CSVColumn?], export: Export, limits: ReadingLimits
  ) -> (contact: Contact?, problems: [LineWarning]) {
    var problems: [LineWarning] = []
    let problem = { (why: String) in problems.append(LineWarning(line: row.line, message: why)) }
    if row.cells.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { return (nil, []) }
    if row.cells.count != headers.count {
      problem(
        row.cells.count > headers.count
          ? L10n.deferredFormat(
            "%s cells, the header has %s; the cells after the last column left out", row.cells.count, headers.count)
          : L10n.deferredFormat("%s cells, the header has %s; the missing cells empty", row.cells.count, headers.count))
    }
    var cells = Array(row.cells.prefix(headers.count))
    guard cells.reduce(0, { $0 + $1.utf8.count }) <= limits.cardBytes else {
      problem(limits.cardProblem())
      return (nil, problems)
    }
    for index in cells.indices where cells[index].utf8.count > limits.smallestValueLimit {
      // The column by its header, cut to a name's length (a header of megabytes
      // repeated in each row's warning made gigabytes).
      let name = headers[index].utf8.count > 256 ? String(headers[index].prefix(64)) + "…" : headers[index]
      if let why = limits.valueProblem(name: name.uppercased(), mayBeData: false, bytes: cells[index].utf8.count) {
        problem(why)
        cells[index] = ""
      }
    }
    guard var contact = contact(cells: cells, columns: columns, headers: headers, export: export, line: row.line) else {
      problem(L10n.deferred("a row without a name, organization, email or phone; ignored"))
      return (nil, problems)
    }
    // The columns read into the note carry their header each: a table of thousands of
    // long headers over one-letter cells would hold far more than its bytes.
    let allowance = noteAllowance(rowBytes: cells.reduce(0) { $0 + $1.utf8.count })
    if contact.note.utf8.count > allowance {
      let utf8 = contact.note.utf8
      let limit = utf8.index(utf8.startIndex, offsetBy: allowance)
      contact.note = String(contact.note[..<(utf8[..<limit].lastIndex(of: 0x0A) ?? utf8.startIndex)])
      problem(
        L10n.deferredFormat(
          "the other columns, each with its header, make a note of more than %s bytes, 8 times the row's; the rest left out",
          allowance))
    }
    return (contact, problems)
  }

  /// The most bytes of note a row of `rowBytes` bytes gives (8 times them, and 4 KiB):
  /// an export's rows give a few times theirs, with the headers of their other columns.
  static func noteAllowance(rowBytes: Int) -> Int { 8 * rowBytes + 4_096 }

  /// One item being gathered from its columns: its label and its values by field.
  struct Item {
    var fixedLabel: String?
    var writtenLabel: String?
    var values: [(field: CSVColumn.Field, value: String)] = []
  }

  /// The contact of one row's cells; nil when it has no name, organization, email or
  /// phone.
  static func contact(
    cells: [String], columns: [CSVColumn?], headers: [String], export: Export, line: Int
  ) -> Contact? {
    var single: [CSVColumn.Field: String] = [:]
    var items: [String: Item] = [:]
    var order: [String] = []
    var extra: [String] = []
    var groups: [String] = []
    for (index, raw) in cells.enumerated() {
      var value = trimmed(raw[...])
      // A line break inside a quoted cell, as Windows (CRLF) or an old Mac (CR alone)
      // writes it, is one `\n`, as every other format's is.
      if value.utf8.contains(0x0D) { value = value.replacing("\r\n", with: "\n").replacing("\r", with: "\n") }
      guard !value.isEmpty else { continue }
      guard let column = columns[index] else {
        extra.append("\(headers[index]): \(value)")
        continue
      }
      switch column.field {
      case .ignored: continue
      case .groups: groups += split(value, export: export, groups: true).compactMap(GoogleCSVColumns.group)
      case _ where column.item.isEmpty: if single[column.field] == nil { single[column.field] = value }
      default:
        if items[column.item] == nil { order.append(column.item) }
        // Taken out while it grows, so that appending copies nothing (a row of thousands
        // of `Address N` columns of one item was quadratic).
        var item = items.removeValue(forKey: column.item) ?? Item(fixedLabel: column.label)
        if column.field == .label {
          item.writtenLabel = value
        } else {
          let values = column.isMultiValue ? split(value, export: export, groups: false) : [value]
          item.values += values.map { (column.field, $0) }
        }
        items[column.item] = item
      }
    }

    var contact = Contact(identifier: "", source: "")
    contact.givenName = single[.givenName] ?? ""
    contact.middleName = single[.middleName] ?? ""
    contact.familyName = single[.familyName] ?? ""
    contact.namePrefix = single[.namePrefix] ?? ""
    contact.nameSuffix = single[.nameSuffix] ?? ""
    contact.nickname = single[.nickname] ?? ""
    contact.phoneticGivenName = single[.phoneticGivenName] ?? ""
    contact.phoneticMiddleName = single[.phoneticMiddleName] ?? ""
    contact.phoneticFamilyName = single[.phoneticFamilyName] ?? ""
    let displayNames = order.compactMap { items[$0]?.values.first { $0.field == .emailDisplayName }?.value }
    let hasNameParts = !contact.givenName.isEmpty || !contact.familyName.isEmpty || !contact.middleName.isEmpty
    let fullName =
      single[.fullName] ?? (hasNameParts ? nil : displayNames.lazy.compactMap(OutlookCSVColumns.name(inDisplayName:)).first)
    if let fullName {
      contact.formattedName = fullName
      if contact.givenName.isEmpty && contact.familyName.isEmpty { NameSplitter.split(fullName).fill(&contact) }
    }
    contact.organizationName = single[.organization] ?? ""
    contact.departmentName = single[.department] ?? ""
    contact.jobTitle = single[.jobTitle] ?? ""
    contact.birthday = single[.birthday].flatMap(date) ?? birthday(ofParts: single)
    contact.groups = groups

    var number = 0
    func labeled<Value>(_ label: String?, _ value: Value) -> LabeledValue<Value> {
      number += 1
      return LabeledValue(identifier: "csv-\(line)-\(number)", label: label, value: value)
    }
    var notes = [single[.note]].compactMap { $0 }
    for key in order {
      guard let item = items[key], let kind = item.values.first(where: { $0.field != .emailDisplayName })?.field else {
        continue
      }
      let label = item.fixedLabel ?? item.writtenLabel.flatMap { CSVColumn.modelLabel($0, for: kind) }
      let values = item.values.filter { $0.field == kind }.map(\.value)
      switch kind {
      case .email: contact.emailAddresses += values.map { labeled(label, $0) }
      case .phone: contact.phoneNumbers += values.map { labeled(label, $0) }
      case .url: contact.urlAddresses += values.map { labeled(label, $0) }
      case .relation: contact.contactRelations += values.map { labeled(label, $0) }
      case .date: contact.dates += values.compactMap { date($0) }.map { labeled(label, $0) }
      case .customValue: notes += values.map { "\(item.writtenLabel ?? key): \($0)" }
      default:
        let address = postalAddress(item.values)
        if !address.isEmpty { contact.postalAddresses.append(labeled(label, address)) }
      }
    }
    contact.note = (notes + extra).joined(separator: "\n")
    contact.contactType = ContactType.inferred(for: contact)
    let named = !contact.formattedName.isEmpty || !contact.givenName.isEmpty || !contact.familyName.isEmpty
      || !contact.nickname.isEmpty || !contact.organizationName.isEmpty
    return named || !contact.emailAddresses.isEmpty || !contact.phoneNumbers.isEmpty ? contact : nil
  }

  /// The postal address of an item's parts; Google's one-cell `Formatted` address
  /// when it has no other part (its first line the street, the rest kept as lines).
  static func postalAddress(_ parts: [(field: CSVColumn.Field, value: String)]) -> PostalAddress {
    func part(_ field: CSVColumn.Field) -> [String] { parts.filter { $0.field == field }.map(\.value) }
    var address = PostalAddress()
    address.street = (part(.street) + part(.extendedAddress) + part(.poBox)).joined(separator: "\n")
    address.city = part(.city).first ?? ""
    address.state = part(.region).first ?? ""
    address.postalCode = part(.postalCode).first ?? ""
    address.country = part(.country).first ?? ""
    if address.isEmpty, let formatted = part(.formattedAddress).first { address.street = formatted }
    return address
  }

  /// The values of one cell: split at Google's ` ::: `; groups also at `;` (Outlook's
  /// `Categories`) and, in a generic file, at `,`.
  static func split(_ value: String, export: Export, groups: Bool) -> [String] {
    var parts = hasListSeparator(value) ? value.split(separator: " ::: ").map(String.init) : [value]
    if groups && export != .google {
      let separators: Set<Character> = export == .generic ? [";", ","] : [";"]
      parts = parts.flatMap { $0.split(whereSeparator: separators.contains).map(String.init) }
    }
    return parts.map { trimmed($0[...]) }.filter { !$0.isEmpty }
  }

  /// Whether `value` holds `:::` (most cells do not: splitting them all would cost
  /// a quarter of the reading).
  static func hasListSeparator(_ value: String) -> Bool {
    var colons = 0
    for byte in value.utf8 {
      colons = byte == UInt8(ascii: ":") ? colons + 1 : 0
      if colons == 3 { return true }
    }
    return false
  }

  /// `text` without white space (and line breaks) at its ends; pure Swift, for the
  /// million cells of a large export (Foundation's trimming costs a bridge per cell).
  static func trimmed(_ text: Substring) -> String {
    let scalars = text.unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let end = scalars.lastIndex { !$0.properties.isWhitespace }!
    return String(scalars[start...end])
  }

  /// A birthday given in three columns (`birthYear`, `birthMonth`, `birthDayOfMonth`):
  /// nil without a valid month and day; the year left out when absent or 0.
  static func birthday(ofParts single: [CSVColumn.Field: String]) -> ContactDate? {
    // A whole date in the `Birthday` column beside a `Birth Month` one is that date.
    if let text = single[.birthDayOfMonth], Int(text) == nil { return date(text) }
    guard let month = single[.birthMonth].flatMap({ Int($0) }), let day = single[.birthDayOfMonth].flatMap({ Int($0) }),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let year = single[.birthYear].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    return ContactDate(year: year, month: month, day: day)
  }

  /// A date as exports write it: ISO 8601 (`1815-12-10`, `--12-10` without a year,
  /// as Google writes it), Outlook's `12/10/1815` (the exporting Windows' short
  /// format: month first in the US, the default; day first where the first number
  /// cannot be a month, `25/12/1815` from a British or French Windows; year first,
  /// `1815/12/10`, from a Japanese or Chinese one) or a European
  /// `10.12.1815`; nil for Outlook's `0/0/00` (no date); any other text as written.
  static func date(_ text: String) -> ContactDate? {
    for (separator, monthFirst) in [("/", true), (".", false)] where text.contains(separator) {
      let numbers = text.split(separator: Character(separator)).map { Int($0.trimmingSpaces) }
      guard numbers.count == 3, let a = numbers[0], let b = numbers[1], let year = numbers[2] else { break }
      if a == 0 && b == 0 { return nil }
      // Year first (`1980/4/15`: a Japanese or Chinese Windows' short format).
      if a > 31, (1...12).contains(b), (1...31).contains(year) { return ContactDate(year: a, month: b, day: year) }
      let isDate = { (month: Int, day: Int) in (1...12).contains(month) && (1...31).contains(day) }
      let (month, day) = monthFirst && (isDate(a, b) || !isDate(b, a)) ? (a, b) : (b, a)
      guard isDate(month, day) else { break }
      return ContactDate(year: year == 0 ? nil : year, month: month, day: day)
    }
    return AbookReader.date(text)
  }
}
