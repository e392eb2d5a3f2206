/// The columns of Google Contacts' CSV export ("Google CSV"), in both its header styles:
/// the older one (`Name,Given Name,Additional Name,Family Name,…,Group Membership,
/// E-mail 1 - Type,E-mail 1 - Value,…`) and the one Google writes since 2023
/// (`First Name,Middle Name,Last Name,…,Labels,E-mail 1 - Label,E-mail 1 - Value,…`).
///
/// Numbered items are `KIND N - PART` (`Phone 2 - Value`, `Address 1 - City`); a
/// `Type`/`Label` part labels the item (`* Home`: `*` marks the primary value), and a
/// value cell may hold several values separated by ` ::: `, all with the item's label.
/// `Group Membership`/`Labels` lists the person's groups the same way; Google's system
/// group `* myContacts` (every contact is in it) is dropped, the `*` of the other
/// system groups (`* starred`) too.
enum GoogleCSVColumns {
  /// The columns with one value per person, by lower-cased name.
  static let single: [String: CSVColumn] = [
    "name": .init(.fullName),
    "given name": .init(.givenName), "first name": .init(.givenName),
    "additional name": .init(.middleName), "middle name": .init(.middleName),
    "family name": .init(.familyName), "last name": .init(.familyName),
    "given name yomi": .init(.phoneticGivenName), "phonetic first name": .init(.phoneticGivenName),
    "additional name yomi": .init(.phoneticMiddleName), "phonetic middle name": .init(.phoneticMiddleName),
    "family name yomi": .init(.phoneticFamilyName), "phonetic last name": .init(.phoneticFamilyName),
    "name prefix": .init(.namePrefix), "name suffix": .init(.nameSuffix), "nickname": .init(.nickname),
    "organization name": .init(.organization), "organization title": .init(.jobTitle),
    "organization department": .init(.department),
    "birthday": .init(.birthday), "notes": .init(.note),
    "group membership": .init(.groups), "labels": .init(.groups),
    "photo": .init(.ignored), "yomi name": .init(.ignored), "file as": .init(.ignored),
    "organization phonetic name": .init(.ignored),
  ]

  /// The parts of numbered items, by lower-cased kind and part.
  static let numbered: [String: [String: CSVColumn.Field]] = [
    "e-mail": ["type": .label, "label": .label, "value": .email],
    "phone": ["type": .label, "label": .label, "value": .phone],
    "address": [
      "type": .label, "label": .label, "formatted": .formattedAddress, "street": .street, "city": .city,
      "po box": .poBox, "region": .region, "postal code": .postalCode, "country": .country,
      "extended address": .extendedAddress,
    ],
    "organization": [
      "name": .organization, "title": .jobTitle, "department": .department, "type": .ignored, "yomi name": .ignored,
      "symbol": .ignored, "location": .ignored, "job description": .ignored,
    ],
    "website": ["type": .label, "label": .label, "value": .url],
    "relation": ["type": .label, "label": .label, "value": .relation],
    "event": ["type": .label, "label": .label, "value": .date],
    "custom field": ["type": .label, "label": .label, "value": .customValue],
  ]

  /// The column named `header`, or nil when it is not one of Google's.
  static func column(_ header: String) -> CSVColumn? {
    let name = header.lowercased()
    if let column = single[name] { return column }
    guard let (kind, number, part) = numberedParts(name), let field = numbered[kind]?[part] else { return nil }
    // The model has one organization: each `Organization N` fills what the first left empty.
    return CSVColumn(field, item: kind == "organization" ? "" : "\(kind) \(number)")
  }

  /// Whether `headers` are a Google export's: one is a numbered item of Google's kinds.
  static func matches(_ headers: [String]) -> Bool {
    headers.contains { numberedParts($0.lowercased()).map { numbered[$0.kind] != nil } ?? false }
  }

  /// `phone 2 - value` as (`phone`, 2, `value`); nil for a name of another shape.
  static func numberedParts(_ name: String) -> (kind: String, number: Int, part: String)? {
    guard let dash = name.range(of: " - ") else { return nil }
    let head = name[..<dash.lowerBound]
    guard let space = head.lastIndex(of: " "), let number = Int(head[head.index(after: space)...]) else { return nil }
    return (String(head[..<space]), number, String(name[dash.upperBound...]))
  }

  /// A group of `Group Membership`/`Labels` as the person's group, or nil for
  /// `myContacts`.
  static func group(_ written: String) -> String? {
    let name = written.hasPrefix("* ") ? String(written.dropFirst(2)) : written
    return name == "myContacts" || name.isEmpty ? nil : name
  }
}
