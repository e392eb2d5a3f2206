import ContactFormats
import CpickSupport
import ContactKit
import DirectoryEntries
import Localization
import VCard

/// The address books of other programs, told apart by content: an abook book
/// (`AbookReader`), a mutt alias file (`MuttAliasReader`), an LDIF file (`LDIFReader`,
/// its entries made cards by `LDAPCardMapping`), a CSV export of Google Contacts,
/// Outlook or another program (`CSVContactReader`); by name where the content says too
/// little (`.ldif`, `.csv`). `VCardLoading` reads them with their reader (before the
/// vCard reader, and without `ForeignFormat`'s warning); `CardFileEditor` never writes
/// one as vCard: an abook book is saved by `AbookStore` (new sections, edits and
/// deletes in place), a mutt alias file by `MuttAliasStore` (new alias lines only);
/// LDIF and CSV files are read only (`refusal(source:)`), and what takes no new
/// contact sends them to a vCard book (`VCardFileStore.isReadOnlyFormat`). cpick's own
/// read-only formats (JSON lines, jCard, xCard) are told apart where the vCard reader is.
///
/// Any of them may be in UTF-16 with a byte-order mark or UTF-8 with or without one
/// (`LineReader.normalizedUTF8`); a CSV export that is not UTF-8 is read in the charset
/// its lines tell together (`toldCharset(of:)`), else as the vCard
/// reader reads text of no declared charset (`CharsetDecoder.decodeUndeclared`:
/// Windows-1252, Outlook's "ANSI" export in the West).
enum ReadOnlyFormat: Sendable, Hashable {
  case abook
  case muttAliases
  case ldif
  case csv(CSVContactReader.Export)

  /// The bytes the formats are told apart by: the first 8 KiB.
  static let headBytes = 8192

  /// The format of `bytes` (the file's, or its first `headBytes`) of the file `name`,
  /// or nil when they are none of these.
  init?(_ bytes: [UInt8], name: String = "") {
    let lowerName = name.lowercased()
    // A vCard (the card file of a vdir: a million of them) is told at once.
    if Self.startsAsVCard(bytes) && !lowerName.hasSuffix(".ldif") && !lowerName.hasSuffix(".ldi") { return nil }
    let head = LineReader.normalizedUTF8(Array(bytes.prefix(Self.headBytes)))
    let lines = BookFileText.endsLinesWithCR(head) ? BookFileText.swappingLineEnds(head) : head
    if AbookReader.isAbook(lines) {
      self = .abook
    } else if MuttAliasReader.isAliasFile(lines) {
      self = .muttAliases
    } else if LDIFReader.isLDIF(head) || lowerName.hasSuffix(".ldif") || lowerName.hasSuffix(".ldi") {
      self = .ldif
    } else if let export = CSVContactReader.export(of: String(decoding: head, as: UTF8.self), named: name) {
      self = .csv(export)
    } else {
      return nil
    }
  }

  /// Whether `bytes`, in UTF-8 (with or without a byte-order mark, after blank
  /// lines and spaces), start with `BEGIN:VCARD` in any case: none of these formats
  /// can.
  static func startsAsVCard(_ bytes: [UInt8]) -> Bool {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
    let word = Array("BEGIN:VCARD".utf8)
    guard bytes.count - start >= word.count else { return false }
    for (offset, letter) in word.enumerated() {
      let byte = bytes[start + offset]
      // Letters in either case (the word's are upper case), the colon as it is.
      guard byte == letter || (letter >= 0x41 && letter <= 0x5A && byte == letter | 0x20) else { return false }
    }
    return true
  }

  /// Whether new contacts can be added to a book of this format: an abook book (a
  /// new section), a mutt alias file (a new alias line); not an LDIF file or a CSV
  /// export.
  var takesNewContacts: Bool {
    switch self {
    case .abook, .muttAliases: true
    case .ldif, .csv: false
    }
  }

