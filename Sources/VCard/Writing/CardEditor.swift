import ContactKit
import CpickSupport
import Foundation

/// Applies the differences between two versions of a contact to the content lines
/// of the card it was read from (`VCardWriter`'s changed-card path), then splices
/// the changed lines into the card's original bytes.
struct CardEditor {
  enum Edit {
    case keep
    case replace([UInt8])
    case remove
  }

  let card: RawCard
  let bytes: [UInt8]
  let provenance: ContactDecoder.Provenance
  let options: VCardWriter.Options
  let style: ContactEncoder.Style
  /// The line end of the card's first line (`LineEnds.first(in:or:)`), which its edited lines
  /// take before `output()` writes it as cards are written in its file.
  let lineEnd: [UInt8]
  var edits: [Edit]
  /// New lines after line `index` (`-1`: before `END:VCARD`).
  var insertions: [Int: [[UInt8]]] = [:]
  var groups: ContactEncoder.GroupNames
  /// The legacy charset the card's 8-bit values of no declared charset are read in
  /// (`CharsetDecoder.undeclaredCharset`; an old export in Latin-1 or Shift_JIS), nil
  /// when they are UTF-8 or there are none: the lines written are put in it too
  /// (`inCardCharset`), so that the card is not half in one charset, half in UTF-8.
  let undeclaredCharset: String?
  /// Whether the card or its file names a legacy charset (`CHARSET=ISO-8859-2` on a
  /// line): then a line written in UTF-8 says so too.
  let namesLegacyCharset: Bool

  init(card: RawCard, bytes: [UInt8], provenance: ContactDecoder.Provenance, options: VCardWriter.Options) {
    self.card = card
    self.bytes = bytes
    self.provenance = provenance
    self.options = options
    style = ContactEncoder.Style(of: card)
    // The card's own (a file may mix them: an LF file that cpick wrote a card into).
    lineEnd = LineEnds.first(in: card.sourceRange.map { bytes[$0] } ?? bytes[...], or: VCardSerializer.crlf)
    edits = Array(repeating: .keep, count: card.lines.count)
    groups = ContactEncoder.GroupNames(used: card.lines.compactMap(\.group))
    // The legacy charset the file names, else the card: as the reader finds it.
    let named =
      options.fileCharset
      ?? card.lines.lazy.compactMap { line in
        line.sourceRange.flatMap { range in bytes[range].withUnsafeBufferPointer(LineReader.legacyCharset) }
      }.first
    undeclaredCharset = Self.undeclaredCharset(of: card, bytes: bytes, named: named)
    namesLegacyCharset = named != nil
  }

  /// The charset of the card's lines whose values hold bytes above ASCII sent as they
  /// are (no `CHARSET`, no transfer encoding) and read as another charset than UTF-8.
  /// The reader guesses each value on its own, so they may differ: one that kana or
  /// Hangul told (Shift_JIS, EUC-KR) is taken before one that Han alone suggested.
  /// `named` (the legacy charset the file or the card names) is guessed first, as the
  /// reader does.
  static func undeclaredCharset(of card: RawCard, bytes: [UInt8], named: String?) -> String? {
    var found: [String] = []
    for line in card.lines where line.transferEncoding == nil && line.parameterValues("CHARSET").isEmpty {
      guard let range = line.sourceRange, bytes[range].contains(where: { $0 >= 0x80 }),
        let charset = CharsetDecoder.undeclaredCharset(Array(bytes[range]), fallback: named), !found.contains(charset)
      else { continue }
      found.append(charset)
    }
    return found.first { $0 == "SHIFT_JIS" || $0 == "EUC-KR" } ?? found.first
  }

  /// `line` (UTF-8, folded, as the serializer wrote it) as the card's other lines are:
  /// when the card has an `undeclaredCharset` and `line` holds non-ASCII text of no
  /// declared charset, converted to that charset — only when it reads back as the
  /// same value (the reader guesses undeclared charsets: Windows-1252 `é’` looks like
  /// UTF-8, kanji alone like GB18030). Otherwise, in a card with a legacy charset
  /// (undeclared or named), it stays UTF-8 declared `CHARSET=UTF-8` in 3.0 (folded
  /// again), which every reader is told.
  func inCardCharset(_ line: [UInt8]) -> [UInt8] {
    // 2.1 writes non-ASCII text as UTF-8 quoted-printable, which the card's own
    // lines are not: in their charset, as they are.
    if style.version == .v21, let charset = undeclaredCharset, let legacy = legacyLine21(line, charset: charset) {
      return legacy
    }
    guard undeclaredCharset != nil || namesLegacyCharset, line.contains(where: { $0 >= 0x80 }),
      !Self.head(of: String(decoding: line, as: UTF8.self)).uppercased().contains("CHARSET=")
    else { return line }
    if let charset = undeclaredCharset, let written = value(of: line, fallback: nil),
      let converted = CharsetConverter.bytes(line, in: charset),
      value(of: converted, fallback: options.fileCharset) == written
    {
      return converted
    }
    guard style.version == .v30 else { return line }
    // Unfolded, the parameter added, folded again.
    var logical = Array(line.dropLast(lineEnd.count))
    let fold = lineEnd + [0x20]
    var unfolded: [UInt8] = []
    var at = 0
    while at < logical.count {
      if logical[at...].starts(with: fold) {
        at += fold.count
        continue
      }
      unfolded.append(logical[at])
      at += 1
    }
    let colon = Self.head(of: String(decoding: unfolded, as: UTF8.self)).utf8.count
    guard colon < unfolded.count else { return line }
    logical = Array(unfolded[..<colon]) + Array(";CHARSET=UTF-8".utf8) + Array(unfolded[colon...])
    var out: [UInt8] = []
    VCardSerializer.appendLine(logical, version: style.version, to: &out, lineEnd: lineEnd)
    return out
  }

