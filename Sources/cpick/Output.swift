import ContactKit
import ContactPicker
import Foundation
import TerminalKit
import VCard
import CpickSupport
import AddressBook
import ContactFormats

/// Formats what cpick prints on stdout (PRODUCT.md "The JSON on stdout", `--format`,
/// `--template`, `--join`).
struct Output {
  /// Between records: a newline, or NUL with `--print0`.
  var separator = "\n"
  var format: Options.Format
  var template: String?
  var join: String?
  /// The order of name parts in composed names (`--name-order`).
  var nameOrder = ContactFormatter.NameOrder.auto
  /// The property chosen values are of (`-p`): what a form's person is printed as.
  var property: ContactKey?

  /// The output `options` ask for: `--format` (JSON lines for `list` and `query`, one
  /// JSON document otherwise), `--template`, `--join`, `--print0`, `--name-order`.
  init(_ options: Options) {
    separator = options.print0 ? "\0" : "\n"
    format = options.format ?? (options.command == .list || options.command == .query ? .jsonl : .json)
    template = options.template
    join = options.join
    nameOrder = options.nameOrder
    property = options.property
  }

  /// Prints `text` and the separator (a newline, NUL with `--print0`), unless it is
  /// empty.
  @MainActor
  func emit(_ text: String) {
    guard !text.isEmpty else { return }
    StandardOutput.write(text, terminator: separator)
  }

  /// Prints a controller's event with its person (`didCompleteWithNewPerson`,
  /// `didCompleteWithPerson`, `didResolveToPerson`; PRODUCT.md) — or, with another
  /// `--format` or a `--template`, the person as a chosen one is printed in it
  /// (`cpick new -f mailbox` prints `Ada Lovelace <ada@example.org>`), or with `-p KEY`
  /// the person's preferred value of it as a chosen value (`-p email -f value`: the
  /// address; nothing when the person has none).
  @MainActor
  func emit(event: String, person: Contact) {
    guard template == nil && (format == .json || format == .jsonl) else {
      if let property {
        if let value = person.properties(for: property).first { _ = emit(.selectedProperty(value)) }
      } else {
        _ = emit(.selectedPerson(person))
      }
      return
    }
    emit(JSONValue.object([("event", .string(event)), ("person", PersonJSON.person(person, nameOrder: nameOrder))]).serialized)
  }

  /// Prints what a picker or card ended with: whole cards for `vcard`/`jcard`/`xcard`,
  /// otherwise `result(_:)`'s text. Returns false when cancelled.
  @MainActor
  func emit(_ result: PeoplePickerResult) -> Bool {
    if format.writesCards {
      let contacts = Self.contacts(of: result)
      guard !contacts.isEmpty else { return false }
      CPick.writeCards(contacts, format: format)
      return true
    }
    guard let text = self.result(result) else { return false }
    emit(text)
    return true
  }

  /// The contacts of a result, in order (the person of a chosen property once).
  static func contacts(of result: PeoplePickerResult) -> [Contact] {
    switch result {
    case .selectedPerson(let contact): return [contact]
    case .selectedProperty(let property): return [property.contact]
    case .selectedPeople(let contacts): return contacts
    case .selectedProperties(let properties):
      var seen = Set<String>()
      return properties.map(\.contact).filter { seen.insert($0.identifier + "\u{0}" + $0.source).inserted }
    case .cancelled: return []
    }
  }

  /// Whole cards: vCard as read (unchanged cards byte for byte, legacy charsets kept),
  /// jCard (RFC 7095; one card alone, several as an array) or xCard (RFC 6351; a
  /// `<vcards>` document): the document's start, its cards, its end.
  static func cards(_ contacts: [Contact], format: Options.Format) -> [UInt8] {
    if format == .jcard && contacts.count == 1 { return Array((JCardWriter.write(contacts[0]) + "\n").utf8) }
    let document = document(format)
    return document.start + cardsInDocument(contacts, format: format) + document.end
  }