  /// Whether the contacts of a book of this format can be edited and deleted in
  /// place: an abook book's (its section rewritten); not a mutt alias file's, whose
  /// lines are mutt's configuration (`MuttAliasStore`), nor those of the read-only
  /// formats.
  var editsContacts: Bool {
    switch self {
    case .abook: true
    case .muttAliases, .ldif, .csv: false
    }
  }

  /// What the format is called in messages.
  var name: String {
    switch self {
    case .abook: L10n.text("abook address books")
    case .muttAliases: L10n.text("mutt alias files")
    case .ldif: L10n.text("LDIF files")
    case .csv: L10n.text("CSV exports")
    }
  }

  /// Why a save into `source`, a book of this format, is refused, and what to do.
  func refusal(source: String) -> String {
    switch self {
    case .abook, .muttAliases:
      return L10n.format("%s are read, not written; save to a .vcf file or a vdir (--save-to)", name)
    case .ldif, .csv:
      return L10n.format(
        "%s are read, not written; make a vCard book of it (cpick list -s %s --format vcard > book.vcf) and use that, or save to a .vcf file or a vdir (--save-to)",
        name, source)
    }
  }

  /// The contacts of `bytes` and a `source:line: why` warning for each line not read.
  func read(_ bytes: [UInt8], source: String) -> (contacts: [Contact], warnings: [String]) {
    RecordParts.gathered { read(bytes, source: source, inPartsOf: .max, $0) }
  }

  /// The contacts and warnings of `bytes`, as `read(_:source:)` gives them, given to
  /// `body` part by part (about `partSize` bytes each), so that the records and
  /// contacts of a large book are never held at once: an abook book's sections stand
  /// alone; an LDIF file's entries do too (but a manager's name, gathered first); a
  /// mutt alias file's lines do (but an alias defined again, found first); a CSV
  /// export's rows do (cut where its table ends them: a row may span lines).
  ///
  /// `bytes` are let go once they are read as UTF-8 (passed with `consume`, the file is
  /// not held twice): a CSV export's text is a `String` of its own.
  ///
  /// As for a vCard file, the first `ReadingLimits.listedWarnings` warnings are listed,
  /// then one for the rest (`RecordParts.listingFirst`): a mutt file that defines one
  /// alias 300,000 times says so in 101 lines, not 300,000.
  func read(_ bytes: consuming [UInt8], source: String, inPartsOf partSize: Int, _ body: RecordParts.Body) {
    var text = LineReader.normalizedUTF8(bytes)
    _ = consume bytes
    if self == .abook || self == .muttAliases || self == .ldif, BookFileText.endsLinesWithCR(text) {
      text = BookFileText.swappingLineEnds(text)
    } else if self == .ldif, let mixed = BookFileText.lineFeedsForLoneCRs(text) {
      // Joined from a file of CR line ends and one of CR LF: each CR alone ends a line.
      text = mixed
    }
    let limits = ReadingLimits.standard
    RecordParts.listingFirst(limits.listedWarnings, of: body, unlisted: limits.unlistedProblems) { listed in
      switch self {
      case .abook:
        AbookReader.read(text, source: source, inPartsOf: partSize, decoding: Self.lineDecoding(for: text), listed)
      case .ldif: Self.readLDIF(text, source: source, inPartsOf: partSize, listed)
      case .muttAliases:
        MuttAliasReader.read(text, source: source, inPartsOf: partSize, decoding: Self.lineDecoding(for: text), listed)
      case .csv(let export):
        // Not UTF-8 (an Outlook export in the Windows code page): in the charset its
        // lines tell together (`toldCharset(of:)`: Windows-1251 for Cyrillic, …), as an
        // abook book's lines are, else as the text alone tells.
        // UTF-8 (most exports) is told by one pass over the text.
        let decoded =
          String(validating: text, as: UTF8.self)
          ?? CharsetDecoder.decodeUndeclared(text, fallback: Self.toldCharset(of: text) ?? nil)
        text = []
        CSVContactReader.read(decoded, source: source, export: export, inPartsOf: partSize, listed)
      }
    }
  }