  /// A 2.1 `line` the serializer wrote as UTF-8 quoted-printable (`CHARSET=UTF-8`,
  /// `ENCODING=QUOTED-PRINTABLE`) as a card of `charset` (its undeclared one) writes its
  /// own: the value's bytes in `charset`, no `CHARSET`, sent as they are — or
  /// quoted-printable when the value holds a line break, as 2.1 needs. Nil when `line`
  /// is no such line, the text does not convert, or it would not read back the same.
  private func legacyLine21(_ line: [UInt8], charset: String) -> [UInt8]? {
    guard line.count > lineEnd.count else { return nil }
    let text = String(decoding: line.dropLast(lineEnd.count), as: UTF8.self)
    let head = Self.head(of: text)
    guard head.utf8.count < text.utf8.count else { return nil }
    let words = head.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    let dropped: Set<String> = ["CHARSET=UTF-8", "ENCODING=QUOTED-PRINTABLE", "QUOTED-PRINTABLE"]
    let kept = words.filter { !dropped.contains($0.uppercased()) }
    guard words.contains(where: { $0.uppercased() == "CHARSET=UTF-8" }), kept.count == words.count - 2 else { return nil }
    let encoded = Array(line[(head.utf8.count + 1)..<(line.count - lineEnd.count)])
    let decoded = ValueDecoder.decodeQuotedPrintable(encoded)
    guard let legacy = CharsetConverter.bytes(decoded, in: charset) else { return nil }
    var out: [UInt8] = []
    if decoded.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      let quotedHead = Array((kept + ["ENCODING=QUOTED-PRINTABLE"]).joined(separator: ";").utf8) + [UInt8(ascii: ":")]
      VCardSerializer.appendQuotedPrintable(head: quotedHead, value: legacy, to: &out, lineEnd: lineEnd)
    } else {
      out = Array(kept.joined(separator: ";").utf8) + [UInt8(ascii: ":")] + legacy + lineEnd
    }
    guard let written = value(of: line, fallback: nil), value(of: out, fallback: options.fileCharset) == written
    else { return nil }
    return out
  }

  /// The value `line` reads as in a card of this version (values of no declared
  /// charset read first in `fallback`), nil when it does not read as one line.
  private func value(of line: [UInt8], fallback: String?) -> String? {
    let card = Array("BEGIN:VCARD\r\nVERSION:\(style.version.rawValue)\r\n".utf8) + line + Array("END:VCARD\r\n".utf8)
    let lines = VCardReader.read(card, fallbackCharset: fallback).cards.first?.lines.filter { $0.name != "VERSION" }
    guard let lines, lines.count == 1 else { return nil }
    return lines[0].value
  }

  // MARK: Diff

  /// Records the edits that turn the card of `old` into one of `new`: its
  /// multi-value properties, its names, its other single-value fields, its groups
  /// (those of `outsideGroups`, from group cards elsewhere, are not written into the
  /// card), its kind and `UID`, and a new `REV` when `options` gives one.
  mutating func apply(from old: Contact, to new: Contact, outsideGroups: Set<String>) {
    applyLabeledValues(from: old, to: new)
    applyNames(from: old, to: new)
    applyFields(from: old, to: new)
    if old.groups != new.groups { categories(old: old.groups, new: new.groups, outside: outsideGroups) }
    if old.contactType != new.contactType {
      if new.contactType == .organization {
        insert(ContactEncoder.kindLine(style), after: nil)
      } else {
        for index in provenance.fields[.kind] ?? [] { edits[index] = .remove }
      }
    }
    if old.identifier != new.identifier && !ContactIdentifier.isDerived(new.identifier) {
      single(.uid, "UID", ContactEncoder.escapeURI(new.identifier), keepEmpty: true)
    }
    if let revision = options.revision, let index = card.lines.firstIndex(where: { $0.name == "REV" }) {
      let written = ContactEncoder.DateForm(of: card.lines[index].value)
      replace(index, value: ContactEncoder.revisionValue(revision, style.version, form: written))
    }
  }

  /// The edits of the multi-value properties: phones, emails, addresses, URLs,
  /// instant messaging, social profiles, relations, dates.
  mutating func applyLabeledValues(from old: Contact, to new: Contact) {
    let types = ContactEncoder.LabelKind.self
    labeled(old.phoneNumbers, new.phoneNumbers, names: PropertyKind.names(of: .phone), kind: types.phone) {
      ContactEncoder.phone($0, style: $1, groups: &$2)
    } value: { [style] value, line in ContactEncoder.phoneValue(value, as: line, version: style.version) }
    labeled(old.emailAddresses, new.emailAddresses, names: PropertyKind.names(of: .email), kind: types.common) {
      ContactEncoder.email($0, style: $1, groups: &$2)
    } value: { [style] value, _ in VCardSerializer.escape(value, version: style.version) }
    labeled(
      old.postalAddresses, new.postalAddresses, names: PropertyKind.names(of: .address), kind: types.common,
      derived: ["LABEL", "GEO"]
    ) {
      ContactEncoder.address($0, style: $1, groups: &$2)
    } value: { [style] value, line in ContactEncoder.addressValue(value, original: line.value, version: style.version) }
    applyCountryCodes(from: old.postalAddresses, to: new.postalAddresses)
    removeAddressLabels(from: old.postalAddresses, to: new.postalAddresses)
    labeled(old.urlAddresses, new.urlAddresses, names: PropertyKind.names(of: .url), kind: types.common) {
      ContactEncoder.url($0, style: $1, groups: &$2)
    } value: { value, _ in ContactEncoder.escapeURI(value) }
    labeled(
      old.instantMessageAddresses, new.instantMessageAddresses,
      names: PropertyKind.names(of: .instantMessage),
      kind: types.common,
      respelled: { before, after in
        // Apple's `IMPP;X-SERVICE-TYPE=Jabber:`: the new service there too.
        guard before.service != after.service else { return nil }
        return after.service.isEmpty ? [] : [VCardParameter(name: "X-SERVICE-TYPE", values: [after.service])]
      }
    ) {
      ContactEncoder.instantMessage($0, style: $1, groups: &$2)
    } value: { value, line in
      line.name == "IMPP" ? ContactEncoder.instantMessageLine(value).value : ContactEncoder.escapeURI(value.username)
    }
    labeled(old.socialProfiles, new.socialProfiles, names: PropertyKind.names(of: .socialProfile), kind: types.labelOnly) {
      ContactEncoder.socialProfile($0, style: $1, groups: &$2)
    } value: { value, _ in ContactEncoder.escapeURI(value.urlString) }
    labeled(old.contactRelations, new.contactRelations, names: PropertyKind.names(of: .related), kind: types.common) {
      ContactEncoder.relation($0, style: $1, groups: &$2)
    } value: { [style] value, line in Self.vendorValue(value, in: line, version: style.version) }
    labeled(old.dates, new.dates, names: PropertyKind.names(of: .date), kind: types.common) {
      ContactEncoder.date($0, style: $1, groups: &$2)
    } value: { [style] value, line in Self.dateValue(value, in: line, style: style) }
  }

  /// An address whose ISO country code changed (its country typed anew clears it):
  /// Apple's `X-ABADR` line of its group says the new code, or goes when there is none,
  /// so that the card is not read back with the old country's code and layout.
  mutating func applyCountryCodes(from old: [LabeledValue<PostalAddress>], to new: [LabeledValue<PostalAddress>]) {
    var before: [String: PostalAddress] = [:]
    for item in old { before[item.identifier] = item.value }
    for item in new {
      guard let previous = before[item.identifier], previous.isoCountryCode != item.value.isoCountryCode,
        let index = provenance.values[item.identifier], let group = card.lines[index].group?.lowercased(),
        let code = card.lines.firstIndex(where: { $0.name == "X-ABADR" && $0.group?.lowercased() == group })
      else { continue }
      if item.value.isoCountryCode.isEmpty {
        edits[code] = .remove
      } else {
        replace(code, value: VCardSerializer.escape(item.value.isoCountryCode.lowercased(), version: style.version))
      }
    }
  }

  /// An address changed or removed: the 2.1/3.0 `LABEL` property that printed it
  /// (Outlook's `LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:` after its `ADR;WORK;PREF`)
  /// goes with the old address — the one of its group, or, neither grouped, the one of
  /// the same `TYPE` words when no other address has them.
  mutating func removeAddressLabels(from old: [LabeledValue<PostalAddress>], to new: [LabeledValue<PostalAddress>]) {
    var after: [String: PostalAddress] = [:]
    for item in new { after[item.identifier] = item.value }
    let addresses = card.lines.indices.filter { card.lines[$0].kind == .address }
    for item in old where after[item.identifier] != item.value {
      guard let index = provenance.values[item.identifier] else { continue }
      let address = card.lines[index]
      let types = Set(address.types)
      for label in card.lines.indices where card.lines[label].name == "LABEL" {
        let line = card.lines[label]
        let same: Bool
        if let group = address.group?.lowercased() {
          same = line.group?.lowercased() == group
        } else {
          same = line.group == nil && Set(line.types) == types
            && addresses.filter({ card.lines[$0].group == nil && Set(card.lines[$0].types) == types }).count == 1
        }
        if same { edits[label] = .remove }
      }
    }
  }

  /// The edits of the names: `FN`, `N` (components not changed keep their written
  /// form), `NICKNAME` (its other items kept; Android's nickname row as a row). A
  /// blank or missing `FN` of a 3.0 or 4.0 card (where it is required: an
  /// organization's card exported with `FN:` and `N:;;;;`), and a blank one of a 2.1
  /// card (where a card may have none), is written with the name shown, whatever else
  /// the edit changed (case 18: `FN:Quayside Lamp Works`).
  mutating func applyNames(from old: Contact, to new: Contact) {
    let hasNameLine = !(provenance.fields[.formattedName] ?? []).isEmpty
    let blankName =
      (style.version != .v21 || hasNameLine) && new.formattedNameIsBlank
      && !ContactEncoder.formattedName(new).isEmpty
    if old.formattedName != new.formattedName || blankName {
      single(.formattedName, "FN", VCardSerializer.escape(ContactEncoder.formattedName(new), version: style.version), keepEmpty: true)
    }
    if ContactEncoder.nameComponents(old) != ContactEncoder.nameComponents(new) {
      let newParts = ContactEncoder.nameComponents(new)
      let oldParts = ContactEncoder.nameComponents(old)
      let written = provenance.fields[.name]?.first.map { ValueDecoder.split(card.lines[$0].value, separator: ";") }
      // RFC 9554's components after the fifth (a secondary family name, a generation),
      // which cpick does not show, kept as written.
      let value = (newParts.indices.map { i -> String in
        if newParts[i] == oldParts[i], let written, i < written.count { return String(written[i]) }
        return VCardSerializer.component(newParts[i], version: style.version)
      } + (written?.dropFirst(newParts.count).map(String.init) ?? [])).joined(separator: ";")
      single(.name, "N", value, keepEmpty: true)
    }
    applyFileAs(from: old, to: new)
    if old.nickname != new.nickname {
      var value = VCardSerializer.list([new.nickname], version: style.version)
      if let index = provenance.fields[.nickname]?.first, !new.nickname.isEmpty {
        if card.lines[index].kind == .androidCustom {
          value = Self.vendorValue(new.nickname, in: card.lines[index], version: style.version)
        } else {
          let items = ValueDecoder.split(card.lines[index].value, separator: ",")
          value = ([value] + items.dropFirst().map(String.init)).joined(separator: ",")
        }
      }
      single(.nickname, "NICKNAME", value)
    }
  }

  /// The name a card is filed under in Evolution (`X-EVOLUTION-FILE-AS`), made from
  /// its names as Evolution offers them (`Family, Given`, `Given Family`, the `FN`, the
  /// company, `Family, Given (Company)`), follows an edit of those names when it was
  /// one of them; one written otherwise stays. Evolution would otherwise list the
  /// contact under its old name.
  mutating func applyFileAs(from old: Contact, to new: Contact) {
    func forms(_ contact: Contact) -> [String] {
      let family = contact.familyName.trimmedOfWhitespace
      let given = contact.givenName.trimmedOfWhitespace
      let company = contact.organizationName.trimmedOfWhitespace
      let familyGiven = [family, given].filter { !$0.isEmpty }.joined(separator: ", ")
      return [
        familyGiven, [given, family].filter { !$0.isEmpty }.joined(separator: " "),
        contact.formattedName.trimmedOfWhitespace, company,
        familyGiven.isEmpty || company.isEmpty ? "" : "\(familyGiven) (\(company))",
      ]
    }
    let before = forms(old)
    let after = forms(new)
    guard before != after else { return }
    for index in card.lines.indices where card.lines[index].name == "X-EVOLUTION-FILE-AS" {
      let filed = ValueDecoder.unescape(card.lines[index].value).trimmedOfWhitespace
      // The first of the forms it was that the edit changed (`Anselm Quill` may be
      // both `Given Family` and the FN).
      guard !filed.isEmpty,
        let form = before.indices.first(where: { before[$0] == filed && !after[$0].isEmpty && after[$0] != filed })
      else { continue }
      replace(index, value: VCardSerializer.escape(after[form], version: style.version))
    }
  }

  /// The edits of the other single-value fields: `ORG`, `TITLE`, `ROLE`, `BDAY`, `NOTE`,
  /// `PHOTO` (from `imageData`), the phonetic names (a birthday from an Android event
  /// row written back into the row).
  mutating func applyFields(from old: Contact, to new: Contact) {
    if old.organizationName != new.organizationName || old.departmentName != new.departmentName {
      let original = provenance.fields[.organization]?.first.map { card.lines[$0].value }
      let empty = new.organizationName.isEmpty && new.departmentName.isEmpty
      single(.organization, "ORG", empty ? "" : ContactEncoder.organizationValue(new, original: original, version: style.version))
    }
    if old.jobTitle != new.jobTitle { single(.title, "TITLE", VCardSerializer.escape(new.jobTitle, version: style.version)) }
    if old.role != new.role { single(.role, "ROLE", VCardSerializer.escape(new.role, version: style.version)) }
    if old.birthday != new.birthday {
      if let birthday = new.birthday, let index = provenance.fields[.birthday]?.first,
        card.lines[index].kind == .androidCustom
      {
        single(.birthday, "BDAY", Self.dateValue(birthday, in: card.lines[index], style: style))
      } else if let birthday = new.birthday {
        let written = provenance.fields[.birthday]?.first.flatMap { ContactEncoder.DateForm(of: card.lines[$0].value) }
        let (value, parameters) = ContactEncoder.dateValue(birthday, style.version, form: written)
        single(.birthday, "BDAY", value, parameters: parameters)
      } else {
        single(.birthday, "BDAY", "")
      }
    }
    if old.note != new.note && !applyNoteByLine(new.note) {
      single(.note, "NOTE", new.note.isEmpty ? "" : VCardSerializer.escape(new.note, version: style.version), all: true)
    }
    if let image = new.imageData, image != old.imageData {
      // A photo set (`Contact.imageData`) replaces every PHOTO of the card; an empty one
      // takes them off.
      for index in card.lines.indices where card.lines[index].name == "PHOTO" { edits[index] = .remove }
      if !image.isEmpty { insert(ContactEncoder.photo(jpeg: image, version: style.version), after: nil) }
    }
    let oldPhonetic = ContactEncoder.phoneticFields(old)
    let newPhonetic = ContactEncoder.phoneticFields(new)
    let phoneticFields: [ContactDecoder.Provenance.Field] = [.phoneticGiven, .phoneticMiddle, .phoneticFamily]
    for i in 0..<3 where oldPhonetic[i].1 != newPhonetic[i].1 {
      single(phoneticFields[i], newPhonetic[i].0, VCardSerializer.escape(newPhonetic[i].1, version: style.version))
    }
  }

  /// The differences of one multi-value property.
  ///
  /// `derived`: parameters that describe the value (an address's `LABEL` and `GEO`,
  /// RFC 6350 §6.3.1), dropped when it changes, as they would say the old one.
  /// `respelled`: for a change from the first value to the second that its other
  /// spellings cannot say (an instant messaging address's new service: Apple's
  /// `X-JABBER` beside the `IMPP`), the parameters that say it on the value's own line
  /// (`X-SERVICE-TYPE`), set where the line has them, and the other spellings go;
  /// nil when the change leaves them right.
  mutating func labeled<V>(
    _ old: [LabeledValue<V>], _ new: [LabeledValue<V>], names: Set<String>,
    kind: ContactEncoder.LabelKind, derived: Set<String> = [],
    respelled: (V, V) -> [VCardParameter]? = { _, _ in nil },
    encode: (LabeledValue<V>, ContactEncoder.Style, inout ContactEncoder.GroupNames) -> [ContactEncoder.Line],
    value: (V, ContentLine) -> String
  ) {
    guard old != new else { return }
    let newIDs = Set(new.map(\.identifier))
    var oldByID: [String: LabeledValue<V>] = [:]
    for item in old { oldByID[item.identifier] = item }
    for item in old where !newIDs.contains(item.identifier) {
      guard let index = provenance.values[item.identifier] else { continue }
      remove(index)
      for repeated in provenance.repeats[item.identifier] ?? [] { remove(repeated) }
    }
    var last = card.lines.lastIndex { names.contains($0.name) }
    for item in new {
      if let before = oldByID[item.identifier], let index = provenance.values[item.identifier] {
        last = max(last ?? index, index)
        guard before != item else { continue }
        // Its other spellings (Apple's `X-JABBER` beside the `IMPP`) say the new value
        // and label too; they go when the change is one they cannot say (`respelled`:
        // they would say the old value) or its label must be written anew.
        let repeats = provenance.repeats[item.identifier] ?? []
        let respelling = respelled(before.value, item.value)
        for repeated in repeats {
          let other = card.lines[repeated]
          if respelling != nil || (before.label != item.label && VendorProperties.fixesLabel(other.name)) {
            remove(repeated)
            continue
          }
          let head = relabeled(other, from: before, to: item, kind: kind, index: repeated)
          replace(repeated, value: before.value == item.value ? other.value : value(item.value, other), head: head)
        }
        let line = card.lines[index]
        if before.label != item.label && VendorProperties.fixesLabel(line.name) {
          // The line's name or row says the old label: the value is written anew.
          remove(index)
          for line in encode(item, style, &groups) { insert(line, after: last) }
          continue
        }
        var head = relabeled(line, from: before, to: item, kind: kind, index: index)
        if let respelling, !respelling.isEmpty {
          var edited = head ?? LineHead(Self.head(of: line.text))
          if edited.setValues(of: respelling, version: style.version) { head = edited }
        }
        if before.value != item.value, !derived.isEmpty {
          var edited = head ?? LineHead(Self.head(of: line.text))
          let count = edited.parameters.count
          edited.removeParameters(named: derived)
          if edited.parameters.count != count { head = edited }
        }
        let newValue = before.value == item.value ? line.value : value(item.value, line)
        replace(index, value: newValue, head: head)
        continue
      }
      for line in encode(item, style, &groups) { insert(line, after: last) }
    }
  }

  /// The head of `line` (at `index`) with the label and preference of `item`
  /// (`relabeled(_:label:preference:kind:index:)`), or nil when they are `before`'s.
  mutating func relabeled<V>(
    _ line: ContentLine, from before: LabeledValue<V>, to item: LabeledValue<V>, kind: ContactEncoder.LabelKind,
    index: Int
  ) -> LineHead? {
    guard before.label != item.label || before.preference != item.preference else { return nil }
    return relabeled(
      line, label: item.label, preference: before.preference == item.preference ? .kept : .set(item.preference),
      kind: kind, index: index)
  }

  /// What a rewritten line says of its value's preference.
  enum PreferenceEdit: Equatable {
    /// As written (`PREF=n`, `TYPE=pref`), byte for byte.
    case kept
    /// This preference instead (`nil`: none).
    case set(Int?)
  }

  /// `text`, the new value of `line`, escaped and placed as that line writes it: in an
  /// Android `X-ANDROID-CUSTOM` row, its data1 escaped as a component of the row (the
  /// other fields as written); otherwise escaped as `version` reads a text value.
  static func vendorValue(_ text: String, in line: ContentLine, version: VCardSerializer.Version) -> String {
    guard line.kind == .androidCustom else { return VCardSerializer.escape(text, version: version) }
    return AndroidCustomRow.replacingValue(in: line.value, with: VCardSerializer.component(text, version: version))
  }

  /// The value of `line` rewritten with `date`, in the form the line had: Android's
  /// row and the dashed ISO 8601 form for `X-ANDROID-CUSTOM`, else `style`'s version
  /// in the basic or extended form the line wrote (Outlook's `X-MS-ANNIVERSARY:20110113`).
  static func dateValue(_ date: ContactDate, in line: ContentLine, style: ContactEncoder.Style) -> String {
    if line.kind == .androidCustom {
      return vendorValue(date.description, in: line, version: style.version)
    }
    return ContactEncoder.dateValue(date, style.version, form: ContactEncoder.DateForm(of: line.value)).0
  }

  /// The head of `line` with `label` and `preference` instead of its own: the
  /// label-giving `TYPE` words removed and the new ones written where the first of
  /// them stood, in its case (`type=CELL` to `type=WORK`, `TEL;HOME;VOICE` to
  /// `TEL;WORK;VOICE`); a fax or pager loses `VOICE`; the preference removed and added
  /// anew unless it is kept; every other parameter as written. A label kept in an
  /// `X-ABLabel` line of the group is changed there instead; a custom label gets one.
  mutating func relabeled(
    _ line: ContentLine, label: String?, preference: PreferenceEdit, kind: ContactEncoder.LabelKind, index: Int
  ) -> LineHead {
    var head = LineHead(Self.head(of: line.text))
    var labelLine: Int? = nil
    if let group = line.group?.lowercased() {
      labelLine = card.lines.firstIndex { $0.name == "X-ABLABEL" && $0.group?.lowercased() == group }
      // A group whose label another value shares (`item1.EMAIL` and `item1.TEL` under one
      // `item1.X-ABLabel`): this value leaves it, the other keeps its label.
      let shared = !values(inGroup: group, besides: index).isEmpty
      if let shown = labelLine, shared, let label,
        Labels.custom(ValueDecoder.unescape(card.lines[shown].value)) != label
      {
        labelLine = nil
        head.group = nil
      }
    }
    // Android's custom label (`TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=85=AC…)`,
    // `AndroidCustomType`): the phone reads only that, so a new label replaces it where
    // it stood — type words, or a custom label written the same way.
    var customInPlace = false
    var customWords: [String]? = nil
    if let label, labelLine == nil,
      let custom = head.parameters.firstIndex(where: { $0.text.trimmingBlanks().uppercased().hasPrefix("X-CUSTOM(") })
    {
      if ContactEncoder.types(for: label, kind: kind) == nil {
        head.parameters[custom] = LineHead.Parameter(name: nil, values: [Self.androidCustomType(label)])
        customInPlace = true
      } else {
        head.parameters.remove(at: custom)
      }
    }
    let types = labelLine == nil ? label.flatMap { ContactEncoder.types(for: $0, kind: kind) } : nil
    // A fax or a pager is not a voice line (RFC 6350 §6.4.1): `VOICE` went with the old label.
    let dropsVoice = kind == .phone && (types ?? []).contains { $0 == "fax" || $0 == "pager" }
    // A new rank where the line says one: 4.0's `PREF=n` rewritten in place, 3.0 and
    // 2.1's `pref` word (which knows no rank) kept.
    var rank: Int? = nil
    if case .set(let new?) = preference { rank = new }
    let keepsPrefWord = preference == .kept || (rank != nil && style.version != .v40)
    var saysPreference = false
    // Apple's iPhone number is `IPHONE,CELL,VOICE`: a mobile one stays `cell`.
    let keepsCell = (types ?? []).contains("iphone")
    func removed(_ lower: String) -> Bool {
      if lower == "pref" {
        saysPreference = saysPreference || keepsPrefWord
        return !keepsPrefWord
      }
      if keepsCell && lower == "cell" { return false }
      if kind == .phone && (["cell", "fax", "iphone", "main", "pager"].contains(lower) || (dropsVoice && lower == "voice")) {
        return true
      }
      return kind.label([lower]) != nil
    }
    // Where the first removed label word stood: parameter, value, upper case, and
    // whether it was the parameter's one word; and the word.
    var place: (parameter: Int, value: Int, upper: Bool, alone: Bool)? = nil
    var placeWord: String? = nil
    // Parameters written as one quoted list (`TYPE="voice,cell"`): quoted again.
    var quoted: [Int] = []
    for p in head.parameters.indices
    where head.parameters[p].givesTypes && !head.parameters[p].text.trimmingBlanks().uppercased().hasPrefix("X-CUSTOM(") {
      var kept: [String] = []
      let values = head.parameters[p].values
      if values.count == 1, values[0].trimmingBlanks().hasPrefix("\"") { quoted.append(p) }
      for raw in values {
        let words = LineHead.Parameter.words(raw)
        var keptWords: [String] = []
        let bare = head.parameters[p].name == nil
        for word in words {
          let lower = word.lowercased()
          // A 2.1 bare encoding (`TEL;HOME;QUOTED-PRINTABLE`) is no type word.
          guard removed(lower), !(bare && VCardParameter.bareEncodings.contains(lower)) else {
            keptWords.append(word)
            continue
          }
          if place == nil && lower != "pref" {
            place = (
              p, kept.count + keptWords.count, word == word.uppercased() && word != lower,
              values.count == 1 && words.count == 1
            )
            placeWord = word
          }
        }
        if keptWords.count == words.count { kept.append(raw) } else { kept += keptWords }
      }
      head.parameters[p].values = kept
    }
    // The new label's words where the first old one stood (within a quoted list, in
    // it); the quoted lists quoted again; then a parameter that held the old label's
    // one word becomes one per new word, or the words go first when none stood.
    // A custom label where the old one was a type word of its own (2.1's `TEL;X-Arbeit`,
    // Synology's `TYPE=Jonas mobil`, case 44) stays one, in the same form: Android's
    // 2.1 reader knows no `X-ABLabel`.
    if types == nil, labelLine == nil, !customInPlace, let label, let placeWord,
      let old = kind.label([placeWord.lowercased()]), ContactEncoder.types(for: old, kind: kind) == nil,
      let word = Self.customTypeWord(label, replacing: placeWord, version: style.version)
    {
      customInPlace = true
      customWords = [word]
    }
    let words = customWords ?? (types ?? []).map { place?.upper == true ? $0.uppercased() : $0 }
    if let place, !place.alone, !words.isEmpty {
      head.parameters[place.parameter].values.insert(contentsOf: words, at: place.value)
    }
    requote(&head, quoted.filter { $0 != place?.parameter || place?.alone == false })
    if let place, place.alone, !words.isEmpty {
      // Named as it was (Apple's `type=HOME;type=FAX`, 2.1's `HOME;FAX`).
      let name = head.parameters[place.parameter].name
      head.parameters.replaceSubrange(
        place.parameter...place.parameter, with: words.map { LineHead.Parameter(name: name, values: [$0]) })
    } else if place == nil, let types {
      let added = ContactEncoder.typeParameters(types, style: style).map { head.parameter($0, version: style.version) }
      head.parameters.insert(contentsOf: added, at: 0)
    }
    if preference != .kept {
      for p in head.parameters.indices where head.parameters[p].name?.trimmingBlanks().uppercased() == "PREF" {
        if let rank, style.version == .v40, !saysPreference {
          head.parameters[p].values = [String(rank)]
          saysPreference = true
        } else {
          head.parameters[p].values = []
        }
      }
    }
    head.parameters.removeAll { $0.values.isEmpty }
    if let label {
      if let labelLine {
        replace(labelLine, value: VCardSerializer.escape(ContactEncoder.appleLabel(label), version: style.version))
      } else if types == nil && !customInPlace {
        // The value's own group when it has one that no other value shares (Apple's
        // `item1.ADR` with its `item1.X-ABADR`), else a new one.
        let own = line.group.flatMap { group in values(inGroup: group, besides: index).isEmpty ? group : nil }
        let group = own ?? groups.make()
        insert(ContactEncoder.Line(group: group, name: "X-ABLabel", value: VCardSerializer.escape(label, version: style.version)), after: index)
        head.group = group
      }
    } else if let labelLine {
      edits[labelLine] = .remove
    }
    if let rank, !saysPreference { head.append(ContactEncoder.preferenceParameters(rank, style), version: style.version) }
    return head
  }

  /// The type word that says the custom `label` where `old`, a custom label's own type
  /// word, stood: `X-` and the label for an `X-` word or in 2.1 (`X-Arbeit` →
  /// `X-Buero`), the label as it is otherwise (`Jonas mobil` → `Jonas work`); nil when
  /// the label cannot be such a word (characters a parameter value cannot hold bare,
  /// a space in an `X-` name).
  static func customTypeWord(_ label: String, replacing old: String, version: VCardSerializer.Version) -> String? {
    let prefixed = old.count > 2 && old.prefix(2).uppercased() == "X-"
    func allowed(_ byte: UInt8, space: Bool) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (space && byte == 0x20)
    }
    let trimmed = label.trimmingBlanks()
    guard !trimmed.isEmpty else { return nil }
    if prefixed || version == .v21 {
      guard trimmed.utf8.allSatisfy({ allowed($0, space: false) }) else { return nil }
      return (prefixed ? String(old.prefix(2)) : "X-") + trimmed
    }
    guard trimmed.utf8.allSatisfy({ allowed($0, space: true) }) else { return nil }
    return trimmed
  }

  /// Android's `X-CUSTOM(…)` parameter for a custom `label`: its text as it is when
  /// ASCII without `,`, `;`, `:`, `(`, `)`, `=` (`X-CUSTOM(Club)`), else in
  /// quoted-printable UTF-8 as Android writes it (`X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=AE=B6)`).
  static func androidCustomType(_ label: String) -> String {
    if label.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !",;:()=\"".utf8.contains($0) }) {
      return "X-CUSTOM(" + label + ")"
    }
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    for byte in label.utf8 { encoded += [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
    return "X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE," + String(decoding: encoded, as: UTF8.self) + ")"
  }

  /// The parameters of `head` at `indices` written as one quoted list again.
  private func requote(_ head: inout LineHead, _ indices: [Int]) {
    for p in indices where head.parameters[p].values.count > 1 || head.parameters[p].values.first?.hasPrefix("\"") == false {
      let words = head.parameters[p].values.flatMap(LineHead.Parameter.words)
      head.parameters[p].values = words.isEmpty ? [] : ["\"" + words.joined(separator: ",") + "\""]
    }
  }

  /// A single-value field: the first of its lines rewritten (the others removed
  /// with `all`), a new line when it has none, the lines removed when `value` is
  /// empty (unless `keepEmpty`).
  mutating func single(
    _ field: ContactDecoder.Provenance.Field, _ name: String, _ value: String,
    parameters: [VCardParameter]? = nil, keepEmpty: Bool = false, all: Bool = false
  ) {
    let indices = provenance.fields[field] ?? []
    if value.isEmpty && !keepEmpty {
      for index in indices { edits[index] = .remove }
      return
    }
    guard let first = indices.first else {
      insert(ContactEncoder.Line(name: name, parameters: parameters ?? [], value: value), after: nil)
      return
    }
    var head: LineHead? = nil
    if let parameters {
      // A date's own parameters replace VALUE and Apple's omit-year marker; a
      // `VALUE=date` the line wrote stays while the value is still a date.
      var edited = LineHead(Self.head(of: card.lines[first].text))
      let setsValue = parameters.contains { $0.name == "VALUE" }
      let saidDate = card.lines[first].parameterValues("VALUE").contains { ["date", "date-and-or-time"].contains($0.lowercased()) }
      edited.removeParameters(named: setsValue || !saidDate ? ["VALUE", "X-APPLE-OMIT-YEAR"] : ["X-APPLE-OMIT-YEAR"])
      edited.append(parameters, version: style.version)
      if edited != LineHead(Self.head(of: card.lines[first].text)) { head = edited }
    }
    replace(first, value: value, head: head)
    if all { for index in indices.dropFirst() { edits[index] = .remove } }
  }

  /// A note of several `NOTE` lines (each one's text, `CardMapping.noteText`, joined
  /// with a blank line as the reader joins them) edited line by line: the lines whose
  /// paragraphs begin and end `note` unchanged are kept as written (and their
  /// parameters, `LANGUAGE`…); the ones between are rewritten with what is new there
  /// (the first of them, the others removed), or a new `NOTE` line holds it when no
  /// line is between (a paragraph added). False, with nothing changed, when the lines
  /// so edited would not read as `note` (the note is then written as one line).
  mutating func applyNoteByLine(_ note: String) -> Bool {
    let indices = provenance.fields[.note] ?? []
    guard indices.count > 1, !note.isEmpty else { return false }
    let joint = CardMapping.noteJoint
    let written = indices.map { CardMapping.noteText(card.lines[$0]) }
    // Each line's paragraphs in the note: an empty line adds an empty one, unless no
    // text came before it (the reader starts the note with the first text).
    var slices: [[String]] = []
    var begun = false
    for text in written {
      if text.isEmpty {
        slices.append(begun ? [""] : [])
      } else {
        slices.append(text.components(separatedBy: joint))
        begun = true
      }
    }
    let parts = note.components(separatedBy: joint)
    // Lines unchanged at the start, then at the end (not overlapping).
    var first = 0
    var from = 0
    while first < slices.count, from + slices[first].count <= parts.count,
      Array(parts[from..<(from + slices[first].count)]) == slices[first]
    {
      from += slices[first].count
      first += 1
    }
    var last = slices.count
    var to = parts.count
    while last > first, to - slices[last - 1].count >= from,
      Array(parts[(to - slices[last - 1].count)..<to]) == slices[last - 1]
    {
      to -= slices[last - 1].count
      last -= 1
    }
    let middle = parts[from..<to].joined(separator: joint)
    // The lines' texts after the edit, to check that they read as `note`.
    var texts: [String?] = written
    var inserted: (after: Int, text: String)? = nil
    if first < last {
      texts[first] = from < to ? middle : nil
      for line in (first + 1)..<last { texts[line] = nil }
    } else if from < to {
      guard first > 0 else { return false }
      inserted = (first - 1, middle)
    } else {
      return false
    }
    var read = ""
    for (line, text) in texts.enumerated() {
      if let text { CardMapping.appendNote(text, to: &read) }
      if let inserted, inserted.after == line { CardMapping.appendNote(inserted.text, to: &read) }
    }
    guard read == note else { return false }
    if first < last {
      if from < to {
        replace(indices[first], value: VCardSerializer.escape(middle, version: style.version))
      } else {
        remove(indices[first])
      }
      for line in (first + 1)..<last { remove(indices[line]) }
    } else if let inserted {
      insert(
        ContactEncoder.Line(name: "NOTE", value: VCardSerializer.escape(inserted.text, version: style.version)),
        after: indices[inserted.after])
    }
    return true
  }

  /// `CATEGORIES`: removed groups taken out of the lines that list them, added ones
  /// appended to the first line (or a new one). Groups from group cards elsewhere
  /// (`outside`) are not written into the card.
  mutating func categories(old: [String], new: [String], outside: Set<String>) {
    var removed = Set(old).subtracting(new)
    var added = new.filter { !old.contains($0) && !outside.contains($0) }
    // One group renamed in its place (same position): its item is rewritten where it stands.
    var renamed: (from: String, to: String)? = nil
    if old.count == new.count, removed.count == 1, added.count == 1, let from = removed.first,
      old.firstIndex(of: from) == new.firstIndex(of: added[0])
    {
      renamed = (from, added[0])
      removed = []
      added = []
    }
    let indices = provenance.fields[.categories] ?? []
    var firstRewritten = false
    for index in indices {
      let items = ValueDecoder.split(card.lines[index].value, separator: ",")
      var kept = items.filter { !removed.contains(ValueDecoder.unescape($0).trimmingBlanks()) }
        .map(String.init)
      if let renamed {
        kept = kept.map { ValueDecoder.unescape($0).trimmingBlanks() == renamed.from ? VCardSerializer.list([renamed.to], version: style.version) : $0 }
        if kept != items.map(String.init) { replace(index, value: kept.joined(separator: ",")) }
        continue
      }
      if !firstRewritten {
        kept += added.map { VCardSerializer.list([$0], version: style.version) }
        firstRewritten = true
      }
      if kept.count == items.count && (index != indices.first || added.isEmpty) { continue }
      if kept.isEmpty { remove(index) } else { replace(index, value: kept.joined(separator: ",")) }
    }
    if indices.isEmpty && !added.isEmpty {
      insert(ContactEncoder.Line(name: "CATEGORIES", value: VCardSerializer.list(added, version: style.version)), after: nil)
    }
  }

  // MARK: Edits

  /// The lines other than `index` that hold a value in `group` (compared without regard
  /// to case; not its `companionNames`: the label, an address's country code).
  private func values(inGroup group: String, besides index: Int) -> [Int] {
    let group = group.lowercased()
    return card.lines.indices.filter { i in
      i != index && card.lines[i].group?.lowercased() == group && !Self.companionNames.contains(card.lines[i].name)
    }
  }

  /// Removes line `index`, and the lines that only describe its group's value (its
  /// `X-ABLabel`, an address's `X-ABADR` country code: `companionNames`) when no other
  /// line uses the group.
  mutating func remove(_ index: Int) {
    edits[index] = .remove
    guard let group = card.lines[index].group?.lowercased() else { return }
    let others = values(inGroup: group, besides: index).filter { i in
      if case .remove = edits[i] { return false } else { return true }
    }
    if others.isEmpty {
      for i in card.lines.indices
      where card.lines[i].group?.lowercased() == group && Self.companionNames.contains(card.lines[i].name) {
        edits[i] = .remove
      }
    }
  }

  /// Apple's lines that describe the value of their group and nothing else: its
  /// label, an address's country code.
  static let companionNames: Set<String> = ["X-ABLABEL", "X-ABADR"]

  /// Rewrites line `index` with `value`: with `head` (its group, name and parameters
  /// as written when `nil`). A line with a charset or transfer encoding (whose value
  /// is about to change), or whose value needs quoted-printable, is written anew by
  /// the serializer with those parameters.
  mutating func replace(_ index: Int, value: String, head: LineHead? = nil) {
    let line = card.lines[index]
    let writtenHead = head?.text ?? Self.head(of: line.text)
    let encoded = line.parameters.contains { $0.name == "CHARSET" } || line.transferEncoding != nil
    let needsQuotedPrintable = VCardSerializer.needsQuotedPrintable(
      value, version: style.version, headLength: writtenHead.utf8.count + 1)
    if !encoded && !needsQuotedPrintable {
      var out: [UInt8] = []
      let text = Array((writtenHead + ":" + value).utf8)
      if Self.isUnfoldedLong(line, in: bytes) {
        // A line the file wrote long and unfolded (Apple's) stays so.
        out = text + lineEnd
      } else {
        VCardSerializer.appendLine(text, version: style.version, to: &out, lineEnd: lineEnd)
      }
      edits[index] = .replace(out)
      return
    }
    var kept = head?.decodedParameters ?? line.parameters
    if line.transferEncoding == "BASE64" && !line.isBase64Data {
      // Text that was written in base64 is written as text.
      kept = kept.filter { VCardParameter.transferEncoding(in: [$0]) != "BASE64" }
    }
    let named = head ?? LineHead(writtenHead)
    edits[index] = .replace(
      VCardSerializer.line(
        group: named.group, name: named.name.trimmingBlanks(), parameters: kept, value: value,
        version: style.version, lineEnd: lineEnd))
  }

  /// Whether `line` was written longer than a fold's 75 octets on one physical line.
  static func isUnfoldedLong(_ line: ContentLine, in bytes: [UInt8]) -> Bool {
    guard let range = line.sourceRange else { return false }
    var end = range.upperBound
    while end > range.lowerBound && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
    return end - range.lowerBound > 75 && !bytes[range.lowerBound..<end].contains { $0 == 0x0A || $0 == 0x0D }
  }

  mutating func insert(_ line: ContactEncoder.Line, after index: Int?) {
    insertions[index ?? -1, default: []].append(line.bytes(style.version, lineEnd: lineEnd))
  }

  /// The part of a logical line before its value (`group.NAME;params`), as written.
  static func head(of text: String) -> String {
    var quoted = false
    for index in text.indices {
      let character = text[index]
      if character == "\"" { quoted.toggle() }
      if !quoted && character == ":" { return String(text[..<index]) }
    }
    return text
  }

  // MARK: Output

  /// The card's bytes with the edits applied, its line ends those cards are written
  /// with in its file (`LineEnds.written(in:)`: an LF card comes out in CR LF).
  func output() -> [UInt8] {
    LineEnds.writing(edited(), readIn: lineEnd)
  }

  /// The card's bytes with the edits applied, in its own line ends.
  private func edited() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 256)
    var cursor = card.sourceRange?.lowerBound ?? 0
    // A kept line that ends in a quoted-printable soft break (`=`, a phone's export may
    // end a card's last value so): a line written right after it would be read as its
    // value's next piece, so it is held and written after the lines put after it.
    var held: ArraySlice<UInt8>? = nil
    // New lines after a line go after the blank lines that follow it, not between:
    // a 2.1 base64 value (a phone's PHOTO) ends at its blank line, and a reader that
    // reads it so would take a line before that blank line for more base64.
    var pending: [UInt8] = []
    for (index, line) in card.lines.enumerated() {
      guard let range = line.sourceRange else { continue }
      if let line = held.take() { out += line }
      if range.lowerBound > cursor { out += bytes[cursor..<range.lowerBound] }
      out += pending
      pending = []
      switch edits[index] {
      case .keep:
        if insertions[index] != nil || index == card.lines.count - 1,
          bytes[range].withUnsafeBufferPointer({ LineReader.endsInSoftBreak($0) })
        {
          held = bytes[range]
        } else {
          out += bytes[range]
        }
      case .replace(let text): out += inCardCharset(text)
      case .remove: break
      }
      if !range.isEmpty, bytes[range.upperBound - 1] != 0x0A, bytes[range.upperBound - 1] != 0x0D,
        insertions[index] != nil || edits[index].isReplace
      {
        // The line had no line end (the end of the input): the new text brings one.
        if case .keep = edits[index] { out += lineEnd }
      }
      // A held line's new lines come before it (its soft break joins what follows it).
      for text in insertions[index] ?? [] {
        if held == nil { pending += inCardCharset(text) } else { out += inCardCharset(text) }
      }
      cursor = max(cursor, range.upperBound)
    }
    let end = card.sourceRange?.upperBound ?? bytes.count
    let tail = cursor < end ? Array(bytes[cursor..<end]) : []
    let endLine = Self.endLineStart(tail) ?? tail.count
    for text in insertions[-1] ?? [] { pending += inCardCharset(text) }
    if let line = held.take() {
      out += pending
      out += line
      out += tail[..<endLine]
    } else {
      out += tail[..<endLine]
      out += pending
    }
    out += tail[endLine...]
    return out
  }

  /// Where the last `END:VCARD` line starts in `tail` (`CardBoundary`: as the reader
  /// tells it, with a group or parameters too).
  static func endLineStart(_ tail: [UInt8]) -> Int? {
    var start = 0
    var found: Int? = nil
    tail.withUnsafeBufferPointer { tail in
      while start < tail.count {
        var stop = start
        while stop < tail.count && tail[stop] != 0x0A && tail[stop] != 0x0D { stop += 1 }
        if CardBoundary.of(UnsafeBufferPointer(rebasing: tail[start..<stop])) == .end { found = start }
        start = stop + 1
      }
    }
    return found
  }
}

extension CardEditor.Edit {
  var isReplace: Bool { if case .replace = self { return true } else { return false } }
}
