import ContactKit
import CpickSupport
import Localization
import VCard

/// One change to one file of cards.
enum CardFileEdit {
  case add(Contact)
  case update(Contact, original: Contact)
  case delete(Contact)
  /// Take the member with this UID out of the file's group cards (`GroupMemberRemoval`),
  /// or out of the group card named `group` only.
  case removeMember(uid: String, group: String? = nil)
  /// Add the member with this UID to the group card named `group` (`GroupCardEditing`),
  /// appending a new group card in the `apple` style when the file has none and `create`.
  case addMember(uid: String, group: String, apple: Bool, create: Bool)
  /// A group renamed, created or deleted on every card of the file; `apple` is the
  /// style of a new group card (`nil`: the book keeps groups in `CATEGORIES`).
  case group(GroupChange, apple: Bool?)
}

/// Applies edits to the bytes of a file of cards, in memory: a card being updated
/// or deleted is found by its original bytes (`SourceRecord.bytes`) and exactly
/// those bytes are replaced or removed; a new card is appended. Everything else in
/// the file — other cards, comments, junk between cards — stays as it is; a
/// byte-order mark at its start is dropped (case 05).
///
/// When a card's original bytes are no longer in the file (another program changed
/// it since it was loaded), the card is found by its `UID` (or as the file's only
/// card, in a vdir) and the edit is re-applied to it as a three-way merge
/// (`ContactMerge`); a conflicting change is an error and nothing is written.
struct CardFileEditor {
  /// The path in messages and the `source` of contacts read back.
  let source: String
  /// How a conflict is told: where the other change was made, what to do.
  var wording = ChangeWording.file
  /// Whether the file is a vdir file (one card): a card without `UID` is then
  /// found again as the file's only card.
  let isSingleCardFile: Bool
  let options: VCardWriter.Options

  /// What applying the edits gave.
  struct Outcome {
    /// The whole new file.
    var bytes: [UInt8]
    /// Whether nothing but a byte-order mark and white space remains.
    var isBlank: Bool
    /// For each edit: the contact it leaves in the file (`nil` for a delete), read
    /// back from the new bytes.
    var contacts: [Contact?]
  }

  /// Applies `edits` in order to `file`.
  ///
  /// - Throws: `.readOnly` for a format cpick does not write, `.damaged` for a file
  ///   with broken card structure, `.conflict`, `.invalidRequest`.
  func apply(_ edits: [CardFileEdit], to file: [UInt8]) throws(ContactStoreError) -> Outcome {
    let (_, original) = try split(file)
    var body = EditedBody(bytes: original)
    for edit in edits {
      let parsed = VCardReader.read(body.bytes)
      try checkStructure(parsed)
      switch edit {
      case .add(let contact):
        add(contact, to: &body)
      case .update(let contact, let loaded):
        try update(loaded, to: contact, in: &body, parsed: parsed)
      case .delete(let contact):
        try delete(contact, from: &body, parsed: parsed)
      case .removeMember(let uid, let group):
        removeMember(uid, group: group, from: &body, parsed: parsed)
      case .addMember(let uid, let group, let apple, let create):
        addMember(uid, group: group, apple: apple, create: create, to: &body, parsed: parsed)
      case .group(let change, let apple):
        apply(change, apple: apple, to: &body, parsed: parsed)
      }
    }
    if body.bytes == original { return Outcome(bytes: file, isBlank: isBlank(body.bytes), contacts: body.fallback) }
    // A byte-order mark is not written back (case 05): vCard is UTF-8 without one (RFC
    // 6350 §3.1), and a program that compares the first line with BEGIN:VCARD
    // would not find it.
    return Outcome(bytes: body.bytes, isBlank: isBlank(body.bytes), contacts: readBack(body))
  }

