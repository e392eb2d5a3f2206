import ContactKit
import AddressBook
import Localization

/// "Add to Existing Contact": the values of an unknown person that an existing
/// contact does not have yet, added to it.
///
/// - Labeled values are added when the contact has no equal one: emails compared
///   without regard to case (`DuplicateDetector.emailKey`), phone numbers by digits
///   and country code in `region` (`PhoneNumberKey`: `0151 2345678` in `DE` is
///   `+49 151 2345678`), URLs exactly, postal addresses, instant messages, social
///   profiles, relations and dates by equal value. An added value keeps its label,
///   is not preferred, and gets a fresh identifier; values equal to one another in the
///   unknown person are added once.
/// - Single fields are filled only when empty: organization, department, job title,
///   phonetic names, birthday, note. The name parts (prefix, given, middle, family,
///   suffix, nickname) are filled when empty and only when every part both have
///   agrees (compared without regard to case and accents) — so "Ada" without a family
///   name becomes "Ada Lovelace", but a contact named "Analytical Engines Support"
///   or "Augusta King" never gets a mix of two names. `FN` is left as it is.
/// - Nothing is replaced or removed; identifier, source, record, groups, image,
///   contact type and every other value stay as they are. Saving the result with
///   `ContactEditing.save(merged, original: existing)` therefore writes only the added
///   lines and the filled fields.
public enum UnknownPersonMerge {
  /// One difference between the existing contact and the merged one.
  public enum Change: Sendable, Hashable {
    /// A labeled value was added: its key, its identifier in the merged contact, its
    /// label and its value as one line.
    case added(key: ContactKey, identifier: String, label: String?, value: String)
    /// An empty single field was filled: its CNContact key name (`givenName`,
    /// `organizationName`, …) and the value.
    case filled(field: String, value: String)

    /// A short line for the confirmation card: `+ email (work) ada@new.example`,
    /// `+ first name Ada`.
    public var summary: String {
      switch self {
      case .added(let key, _, let label, let value):
        return "+ \(LabelWords.shown(for: key))\(label.map { " (\(LabelWords.shown(for: $0)))" } ?? "") \(value)"
      case .filled(let field, let value):
        return "+ \(UnknownPersonMerge.fieldTitle(field)) \(value)"
      }
    }
  }

  /// The merged contact and what was added, in card order (names and work first,
  /// then the labeled values key by key).
  public struct Result: Sendable, Hashable {
    /// The existing contact with the values added and the empty fields filled.
    public var merged: Contact
    /// What was added or filled, in card order.
    public var changes: [Change]
    /// Whether anything was added.
    public var isEmpty: Bool { changes.isEmpty }
    /// The identifiers of the added labeled values (to mark them on the card).
    public var addedIdentifiers: Set<String> {
      Set(changes.compactMap { if case .added(_, let identifier, _, _) = $0 { return identifier } else { return nil } })
    }
  }

  /// The title of a filled field (a `CNContact` key) in the language in use, as the
  /// form names it; the key itself for any other.
  static func fieldTitle(_ field: String) -> String {
    switch field {
    case "namePrefix": L10n.text("prefix")
    case "givenName": L10n.text("first name")
    case "middleName": L10n.text("middle name")
    case "familyName": L10n.text("last name")
    case "nameSuffix": L10n.text("suffix")
    case "nickname": L10n.text("nickname")
    case "phoneticGivenName": L10n.text("phonetic first")
    case "phoneticMiddleName": L10n.text("phonetic middle")
    case "phoneticFamilyName": L10n.text("phonetic last")
    case "organizationName": L10n.text("company")
    case "departmentName": L10n.text("department")
    case "jobTitle": L10n.text("job title")
    case "birthday": L10n.text("birthday")
    case "note": L10n.text("note")
    default: field
    }
  }

  /// `existing` with the values of `person` it lacks (see the type's rules).
  ///
  /// - Parameters:
  ///   - person: the partial record whose values are added (the unknown person).
  ///   - existing: the contact already in the address book; nothing of it is replaced.
  ///   - region: the default region for phone numbers without a country code.
  ///   - makeIdentifier: the identifier of the `n`th value (from 1) added under a
  ///     key; by default `<contact identifier>/<key>/added-<n>`, made unique among
  ///     the contact's identifiers.
  public static func merge(
    _ person: Contact, into existing: Contact, region: String,
    makeIdentifier: ((ContactKey, Int) -> String)? = nil
  ) -> Result {
    var merging = Merging(person: person, existing: existing, makeIdentifier: makeIdentifier)
    merging.fillFields()
    merging.addValues(region: region)
    return Result(merged: merging.merged, changes: merging.changes)
  }

  /// One merge under way: `merged` so far and its changes, in order.
  private struct Merging {
    let person: Contact
    let existing: Contact
    let makeIdentifier: ((ContactKey, Int) -> String)?
    var merged: Contact
    var changes: [Change] = []
    /// The identifiers on the contact, so that an added value's is new.
    var used: Set<String>

    init(person: Contact, existing: Contact, makeIdentifier: ((ContactKey, Int) -> String)?) {
      self.person = person
      self.existing = existing
      self.makeIdentifier = makeIdentifier
      merged = existing
      used = Set(allIdentifiers(existing))
    }

