import ContactFormats
import ContactKit
import Localization

/// Applies edits to a mutt alias file's bytes in memory: a new contact is one
/// `alias KEY Name <address>` line appended (`MuttAliasLine`), every other byte of the
/// file kept. Editing or deleting an alias is refused (`.readOnly`): an alias file is
/// mutt's configuration, whose lines may hold `-group` flags, several addresses,
/// continuations, encoded names and comments that a contact does not model, and
/// mutt users edit it in their editor; cpick's card for such a person offers no edit.
struct MuttAliasFileEditor: FileBytesEditor {
  /// The path in messages and the `source` of contacts read back.
  let source: String

  func apply(_ edits: [CardFileEdit], to file: [UInt8]) throws(ContactStoreError) -> CardFileEditor.Outcome {
    // A file of CR line ends is edited as read: its CRs as LFs, then back.
    if BookFileText.endsLinesWithCR(file) {
      var outcome = try apply(edits, to: BookFileText.swappingLineEnds(file))
      outcome.bytes = BookFileText.swappingLineEnds(outcome.bytes)
      return outcome
    }
    var body = file
    var keys: [String?] = []
    var fallback: [Contact?] = []
    for edit in edits {
      switch edit {
      case .add(let contact):
        let taken = MuttAliasReader.keys(BookFileText.split(body).body)
        let alias: (line: String, key: String)
        do {
          alias = try MuttAliasLine.line(for: contact, taken: taken)
        } catch {
          throw ContactStoreError(source: source, reason: error.message, kind: .invalidRequest)
        }
        let lineEnd = BookFileText.lineEnd(of: body)
        if let last = body.last, last != 0x0A { body += Array(lineEnd.utf8) }
        // A last line continued by a backslash would take the alias in: an empty line ends it.
        if MuttAliasReader.endsInContinuation(body) { body += Array(lineEnd.utf8) }
        body += Array((alias.line + lineEnd).utf8)
        keys.append(alias.key)
        fallback.append(contact)
      case .update(let contact, _), .delete(let contact):
        throw ContactStoreError(
          source: source,
          reason: L10n.format(
            "mutt alias files take new aliases; %s's alias (%s) is not rewritten — edit it in the file itself, or "
              + "convert the file (cpick list -s FILE --format vcard)", contact.displayName, contact.nickname),
          kind: .readOnly)
      case .group, .removeMember, .addMember:
        throw ContactStoreError(
          source: source, reason: L10n.text("mutt alias files take new aliases; their groups are edited in the file itself"),
          kind: .readOnly)
      }
    }
    guard body != file else { return .init(bytes: file, isBlank: false, contacts: fallback) }
    body = ReadOnlyFormat.inFileCharset(body, original: file)
    let text = BookFileText.split(body).body
    let reread = MuttAliasReader.read(text, source: source, decoding: ReadOnlyFormat.lineDecoding(for: text)).contacts
    let contacts = zip(keys, fallback).map { key, contact in
      key.flatMap { key in reread.first { $0.nickname == key } } ?? contact
    }
    return .init(bytes: body, isBlank: false, contacts: contacts)
  }
}