  /// The file's cards (after any byte-order mark) while edits are applied: for each
  /// edit so far, where its card is now (`nil` for a delete, or once a later edit
  /// replaced or removed those bytes) and the contact it leaves, as written.
  struct EditedBody {
    var bytes: [UInt8]
    var placed: [Range<Int>?] = []
    var fallback: [Contact?] = []

    /// Records an edit's card and contact.
    mutating func record(_ range: Range<Int>?, _ contact: Contact?) {
      placed.append(range)
      fallback.append(contact)
    }

    /// Replaces `bytes[range]` with `new`, moving the cards placed after it, following
    /// a card rewritten whole (a group renamed in the card an earlier edit added: it is
    /// read back as it is now, from the file) and forgetting those it overlaps
    /// otherwise; returns where `new` is.
    mutating func replace(_ range: Range<Int>, with new: [UInt8]) -> Range<Int> {
      bytes.replaceSubrange(range, with: new)
      let delta = new.count - range.count
      let now = range.lowerBound..<(range.lowerBound + new.count)
      for index in placed.indices {
        guard let other = placed[index] else { continue }
        if other.lowerBound >= range.upperBound {
          placed[index] = (other.lowerBound + delta)..<(other.upperBound + delta)
        } else if other == range && !new.isEmpty {
          placed[index] = now
        } else if other.overlaps(range) || other == range {
          placed[index] = nil
        }
      }
      return now
    }
  }

  /// Appends a new card for `contact`, with the line ends cards are written with in
  /// the file (`LineEnds.written(in:)`: CR LF but in a file of CR or CR CR LF ones).
  private func add(_ contact: Contact, to body: inout EditedBody) {
    var card = VCardWriter.writeBytes(contact, options: options)
    // A card brought with its own bytes in a legacy charset (`new --vcard` of a card in
    // Latin-1) goes into a UTF-8 file (or a new one) in UTF-8.
    if String(validating: card, as: UTF8.self) == nil, String(validating: body.bytes, as: UTF8.self) != nil {
      card = Self.inUTF8(card)
    }
    let lineEnd = Self.lineEnd(of: body.bytes)
    // A card brought with its own bytes too (`new --vcard`).
    card = LineEnds.converting(LineEnds.normalizedToCRLF(card), fromCRLFTo: LineEnds.written(in: lineEnd))
    if let last = body.bytes.last, last != 0x0A, last != 0x0D { body.bytes += lineEnd }
    let start = body.bytes.count
    body.bytes += card
    body.record(start..<body.bytes.count, contact)
  }

