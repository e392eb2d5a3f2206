import ContactKit
import CpickSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The mapping of one card's content lines to a contact (`ContactDecoder`): the
/// contact so far, what the lines read so far decide (labels, value identifiers, the
/// kind of card), and, when asked for, which line gave which part (`provenance`).
struct CardMapping {
  let card: RawCard
  /// The card's `VERSION` (`nil` without one).
  let version: String?
  /// The custom label of each group (`item1.X-ABLabel`), by lower-cased group name.
  let groupLabels: [String: String]
  /// Apple's `X-ABADR` country codes by group (lower-cased): the ISO code of the `ADR`
  /// in the same group when it has no `CC` parameter.
  let groupCountryCodes: [String: String]
  /// The contact read so far.
  var contact: Contact
  var provenance: ContactDecoder.Provenance?
  /// The line being read: its index in `card.lines`.
  var lineIndex = 0
  /// Whether `KIND:org` or `X-ABShowAs:COMPANY` made it an organization's card.
  var isOrganizationCard = false
  /// Whether the nickname so far is an Android nickname row's (`readAndroidCustom`),
  /// which a standard `NICKNAME` after it replaces.
  var nicknameFromAndroidRow = false
  /// `StableHash` of the contact's identifier and a line feed: how every labeled
  /// value's identifier starts.
  let identifierHash: StableHash
  /// The distinct texts of the lines that gave labeled values so far, in the order
  /// met: a line of each text and how many lines had it (an identical line counts on).
  var valueTexts: [ValueText] = []
  /// The positions in `valueTexts` by a hash of the text and its length, once there
  /// are more than `directTexts` (empty before: a few texts are compared one by one).
  /// A line is compared only with the lines of its bucket that differ from each
  /// other, so a card of n values is read in O(n).
  var valueTextsByKey: [ValueTextKey: [Int]] = [:]
  /// How many distinct texts are looked for without `valueTextsByKey`.
  static let directTexts = 16

  /// The groups (`CATEGORIES` values) read so far.
  var groupsSeen: Set<String> = []

  /// A distinct text of value lines (see `valueTexts`).
  struct ValueText {
    /// The text's hash and length.
    var key: ValueTextKey
    /// The index in `card.lines` of the first line with the text.
    var index: Int
    /// How many lines had it.
    var count: Int
  }

  /// The bucket of a value line's text in `valueTextsByKey`.
  struct ValueTextKey: Hashable {
    var textHash: UInt64
    var length: Int
  }

  /// The mapping of `card` to `contact` (its identifier and source set), from the
  /// first line.
  init(card: RawCard, contact: Contact, provenance: ContactDecoder.Provenance?) {
    self.card = card
    self.contact = contact
    self.provenance = provenance
    version = card.version
    var labels: [String: String] = [:]
    var countryCodes: [String: String] = [:]
    for index in card.lines.indices where card.lines[index].kind == .label || card.lines[index].kind == .addressCountryCode {
      let line = card.lines[index]
      guard let group = line.group?.lowercased() else { continue }
      if line.kind == .label {
        // An empty one is no label: the value keeps its `TYPE`'s.
        let label = Labels.custom(ValueDecoder.unescape(line.value))
        if !label.trimmingBlanks().isEmpty { labels[group] = label }
      } else {
        let code = PostalAddress.isoCountryCode(ValueDecoder.unescape(line.value))
        if !code.isEmpty { countryCodes[group] = code }
      }
    }
    groupLabels = labels
    groupCountryCodes = countryCodes
    var identifierHash = StableHash()
    identifierHash.add(contact.identifier)
    identifierHash.add(0x0A)
    self.identifierHash = identifierHash
  }

  /// Adds what `line` (`card.lines[lineIndex]`) says to the contact.
  mutating func read(_ line: borrowing ContentLine) {
    switch line.kind {
    case .phone, .email, .address, .url, .instantMessage, .socialProfile, .related, .date:
      readLabeledValue(line)
    case .androidCustom:
      readAndroidCustom(line)
    default:
      readField(line)
    }
  }

  /// The contact once every line is read: an organization's when the card says so,
  /// or when it has no name parts but an organization that its `FN` (if any) repeats.
  mutating func finished() -> Contact {
    if isOrganizationCard || ContactType.inferred(for: contact) == .organization { contact.contactType = .organization }
    return contact
  }

