import ContactFormats
import ContactKit
import CpickSupport
import Localization
import TerminalKit

/// The values of the new-person form, field by field, and the contact they make.
///
/// Text fields are `LineEditor`s. Multi-value sections (phones, emails, addresses,
/// URLs, instant messages) hold entries with a stable `id` (fields refer to entries
/// by it, so removing one value leaves the others' fields valid), a label, and one
/// editor per part (five for an address). Every entry and single field remembers the
/// text it started with, so `contact()` keeps an unchanged value exactly as the
/// pre-filled contact had it — identifier, `isPreferred`, an ISO country code, a
/// birthday kept as text — and a form nobody changed gives back `original` itself.
///
/// Line breaks (a street on two lines, a note) are held in the editors as U+2028
/// LINE SEPARATOR, which `LineEditor` accepts, typed with Ctrl-O and drawn as `↵`;
/// `contact()` turns them back into `\n`.
public struct NewPersonForm: Sendable {
  /// A single-value text field.
  public enum TextField: String, Sendable, Hashable, CaseIterable {
    /// "prefix": `Contact.namePrefix` (`N` component 4).
    case namePrefix
    /// "first name": `Contact.givenName` (`N` component 2).
    case givenName
    /// "middle name": `Contact.middleName` (`N` component 3).
    case middleName
    /// "last name": `Contact.familyName` (`N` component 1).
    case familyName
    /// "suffix": `Contact.nameSuffix` (`N` component 5).
    case nameSuffix
    /// "nickname": `Contact.nickname` (`NICKNAME`).
    case nickname
    /// "phonetic first": `Contact.phoneticGivenName` (`X-PHONETIC-FIRST-NAME`).
    case phoneticGivenName
    /// "phonetic last": `Contact.phoneticFamilyName` (`X-PHONETIC-LAST-NAME`).
    case phoneticFamilyName
    /// "company": `Contact.organizationName` (`ORG` component 1).
    case organizationName
    /// "department": `Contact.departmentName` (`ORG` components after the first).
    case departmentName
    /// "job title": `Contact.jobTitle` (`TITLE`).
    case jobTitle
    /// "birthday": `Contact.birthday` (`BDAY`), as ISO 8601 (`1815-12-10`, `--12-10`); other text kept as text.
    case birthday
    /// "note": `Contact.note` (`NOTE`); the only multi-line field.
    case note
    /// "photo": the card's `PHOTO` (`Contact.imageData`). Shows `PhotoRow.onCard` when
    /// the card has one; a file's path (JPEG, PNG, GIF) sets it, emptied removes it.
    case photo

    /// The name in the label column.
    public var title: String {
      switch self {
      case .namePrefix: return L10n.text("prefix")
      case .givenName: return L10n.text("first name")
      case .middleName: return L10n.text("middle name")
      case .familyName: return L10n.text("last name")
      case .nameSuffix: return L10n.text("suffix")
      case .nickname: return L10n.text("nickname")
      case .phoneticGivenName: return L10n.text("phonetic first")
      case .phoneticFamilyName: return L10n.text("phonetic last")
      case .organizationName: return L10n.text("company")
      case .departmentName: return L10n.text("department")
      case .jobTitle: return L10n.text("job title")
      case .birthday: return L10n.text("birthday")
      case .note: return L10n.text("note")
      case .photo: return L10n.text("photo")
      }
    }

    /// Whether a line break may be typed (Ctrl-O).
    public var isMultiLine: Bool { self == .note }
  }

  /// A multi-value section.
  public enum Section: String, Sendable, Hashable, CaseIterable {
    /// Phone numbers (`phoneNumbers`, `TEL`).
    case phone
    /// Email addresses (`emailAddresses`, `EMAIL`).
    case email
    /// Postal addresses (`postalAddresses`, `ADR`), five editors each.
    case address
    /// URLs (`urlAddresses`, `URL`).
    case url
    /// Instant-message addresses (`instantMessageAddresses`, `IMPP`).
    case instantMessage

    /// The contact key it fills.
    public var key: ContactKey {
      switch self {
      case .phone: return .phoneNumbers
      case .email: return .emailAddresses
      case .address: return .postalAddresses
      case .url: return .urlAddresses
      case .instantMessage: return .instantMessageAddresses
      }
    }