  /// How the lines of the abook book or mutt alias file `text` (which declare no
  /// charset) are read: UTF-8; a line that is not, as a vCard's undeclared values are —
  /// in the legacy charset the file's such lines tell together (its first 4 MB of them,
  /// `CharsetDecoder.toldCharset(ofValues:)`: Windows-1251 for Cyrillic, EUC-KR, …), else
  /// as the line alone tells (Windows-1252 for Latin-1). A file that is all UTF-8 is
  /// read as UTF-8 with nothing more asked.
  ///
  /// - Complexity: O(n) in the size of `text`.
  static func lineDecoding(for text: [UInt8]) -> TextDecoding {
    guard let told = toldCharset(of: text) else { return TextDecodings.utf8 }
    return { CharsetDecoder.decodeUndeclared($0, fallback: told) }
  }

  /// The legacy charset the lines of `text` that are not UTF-8 tell together (the
  /// first 4 MB of them): `.some(nil)` when they tell none; nil when `text` is all UTF-8.
  private static func toldCharset(of text: [UInt8]) -> String?? {
    guard String(validating: text, as: UTF8.self) == nil else { return nil }
    var values: [[UInt8]] = []
    var size = 0
    var start = 0
    while start < text.count && size < 4 << 20 {
      let end = text[start...].firstIndex(of: 0x0A) ?? text.count
      let line = text[start..<end]
      if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil {
        values.append(Array(line))
        size += line.count
      }
      start = end + 1
    }
    return .some(CharsetDecoder.toldCharset(ofValues: values))
  }