  /// What a document of `format` holding several cards begins and ends with, and
  /// what stands between two runs of its cards (`cardsInDocument`): jCard's brackets
  /// and comma, xCard's declaration and `<vcards>`, nothing for vCard.
  static func document(_ format: Options.Format) -> (start: [UInt8], between: [UInt8], end: [UInt8]) {
    switch format {
    case .jcard: (Array("[".utf8), Array(",".utf8), Array("]\n".utf8))
    case .xcard: (Array(XCardWriter.documentStart.utf8), [], Array(XCardWriter.documentEnd.utf8))
    default: ([], [], [])
    }
  }

  /// The cards of `contacts` as they stand inside `format`'s document (`document`),
  /// for a document written a run of contacts at a time
  /// (`CPick.writeCards(at:in:format:)`): jCard arrays joined by `,`, xCard `<vcard>`
  /// elements, vCard cards.
  static func cardsInDocument(_ contacts: [Contact], format: Options.Format) -> [UInt8] {
    switch format {
    case .jcard:
      return Array(contacts.map { JCardWriter.write($0) }.joined(separator: ",").utf8)
    case .xcard:
      return Array(contacts.compactMap { VCardWriter.card($0) }.map(XCardWriter.vcard).joined().utf8)
    default:
      return VCardWriter.writeBytes(contacts)
    }
  }