    /// The name on the "add" row and in headers: `phone`, `instant message`.
    public var title: String {
      switch self {
      case .instantMessage: return L10n.text("instant message")
      case .url: return L10n.text("URL")
      case .phone: return L10n.text("phone")
      case .email: return L10n.text("email")
      case .address: return L10n.text("address")
      }
    }

    /// The standard labels the label key cycles through, in order (PRODUCT.md's
    /// labels, as fit the key); after them comes a custom label.
    public var standardLabels: [String] { key.field.standardLabels }

    /// The labels a new value gets, the first not yet used (as Apple's Contacts does).
    var defaultLabels: [String] { key.field.defaultLabels }

    /// How many editors an entry of this section has.
    var partCount: Int { self == .address ? AddressPart.allCases.count : 1 }
  }

  /// The parts of a postal address, in the order of the form.
  public enum AddressPart: Int, Sendable, Hashable, CaseIterable {
    /// `PostalAddress.street`; may hold line breaks.
    case street
    /// `PostalAddress.city`.
    case city
    /// `PostalAddress.state`.
    case state
    /// `PostalAddress.postalCode`.
    case postalCode
    /// `PostalAddress.country`.
    case country

    /// The placeholder and label of the part.
    public var title: String {
      switch self {
      case .street: return L10n.text("street")
      case .city: return L10n.text("city")
      case .state: return L10n.text("state")
      case .postalCode: return L10n.text("postal code")
      case .country: return L10n.text("country")
      }
    }
  }

  /// One value of a multi-value section.
  public struct Entry: Sendable, Hashable {
    /// Stable within the form (fields refer to it).
    public let id: Int
    /// The value's label (`home`, `work`, a custom text), or `nil` for none.
    public var label: String?
    /// One editor, or five for an address (`AddressPart` order).
    public var editors: [LineEditor]
    /// The position of the value in the pre-filled contact, or `nil` for a new one.
    public let originalIndex: Int?
    let originalLabel: String?
    let originalTexts: [String]

    /// The texts of the editors, line breaks as typed (U+2028).
    public var texts: [String] { editors.map(\.text) }
    /// Whether every part is empty.
    public var isEmpty: Bool { editors.allSatisfy { $0.text.trimmedOfWhitespace.isEmpty } }
    /// Whether the texts and label are as pre-filled.
    public var isUnchanged: Bool { isTextUnchanged && label == originalLabel }
    /// Whether the texts are as pre-filled (the label may have changed).
    public var isTextUnchanged: Bool { originalIndex != nil && texts == originalTexts }
  }

  /// The contact the form started from (displayedPerson), or an empty one.
  public let original: Contact
  /// Whether the form edits `original` (else it makes a new contact from it).
  public let isEditing: Bool
  /// Person or organization, toggled on the form's first row.
  public var contactType: ContactType
  /// The single text fields.
  public var fields: [TextField: LineEditor]
  private let originalFields: [TextField: String]
  /// The multi-value entries by section.
  public var entries: [Section: [Entry]]
  /// The groups the person is in (`Contact.groups`), as added and removed on the form.
  public var groups: [String]
  private var nextID = 0

  /// A form showing `contact` (or an empty form for `nil`).
  public init(contact: Contact?, isEditing: Bool) {
    let base = contact ?? Contact(identifier: "", source: "")
    original = base
    self.isEditing = isEditing && contact != nil
    contactType = base.contactType
    var fields: [TextField: LineEditor] = [:]
    for field in TextField.allCases {
      fields[field] = LineEditor(Self.editable(Self.text(of: field, in: base)))
    }
    self.fields = fields
    originalFields = fields.mapValues(\.text)
    entries = [:]
    groups = base.groups
    func load(_ section: Section, _ values: [(label: String?, texts: [String])]) {
      entries[section] = values.enumerated().map { index, value in
        let texts = value.texts.map(Self.editable)
        defer { nextID += 1 }
        return Entry(
          id: nextID, label: value.label, editors: texts.map(LineEditor.init), originalIndex: index,
          originalLabel: value.label, originalTexts: texts)
      }
    }
    load(.phone, base.phoneNumbers.map { ($0.label, [$0.value]) })
    load(.email, base.emailAddresses.map { ($0.label, [$0.value]) })
    load(.address, base.postalAddresses.map {
      ($0.label, [$0.value.street, $0.value.city, $0.value.state, $0.value.postalCode, $0.value.country])
    })
    load(.url, base.urlAddresses.map { ($0.label, [$0.value]) })
    load(.instantMessage, base.instantMessageAddresses.map { ($0.label, [Self.imText($0.value)]) })
  }