  /// A line of a single-value field (names, organization, dates, note, groups, the
  /// kind of card; `UID` only for its provenance).
  mutating func readField(_ line: borrowing ContentLine) {
    switch line.kind {
    case .uid:
      field(.uid)
    case .formattedName:
      // A blank first FN (`FN: `) gives way to the next with a name; an FN after that is
      // one of the name's alternates (in another language, or a second spelling).
      let value = ValueDecoder.unescape(line.value)
      if takes(.formattedName, empty: value.trimmingBlanks().isEmpty) {
        contact.formattedName = value
      } else {
        addAlternateName(value)
      }
    case .name:
      let value = line.value  // decoded once
      if Self.isReading(line) {
        // The name's reading as vCard 4.0 gives it: an alternate `N` in kana
        // (`LANGUAGE=ja-Hira`) or with RFC 9554's `PHONETIC`: the phonetic names, unless
        // `X-PHONETIC-*` gave them.
        field(.name)
        let parts = ValueDecoder.components(value, trimmed: true)
        if contact.phoneticFamilyName.isEmpty, let family = parts.first { contact.phoneticFamilyName = family }
        if contact.phoneticGivenName.isEmpty, parts.count > 1 { contact.phoneticGivenName = parts[1] }
        return
      }
      guard takes(.name, empty: value.utf8.allSatisfy { $0 == UInt8(ascii: ";") || $0 == 0x20 || $0 == 0x2C }) else {
        return
      }
      readName(value)
      let sortAs = Self.sortStrings(line)
      if !sortAs.isEmpty { contact.nameSortAs = sortAs }
    case .nickname:
      let items = ValueDecoder.list(line.value)
      if nicknameFromAndroidRow, let first = items.first, !first.isEmpty {
        // The standard property before an Android nickname row met earlier (a card
        // with both was written back by another program): this line is the nickname,
        // edited first; the row is kept as it is, and its nickname searched as another
        // (a Nokia `X-EPOCSECONDNAME` after the row lost it).
        nicknameFromAndroidRow = false
        let row = contact.nickname
        contact.nickname = first
        provenance?.fields[.nickname, default: []].insert(lineIndex, at: 0)
        addOtherNicknames(items.dropFirst())
        addOtherNicknames([row][...])
      } else {
        field(.nickname)
        if contact.nickname.isEmpty {
          contact.nickname = items.first ?? ""
          addOtherNicknames(items.dropFirst())
        } else {
          addOtherNicknames(items[...])
        }
      }
    case .organization:
      let parts = ValueDecoder.components(Self.lineBreaksAsLF(line.value), trimmed: true)
      guard takes(.organization, empty: parts.allSatisfy(\.isEmpty)) else { return }
      contact.organizationName = parts.first ?? ""
      contact.departmentName = parts.dropFirst().filter { !$0.isEmpty }.joined(separator: ", ")
      let sortAs = Self.sortStrings(line)
      if !sortAs.isEmpty { contact.organizationSortAs = sortAs }
    case .title:
      guard takes(.title, empty: line.valueIsEmpty) else { return }
      contact.jobTitle = Self.lineBreaksAsLF(ValueDecoder.unescape(line.value))
    case .role:
      guard takes(.role, empty: line.valueIsEmpty) else { return }
      contact.role = Self.lineBreaksAsLF(ValueDecoder.unescape(line.value))
    case .birthday:
      guard takes(.birthday, empty: line.valueIsEmpty) else { return }
      contact.birthday = DateParsing.parse(ValueDecoder.unescape(line.value))
    case .note:
      field(.note)
      Self.appendNote(Self.noteText(line), to: &contact.note)
    case .phoneticFirst:
      guard takes(.phoneticGiven, empty: line.valueIsEmpty) else { return }
      contact.phoneticGivenName = ValueDecoder.unescape(line.value)
    case .phoneticMiddle:
      guard takes(.phoneticMiddle, empty: line.valueIsEmpty) else { return }
      contact.phoneticMiddleName = ValueDecoder.unescape(line.value)
    case .phoneticLast:
      guard takes(.phoneticFamily, empty: line.valueIsEmpty) else { return }
      contact.phoneticFamilyName = ValueDecoder.unescape(line.value)
    case .sound where line.parameterValues("TYPE").contains(where: { $0.uppercased() == "X-IRMC-N" }):
      let parts = ValueDecoder.components(line.value)
      if contact.phoneticFamilyName.isEmpty { contact.phoneticFamilyName = parts.first ?? "" }
      if contact.phoneticGivenName.isEmpty && parts.count > 1 { contact.phoneticGivenName = parts[1] }
    case .categories:
      field(.categories)
      // The groups so far as a set: a card of many categories is read in linear time.
      for group in ValueDecoder.list(line.value) where groupsSeen.insert(group).inserted {
        contact.groups.append(group)
      }
    case .photo:
      if !line.valueIsEmpty { contact.hasImage = true }
    case .kind:
      field(.kind)
      if line.value.lowercased().trimmingBlanks() == "org" { isOrganizationCard = true }
    case .showAs:
      field(.kind)
      if line.value.uppercased().trimmingBlanks() == "COMPANY" { isOrganizationCard = true }
    case .phone, .email, .address, .url, .instantMessage, .socialProfile, .related, .date, .androidCustom:
      break  // `readLabeledValue`, `readAndroidCustom`
    // Readings of the name and the organization under other names: vCard 3.0's
    // `SORT-STRING` (RFC 2426 §3.6.5, 4.0's `SORT-AS` on `N`) and Apple's phonetic
    // company name (`X-PHONETIC-ORG`), where `SORT-AS` gives none.
    case .sortString where contact.nameSortAs.isEmpty:
      let reading = ValueDecoder.unescape(line.value).trimmingBlanks()
      if !reading.isEmpty { contact.nameSortAs = [reading] }
    case .phoneticOrganization where contact.organizationSortAs.isEmpty:
      let reading = ValueDecoder.unescape(line.value).trimmingBlanks()
      if !reading.isEmpty { contact.organizationSortAs = [reading] }
    case .other, .begin, .end, .version, .label, .addressCountryCode, .sound, .sortString, .phoneticOrganization:
      break
    }
  }

