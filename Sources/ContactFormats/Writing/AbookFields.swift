import ContactKit
import Foundation
import Localization

/// A contact as abook's fields: the inverse of `AbookReader`'s mapping, for writing a
/// section of an abook book (abook 0.6's `database.c` field names and order).
///
/// `name` is the formatted name (composed from the name parts when only they changed);
/// `email` and `groups` comma-separated, as abook writes them (`a@x.org,b@x.org`);
/// phones by label (`home` → `phone`, `work` → `workphone`, `mobile`/`iPhone` →
/// `mobile`, any fax → `fax`, a phone without one of these labels → `phone` when
/// free); the one postal address as `address` (its first street line), `address2`
/// (the other lines, joined with `, `), `city`, `state`, `zip`, `country`; `url`;
/// a date labelled `anniversary` as `YYYY-MM-DD` (`--MM-DD` without a year). The
/// note's last lines that read `field: value` for a custom field of the section
/// (`customKeys`: `AbookReader` put them there) are that field again; the rest of the
/// note is `notes`. abook keeps one line per field: a line break in a value becomes
/// a space.
///
/// What abook has no field for (an organization, a job title, a birthday, a second
/// mobile number, a second address, …) is not dropped: `fields(of:customKeys:)`
/// throws `Unfit` naming each, and the save is refused with that message — a custom
/// field would not show in abook unless declared in its `abookrc`, so the value
/// would be lost to the abook user all the same.
package enum AbookFields {
  /// abook's standard fields in the order abook writes them.
  package static var order: [String] { AbookReader.fieldOrder }

  /// What a contact holds that abook has no field for.
  package struct Unfit: Error, Sendable, Hashable {
    /// Each value, in words in the language in use: `the organization (Acme)`,
    /// `a second mobile number (+49 …)`.
    package var values: [String]

    /// One sentence for a save's error message, in the language in use.
    package var message: String {
      values.count == 1
        ? L10n.format(
          "abook has no field for %s; remove it or save the contact to a vCard book (--save-to FILE.vcf)", values[0])
        : L10n.format(
          "abook has no field for %s; remove them or save the contact to a vCard book (--save-to FILE.vcf)",
          L10n.list(values))
    }
  }

  /// The fields of `contact` (the empty ones left out), keyed by field name.
  ///
  /// - Parameter customKeys: the custom fields (lower case) of the section the
  ///   contact was read from, whose values the reader put at the note's end.
  /// - Throws: `Unfit` when the contact holds values abook has no field for.
  package static func fields(of contact: Contact, customKeys: [String] = []) throws(Unfit) -> [String: String] {
    var fields: [String: String] = [:]
    var unfit: [String] = []
    func set(_ key: String, _ value: String) {
      let line = oneLine(value)
      if !line.isEmpty { fields[key] = line }
    }
    set("name", contact.formattedName.isEmpty ? contact.displayName : contact.formattedName)
    set("nick", contact.nickname)
    set("email", contact.emailAddresses.map { oneLine($0.value) }.filter { !$0.isEmpty }.joined(separator: ","))
    for phone in contact.phoneNumbers where !oneLine(phone.value).isEmpty {
      guard let field = phoneField(phone.label, taken: fields) else {
        unfit.append(secondPhone(phone.label, phone.value))
        continue
      }
      set(field, phone.value)
    }
    for (index, address) in contact.postalAddresses.enumerated() {
      guard index == 0 else {
        unfit.append(
          L10n.format(
            "a second postal address (%s)", address.value.city.isEmpty ? address.value.street : address.value.city))
        continue
      }
      let street = address.value.street.split(whereSeparator: \.isNewline).map { oneLine(String($0)) }
      set("address", street.first ?? "")
      set("address2", street.dropFirst().joined(separator: ", "))
      set("city", address.value.city)
      set("state", address.value.state)
      set("zip", address.value.postalCode)
      set("country", address.value.country)
    }
    for (index, url) in contact.urlAddresses.enumerated() {
      if index == 0 { set("url", url.value) } else { unfit.append(L10n.format("a second web address (%s)", url.value)) }
    }
    for date in contact.dates {
      if date.label == "anniversary" && fields["anniversary"] == nil {
        set("anniversary", text(of: date.value))
      } else {
        unfit.append(L10n.format("the date %s (%s)", date.label ?? "", text(of: date.value)))
      }
    }
    set("groups", contact.groups.map(oneLine).joined(separator: ","))
    let (notes, custom) = splitNote(contact.note, customKeys: customKeys)
    set("notes", notes)
    for (key, value) in custom { set(key, value) }
    unfit += others(of: contact)
    guard unfit.isEmpty else { throw Unfit(values: unfit) }
    return fields
  }

  /// A new section `[number]` of `fields`, in abook's order then the custom fields
  /// by name, each `key=value` with `lineEnd`, and a blank line after, as abook
  /// writes its sections.
  package static func section(_ number: Int, fields: [String: String], lineEnd: String = "\n") -> String {
    var text = "[\(number)]" + lineEnd
    let custom = fields.keys.filter { !order.contains($0) }.sorted()
    for key in order + custom {
      if let value = fields[key] { text += "\(key)=\(value)" + lineEnd }
    }
    return text + lineEnd
  }

  /// The field a phone labelled `label` goes to, or nil when that field is taken.
  static func phoneField(_ label: String?, taken fields: [String: String]) -> String? {
    let preferred: String?
    switch label {
    case "home": preferred = "phone"
    case "work": preferred = "workphone"
    case let label where Labels.isMobile(label): preferred = "mobile"
    case let label? where label.lowercased().hasSuffix("fax"): preferred = "fax"
    default: preferred = nil
    }
    if let preferred { return fields[preferred] == nil ? preferred : nil }
    return fields["phone"] == nil ? "phone" : nil
  }

  /// A phone of `label` whose field is taken, in words: `a second mobile number (…)`,
  /// `a second work number (…)`, `a second fax number (…)`, `a second home number (…)`.
  private static func secondPhone(_ label: String?, _ number: String) -> String {
    switch label {
    case let label where Labels.isMobile(label): L10n.format("a second mobile number (%s)", number)
    case "work": L10n.format("a second work number (%s)", number)
    case let label? where label.lowercased().hasSuffix("fax"): L10n.format("a second fax number (%s)", number)
    default: L10n.format("a second home number (%s)", number)
    }
  }

  /// The note's own text and, from its last lines, the custom fields among
  /// `customKeys` (`field: value`, as `AbookReader` writes them there).
  static func splitNote(_ note: String, customKeys: [String]) -> (notes: String, custom: [(String, String)]) {
    var lines = note.components(separatedBy: "\n")
    var custom: [(String, String)] = []
    while let last = lines.last, let colon = last.range(of: ": ") {
      let key = String(last[..<colon.lowerBound])
      guard customKeys.contains(key), !custom.contains(where: { $0.0 == key }) else { break }
      custom.insert((key, String(last[colon.upperBound...])), at: 0)
      lines.removeLast()
    }
    return (lines.joined(separator: "\n"), custom)
  }

  /// What else the contact holds that abook has no field for.
  private static func others(of contact: Contact) -> [String] {
    var unfit: [String] = []
    func check(_ value: String, _ described: (String) -> String) {
      if !value.trimmingCharacters(in: .whitespaces).isEmpty { unfit.append(described(value)) }
    }
    check(contact.organizationName) { L10n.format("the organization (%s)", $0) }
    check(contact.departmentName) { L10n.format("the department (%s)", $0) }
    check(contact.jobTitle) { L10n.format("the job title (%s)", $0) }
    check(contact.role) { L10n.format("the role (%s)", $0) }
    check(
      [contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName].filter { !$0.isEmpty }
        .joined(separator: " ")
    ) { L10n.format("the phonetic name (%s)", $0) }
    if let birthday = contact.birthday { check(text(of: birthday)) { L10n.format("the birthday (%s)", $0) } }
    for im in contact.instantMessageAddresses { check(im.value.username) { L10n.format("the messaging address (%s)", $0) } }
    for profile in contact.socialProfiles {
      check(profile.value.username.isEmpty ? profile.value.urlString : profile.value.username) {
        L10n.format("the social profile (%s)", $0)
      }
    }
    for relation in contact.contactRelations { check(relation.value) { L10n.format("the related name (%s)", $0) } }
    if contact.hasImage || contact.imageData != nil { unfit.append(L10n.text("the photo")) }
    return unfit
  }

  /// abook's date text: `YYYY-MM-DD`, `--MM-DD` without a year, or the date's own text.
  static func text(of date: ContactDate) -> String {
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    guard let month = date.month, let day = date.day else { return date.text ?? "" }
    guard let year = date.year else { return "--\(two(month))-\(two(day))" }
    return "\(year)-\(two(month))-\(two(day))"
  }

  /// `value` on one line: line breaks and other controls as spaces, trimmed.
  static func oneLine(_ value: String) -> String {
    String(value.map { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 } ?? false) ? " " : $0 })
      .trimmingCharacters(in: .whitespaces)
  }
}