  /// A form editing `original` whose fields already show `values`: the form after an
  /// edit of `original` to `values` (a reloaded card with the user's unsaved edit
  /// re-applied, `ContactReload.reapply`). `hasChanges` and `contact()` compare with
  /// `original`, so saving writes the difference to it; a value `values` holds with
  /// the identifier of one of `original`'s is that value edited, any other is new.
  public init(editing original: Contact, showing values: Contact) {
    self.init(contact: original, isEditing: true)
    contactType = values.contactType
    groups = values.groups
    for field in TextField.allCases {
      let text = Self.editable(Self.text(of: field, in: values))
      if text != fields[field]?.text { fields[field] = LineEditor(text) }
    }
    func reload<V>(_ section: Section, _ before: [LabeledValue<V>], _ after: [LabeledValue<V>], texts: (V) -> [String]) {
      let old = entries(section)
      entries[section] = after.map { value in
        let editors = texts(value.value).map { LineEditor(Self.editable($0)) }
        if let index = before.firstIndex(where: { $0.identifier == value.identifier }),
          var entry = old.first(where: { $0.originalIndex == index })
        {
          entry.label = value.label
          if entry.texts != editors.map(\.text) { entry.editors = editors }
          return entry
        }
        defer { nextID += 1 }
        return Entry(
          id: nextID, label: value.label, editors: editors, originalIndex: nil, originalLabel: nil, originalTexts: [])
      }
    }
    reload(.phone, original.phoneNumbers, values.phoneNumbers) { [$0] }
    reload(.email, original.emailAddresses, values.emailAddresses) { [$0] }
    reload(.address, original.postalAddresses, values.postalAddresses) {
      [$0.street, $0.city, $0.state, $0.postalCode, $0.country]
    }
    reload(.url, original.urlAddresses, values.urlAddresses) { [$0] }
    reload(.instantMessage, original.instantMessageAddresses, values.instantMessageAddresses) { [Self.imText($0)] }
  }

  // MARK: Access

  /// The text of a single field.
  public func text(_ field: TextField) -> String { fields[field]?.text ?? "" }

  /// Whether `field` holds the text it was pre-filled with.
  public func isUnchanged(_ field: TextField) -> Bool { text(field) == originalFields[field] }

  /// The entries of `section`.
  public func entries(_ section: Section) -> [Entry] { entries[section] ?? [] }

  /// The entry with `id` in `section`, if it is still there.
  public func entry(_ section: Section, id: Int) -> Entry? { entries(section).first { $0.id == id } }

  /// Changes the entry with `id` in `section`.
  mutating func update(_ section: Section, id: Int, _ change: (inout Entry) -> Void) {
    guard let index = entries[section]?.firstIndex(where: { $0.id == id }) else { return }
    change(&entries[section]![index])
  }

  /// Adds an empty value to `section` with the first default label not yet used;
  /// returns its id.
  @discardableResult
  public mutating func addEntry(_ section: Section) -> Int {
    let used = Set(entries(section).compactMap(\.label))
    let label = section.defaultLabels.first { !used.contains($0) } ?? section.defaultLabels.last
    let entry = Entry(
      id: nextID, label: label, editors: Array(repeating: LineEditor(), count: section.partCount),
      originalIndex: nil, originalLabel: nil, originalTexts: [])
    nextID += 1
    entries[section, default: []].append(entry)
    return entry.id
  }

  /// Removes the value with `id` from `section`.
  public mutating func removeEntry(_ section: Section, id: Int) {
    entries[section]?.removeAll { $0.id == id }
  }

  /// Whether anything differs from how the form started.
  public var hasChanges: Bool {
    if contactType != original.contactType || groups != original.groups { return true }
    if TextField.allCases.contains(where: { !isUnchanged($0) }) { return true }
    for section in Section.allCases {
      let current = entries(section)
      let startCount = startCounts[section] ?? 0
      if current.count != startCount || current.contains(where: { !$0.isUnchanged }) { return true }
    }
    return false
  }