  /// Reads a line that another of its `ALTID` represents (RFC 6350 §5.4), which stays
  /// in the card as written: an `FN` or `N` is one of `contact.alternateNames`.
  mutating func readAlternative(_ line: borrowing ContentLine) {
    switch line.kind {
    case .formattedName:
      addAlternateName(ValueDecoder.unescape(line.value))
    case .name:
      let parts = ValueDecoder.components(line.value, trimmed: true)
      // Given, middle, family: as a name is written in most of the languages a card
      // gives one in beside another.
      let words = [1, 2, 0].compactMap { parts.indices.contains($0) ? parts[$0] : nil }.filter { !$0.isEmpty }
      addAlternateName(words.joined(separator: " "))
    default:
      break
    }
  }

  /// Adds `name`, trimmed, to `contact.alternateNames` unless blank or already there.
  private mutating func addAlternateName(_ name: String) {
    let name = name.trimmingBlanks()
    guard !name.isEmpty, name != contact.formattedName.trimmingBlanks(), !contact.alternateNames.contains(name) else {
      return
    }
    contact.alternateNames.append(name)
  }

  /// Adds the non-blank `items` to `contact.otherNicknames`, each once and not the
  /// nickname itself.
  private mutating func addOtherNicknames(_ items: ArraySlice<String>) {
    for item in items {
      let nickname = item.trimmingBlanks()
      guard !nickname.isEmpty, nickname != contact.nickname, !contact.otherNicknames.contains(nickname) else { continue }
      contact.otherNicknames.append(nickname)
    }
  }

  /// The name parts of an `N` value (RFC 6350 §6.2.2: family; given; middle; prefix;
  /// suffix). Components may be comma lists (3.0, 4.0: "Philip,Paul"); an escaped
  /// comma, and any comma in 2.1, is text.
  mutating func readName(_ value: String) {
    let lists = !(version ?? "2.1").hasPrefix("2")
    let parts =
      ContactDecoder.nameParts(value, lists: lists)
      ?? ValueDecoder.split(value, separator: ";").map { component in
        let items = lists ? ValueDecoder.split(String(component), separator: ",") : [component]
        return items.map { ValueDecoder.unescape($0).trimmingBlanks() }
          .filter { !$0.isEmpty }.joined(separator: " ")
      }
    func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
    contact.familyName = part(0)
    contact.givenName = part(1)
    contact.middleName = part(2)
    contact.namePrefix = part(3)
    contact.nameSuffix = part(4)
  }

