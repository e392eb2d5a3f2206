import ContactKit
import CpickSupport
import Foundation
import VCard

/// Group edits on the bytes of one file of cards (`CardFileEditor`), line by line:
/// a group card gains or loses one member line (folds and line end included), its
/// `FN`/`N` are rewritten on a rename, the whole card goes on a delete; a person's
/// `CATEGORIES` are rewritten through the lossless card editor (its other items, and
/// every other line, stay). A group card keeps its `REV`, as when a deleted member
/// leaves it (`GroupMemberRemoval`).
extension CardFileEditor {
  /// Whether `card` is the group card of the group `name` (its `FN`, as read).
  static func isGroupCard(_ card: RawCard, named name: String) -> Bool {
    ContactDecoder.isGroupCard(card) && ContactDecoder.group(from: card).name == name
  }

  /// Adds `uid` as a member of the group card `group` of `body` (nothing when it lists
  /// it already); with no such card in the file, appends one when `create`.
  func addMember(_ uid: String, group: String, apple: Bool, create: Bool, to body: inout EditedBody, parsed: VCardParseResult) {
    body.record(nil, nil)
    let key = ContactLoad.GroupCard.memberKey(uid)
    guard let card = parsed.cards.first(where: { Self.isGroupCard($0, named: group) }) else {
      if create { appendGroupCard(group, apple: apple, members: [uid], to: &body) }
      return
    }
    guard !ContactDecoder.group(from: card).memberUIDs.contains(where: { ContactLoad.GroupCard.memberKey($0) == key }),
      let last = card.lines.last?.sourceRange
    else { return }
    // The member property the card already uses, else its kind's.
    let isApple = card.lines.contains { $0.name == "X-ADDRESSBOOKSERVER-MEMBER" || $0.name == "X-ADDRESSBOOKSERVER-KIND" }
    let line = ContactEncoder.Line(
      name: isApple ? "X-ADDRESSBOOKSERVER-MEMBER" : "MEMBER", value: Self.memberValue(uid))
    let version = VCardSerializer.Version(rawValue: card.version ?? "") ?? (isApple ? .v30 : .v40)
    let lineEnd = Self.lineEnd(of: card.sourceRange.map { Array(body.bytes[$0]) } ?? body.bytes)
    let bytes = line.bytes(version, lineEnd: lineEnd)
    guard let range = card.sourceRange else {
      _ = body.replace(last.upperBound..<last.upperBound, with: bytes)
      return
    }
    let insertion = last.upperBound..<last.upperBound
    _ = body.replace(range, with: Self.rewritten(body.bytes, card: range, replacing: [(insertion, bytes)], lineEnd: lineEnd))
  }

  /// A member's `urn:uuid:` URI (RFC 6350 §6.6.5; RFC 4122): the UID as it is when it
  /// is a URI already.
  static func memberValue(_ uid: String) -> String {
    let trimmed = uid.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased().hasPrefix("urn:") || trimmed.lowercased().hasPrefix("mailto:") { return trimmed }
    return "urn:uuid:" + trimmed
  }