  private var startCounts: [Section: Int] {
    [
      .phone: original.phoneNumbers.count, .email: original.emailAddresses.count,
      .address: original.postalAddresses.count, .url: original.urlAddresses.count,
      .instantMessage: original.instantMessageAddresses.count,
    ]
  }

  /// Whether a name field holds Han, Kana or Hangul, which wants a phonetic name.
  public var nameNeedsPhonetic: Bool {
    [TextField.givenName, .middleName, .familyName].contains { field in
      text(field).unicodeScalars.contains(where: ContactFormatter.isCJKScalar)
    }
  }

  // MARK: The contact

  /// The contact the form describes, built on `original`: every property the form
  /// does not show (social profiles, relations, other dates, the image, the source
  /// record, …) is kept; an unchanged value is kept exactly; a changed one keeps its
  /// identifier; a new one (or a pre-filled one without an identifier) gets
  /// `<contact identifier>/<key>/new-<n>`. Empty values are
  /// left out. `formattedName` is composed by `ContactFormatter` for a new contact
  /// (but one given an `FN` whose name is not changed on the form keeps it), and for
  /// an edit when the name changed and `FN` was the composed name before.
  /// `groups` as on the form; `parentGroup` is added to them when missing.
  ///
  /// - Parameters:
  ///   - identifier: the identifier of a new contact whose `original` has none.
  ///   - parentGroup: a group the contact is put in.
  ///   - nameOrder: the order of name parts in a composed `formattedName`.
  public func contact(
    identifier: String, parentGroup: String? = nil, nameOrder: ContactFormatter.NameOrder = .auto
  ) -> Contact {
    var contact = original
    if contact.identifier.isEmpty { contact.identifier = identifier }
    contact.contactType = contactType
    applyTexts(to: &contact)
    applyValues(to: &contact)
    if groups != original.groups { contact.groups = groups }
    if let parentGroup, !parentGroup.isEmpty, !contact.groups.contains(parentGroup) {
      contact.groups.append(parentGroup)
    }
    applyFormattedName(to: &contact, nameOrder: nameOrder)
    return contact
  }

  /// The single-value fields (names, work, note, birthday) as typed, into `contact`;
  /// a field left as it was keeps the card's own text.
  private func applyTexts(to contact: inout Contact) {
    func set(_ field: TextField, _ keyPath: WritableKeyPath<Contact, String>) {
      if !isUnchanged(field) { contact[keyPath: keyPath] = Self.stored(text(field)).trimmedOfWhitespace }
    }
    set(.namePrefix, \.namePrefix)
    set(.givenName, \.givenName)
    set(.middleName, \.middleName)
    set(.familyName, \.familyName)
    set(.nameSuffix, \.nameSuffix)
    set(.nickname, \.nickname)
    set(.phoneticGivenName, \.phoneticGivenName)
    set(.phoneticFamilyName, \.phoneticFamilyName)
    set(.organizationName, \.organizationName)
    set(.departmentName, \.departmentName)
    set(.jobTitle, \.jobTitle)
    if !isUnchanged(.note) {
      // A note keeps its inner line breaks and indentation; only its ends are trimmed.
      contact.note = Self.stored(text(.note)).trimmedOfWhitespace
    }
    if !isUnchanged(.photo) { PhotoRow.apply(text(.photo), to: &contact) }
    if !isUnchanged(.birthday) {
      let birthdayText = text(.birthday).trimmedOfWhitespace
      contact.birthday =
        birthdayText.isEmpty ? nil : (try? ContactValidator.date(from: birthdayText)) ?? ContactDate(text: birthdayText)
    }
  }

  /// The multi-value sections (phones, emails, URLs, instant messages, addresses) as
  /// typed, into `contact`.
  private func applyValues(to contact: inout Contact) {
    let contactID = contact.identifier
    func single(_ entry: Entry) -> String { Self.stored(entry.texts[0]).trimmedOfWhitespace }
    contact.phoneNumbers = labeled(.phone, original.phoneNumbers, of: contactID) { entry, _ in single(entry) }
    contact.emailAddresses = labeled(.email, original.emailAddresses, of: contactID) { entry, _ in single(entry) }
    contact.urlAddresses = labeled(.url, original.urlAddresses, of: contactID) { entry, _ in single(entry) }
    contact.instantMessageAddresses = labeled(.instantMessage, original.instantMessageAddresses, of: contactID) {
      entry, old in
      let text = single(entry)
      if let old, text == Self.imText(old) { return old }
      return Self.instantMessageAddress(from: text)
    }
    contact.postalAddresses = labeled(.address, original.postalAddresses, of: contactID, Self.postalAddress)
  }