  /// `body` (an abook book or alias file as an edit leaves it) with the lines the edit
  /// wrote — those not in `original` — in the legacy charset `original`'s other lines
  /// are in (Windows-1252 when they tell none), where such a line converts and reads
  /// back as written: the file stays in one charset, as a vCard file does (`CardEditor`).
  /// A file that was all UTF-8, or a line the charset has no bytes for, stays UTF-8.
  static func inFileCharset(_ body: [UInt8], original: [UInt8]) -> [UInt8] {
    guard let told = toldCharset(of: original) else { return body }
    let charset = told ?? "WINDOWS-1252"
    let kept = Set(original.split(separator: 0x0A, omittingEmptySubsequences: false))
    var out: [UInt8] = []
    out.reserveCapacity(body.count)
    for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      if index > 0 { out.append(0x0A) }
      if !kept.contains(line), line.contains(where: { $0 >= 0x80 }), let text = String(validating: line, as: UTF8.self),
        let converted = CharsetConverter.bytes(Array(line), in: charset),
        CharsetDecoder.decodeUndeclared(converted, fallback: told) == text
      {
        out += converted
      } else {
        out += line
      }
    }
    return out
  }

  /// The people of an LDIF file (entries of other kinds, such as the organizational
  /// units of a `slapcat` dump, left out): each entry's card (`LDAPCardMapping`, a
  /// `manager` named by the entry of its DN) read as any vCard is.
  static func readLDIF(_ bytes: [UInt8], source: String) -> (contacts: [Contact], warnings: [String]) {
    RecordParts.gathered { readLDIF(bytes, source: source, inPartsOf: .max, $0) }
  }

  /// The people of an LDIF file as `readLDIF(_:source:)` gives them, given to `body`
  /// part by part (`LDIFReader.parts`: whole entries, about `partSize` bytes each). A
  /// warning about an entry's card (a value over a limit of the vCard reader) names
  /// the entry's first line, and a part's warnings are in line order. When the file may
  /// name a `manager` (`LDIFReader.mayHoldAttribute`), the names of every person are
  /// gathered first, part by part (a manager may be anywhere in it).
  static func readLDIF(
    _ bytes: [UInt8], source: String, inPartsOf partSize: Int, _ body: RecordParts.Body
  ) {
    let parts = LDIFReader.parts(bytes, size: partSize)
    func people(of part: (range: Range<Int>, linesBefore: Int)) -> (
      people: [(line: Int, entry: LDAPEntry)], warnings: [String]
    ) {
      let slice = parts.count == 1 ? bytes : Array(bytes[part.range])
      let read = LDIFReader.read(slice, source: source, linesBefore: part.linesBefore)
      return (read.entries.filter { LDAPCardMapping.isPerson($0.entry) }, read.warnings)
    }
    // Names and cards made on all cores, a chunk of entries each, kept in file order.
    let chunk = 4_096
    func personNames(_ people: [(line: Int, entry: LDAPEntry)]) -> [(String, String)] {
      Parallel.map(count: people.count, chunk: chunk) { range in
        range.map { (LDAPCardMapping.nameKey(people[$0].entry.dn), LDAPCardMapping.displayName(people[$0].entry)) }
      }.flatMap { $0 }
    }
    var names: [String: String] = [:]
    let gathered = parts.count > 1 && LDIFReader.mayHoldAttribute("manager", bytes)
    if gathered {
      for part in parts {
        for (key, name) in personNames(people(of: part).people) { names[key] = name }
      }
    }
    // Lines of the cards made before (a source record's first line counts the lines of
    // every card made from the file, as when it is read whole).
    var cardLinesBefore = 0
    for part in parts {
      let (people, ldifWarnings) = people(of: part)
      if !gathered {
        for (key, name) in personNames(people) { names[key] = name }
      }
      let made = Parallel.map(count: people.count, chunk: chunk) { [names] range in
        range.map { LDAPCardMapping.card(from: people[$0].entry, names: names, keepingOthers: true) }
      }.flatMap { $0 }
      // Where each card starts in the cards' lines (1-based), to name its entry's line.
      var cardStarts: [Int] = []
      cardStarts.reserveCapacity(made.count)
      var cards: [UInt8] = []
      var lines = 0
      for card in made {
        cardStarts.append(lines + 1)
        lines += card.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        cards += card
      }
      // Read as vCard, not told apart again: the source's name (`.ldif`) would say LDIF.
      var load = VCardLoading.contactsOfReadFormat(fromBytes: cards, source: source, progress: nil)
      if cardLinesBefore > 0 {
        for index in load.contacts.indices { load.contacts[index].sourceRecord?.firstLine += cardLinesBefore }
      }
      cardLinesBefore += lines
      let warnings = Self.inLineOrder(
        ldifWarnings, cardWarnings: load.warnings, cardStarts: cardStarts, entryLines: people.map(\.line),
        source: source)
      body(load.contacts, warnings)
    }
  }

  /// The warnings of an LDIF part in line order (stable: warnings of one line keep
  /// theirs): those of the LDIF as they are, and those of the cards made from its
  /// entries (`cardWarnings`, at lines of the cards, each card starting at its line of
  /// `cardStarts`) at the first line of the card's entry (`entryLines`).
  private static func inLineOrder(
    _ ldifWarnings: [String], cardWarnings: [String], cardStarts: [Int], entryLines: [Int], source: String
  ) -> [String] {
    let ldif = ldifWarnings.map { (line: LineWarning.split($0, source: source)?.line ?? 0, text: $0) }
    let cards = cardWarnings.map { warning -> (line: Int, text: String) in
      guard let (line, why) = LineWarning.split(warning, source: source), cardStarts.first.map({ $0 <= line }) == true
      else { return (0, warning) }
      // The card holding that line: the last that starts at or before it (a search
      // in halves: a part may have a warning for each of its cards).
      var low = 0
      var high = cardStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if cardStarts[middle] <= line { low = middle } else { high = middle - 1 }
      }
      return (entryLines[low], "\(source):\(entryLines[low]): \(why)")
    }
    return (ldif + cards).enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
      .map(\.element.text)
  }
}