    /// The identifier of the `n`th value added under `key`, unique on the contact.
    mutating func identifier(_ key: ContactKey, _ n: Int) -> String {
      let base = makeIdentifier?(key, n) ?? "\(existing.identifier)/\(key.rawValue)/added-\(n)"
      var candidate = base
      var extra = 1
      while used.contains(candidate) {
        extra += 1
        candidate = "\(base)-\(extra)"
      }
      used.insert(candidate)
      return candidate
    }

    /// The single-value fields the contact lacks: the name parts (only when the parts
    /// both have agree), phonetic names, work, birthday, note.
    mutating func fillFields() {
      let nameFields: [(String, WritableKeyPath<Contact, String>)] = [
        ("namePrefix", \.namePrefix), ("givenName", \.givenName), ("middleName", \.middleName),
        ("familyName", \.familyName), ("nameSuffix", \.nameSuffix), ("nickname", \.nickname),
      ]
      let agrees = nameFields.allSatisfy { _, path in
        let mine = fold(existing[keyPath: path])
        let theirs = fold(person[keyPath: path])
        return mine.isEmpty || theirs.isEmpty || mine == theirs
      }
      let sameKind = existing.contactType == person.contactType || existing.contactType == .person
      if agrees && sameKind {
        for (name, path) in nameFields { fill(name, path) }
      }
      let otherFields: [(String, WritableKeyPath<Contact, String>)] = [
        ("phoneticGivenName", \.phoneticGivenName), ("phoneticMiddleName", \.phoneticMiddleName),
        ("phoneticFamilyName", \.phoneticFamilyName), ("organizationName", \.organizationName),
        ("departmentName", \.departmentName), ("jobTitle", \.jobTitle),
      ]
      for (name, path) in otherFields { fill(name, path) }
      if merged.birthday == nil, let birthday = person.birthday {
        merged.birthday = birthday
        changes.append(.filled(field: "birthday", value: birthday.description))
      }
      fill("note", \.note)
    }

    /// The person's text at `path` when the contact's is empty.
    mutating func fill(_ name: String, _ path: WritableKeyPath<Contact, String>) {
      let value = person[keyPath: path].trimmingCharacters(in: .whitespacesAndNewlines)
      let current = merged[keyPath: path].trimmingCharacters(in: .whitespacesAndNewlines)
      guard current.isEmpty, !value.isEmpty else { return }
      merged[keyPath: path] = value
      changes.append(.filled(field: name, value: value))
    }

    /// The person's labeled values the contact does not have, compared as each key
    /// compares them (a phone number by `PhoneNumberKey` in `region`, an email without
    /// regard to case, …).
    mutating func addValues(region: String) {
      func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
      }
      add(.phoneNumbers, \.phoneNumbers, text: { $0 }) { PhoneNumberKey.key(for: $0, region: region) }
      add(.emailAddresses, \.emailAddresses, text: { $0 }) { nonEmpty(DuplicateDetector.emailKey($0)) }
      add(.postalAddresses, \.postalAddresses, text: { $0.singleLine }) { address in
        nonEmpty(address.singleLine).map { _ in
          [address.street, address.city, address.state, address.postalCode, address.country, address.isoCountryCode]
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }.joined(separator: "\u{1F}")
        }
      }
      add(.urlAddresses, \.urlAddresses, text: { $0 }) { nonEmpty($0) }
      add(.instantMessageAddresses, \.instantMessageAddresses, text: { PropertyValue.instantMessage($0).singleLine }) {
        im in nonEmpty(im.username).map { _ in PropertyValue.instantMessage(im).singleLine }
      }
      add(.socialProfiles, \.socialProfiles, text: { PropertyValue.socialProfile($0).singleLine }) {
        nonEmpty(PropertyValue.socialProfile($0).singleLine)
      }
      add(.contactRelations, \.contactRelations, text: { $0 }) { nonEmpty($0) }
      add(.dates, \.dates, text: { $0.description }) { $0.description }
    }

    /// The person's values at `path` whose `compare` key the contact's lack, each
    /// with a new identifier; `text` is how a change names the value.
    mutating func add<V>(
      _ key: ContactKey, _ path: WritableKeyPath<Contact, [LabeledValue<V>]>, text: (V) -> String,
      compare: (V) -> String?
    ) {
      var keys = Set(merged[keyPath: path].compactMap { compare($0.value) })
      var n = 0
      for value in person[keyPath: path] {
        guard let valueKey = compare(value.value), !keys.contains(valueKey) else { continue }
        keys.insert(valueKey)
        n += 1
        let id = identifier(key, n)
        merged[keyPath: path].append(LabeledValue(identifier: id, label: value.label, value: value.value))
        changes.append(.added(key: key, identifier: id, label: value.label, value: text(value.value)))
      }
    }
  }

  static func allIdentifiers(_ contact: Contact) -> [String] {
    contact.phoneNumbers.map(\.identifier) + contact.emailAddresses.map(\.identifier)
      + contact.postalAddresses.map(\.identifier) + contact.urlAddresses.map(\.identifier)
      + contact.instantMessageAddresses.map(\.identifier) + contact.socialProfiles.map(\.identifier)
      + contact.contactRelations.map(\.identifier) + contact.dates.map(\.identifier)
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .collapsingWhitespace
  }
}