  /// The values of `section` as typed: a value left as it was is the card's own
  /// (`originals`), an edited one keeps its identifier, a new one gets a fresh
  /// identifier under `contactID`, an empty one is left out. `make` makes a value
  /// from its entry and the value it replaces.
  private func labeled<V>(
    _ section: Section, _ originals: [LabeledValue<V>], of contactID: String, _ make: (Entry, V?) -> V
  ) -> [LabeledValue<V>] {
    var newCount = 0
    func freshIdentifier() -> String {
      newCount += 1
      return Self.newValueIdentifier(
        contact: contactID, section: section, number: newCount, avoiding: originals.map(\.identifier))
    }
    return entries(section).compactMap { entry in
      var value: LabeledValue<V>
      if entry.isUnchanged, let index = entry.originalIndex {
        value = originals[index]
      } else if entry.isEmpty {
        return nil
      } else if let index = entry.originalIndex {
        value = originals[index]
        value.label = entry.label
        value.value = make(entry, value.value)
      } else {
        return LabeledValue(identifier: freshIdentifier(), label: entry.label, value: make(entry, nil))
      }
      // A pre-filled value without an identifier (from command-line options) gets one.
      if value.identifier.isEmpty { value.identifier = freshIdentifier() }
      return value
    }
  }

  /// The address typed into `entry`, over `old` (the address it edits): a part left
  /// as it was keeps `old`'s text; a country typed anew drops the ISO code.
  private static func postalAddress(from entry: Entry, old: PostalAddress?) -> PostalAddress {
    let parts = entry.texts.map { Self.stored($0).trimmedOfWhitespace }
    var address = old ?? PostalAddress()
    let oldParts = old.map { [$0.street, $0.city, $0.state, $0.postalCode, $0.country] }
    func part(_ p: AddressPart, _ keyPath: WritableKeyPath<PostalAddress, String>) {
      if let oldParts, Self.editable(oldParts[p.rawValue]) == entry.texts[p.rawValue] { return }
      address[keyPath: keyPath] = parts[p.rawValue]
    }
    part(.street, \.street)
    part(.city, \.city)
    part(.state, \.state)
    part(.postalCode, \.postalCode)
    let country = AddressPart.country.rawValue
    if oldParts.map({ Self.editable($0[country]) != entry.texts[country] }) ?? true {
      address.country = parts[country]
      address.isoCountryCode = ""
    }
    return address
  }

  /// FN: for a new card, the one it was given (a message's name as written,
  /// `MessageAddress.contact(emailLabel:)`) while its name is as given; once the name is
  /// changed, composed when it was the parts' words alone (`holdsOnlyTheParts`: a
  /// guess of their order), else changed where the parts stand (a hand-written one);
  /// for an edit, when the name changed, composed anew if it followed the name before,
  /// else (written by hand) changed where the parts stand in it (`HandWrittenName`),
  /// else kept.
  private func applyFormattedName(to contact: inout Contact, nameOrder: ContactFormatter.NameOrder) {
    let nameChanged = [TextField.namePrefix, .givenName, .middleName, .familyName, .nameSuffix, .organizationName]
      .contains { !isUnchanged($0) } || contactType != original.contactType
    let formerFN = original.formattedName.trimmedOfWhitespace
    let followedName = formerFN == Self.composedName(original, order: nameOrder)
    // A new card's given name is a suggestion: once its name is corrected on the form
    // (the parts a message's name was guessed into swapped back, a company typed
    // instead), it is the name composed from what the form says.
    let composes =
      isEditing
      ? (formerFN.isEmpty ? nameChanged : nameChanged && followedName)
      : formerFN.isEmpty || nameChanged && (followedName || Self.holdsOnlyTheParts(formerFN, of: original))
    // The kind switched (person ↔ organization): the name it is known by is the other
    // one, whatever was written by hand for the one before.
    if composes || contactType != original.contactType {
      contact.formattedName = Self.composedName(contact, order: nameOrder)
    } else if nameChanged {
      func parts(_ c: Contact) -> [String] { [c.namePrefix, c.givenName, c.middleName, c.familyName, c.nameSuffix] }
      contact.formattedName = HandWrittenName.renamed(original.formattedName, from: parts(original), to: parts(contact))
      // Every part it named removed: the name the parts left (`Lee`), else the company.
      if contact.formattedName.trimmedOfWhitespace.isEmpty {
        contact.formattedName = Self.composedName(contact, order: nameOrder)
      }
    }
  }