  /// `card` (a card's bytes, some lines not UTF-8) with each line that is not UTF-8
  /// read as the reader reads it — in the legacy charset the card's values tell
  /// together (`CharsetDecoder.toldCharset(of:)`), else as the line tells — and written
  /// in UTF-8; the other lines as they are.
  static func inUTF8(_ card: [UInt8]) -> [UInt8] {
    let told = CharsetDecoder.toldCharset(of: VCardReader.read(card).cards)
    var out: [UInt8] = []
    out.reserveCapacity(card.count + card.count / 4)
    // The charset the line being continued names (`CHARSET=`): a fold goes on in it.
    var declared: String? = nil
    for (index, line) in card.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      if index > 0 { out.append(0x0A) }
      let continues = line.first == 0x20 || line.first == 0x09
      var head: ArraySlice<UInt8> = []
      var value = line[...]
      if !continues {
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        (head, value) = (line[..<colon], line[colon...])
        declared = Self.charsetParameter(head)
      }
      guard String(validating: line, as: UTF8.self) == nil else {
        out += line
        continue
      }
      if let declared, let text = CharsetDecoder.decodeDeclared(Array(value), label: declared) {
        // Its text in UTF-8, and the line says so.
        out += Self.naming(head, charset: "UTF-8") + Array(text.utf8)
      } else {
        out += head + Array(CharsetDecoder.decodeUndeclared(value, fallback: told).utf8)
      }
    }
    return out
  }

  /// The value of the `CHARSET` parameter in a line's head (before its colon), if any.
  static func charsetParameter(_ head: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: head, as: UTF8.self)
    for parameter in text.split(separator: ";").dropFirst() where parameter.uppercased().hasPrefix("CHARSET=") {
      return String(parameter.dropFirst("CHARSET=".count)).filter { $0 != "\"" }
    }
    return nil
  }

  /// `head` with its `CHARSET` parameter's value `charset`.
  static func naming(_ head: ArraySlice<UInt8>, charset: String) -> [UInt8] {
    let text = String(decoding: head, as: UTF8.self)
    let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { part in
      part.uppercased().hasPrefix("CHARSET=") ? "CHARSET=" + charset : String(part)
    }
    return Array(parts.joined(separator: ";").utf8)
  }

  /// Rewrites the card of `loaded` as `contact`: where its bytes still are, only the
  /// changed lines; else (another program changed the file) the card found again by
  /// `find`, with the edit merged into its current state.
  ///
  /// - Throws: `.invalidRequest` for a contact not loaded from this file; `.conflict`
  ///   when its card is gone or the changes conflict.
  private func update(
    _ loaded: Contact, to contact: Contact, in body: inout EditedBody, parsed: VCardParseResult
  ) throws(ContactStoreError) {
    guard let record = loaded.sourceRecord ?? contact.sourceRecord else {
      throw ContactStoreError(
        source: source, reason: L10n.format("%s was not loaded from this file; add it instead", contact.displayName),
        kind: .invalidRequest)
    }
    // The card is written in the charset it was read in, which the file may name
    // elsewhere or its values tell.
    var options = options
    options.fileCharset = parsed.undeclaredCharset
    if let range = Self.locate(record, in: parsed) {
      if contact == loaded {
        body.record(range, contact)
      } else {
        let written = body.replace(range, with: VCardWriter.writeBytes(contact, original: loaded, options: options))
        body.record(written, contact)
      }
      return
    }
    guard let (current, range) = find(loaded, in: body.bytes, parsed: parsed) else {
      throw ContactStoreError(
        source: source,
        reason: ContactIdentifier.isDerived(loaded.identifier)
          ? L10n.format(
            "%s was changed or removed %s since it was loaded, and the card has no UID to find it again by; "
              + "nothing was written.", loaded.displayName, wording.elsewhere) + " " + wording.again
          : L10n.format(
            "%s was removed %s since it was loaded; nothing was written.", loaded.displayName, wording.removedFrom)
            + " " + wording.addAgain,
        kind: .conflict)
    }
    if contact == loaded {
      body.record(range, current)
      return
    }
    switch ContactMerge.merge(original: loaded, edited: contact, current: current) {
    case .success(let merged):
      let written = body.replace(range, with: VCardWriter.writeBytes(merged, original: current, options: options))
      body.record(written, merged)
    case .failure(let conflict):
      throw ContactStoreError(
        source: source,
        reason: L10n.format(
          "%s was changed %s since it was loaded, and the changes conflict (%s); nothing was written.",
          loaded.displayName, wording.elsewhere, conflict.lines.joined(separator: "; ")) + " " + wording.again,
        kind: .conflict)
    }
  }

  /// Removes the card of `contact` (nothing when it is gone already).
  ///
  /// - Throws: `.invalidRequest` for a contact not loaded from this file; `.conflict`
  ///   when another program changed its card.
  private func delete(
    _ contact: Contact, from body: inout EditedBody, parsed: VCardParseResult
  ) throws(ContactStoreError) {
    guard let record = contact.sourceRecord else {
      throw ContactStoreError(
        source: source, reason: L10n.format("%s was not loaded from this file", contact.displayName),
        kind: .invalidRequest)
    }
    body.record(nil, nil)
    if let range = Self.locate(record, in: parsed) {
      _ = body.replace(range, with: [])
    } else if find(contact, in: body.bytes, parsed: parsed) != nil {
      throw ContactStoreError(
        source: source,
        reason: L10n.format("%s was changed %s since it was loaded; it was not deleted.", contact.displayName, wording.elsewhere)
          + " " + wording.deleteAgain,
        kind: .conflict)
    }  // else: gone already.
  }

  /// For each edit, the contact it leaves in the file as read back from the edited
  /// bytes (its `fallback` where that card cannot be read back): only the cards
  /// placed are mapped (a large file's other cards are left as bytes), unless one
  /// lacks a UID (its identifier counts the file's identical cards: all are read then).
  private func readBack(_ body: EditedBody) -> [Contact?] {
    let lines = body.placed.map { range in range.map { VCardReader.lineNumber(at: $0.lowerBound, in: body.bytes) } }
    var cards: [(range: Range<Int>, firstLine: Int)] = []
    for (range, line) in zip(body.placed, lines) {
      if let range, let line { cards.append((range, line)) }
    }
    var reloaded = VCardLoading.contacts(fromBytes: body.bytes, source: source, cards: cards)
    if reloaded.contains(where: { ContactIdentifier.isDerived($0.identifier) }) {
      reloaded = VCardLoading.contacts(fromBytes: body.bytes, source: source).contacts
    }
    var byLine: [Int: Contact] = [:]
    for contact in reloaded {
      if let line = contact.sourceRecord?.firstLine, byLine[line] == nil { byLine[line] = contact }
    }
    var contacts: [Contact?] = []
    for (line, contact) in zip(lines, body.fallback) {
      guard let line else {
        contacts.append(contact)
        continue
      }
      contacts.append(byLine[line] ?? contact)
    }
    return contacts
  }

  private func isBlank(_ body: [UInt8]) -> Bool {
    body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
  }

  /// The file as (byte-order mark, the rest), refusing formats that are not
  /// rewritten byte for byte: other programs' books (`ReadOnlyFormat`), jCard, JSON lines, xCard, UTF-16.
  private func split(_ file: [UInt8]) throws(ContactStoreError) -> (prefix: [UInt8], body: [UInt8]) {
    let (prefix, body) = BookFileText.split(file)
    if let format = ReadOnlyFormat(body, name: source) {
      throw ContactStoreError(source: source, reason: format.refusal(source: source), kind: .readOnly)
    }
    if let first = body.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }),
      first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    {
      throw ContactStoreError(
        source: source, reason: L10n.text("jCard and JSON files are read, not written; save to a .vcf file or a vdir"),
        kind: .readOnly)
    }
    if XCardInput.isXCard(body) {
      throw ContactStoreError(
        source: source, reason: L10n.text("xCard (XML) files are read, not written; save to a .vcf file or a vdir"),
        kind: .readOnly)
    }
    if VCardReader.read(body).bytes != body {
      throw ContactStoreError(
        source: source, reason: L10n.text("UTF-16 files are read, not written (their cards would change encoding)"),
        kind: .readOnly)
    }
    return (prefix, body)
  }

  /// Refuses a file in which a card is not one whole `BEGIN:VCARD` … `END:VCARD`
  /// piece (case 09): its boundaries are a guess, and rewriting would "repair"
  /// other people's data.
  private func checkStructure(_ parsed: VCardParseResult) throws(ContactStoreError) {
    if parsed.cards.isEmpty && !isBlank(parsed.bytes) {
      // Text, but no card: not an address book (a mistyped --save-to path); a card
      // appended to it would spoil it.
      throw ContactStoreError(
        source: source,
        reason: L10n.text(
          "not written: the file holds no vCard (no BEGIN:VCARD … END:VCARD), so it is not an address "
            + "book; save to a .vcf file of cards, a new file or a vdir folder"),
        kind: .damaged)
    }
    // A card whose bytes are not its own, or a card left out as no one's (a stray
    // BEGIN:VCARD, one the file ends right after: a card appended would go inside it).
    let brokenLine = [parsed.cards.first(where: { $0.sourceRange == nil })?.beginLine, parsed.leftOutCardLine]
      .compactMap { $0 }.min()
    guard let brokenLine else { return }
    let near = parsed.warnings.filter { $0.line >= brokenLine }.first ?? parsed.warnings.first
    let detail =
      near.map { L10n.format("line %d: %s", $0.line, L10n.translating($0.message)) }
      ?? L10n.format("the card on line %d is damaged", brokenLine)
    throw ContactStoreError(
      source: source,
      reason: L10n.format(
        "not written: the file's card structure is damaged (%s). cpick does not rewrite a damaged "
          + "file, so that no other card is changed as a side effect; repair it (e.g. add the missing END:VCARD) "
          + "and reload", detail),
      kind: .damaged)
  }

  /// Where the card with `record`'s bytes is: the card with the same bytes on the
  /// same line; else, when the card had no twin when it was read and exactly one card
  /// has its bytes now, that one (lines were added or removed above it). Never a guess
  /// between identical cards: a twin that moved or changed is not found.
  static func locate(_ record: SourceRecord, in parsed: VCardParseResult) -> Range<Int>? {
    var found: [Range<Int>] = []
    for card in parsed.cards {
      guard let range = card.sourceRange, range.count == record.bytes.count,
        parsed.bytes[range].elementsEqual(record.bytes)
      else { continue }
      if card.beginLine == record.firstLine { return range }
      found.append(range)
    }
    return record.twins == 1 && found.count == 1 ? found[0] : nil
  }

  /// The card that is `loaded` after someone else's change: the card with its
  /// `UID` — of several with it (copies, case 10), the one on the line it was read
  /// on — or the only card of a vdir file when it may be the same person
  /// (`maybeSamePerson`).
  private func find(_ loaded: Contact, in body: [UInt8], parsed: VCardParseResult) -> (Contact, Range<Int>)? {
    let contacts = VCardLoading.contacts(fromBytes: body, source: loaded.source).contacts
    var candidates: [Contact] = []
    if !ContactIdentifier.isDerived(loaded.identifier) {
      candidates = contacts.filter { $0.identifier == loaded.identifier }
      if candidates.count > 1, let line = loaded.sourceRecord?.firstLine {
        candidates = candidates.filter { $0.sourceRecord?.firstLine == line }
      }
    }
    if candidates.isEmpty && isSingleCardFile && contacts.count == 1 && parsed.cards.count == 1,
      Self.maybeSamePerson(loaded, contacts[0])
    {
      candidates = contacts
    }
    guard candidates.count == 1, let current = candidates.first, let line = current.sourceRecord?.firstLine,
      let range = parsed.cards.first(where: { $0.beginLine == line })?.sourceRange
    else { return nil }
    return (current, range)
  }

  /// Whether `current`, the only card of a vdir file (or a server's card) in which no
  /// card has `loaded`'s UID, is taken for `loaded` as another program left it: when
  /// one of them has no UID (a card given one since, or a UID-less card edited) and
  /// the name is the same. Two UIDs, or another name, are another person's card put
  /// in the file's place (copied over it, renamed onto it): an edit merged into it
  /// would change that person.
  static func maybeSamePerson(_ loaded: Contact, _ current: Contact) -> Bool {
    (ContactIdentifier.isDerived(loaded.identifier) || ContactIdentifier.isDerived(current.identifier))
      && loaded.displayName == current.displayName
  }

  /// The line end the file uses (`LineEnds`): its first line's, CR LF for a file
  /// without one (vCard's, RFC 6350 §3.2).
  static func lineEnd(of bytes: [UInt8]) -> [UInt8] {
    LineEnds.first(in: bytes, or: LineEnds.crlf)
  }
}