  /// Whether an `N` line gives the name's reading rather than the name: RFC 9554's
  /// `PHONETIC` parameter, a `SCRIPT` or `LANGUAGE` of kana (`ja-Hira`, `ja-Kana`,
  /// `ja-Hrkt`), or a Latin `LANGUAGE` of a Japanese name (`ja-Latn`) — an alternate
  /// of the card's `N` (same `ALTID`, RFC 6350 §5.4) as Japanese writers give it.
  static func isReading(_ line: borrowing ContentLine) -> Bool {
    if line.raw.map({ !$0.mayHaveAltID && $0.plainParameters }) ?? false { return false }
    if !line.parameterValues("PHONETIC").isEmpty { return true }
    guard !line.parameterValues("ALTID").isEmpty else { return false }
    let tags = (line.parameterValues("LANGUAGE") + line.parameterValues("SCRIPT")).map { $0.lowercased() }
    return tags.contains { tag in
      ["hira", "kana", "hrkt"].contains { tag == $0 || tag.hasSuffix("-" + $0) } || tag == "ja-latn"
    }
  }

  /// The sort strings of a line's `SORT-AS` parameter (RFC 6350 §5.9: one per
  /// component, comma-separated, quoted or not), empty ones dropped; Android's
  /// `SORT-AS="あんどう;ろいど"` separates them with `;` and is read the same.
  static func sortStrings(_ line: borrowing ContentLine) -> [String] {
    line.parameterValues("SORT-AS").flatMap { $0.split(whereSeparator: { $0 == "," || $0 == ";" }) }
      .map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
  }

  /// A line of a multi-value property (`TEL`, `EMAIL`, `ADR`, `URL`, `IMPP` and the
  /// like, `X-SOCIALPROFILE`, `RELATED`, `ANNIVERSARY`/`X-ABDATE`): one labeled value
  /// more, unless its value is empty.
  mutating func readLabeledValue(_ line: borrowing ContentLine) {
    switch line.kind {
    case .phone:
      var value = ValueDecoder.unescape(line.value).trimmingBlanks()
      if value.hasASCIIPrefixIgnoringCase("tel:") { value = String(value.dropFirst(4)) }
      guard !value.isEmpty else { return }
      let implied = VendorProperties.entry(line.name)?.label
      let phone = labeled(line, value, typeLabel: { implied ?? Labels.phone(types: $0) })
      contact.phoneNumbers.append(phone)
    case .email:
      var value = ValueDecoder.unescape(line.value).trimmingBlanks()
      if value.hasASCIIPrefixIgnoringCase("mailto:") { value = String(value.dropFirst(7)) }
      guard !value.isEmpty else { return }
      let email = labeled(line, value)
      contact.emailAddresses.append(email)
    case .address:
      var address = ContactDecoder.postalAddress(line)
      guard !address.isEmpty else { return }
      if address.isoCountryCode.isEmpty, let group = line.group?.lowercased(), let code = groupCountryCodes[group] {
        address.isoCountryCode = code
      }
      let postal = labeled(line, address)
      contact.postalAddresses.append(postal)
    case .url:
      let value = ValueDecoder.unescape(line.value).trimmingBlanks()
      guard !value.isEmpty else { return }
      let implied = VendorProperties.entry(line.name)?.label
      let url = labeled(line, value, typeLabel: { implied ?? Labels.common($0) })
      contact.urlAddresses.append(url)
    case .instantMessage:
      let value = ValueDecoder.unescape(line.value).trimmingBlanks()
      guard !value.isEmpty else { return }
      let account = ContactDecoder.instantMessage(line, value)
      // Apple writes each account twice, as `IMPP` and as its old `X-JABBER`, `X-AIM`…:
      // one account.
      if let same = contact.instantMessageAddresses.first(where: {
        $0.value.service.lowercased() == account.service.lowercased()
          && $0.value.username.lowercased() == account.username.lowercased()
      }) {
        provenance?.repeats[same.identifier, default: []].append(lineIndex)
        return
      }
      let address = labeled(line, account)
      contact.instantMessageAddresses.append(address)
    case .socialProfile:
      let value = ValueDecoder.unescape(line.value).trimmingBlanks()
      let service = line.types.first ?? ""
      let user = line.parameterValues("X-USER").first ?? ""
      guard !value.isEmpty || !user.isEmpty else { return }
      let profile = LabeledValue(
        identifier: nextIdentifier(line), label: label(line, nil),
        value: SocialProfile(service: service, username: user, urlString: value), preference: line.preference)
      contact.socialProfiles.append(profile)
    case .related:
      let value = ValueDecoder.unescape(line.value).trimmingBlanks()
      guard !value.isEmpty else { return }
      let typeLabel = VendorProperties.entry(line.name)?.label ?? Labels.common(line.types)
      let relation = LabeledValue(
        identifier: nextIdentifier(line), label: label(line, typeLabel), value: value, preference: line.preference)
      contact.contactRelations.append(relation)
    case .date:
      guard let date = DateParsing.parse(ValueDecoder.unescape(line.value)) else { return }
      let typeLabel =
        line.name == "ANNIVERSARY" ? "anniversary" : VendorProperties.entry(line.name)?.label ?? Labels.common(line.types)
      let dated = LabeledValue(
        identifier: nextIdentifier(line), label: label(line, typeLabel), value: date, preference: line.preference)
      contact.dates.append(dated)
    default:
      break  // `readField`
    }
  }