  /// `cards` (vCard or jCard bytes) for a terminal: each line's characters that could
  /// control or spoof it (ESC, other controls, C1, bidi overrides) made visible by
  /// `TerminalText.visible`, the line ends (CRLF or LF) kept. A card is text of
  /// printable characters (RFC 6350 §3.3), so a well-formed card is unchanged; bytes
  /// that are not UTF-8 (a legacy charset) show as U+FFFD. Not used when stdout is a
  /// file or a pipe: the cards go there as read.
  static func visible(cards: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(cards.count)
    for (number, line) in cards.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      if number > 0 { out.append(UInt8(ascii: "\n")) }
      let hasCR = line.last == UInt8(ascii: "\r")
      out.append(contentsOf: TerminalText.visible(String(decoding: hasCR ? line.dropLast() : line, as: UTF8.self)).utf8)
      if hasCR { out.append(UInt8(ascii: "\r")) }
    }
    return out
  }

  /// What to print for a people picker's (or card's) result; `nil` when cancelled.
  func result(_ result: PeoplePickerResult) -> String? {
    if template == nil && format == .json { return PersonJSON.event(result, nameOrder: nameOrder)?.serialized }
    let items: [Item]
    switch result {
    case .selectedPerson(let contact): items = [.person(contact)]
    case .selectedProperty(let property): items = [.property(property)]
    case .selectedPeople(let contacts): items = contacts.map(Item.person)
    case .selectedProperties(let properties): items = properties.map(Item.property)
    case .cancelled: return nil
    }
    return lines(items)
  }

  /// Contacts as lines (`query`, `list`): one per line, or joined with `--join`. A
  /// mailbox needs an address: contacts without an email give no line.
  func contacts(_ contacts: [Contact]) -> String {
    lines(of: contacts).joined(separator: between)
  }

  /// Prints lines a chunk at a time (`list` of many contacts): `lines` gives the lines
  /// of a range of `0..<count` items, and only one chunk's items and lines are held at
  /// once, not the book's. A chunk is at most `chunk` items and about `chunkBytes` of
  /// text at the rate of the chunk before (the first is one item, each next one at most
  /// `growth` times the one before), so a long `--template` is not held for 16,384
  /// contacts at once, nor for 256 of 15 MB each (2.8 GB); a chunk's lines are written
  /// one by one, not joined into one more copy. The bytes are those of `emit`
  /// of all the lines joined (`between`); a chunk's warnings come before its lines.
  /// Stops early when the reader has gone (`cpick list | head -1`). Returns the number
  /// of lines.
  @MainActor
  @discardableResult
  func emitInChunks(count: Int, _ lines: (Range<Int>) -> [String]) -> Int {
    var written = 0
    var wroteText = false
    var start = 0
    var size = 1
    while start < count && StandardOutput.isOpen {
      let range = start..<min(start + size, count)
      start = range.upperBound
      let rendered = lines(range)
      var bytes = 0
      for line in rendered {
        if written > 0 { StandardOutput.write("", terminator: between) }
        StandardOutput.write(line, terminator: "")
        bytes += line.utf8.count
        written += 1
      }
      wroteText = wroteText || bytes > 0
      size = max(1, min(Self.chunk, size * Self.growth, Self.chunkBytes / max(1, bytes / range.count)))
    }
    // `emit` adds the separator to non-empty text only.
    if wroteText || (written > 1 && !between.isEmpty) { StandardOutput.write("", terminator: separator) }
    return written
  }

  /// How many contacts `list` decodes and prints at once: enough to keep all cores
  /// busy, few enough that a million contacts are never all held.
  static let chunk = 16_384
  /// How many times the chunk before a chunk of `emitInChunks` holds at most.
  static let growth = 8
  /// About how much text `emitInChunks` holds at once (bytes).
  static let chunkBytes = 16 << 20

  /// `0..<count` in ranges of `chunk` items.
  static func chunks(_ count: Int) -> [Range<Int>] {
    stride(from: 0, to: count, by: chunk).map { $0..<min($0 + chunk, count) }
  }

  /// Whether `emitInChunks` prints what `result(.selectedProperties(_:))` would: in
  /// every format but one JSON document (`-f json` without a template).
  var printsLines: Bool { template != nil || format != .json }

  /// Contacts as JSON lines from the person JSON stored in the index (`query` and
  /// `list` in their default format): the bytes of `positions` each followed by the
  /// separator. Nil when another format or a template is asked for, when there are
  /// no stored renderings, or one of them is damaged — print from the contacts then.
  func storedJSON(_ renderings: ContactRenderings?, positions: some Collection<Int>) -> [UInt8]? {
    guard template == nil, format == .json || format == .jsonl, let renderings else { return nil }
    return renderings.lines(positions, separator: separator.utf8.first!)
  }

  enum Item {
    case person(Contact)
    case property(ContactProperty)
  }

  private func render(_ template: String, _ item: Item) -> String {
    switch item {
    case .person(let contact): return OutputTemplate(template, nameOrder: nameOrder).render(contact)
    case .property(let property): return OutputTemplate(template, nameOrder: nameOrder).render(property)
    }
  }

  private func lines(_ items: [Item]) -> String {
    lines(of: items).joined(separator: between)
  }

  /// Contacts' lines, unjoined (`writesLine`), invisible characters warned of.
  func lines(of contacts: [Contact]) -> [String] {
    lines(of: contacts.map(Item.person))
  }

  /// Properties' lines (`-p KEY`), unjoined (`writesLine`), invisible characters
  /// warned of.
  func lines(of properties: [ContactProperty]) -> [String] {
    lines(of: properties.map(Item.property))
  }

  private func lines(of items: [Item]) -> [String] {
    warnOfInvisibles(items, as: format)
    return Self.inParallel(items.filter(writesLine), line)
  }

  /// Whether `item` gives a line: a mailbox needs an address, so a contact without an
  /// email that holds one (`Mailbox.mailboxEmail(of:)`), or an email that is no
  /// address (`Mailbox.addresses(inEmailValue:)`: nothing but invisible characters
  /// around an `@`), gives none; nor does such an email as a value (`-f value`: it
  /// would be a bare `@`).
  private func writesLine(_ item: Item) -> Bool {
    if format == .value, template == nil, case .property(let property) = item, property.key == .emailAddresses {
      return !Self.isInvisibleOnly(address: property.value.singleLine)
    }
    guard format == .mailbox, template == nil else { return true }
    switch item {
    case .person(let contact):
      return Mailbox.mailboxEmail(of: contact) != nil
    case .property(let property):
      return property.key != .emailAddresses || !Mailbox.addresses(inEmailValue: property.value.singleLine).isEmpty
    }
  }

  /// Whether `address` holds invisible characters (`InvisibleCharacters`) and no
  /// address once they are gone: nothing of it is written as an address.
  static func isInvisibleOnly(address: String) -> Bool {
    address.unicodeScalars.contains(where: InvisibleCharacters.isDefaultIgnorable)
      && Mailbox.addresses(inEmailValue: address).isEmpty
  }

  /// What comes between two lines: `--join`'s text (not in JSON), else the separator.
  private var between: String {
    if let join, format != .json, format != .jsonl { return join }
    return separator
  }

  /// `items.map(transform)`, on all cores for many items (a query's thousands of
  /// matches, each a JSON object to build).
  /// `items` transformed on all cores: in pieces of at most 1,024, and of at least 64
  /// (a few lines are made on this thread) — a chunk of 512 long lines (`emitInChunks`)
  /// on both cores of a two-core machine.
  private static func inParallel(_ items: [Item], _ transform: @Sendable (Item) -> String) -> [String] {
    let piece = max(64, min(1024, (items.count + ProcessInfo.processInfo.activeProcessorCount - 1) / max(1, ProcessInfo.processInfo.activeProcessorCount)))
    return Parallel.map(count: items.count, chunk: piece) { range in items[range].map(transform) }.flatMap { $0 }
  }

  private func line(_ item: Item) -> String {
    line(item, as: format)
  }

  private func line(_ item: Item, as format: Options.Format) -> String {
    if let template { return render(template, item) }
    switch (format, item) {
    case (.json, .person(let contact)), (.jsonl, .person(let contact)):
      var bytes: [UInt8] = []
      bytes.reserveCapacity(1024)
      PersonJSON.writePerson(contact, nameOrder: nameOrder, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    case (.json, .property(let property)), (.jsonl, .property(let property)):
      return JSONValue.object([("person", PersonJSON.person(property.contact, nameOrder: nameOrder)), ("property", PersonJSON.property(property))])
        .serialized
    case (.mailbox, .person(let contact)):
      return Mailbox.string(for: contact, address: Mailbox.mailboxEmail(of: contact) ?? "", order: nameOrder)
    case (.mailbox, .property(let property)):
      guard property.key == .emailAddresses else { return PlainText.line(property.value.singleLine) }
      return Mailbox.string(for: property.contact, address: property.value.singleLine, order: nameOrder)
    case (.value, .person(let contact)):
      return PlainText.line(ContactFormatter.shown(contact.displayNameInOrder(nameOrder)))
    case (.value, .property(let property)):
      return PlainText.line(Mailbox.lineValue(of: property))
    case (.tsv, .person(let contact)):
      return [
        contact.displayNameInOrder(nameOrder), contact.emailAddresses.mostPreferred().map { Mailbox.address(inEmailValue: $0.value) } ?? "",
        contact.phoneNumbers.mostPreferred()?.value ?? "",
        contact.organizationName, contact.identifier,
      ].map(PlainText.line).joined(separator: "\t")
    case (.mutt, _), (.aerc, _), (.vcard, _), (.jcard, _), (.xcard, _):
      // Lists of addresses, not one line per item: see MailClientFormat.
      return line(item, as: .mailbox)
    case (.tsv, .property(let property)):
      return [
        property.contact.displayNameInOrder(nameOrder), property.key.rawValue, property.label ?? "",
        Mailbox.lineValue(of: property),
        property.identifier,
      ].map(PlainText.line).joined(separator: "\t")
    }
  }

}

