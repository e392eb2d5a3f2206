import ContactKit
import Localization

/// A three-way merge on the model: the edit from `original` to `edited`, applied to
/// `current` (the card as another program left it since it was loaded).
///
/// - Labeled values (phones, emails, addresses, …) are matched by identifier — the
///   identifier of a line nobody changed is the same in both versions
///   (`ContactDecoder`: a hash of the UID and the line's text) — or, failing that,
///   by equal label and value. An added value is added unless `current` has it
///   already; a removed one is removed when `current` still has it, and is a conflict
///   when the other program changed it meanwhile (`current` has a value of its label,
///   or its value under another label, that `original` did not: the user's removal and
///   the other change cannot both stand); a changed one is changed in `current`, and is
///   a conflict when `current` no longer has it.
/// - A single field (a name part, organization, note, birthday, …) the edit changed
///   is set when `current` still has the original value or already the edited one;
///   otherwise it is a conflict.
/// - Groups are merged as sets: the groups the edit added are added, those it
///   removed are removed.
enum ContactMerge {
  /// The merged contact (with `current`'s identifier, source and record), or the
  /// conflicts, one line each.
  static func merge(original: Contact, edited: Contact, current: Contact) -> Result<Contact, MergeConflict> {
    let (merged, conflicts) = merge(original: original, edited: edited, current: current, keepingEdits: false)
    if !conflicts.isEmpty { return .failure(MergeConflict(lines: conflicts)) }
    return .success(merged)
  }

  /// The merge and its conflicts. With `keepingEdits`, a conflicting field takes the
  /// edited value and a conflicting labeled value is added as edited (the other
  /// program's version of it stays too), so the result holds every change of the
  /// edit; else conflicting fields and values are left as `current` has them.
  static func merge(original: Contact, edited: Contact, current: Contact, keepingEdits: Bool)
    -> (merged: Contact, conflicts: [String])
  {
    let edited = carryingIdentifiers(from: original, to: edited)
    var merged = current
    var conflicts: [String] = []

    func field<T: Equatable>(_ name: String, _ path: WritableKeyPath<Contact, T>, show: (T) -> String) {
      let before = original[keyPath: path]
      let after = edited[keyPath: path]
      let now = current[keyPath: path]
      guard before != after, now != after else { return }
      if now == before {
        merged[keyPath: path] = after
      } else {
        conflicts.append(L10n.format("%s: changed here to “%s”, elsewhere to “%s”", name, show(after), show(now)))
        if keepingEdits { merged[keyPath: path] = after }
      }
    }
    let text: (String) -> String = { $0 }
    field(L10n.text("formatted name"), \.formattedName, show: text)
    field(L10n.text("name prefix"), \.namePrefix, show: text)
    field(L10n.text("given name"), \.givenName, show: text)
    field(L10n.text("middle name"), \.middleName, show: text)
    field(L10n.text("family name"), \.familyName, show: text)
    field(L10n.text("name suffix"), \.nameSuffix, show: text)
    field(L10n.text("nickname"), \.nickname, show: text)
    field(L10n.text("phonetic given name"), \.phoneticGivenName, show: text)
    field(L10n.text("phonetic middle name"), \.phoneticMiddleName, show: text)
    field(L10n.text("phonetic family name"), \.phoneticFamilyName, show: text)
    field(L10n.text("name sort order"), \.nameSortAs) { $0.joined(separator: ",") }
    field(L10n.text("organization sort order"), \.organizationSortAs) { $0.joined(separator: ",") }
    field(L10n.text("organization"), \.organizationName, show: text)
    field(L10n.text("department"), \.departmentName, show: text)
    field(L10n.text("job title"), \.jobTitle, show: text)
    field(L10n.text("role"), \.role, show: text)
    field(L10n.text("birthday"), \.birthday) { $0.map { "\($0)" } ?? "" }
    field(L10n.text("note"), \.note, show: text)
    field(L10n.text("contact type"), \.contactType) { $0.rawValue }

    values(L10n.text("phone"), \.phoneNumbers, original, edited, current, &merged, &conflicts, keepingEdits) { $0 }
    values(L10n.text("email"), \.emailAddresses, original, edited, current, &merged, &conflicts, keepingEdits) { $0 }
    values(L10n.text("address"), \.postalAddresses, original, edited, current, &merged, &conflicts, keepingEdits) { "\($0)" }
    values(L10n.text("URL"), \.urlAddresses, original, edited, current, &merged, &conflicts, keepingEdits) { $0 }
    values(L10n.text("instant message"), \.instantMessageAddresses, original, edited, current, &merged, &conflicts, keepingEdits) {
      "\($0)"
    }
    values(L10n.text("social profile"), \.socialProfiles, original, edited, current, &merged, &conflicts, keepingEdits) { "\($0)" }
    values(L10n.text("related name"), \.contactRelations, original, edited, current, &merged, &conflicts, keepingEdits) { $0 }
    values(L10n.text("date"), \.dates, original, edited, current, &merged, &conflicts, keepingEdits) { "\($0)" }

    let added = edited.groups.filter { !original.groups.contains($0) }
    let removed = Set(original.groups.filter { !edited.groups.contains($0) })
    merged.groups = merged.groups.filter { !removed.contains($0) }
    for group in added where !merged.groups.contains(group) { merged.groups.append(group) }

    return (merged, conflicts)
  }