  /// Appends the text of a `NOTE` line to the note so far, as the note of a card of
  /// several is theirs: joined with a blank line between (`noteJoint`), from the first
  /// text on. In place: each line costs its own length, not the note's so far.
  static func appendNote(_ text: String, to note: inout String) {
    if note.isEmpty {
      note = text
    } else {
      note.append(noteJoint)
      note.append(text)
    }
  }

  /// What joins the texts of a card's `NOTE` lines into its note.
  static let noteJoint = "\n\n"

  /// The text of a `NOTE` line. A line break is LF in the model, whether written `\n`
  /// (3.0, 4.0) or quoted-printable `=0D=0A` (2.1).
  static func noteText(_ line: borrowing ContentLine) -> String {
    lineBreaksAsLF(ValueDecoder.unescape(line.value))
  }

  /// `text` with its CR LF and CR line breaks as LF, as the model holds a line break
  /// (a quoted-printable `=0D=0A` in Outlook's street of two lines, its title, a note).
  static func lineBreaksAsLF(_ text: String) -> String {
    guard text.utf8.contains(0x0D) else { return text }
    return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
  }

  /// An Android `X-ANDROID-CUSTOM` row (`AndroidCustomRow`): a nickname (unless
  /// the card has one already), a relation, a date, or the birthday (an event of type
  /// birthday when the card has no `BDAY` before it).
  mutating func readAndroidCustom(_ line: borrowing ContentLine) {
    guard let row = AndroidCustomRow(value: line.value), !row.value.isEmpty else { return }
    switch row.kind {
    case .nickname:
      // A nickname line of the card: a cleared nickname takes the row off too.
      field(.nickname)
      // A second row (or one after a `NICKNAME`) is another nickname: searched as
      // the other items and lines of `NICKNAME` are.
      guard contact.nickname.isEmpty else { return addOtherNicknames([row.value][...]) }
      contact.nickname = row.value
      nicknameFromAndroidRow = true
    case .relation:
      let relation = LabeledValue(identifier: nextIdentifier(line), label: row.label, value: row.value)
      contact.contactRelations.append(relation)
    case .event:
      guard let date = DateParsing.parse(row.value) else { return }
      if row.isBirthday && contact.birthday == nil {
        field(.birthday)
        contact.birthday = date
        return
      }
      contact.dates.append(LabeledValue(identifier: nextIdentifier(line), label: row.label, value: date))
    }
  }

  /// Records that the line being read gave `field`.
  mutating func field(_ field: ContactDecoder.Provenance.Field) {
    provenance?.fields[field, default: []].append(lineIndex)
  }

  /// The single-value fields whose value a line gave so far (`takes(_:empty:)`), a bit
  /// each.
  private var singleFieldsTaken: UInt16 = 0