  /// Whether `name` is the words of `contact`'s name parts and nothing else, in any
  /// order (a message's `AWS Notifications` split into the parts `Notifications`,
  /// `AWS`): no word written by hand beside them (`Jurgen Müller (Siemens)` has one).
  static func holdsOnlyTheParts(_ name: String, of contact: Contact) -> Bool {
    let parts = [contact.namePrefix, contact.givenName, contact.middleName, contact.familyName, contact.nameSuffix]
    let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).map(String.init).sorted() }
    return words(name) == words(parts.joined(separator: " "))
  }

  /// The name `formattedName` gets: the organization for an organization card that
  /// has one, else `ContactFormatter.string(for:order:)` (family name first without
  /// a space for CJK names).
  public static func composedName(_ contact: Contact, order: ContactFormatter.NameOrder) -> String {
    var bare = contact
    bare.formattedName = ""
    if contact.contactType == .organization {
      let organization = contact.organizationName.trimmedOfWhitespace
      if !organization.isEmpty { return organization }
    }
    return ContactFormatter.string(for: bare, order: order)
  }

  /// The identifier of the `number`th new value of `section`: `<contact>/<key>/new-<n>`,
  /// with a further suffix should the card already use it.
  static func newValueIdentifier(contact: String, section: Section, number: Int, avoiding: [String]) -> String {
    var candidate = "\(contact)/\(section.key.rawValue)/new-\(number)"
    var extra = 1
    while avoiding.contains(candidate) {
      extra += 1
      candidate = "\(contact)/\(section.key.rawValue)/new-\(number)-\(extra)"
    }
    return candidate
  }

  // MARK: Text conversions

  /// The line separator held in editors for a line break.
  static let lineBreak: Character = "\u{2028}"

  /// `text` as an editor holds it: line breaks as U+2028.
  static func editable(_ text: String) -> String {
    String(text.map { $0.isNewline ? lineBreak : $0 })
  }

  /// An editor's text as stored: U+2028 back to `\n`.
  static func stored(_ text: String) -> String {
    String(text.map { $0 == lineBreak ? "\n" : $0 })
  }

  static func text(of field: TextField, in contact: Contact) -> String {
    switch field {
    case .namePrefix: return contact.namePrefix
    case .givenName: return contact.givenName
    case .middleName: return contact.middleName
    case .familyName: return contact.familyName
    case .nameSuffix: return contact.nameSuffix
    case .nickname: return contact.nickname
    case .phoneticGivenName: return contact.phoneticGivenName
    case .phoneticFamilyName: return contact.phoneticFamilyName
    case .organizationName: return contact.organizationName
    case .departmentName: return contact.departmentName
    case .jobTitle: return contact.jobTitle
    case .birthday: return contact.birthday?.description ?? ""
    case .note: return contact.note
    case .photo: return contact.hasImage ? PhotoRow.onCard : ""
    }
  }

  /// An instant-message address as one field: `service:user`, or the user alone.
  static func imText(_ address: InstantMessageAddress) -> String {
    address.service.isEmpty ? address.username : "\(address.service):\(address.username)"
  }

  /// `xmpp:ada@example.org` → service `xmpp`, user `ada@example.org`; text without a
  /// service prefix (letters, digits, `-`, `+`, `.` before the first `:`) is a user name.
  static func instantMessageAddress(from text: String) -> InstantMessageAddress {
    if let colon = text.firstIndex(of: ":") {
      let service = text[..<colon]
      if !service.isEmpty, service.first!.isLetter,
        service.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
      {
        return InstantMessageAddress(service: String(service), username: String(text[text.index(after: colon)...]))
      }
    }
    return InstantMessageAddress(service: "", username: text)
  }
}