  /// `edited` with the identifiers of `original`'s labeled values given to the values
  /// that took their place: a value new to the edit standing where one of the
  /// original's stood that the edit no longer has (same property, same number of
  /// values, same position) is that value changed. A card read again from its bytes
  /// (a queued edit) names a changed line anew; without this, a phone changed here
  /// and elsewhere was merged as one removed and two added — both numbers kept, no
  /// conflict said.
  static func carryingIdentifiers(from original: Contact, to edited: Contact) -> Contact {
    var edited = edited
    func carry<V>(_ path: WritableKeyPath<Contact, [LabeledValue<V>]>) {
      let before = original[keyPath: path]
      guard !before.isEmpty, before.count == edited[keyPath: path].count else { return }
      let beforeIDs = Set(before.map(\.identifier))
      let afterIDs = Set(edited[keyPath: path].map(\.identifier))
      for index in before.indices
      where !beforeIDs.contains(edited[keyPath: path][index].identifier) && !afterIDs.contains(before[index].identifier) {
        edited[keyPath: path][index].identifier = before[index].identifier
      }
    }
    carry(\.phoneNumbers)
    carry(\.emailAddresses)
    carry(\.postalAddresses)
    carry(\.urlAddresses)
    carry(\.instantMessageAddresses)
    carry(\.socialProfiles)
    carry(\.contactRelations)
    carry(\.dates)
    return edited
  }

  private static func values<V>(
    _ name: String, _ path: WritableKeyPath<Contact, [LabeledValue<V>]>,
    _ original: Contact, _ edited: Contact, _ current: Contact,
    _ merged: inout Contact, _ conflicts: inout [String], _ keepingEdits: Bool, show: (V) -> String
  ) {
    let before = original[keyPath: path]
    let after = edited[keyPath: path]
    guard before != after else { return }
    var result = merged[keyPath: path]
    let afterByID = Dictionary(after.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    let beforeIDs = Set(before.map(\.identifier))
    // Changed values that conflict, kept as edited (`keepingEdits`): added as new ones.
    var keptIDs: Set<String> = []

    func sameContent(_ a: LabeledValue<V>, _ b: LabeledValue<V>) -> Bool {
      a.value == b.value && a.label == b.label
    }
    /// Where `item` (a value of `original`) is in `result`: by identifier, else by content.
    func position(of item: LabeledValue<V>) -> Int? {
      result.firstIndex { $0.identifier == item.identifier } ?? result.firstIndex { sameContent($0, item) }
    }

    /// Whether `value` (of `current`) was in `original`.
    func wasThere(_ value: LabeledValue<V>) -> Bool {
      beforeIDs.contains(value.identifier) || before.contains { sameContent($0, value) }
    }
    for item in before {
      guard let edit = afterByID[item.identifier] else {
        // Removed here: removed where it still is; gone elsewhere too is fine; changed
        // elsewhere (a new value of its label, or its value relabelled) is a conflict.
        if let index = position(of: item) {
          result.remove(at: index)
        } else if let changed = result.firstIndex(where: {
          ($0.label == item.label || $0.value == item.value) && !wasThere($0)
        }) {
          conflicts.append(
            L10n.format(
              "%s “%s”: removed here, changed elsewhere to “%s”", name, show(item.value), show(result[changed].value)))
          if keepingEdits { result.remove(at: changed) }
        }
        continue
      }
      guard edit != item else { continue }
      if let index = position(of: item) {
        let identifier = result[index].identifier
        result[index] = edit
        result[index].identifier = identifier
      } else if !result.contains(where: { sameContent($0, edit) }) {
        conflicts.append(
          L10n.format(
            "%s “%s”: changed here to “%s”, changed or removed elsewhere", name, show(item.value), show(edit.value)))
        if keepingEdits { keptIDs.insert(edit.identifier) }
      }
    }
    var usedIDs = Set(result.map(\.identifier))
    for item in after where !beforeIDs.contains(item.identifier) || keptIDs.contains(item.identifier) {
      guard !result.contains(where: { sameContent($0, item) }) else { continue }
      var added = item
      if usedIDs.contains(added.identifier) || added.identifier.isEmpty {
        added.identifier = "new-\(name)-\(usedIDs.count)-\(UInt64.random(in: .min ... .max))"
      }
      usedIDs.insert(added.identifier)
      result.append(added)
    }
    merged[keyPath: path] = result
  }
}

/// Why an edit could not be re-applied to a card that changed on disk: one line
/// per conflicting field.
struct MergeConflict: Error {
  var lines: [String]
}