  /// Records the line for `field` (`field(_:)`) and says whether it gives the field's
  /// value: the first line with a value (not `empty`) does, before it an empty one
  /// (`TITLE:`, `ORG:;`) does too, and after it none. A single-value field a card
  /// repeats (two `TITLE` or `ORG` lines, as RFC 6350 allows) shows that line, and an
  /// edit rewrites that line (`CardEditor.single` rewrites the field's first: it is put
  /// first) — never one value shown and another replaced.
  mutating func takes(_ field: ContactDecoder.Provenance.Field, empty: Bool) -> Bool {
    let bit: UInt16 =
      switch field {
      case .name: 1
      case .organization: 2
      case .title: 4
      case .role: 8
      case .birthday: 16
      case .phoneticGiven: 32
      case .phoneticMiddle: 64
      case .phoneticFamily: 128
      case .formattedName: 256
      default: 0
      }
    guard singleFieldsTaken & bit == 0 else {
      self.field(field)
      return false
    }
    if empty {
      self.field(field)
      return true
    }
    singleFieldsTaken |= bit
    // The line giving the value is the one an edit rewrites: first among the field's.
    provenance?.fields[field, default: []].insert(lineIndex, at: 0)
    return true
  }

  /// The label of a value of `line`: its group's `X-ABLabel`, else `typeLabel` (a
  /// custom one in the case the line writes it, `Labels.asWritten`).
  func label(_ line: borrowing ContentLine, _ typeLabel: String?) -> String? {
    if let group = line.group?.lowercased(), let custom = groupLabels[group] { return custom }
    if let custom = AndroidCustomType.label(of: line) { return custom }
    guard let typeLabel, !Labels.standard.contains(typeLabel) else { return typeLabel }
    return Labels.asWritten(typeLabel, in: line.parameterValues("TYPE"))
  }

  /// `value` as a labeled value of `line`: its stable identifier, its label (the
  /// group's X-ABLabel, else from the TYPE words) and its preference (`PREF`).
  mutating func labeled<V: Sendable & Hashable>(
    _ line: borrowing ContentLine, _ value: V, typeLabel: ([String]) -> String? = { Labels.common($0) }
  ) -> LabeledValue<V> {
    let types = line.types
    return LabeledValue(
      identifier: nextIdentifier(line), label: label(line, typeLabel(types)), value: value,
      preference: line.preference(types: types))
  }

  /// The identifier of the labeled value of `line` (the line being read): the
  /// `StableHash` of "\(identifier)\n\(line.text)\n\(count)", on the bytes, where
  /// `count` is the number of identical lines that gave values before it — stable
  /// while the card's text is.
  mutating func nextIdentifier(_ line: borrowing ContentLine) -> String {
    var count = 0
    var hash = identifierHash
    var textHash = StableHash()
    let index = lineIndex
    let card = card
    line.withTextBytes { text in
      hash.add(text, alsoTo: &textHash)
      let key = ValueTextKey(textHash: textHash.value, length: text.count)
      /// Whether the known text at `position` is `text`.
      func isText(at position: Int) -> Bool {
        let known = valueTexts[position]
        guard known.key == key else { return false }
        return card.lines[known.index].withTextBytes { otherText in
          text.count == 0 || memcmp(otherText.baseAddress!, text.baseAddress!, text.count) == 0
        }
      }
      let found =
        valueTextsByKey.isEmpty
        ? valueTexts.indices.first(where: isText(at:)) : valueTextsByKey[key]?.first(where: isText(at:))
      if let found {
        count = valueTexts[found].count
        valueTexts[found].count += 1
        return
      }
      if valueTexts.isEmpty { valueTexts.reserveCapacity(min(card.lines.count, Self.directTexts)) }
      valueTexts.append(ValueText(key: key, index: index, count: 1))
      if !valueTextsByKey.isEmpty {
        valueTextsByKey[key, default: []].append(valueTexts.count - 1)
      } else if valueTexts.count > Self.directTexts {
        for (position, known) in valueTexts.enumerated() { valueTextsByKey[known.key, default: []].append(position) }
      }
    }
    hash.add(0x0A)
    hash.add(decimal: count)
    let id = hash.hex
    provenance?.values[id] = lineIndex
    return id
  }
}