  /// Applies `change` to every card of `body`: the group cards named so and the
  /// persons whose `CATEGORIES` name it. `apple` is the style of a group card to
  /// create (`nil`: the book keeps groups in `CATEGORIES`, a new group is not written).
  func apply(_ change: GroupChange, apple: Bool?, to body: inout EditedBody, parsed: VCardParseResult) {
    body.record(nil, nil)
    if case .create(let name) = change {
      guard let apple, !parsed.cards.contains(where: { Self.isGroupCard($0, named: name) }) else { return }
      appendGroupCard(name, apple: apple, members: [], to: &body)
      return
    }
    var replacements: [(Range<Int>, [UInt8])] = []
    for card in parsed.cards {
      guard let range = card.sourceRange else { continue }
      if ContactDecoder.isGroupCard(card) {
        guard case .rename(let old, let new) = change else {
          if case .delete(let name) = change, Self.isGroupCard(card, named: name) { replacements.append((range, [])) }
          continue
        }
        guard Self.isGroupCard(card, named: old) else { continue }
        let lineEnd = Self.lineEnd(of: Array(body.bytes[range]))
        let renamed = renamedLines(of: card, to: new, lineEnd: lineEnd)
        replacements.append((range, Self.rewritten(body.bytes, card: range, replacing: renamed, lineEnd: lineEnd)))
        continue
      }
      var contact = ContactDecoder.contact(from: card, source: source)
      contact.sourceRecord = parsed.sourceRecord(of: card)
      var edited = contact
      switch change {
      case .rename(let old, let new):
        guard let index = edited.groups.firstIndex(of: old) else { continue }
        if edited.groups.contains(new) { edited.groups.remove(at: index) } else { edited.groups[index] = new }
      case .delete(let name):
        guard edited.groups.contains(name) else { continue }
        edited.groups.removeAll { $0 == name }
      case .create: continue
      }
      replacements.append((range, VCardWriter.writeBytes(edited, original: contact, options: options)))
    }
    for (range, bytes) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      _ = body.replace(range, with: bytes)
    }
  }

  /// The `FN` and `N` lines of a group card rewritten with the name `new` (an `N`
  /// only when it holds the old name), each keeping its group prefix and parameters.
  private func renamedLines(of card: RawCard, to new: String, lineEnd: [UInt8]) -> [(Range<Int>, [UInt8])] {
    let version = VCardSerializer.Version(rawValue: card.version ?? "") ?? .v40
    let old = ContactDecoder.group(from: card).name
    var out: [(Range<Int>, [UInt8])] = []
    for line in card.lines {
      guard let range = line.sourceRange else { continue }
      let value: String
      if line.name == "FN" {
        value = VCardSerializer.escape(new, version: version)
      } else if line.name == "N", ValueDecoder.unescape(line.value).split(separator: ";").first.map(String.init) == old {
        value = VCardSerializer.structured([new, "", "", "", ""], version: version)
      } else {
        continue
      }
      let written = ContactEncoder.Line(group: line.group, name: line.name, parameters: line.parameters, value: value)
      out.append((range, written.bytes(version, lineEnd: lineEnd)))
    }
    return out
  }

  /// Appends a new group card `name` listing `members`, in the line ends cards are written with in the file: vCard
  /// 4.0 `KIND:group` + `MEMBER`, or Apple's 3.0 card with
  /// `X-ADDRESSBOOKSERVER-KIND:group` + `X-ADDRESSBOOKSERVER-MEMBER`.
  private func appendGroupCard(_ name: String, apple: Bool, members: [String], to body: inout EditedBody) {
    let lineEnd = Self.lineEnd(of: body.bytes)
    if let last = body.bytes.last, last != 0x0A, last != 0x0D { body.bytes += lineEnd }
    body.bytes += Self.groupCard(name, apple: apple, members: members, lineEnd: LineEnds.written(in: lineEnd))
  }

  /// The bytes of the card at `range` of `bytes` with `replacements` (ranges inside it,
  /// apart) made, in the line ends cards are written with in the file
  /// (`LineEnds.writing(_:readIn:)`: CR LF in a file of LF ones).
  static func rewritten(
    _ bytes: [UInt8], card range: Range<Int>, replacing replacements: [(Range<Int>, [UInt8])], lineEnd: [UInt8]
  ) -> [UInt8] {
    var out: [UInt8] = []
    var cursor = range.lowerBound
    for (replaced, with) in replacements.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
      out += bytes[cursor..<replaced.lowerBound]
      out += with
      cursor = replaced.upperBound
    }
    out += bytes[cursor..<range.upperBound]
    return LineEnds.writing(out, readIn: lineEnd)
  }

  /// A new group card's bytes (see `appendGroupCard`) with the `UID` `uid`.
  static func groupCard(
    _ name: String, apple: Bool, members: [String], uid: String = ContactIdentifier.makeNew(), lineEnd: [UInt8]
  ) -> [UInt8] {
    let version: VCardSerializer.Version = apple ? .v30 : .v40
    var lines = [ContactEncoder.Line(name: "VERSION", value: version.rawValue)]
    lines.append(ContactEncoder.Line(name: "PRODID", value: VCardSerializer.escape(VCardWriter.productID, version: version)))
    if apple {
      lines.append(ContactEncoder.Line(name: "UID", value: String(ContactIdentifier.removingURNPrefix(uid))))
      lines.append(ContactEncoder.Line(name: "N", value: VCardSerializer.structured([name, "", "", "", ""], version: version)))
      lines.append(ContactEncoder.Line(name: "FN", value: VCardSerializer.escape(name, version: version)))
      lines.append(ContactEncoder.Line(name: "X-ADDRESSBOOKSERVER-KIND", value: "group"))
    } else {
      lines.append(ContactEncoder.Line(name: "UID", value: uid))
      lines.append(ContactEncoder.Line(name: "KIND", value: "group"))
      lines.append(ContactEncoder.Line(name: "FN", value: VCardSerializer.escape(name, version: version)))
    }
    for member in members {
      lines.append(ContactEncoder.Line(name: apple ? "X-ADDRESSBOOKSERVER-MEMBER" : "MEMBER", value: memberValue(member)))
    }
    var out = Array("BEGIN:VCARD".utf8) + lineEnd
    for line in lines { out += line.bytes(version, lineEnd: lineEnd) }
    return out + Array("END:VCARD".utf8) + lineEnd
  }
}
