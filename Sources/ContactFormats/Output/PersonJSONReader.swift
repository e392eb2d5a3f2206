import ContactKit
import Foundation

/// Reads PRODUCT.md's own JSON back into contacts, so `cpick query … -f jsonl | cpick`
/// works: one JSON object per line — a person (`{"identifier":…,"displayName":…}`),
/// a property (`{"person":…,"property":…}`) or a whole event document
/// (`{"event":"didSelectPeople","people":[…]}`).
///
/// A person keeps its `identifier`, `source` and labeled values' identifiers, so what
/// it refers to stays the same through a pipeline.
package enum PersonJSONReader {
  /// Whether `bytes` look like JSON lines: the first character that is not white
  /// space is `{`.
  package static func isJSONLines(_ bytes: [UInt8]) -> Bool {
    bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } == UInt8(ascii: "{")
  }

  /// The contacts of every line; a line that is not a JSON object with a person is a
  /// warning `source:line: why`.
  ///
  /// Under `limits` (`ReadingLimits`), a line is a card and each string in it a value: a
  /// line over `jsonLineBytes` (or `cardBytes`, when smaller) is skipped without being
  /// parsed, a string over `textValueBytes` is left out of its person (a warning each),
  /// and of the elements of a person's arrays (emails, phones, groups, …) the first
  /// `cardValues` are kept (one warning); the rest is read.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package static func read(
    _ bytes: [UInt8], source: String, limits: ReadingLimits = .standard
  ) -> (contacts: [Contact], warnings: [String]) {
    var load: (contacts: [Contact], warnings: [String]) = ([], [])
    var lineNumber = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.count > min(limits.cardBytes, limits.jsonLineBytes) {
        let problem = limits.jsonLineBytes < limits.cardBytes ? limits.jsonLineProblem() : limits.cardProblem()
        load.warnings.append("\(source):\(lineNumber): \(problem)")
        continue
      }
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      guard let object = ParsedJSON.parse(bytes, line.startIndex..<line.endIndex)?.members else {
        load.warnings.append("\(source):\(lineNumber): not a JSON object; skipped")
        continue
      }
      var people = persons(in: object)
      // Each person within the limits — a line shorter than both the smaller value
      // limit and two bytes an element (`1,`) for `cardValues` elements needs no look.
      if line.count > min(limits.smallestValueLimit, 2 * limits.cardValues) {
        for index in people.indices {
          var kept = Kept(values: limits.cardValues)
          people[index] = withinLimits(.object(Array(people[index])), path: "", limits: limits, kept: &kept)?.members ?? [:]
          for path in kept.dropped {
            let problem = limits.valueProblem(name: path, mayBeData: false, bytes: limits.textValueBytes + 1) ?? ""
            load.warnings.append("\(source):\(lineNumber): \(problem)")
          }
          if kept.values < 0 { load.warnings.append("\(source):\(lineNumber): \(limits.valueCountProblem())") }
        }
      }
      if people.isEmpty { load.warnings.append("\(source):\(lineNumber): no person in this JSON object; skipped") }
      load.contacts.append(contentsOf: people.map { contact(from: $0, source: source) })
    }
    return load
  }

  /// What `withinLimits` left out of a line, and how many more array elements it keeps.
  private struct Kept {
    /// Array elements still kept; -1 once one was left out.
    var values: Int
    /// The key path of each string left out (`people.note`, `emailAddresses.value`).
    var dropped: [String] = []
  }

  /// `json` without its strings over `limits.textValueBytes` (UTF-8 bytes), and with
  /// only the first `kept.values` elements of its arrays, all arrays together in the
  /// order read (an object's members by key, a key written twice once: its last value).
  private static func withinLimits(_ json: ParsedJSON, path: String, limits: ReadingLimits, kept: inout Kept) -> ParsedJSON? {
    switch json {
    case .string(let text):
      guard text.utf8.count > limits.textValueBytes else { return json }
      kept.dropped.append(path)
      return nil
    case .object:
      var members: [(key: String, value: ParsedJSON)] = []
      for (key, value) in (json.members ?? [:]).sorted(by: { $0.key < $1.key }) {
        if let value = withinLimits(value, path: path.isEmpty ? key : path + "." + key, limits: limits, kept: &kept) {
          members.append((key, value))
        }
      }
      return .object(members)
    case .array(let array):
      var elements: [ParsedJSON] = []
      for element in array {
        guard kept.values > 0 else {
          kept.values = -1
          break
        }
        kept.values -= 1
        if let element = withinLimits(element, path: path, limits: limits, kept: &kept) { elements.append(element) }
      }
      return .array(elements)
    default:
      return json
    }
  }

  /// The person objects of a line: itself, its `person`, its `people` (when every
  /// element is an object), or the persons of its `properties` (the same).
  private static func persons(in object: [String: ParsedJSON]) -> [[String: ParsedJSON]] {
    if let person = object["person"]?.members { return [person] }
    if let people = object["people"]?.objects { return people.map { $0.members ?? [:] } }
    if let properties = object["properties"]?.objects {
      var seen = Set<String>()
      return properties.compactMap { $0.member("person")?.members }.filter {
        seen.insert(($0["identifier"]?.string ?? "") + "\u{0}" + ($0["source"]?.string ?? "")).inserted
      }
    }
    if object["displayName"] != nil || object["identifier"] != nil { return [object] }
    return []
  }

  static func contact(from json: [String: ParsedJSON], source: String) -> Contact {
    func text(_ key: String) -> String { json[key]?.string ?? "" }
    var contact = Contact(identifier: text("identifier"), source: json["source"]?.string ?? source)
    if contact.identifier.isEmpty {
      // Stable across runs (FNV-1a of the name), unlike Swift's seeded hashValue.
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text("displayName").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      contact.identifier = ContactIdentifier.derivedPrefix + "json-" + String(hash, radix: 16)
    }
    contact.contactType = ContactType(rawValue: text("contactType")) ?? .person
    contact.formattedName = text("displayName")
    contact.namePrefix = text("namePrefix")
    contact.givenName = text("givenName")
    contact.middleName = text("middleName")
    contact.familyName = text("familyName")
    contact.nameSuffix = text("nameSuffix")
    contact.nickname = text("nickname")
    contact.phoneticGivenName = text("phoneticGivenName")
    contact.phoneticMiddleName = text("phoneticMiddleName")
    contact.phoneticFamilyName = text("phoneticFamilyName")
    contact.organizationName = text("organizationName")
    contact.departmentName = text("departmentName")
    contact.jobTitle = text("jobTitle")
    contact.role = text("role")
    contact.note = text("note")
    if !text("birthday").isEmpty { contact.birthday = date(text("birthday")) }
    contact.phoneNumbers = labeled(json["phoneNumbers"]) { $0.string }
    contact.emailAddresses = labeled(json["emailAddresses"]) { $0.string }
    contact.urlAddresses = labeled(json["urlAddresses"]) { $0.string }
    contact.contactRelations = labeled(json["contactRelations"]) { $0.string }
    contact.dates = labeled(json["dates"]) { $0.string.map(date) }
    contact.postalAddresses = labeled(json["postalAddresses"]) { value in
      guard let fields = value.members else { return nil }
      func field(_ key: String) -> String { fields[key]?.string ?? "" }
      return PostalAddress(
        street: field("street"), city: field("city"), state: field("state"), postalCode: field("postalCode"),
        country: field("country"), isoCountryCode: field("isoCountryCode"))
    }
    contact.instantMessageAddresses = labeled(json["instantMessageAddresses"]) { value in
      guard let fields = value.members else { return nil }
      return InstantMessageAddress(service: fields["service"]?.string ?? "", username: fields["username"]?.string ?? "")
    }
    contact.socialProfiles = labeled(json["socialProfiles"]) { value in
      guard let fields = value.members else { return nil }
      return SocialProfile(
        service: fields["service"]?.string ?? "", username: fields["username"]?.string ?? "",
        urlString: fields["urlString"]?.string ?? "")
    }
    if let groups = json["groups"]?.array {
      let names = groups.compactMap(\.string)
      if names.count == groups.count { contact.groups = names }
    }
    if case .bool(let hasImage) = json["hasImage"] { contact.hasImage = hasImage }
    return contact
  }

  /// The labeled values of an array of objects (`[]` when it is not one): each
  /// object's `value` as `decode` reads it (left out when it cannot), its `identifier`
  /// (`json-<offset>` when none), `label` and `preference`. An object's members are
  /// looked up in place, without a dictionary each (a line may hold 100,000 of them).
  private static func labeled<V>(_ value: ParsedJSON?, _ decode: (ParsedJSON) -> V?) -> [LabeledValue<V>] {
    guard let items = value?.objects else { return [] }
    var values: [LabeledValue<V>] = []
    values.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() {
      guard let raw = item.member("value"), let decoded = decode(raw) else { continue }
      values.append(
        LabeledValue(
          identifier: item.member("identifier")?.string ?? "json-\(offset)", label: item.member("label")?.string,
          value: decoded, preference: item.member("preference")?.integer))
    }
    return values
  }

  /// `1815-12-10`, `--12-10`, or free text.
  private static func date(_ text: String) -> ContactDate {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    if text.hasPrefix("--"), parts.count == 4, let month = Int(parts[2]), let day = Int(parts[3]) {
      return ContactDate(month: month, day: day)
    }
    if parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) {
      return ContactDate(year: year, month: month, day: day)
    }
    return ContactDate(text: text)
  }
}
