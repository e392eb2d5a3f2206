import ContactKit
import CpickSupport
import VCard

/// A deleted contact taken out of the group cards that list it (vCard 4.0 `KIND:group`
/// with `MEMBER`, RFC 6350 §6.1.4 and §6.6.5; Apple's `X-ADDRESSBOOKSERVER-KIND` with
/// `X-ADDRESSBOOKSERVER-MEMBER`), losslessly: only the member's line goes, folds and
/// line end included; every other byte of the group card stays (its `REV` too).
extension CardFileEditor {
  /// The property names that list a group's members.
  static let memberProperties: Set<String> = ["MEMBER", "X-ADDRESSBOOKSERVER-MEMBER"]

  /// Removes from `body`'s group cards every member line naming `uid` (compared as
  /// `ContactLoad.GroupCard.memberKey`: with or without `urn:uuid:`, any case); only
  /// from the group card named `group` when one is given. Without a group (the lines
  /// of a contact deleted by the edit before), nothing goes while a card of the file
  /// still has the UID: a copy of the contact stays, and stays in its groups (case 10).
  func removeMember(_ uid: String, group: String? = nil, from body: inout EditedBody, parsed: VCardParseResult) {
    body.record(nil, nil)
    let member = ContactLoad.GroupCard.memberKey(uid)
    if group == nil && Self.personCards(naming: member, in: parsed.cards) > 0 { return }
    var ranges: [Range<Int>] = []
    for card in parsed.cards where ContactDecoder.isGroupCard(card) {
      if let group, ContactDecoder.group(from: card).name != group { continue }
      for line in card.lines where Self.memberProperties.contains(line.name) {
        guard let range = line.sourceRange,
          ContactLoad.GroupCard.memberKey(ValueDecoder.unescape(line.value)) == member
        else { continue }
        ranges.append(range)
      }
    }
    for range in ranges.reversed() { _ = body.replace(range, with: []) }
  }

  /// How many of `cards` are people (not group cards) whose `UID` is `member`
  /// (`ContactLoad.GroupCard.memberKey`'s form).
  static func personCards(naming member: String, in cards: [RawCard]) -> Int {
    cards.count { card in
      !ContactDecoder.isGroupCard(card)
        && card.lines.contains { $0.name == "UID" && ContactLoad.GroupCard.memberKey(ValueDecoder.unescape($0.value)) == member }
    }
  }

  /// Whether `bytes` may hold a member line naming `uid`: the UID appears in them,
  /// ignoring ASCII case and line folds (RFC 6350 §3.2; a quick test before a file is
  /// parsed).
  ///
  /// - Complexity: O(n·m) for n bytes and a UID of m.
  static func mayList(_ uid: String, in bytes: [UInt8]) -> Bool {
    mayMention(ContactLoad.GroupCard.memberKey(uid), in: bytes)
  }

  /// Whether `bytes` may name the group `name` (in a `CATEGORIES` item or a group
  /// card's `FN`): it appears in them, ignoring case and folds; always true for a name
  /// with characters vCard escapes or non-ASCII letters, which may be written otherwise.
  static func mayName(_ name: String, in bytes: [UInt8]) -> Bool {
    let quick = name.unicodeScalars.allSatisfy { $0.isASCII && !",;\\".unicodeScalars.contains($0) }
    return !quick || mayMention(name.lowercased(), in: bytes)
  }

  /// Whether `bytes` may hold `text` (lower case): it appears in them, ignoring ASCII
  /// case and line folds.
  ///
  /// - Complexity: O(n·m) for n bytes and a text of m.
  static func mayMention(_ text: String, in bytes: [UInt8]) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    var unfolded: [UInt8] = []
    unfolded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D || byte == 0x0A {
        // A line end followed by a space or tab is a fold: both go.
        var next = index + 1
        if byte == 0x0D && next < bytes.count && bytes[next] == 0x0A { next += 1 }
        if next < bytes.count && (bytes[next] == 0x20 || bytes[next] == 0x09) {
          index = next + 1
          continue
        }
      }
      unfolded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      index += 1
    }
    var start = 0
    while start + needle.count <= unfolded.count {
      if unfolded[start] == needle[0] && unfolded[start..<(start + needle.count)].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }
}

extension VdirStore {
  /// Takes the deleted contact `uid` out of the group cards among the folder's files
  /// (each file written atomically, as an edit is; a file that does not name the UID
  /// is not parsed). The contact is gone already, so a group file that cannot be
  /// rewritten (damaged, read-only, changed meanwhile) is left as it is: its member
  /// then names no one, which readers ignore.
  /// A copy of the contact left in the folder (another file with its UID, case 10)
  /// keeps it in its groups: then nothing is removed.
  func removeMember(_ uid: String, folder: String) {
    guard !uid.isEmpty, !ContactIdentifier.isDerived(uid), let listing = VdirListing(folder: folder, examining: false)
    else { return }
    let options = VCardWriter.Options()
    let member = ContactLoad.GroupCard.memberKey(uid)
    var naming: [String] = []
    for (base, entries) in listing.folders {
      for entry in entries {
        let file = base + entry.name
        guard let bytes = try? FileDescriptor.readFile(file), CardFileEditor.mayList(uid, in: bytes) else { continue }
        if CardFileEditor.personCards(naming: member, in: VCardReader.read(bytes).cards) > 0 { return }
        naming.append(file)
      }
    }
    for file in naming {
      let editor = CardFileEditor(source: file, isSingleCardFile: true, options: options)
      _ = try? CardFileSaver.save([.removeMember(uid: uid)], to: file, editor: editor, removeWhenBlank: false)
    }
  }
}