/// How a card changed elsewhere is told in a conflict's message: by another program in
/// a file, or on a server by another client.
package struct ChangeWording: Sendable {
  /// Where the other change was made ("by another program").
  var elsewhere: String
  /// Where a removed card was removed from.
  var removedFrom: String
  /// What to do to make the edit again; to keep a removed card; to delete again.
  var again: String
  var addAgain: String
  var deleteAgain: String

  /// A file changed by another program (in the language in use).
  package static var file: ChangeWording {
    ChangeWording(
      elsewhere: L10n.text("by another program"), removedFrom: L10n.text("from the file by another program"),
      again: L10n.text("Reload the address book and make the edit again"),
      addAgain: L10n.text("Reload the address book, and add the contact again to keep this version"),
      deleteAgain: L10n.text("Reload the address book and delete it again"))
  }

  /// A server's card changed by another client (in the language in use).
  package static var server: ChangeWording {
    ChangeWording(
      elsewhere: L10n.text("on the server"), removedFrom: L10n.text("on the server"),
      again: L10n.text("Make the edit again on the server's version"),
      addAgain: L10n.text("Add the contact again to keep this version"),
      deleteAgain: L10n.text("Delete it again if it should go"))
  }
}

/// The edits of `CardFileEditor` on one card's bytes in memory, for a book whose
/// cards are not files of their own (a server's card, RFC 6352): the same lossless
/// rewrite, and the same three-way merge when the card changed since it was read.
package enum CardBytesEditing {
  /// `operation` applied to `bytes` (one card, or none for an add), reported as `source`.
  ///
  /// - Returns: the new bytes, whether no card is left, and the contact the operation
  ///   leaves (nil for a delete).
  /// - Throws: `.conflict` when the card changed since `operation`'s original was read
  ///   and the changes conflict, or it is gone; `.damaged`, `.invalidRequest`.
  package static func apply(
    _ operation: SaveRequest.Operation, to bytes: [UInt8], source: String, wording: ChangeWording = .file
  ) throws(ContactStoreError) -> (bytes: [UInt8], isBlank: Bool, contact: Contact?) {
    let edit: CardFileEdit
    switch operation {
    case .add(let contact, let group): edit = .add(StorePaths.prepared(contact, group: group))
    case .update(let contact, let original): edit = .update(contact, original: original)
    case .delete(let contact): edit = .delete(contact)
    case .group:
      throw ContactStoreError(
        source: source, reason: L10n.text("a group is renamed, created or deleted in a file or vdir book, not on one card"),
        kind: .invalidRequest)
    }
    let editor = CardFileEditor(source: source, wording: wording, isSingleCardFile: true, options: VCardWriter.Options())
    let outcome = try editor.apply([edit], to: bytes)
    return (outcome.bytes, outcome.isBlank, outcome.contacts.first ?? nil)
  }

  /// `contact` ready to be added (`SaveRequest.add(_:toGroup:)`): an identifier when
  /// it has none, the group in its groups.
  package static func prepared(_ contact: Contact, group: String?) -> Contact {
    StorePaths.prepared(contact, group: group)
  }
}

extension CardBytesEditing {
  /// `bytes` (one server card) without the group member lines naming `uid`
  /// (`GroupMemberRemoval`); the same bytes when it lists no such member.
  ///
  /// - Throws: `.damaged`, `.readOnly` (a card cpick does not rewrite).
  package static func removingMember(_ uid: String, from bytes: [UInt8], source: String) throws(ContactStoreError)
    -> [UInt8]
  {
    guard CardFileEditor.mayList(uid, in: bytes) else { return bytes }
    let editor = CardFileEditor(source: source, wording: .server, isSingleCardFile: true, options: VCardWriter.Options())
    return try editor.apply([.removeMember(uid: uid)], to: bytes).bytes
  }

  /// The contacts of `bytes` (one server card), each with its `sourceRecord`, as if
  /// read from the file `source`.
  package static func contacts(in bytes: [UInt8], source: String) -> [Contact] {
    VCardLoading.contacts(fromBytes: bytes, source: source).contacts
  }
}
