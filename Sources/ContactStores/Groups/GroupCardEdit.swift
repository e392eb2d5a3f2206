import ContactKit
import VCard

/// A change to the group lines of one card, kept with a server edit so that it can be
/// made again on the server's newer version of the card (after a `412`, RFC 7232):
/// a group card's member line added or removed, or a group renamed or deleted (a
/// group card's `FN`/`N`, the whole group card, or one item of a person's
/// `CATEGORIES`). Every other line of the card stays as it is.
package enum GroupCardEdit: Codable, Sendable, Hashable {
  /// The member `uid` (a `urn:uuid:` URI, or a UID made one) added to the group card `group`.
  case addMember(uid: String, group: String)
  /// Every member line naming `uid` removed, from the group card `group` only when given.
  case removeMember(uid: String, group: String?)
  /// A group renamed or deleted on the card (`GroupChange`; a `create` changes no card).
  case change(GroupChange)

  /// The file edit that makes it (a new group card is never appended: one card, one file).
  var fileEdit: CardFileEdit {
    switch self {
    case .addMember(let uid, let group): .addMember(uid: uid, group: group, apple: false, create: false)
    case .removeMember(let uid, let group): .removeMember(uid: uid, group: group)
    case .change(let change): .group(change, apple: nil)
    }
  }
}

extension CardBytesEditing {
  /// `bytes` (one server card) with `edits` made, in order; the same bytes when none
  /// applies (the card does not name the group or the member; a member already listed).
  /// `lost`: the groups a member was to be added to that this card is no longer the
  /// group card of (renamed or replaced by another client since).
  ///
  /// - Throws: `.damaged`, `.readOnly` (a card cpick does not rewrite).
  package static func applying(_ edits: [GroupCardEdit], to bytes: [UInt8], source: String) throws(ContactStoreError)
    -> (bytes: [UInt8], isBlank: Bool, lost: [String])
  {
    let editor = CardFileEditor(source: source, wording: .server, isSingleCardFile: true, options: VCardWriter.Options())
    var current = (bytes: bytes, isBlank: false)
    var lost: [String] = []
    for edit in edits {
      switch edit {
      case .addMember(_, let group):
        guard CardFileEditor.mayName(group, in: current.bytes),
          VCardReader.read(current.bytes).cards.contains(where: { CardFileEditor.isGroupCard($0, named: group) })
        else {
          lost.append(group)
          continue
        }
      case .removeMember(let uid, _):
        guard CardFileEditor.mayList(uid, in: current.bytes) else { continue }
      case .change(.rename(let name, _)), .change(.delete(let name)):
        guard CardFileEditor.mayName(name, in: current.bytes) else { continue }
      case .change(.create):
        continue
      }
      let outcome = try editor.apply([edit.fileEdit], to: current.bytes)
      current = (outcome.bytes, outcome.isBlank)
    }
    return (current.bytes, current.isBlank, lost)
  }

  /// The bytes of a new group card `name` listing `members` (UIDs), with the `UID`
  /// `uid`, CRLF line ends: vCard 4.0 `KIND:group` + `MEMBER`, or Apple's 3.0 card
  /// (`apple`) with `X-ADDRESSBOOKSERVER-KIND:group` + `X-ADDRESSBOOKSERVER-MEMBER`.
  package static func newGroupCard(_ name: String, apple: Bool, members: [String], uid: String) -> [UInt8] {
    CardFileEditor.groupCard(name, apple: apple, members: members, uid: uid, lineEnd: VCardSerializer.crlf)
  }
}
