import CpickSupport
import Localization

/// What a key path gives when evaluated.
enum PredicateValueType: Sendable, Equatable {
  /// Text: a string, or an object (a postal address, an IM address) read as its
  /// non-empty fields joined by `, `.
  case text
  case bool
  /// `….@count`: a number.
  case count
  /// The labeled values themselves (`emailAddresses`): only counted or compared with nil.
  case labeledValues
}

/// A key path checked against the schema: its components (without `@count`), whether
/// it runs through a list (to-many), and what it gives.
struct PredicateKeyPath: Sendable {
  var components: [String]
  var isToMany: Bool
  var type: PredicateValueType
  /// As written.
  var text: String
}

/// The known key paths: PRODUCT.md's person JSON ("The JSON on stdout") for
/// `.contact`, the property object (`key`, `identifier`, `label`, `value`) for
/// `.property`.
enum PredicateKeyPaths {
  indirect enum Node: Sendable {
    case text
    case bool
    /// Fields in JSON order; `asText`: the object may be compared as text.
    case object([(String, Node)], asText: Bool)
    case list(Node)
  }

  static let postalAddressFields: [(String, Node)] = [
    "street", "city", "state", "postalCode", "country", "isoCountryCode",
  ].map { ($0, .text) }
  static let instantMessageFields: [(String, Node)] = ["service", "username"].map { ($0, .text) }
  static let socialProfileFields: [(String, Node)] = ["service", "username", "urlString"].map { ($0, .text) }

  static func labeled(_ value: Node) -> Node {
    .list(.object([("identifier", .text), ("label", .text), ("value", value)], asText: false))
  }

  /// The person object, in PersonJSON's order.
  static let contact: Node = .object(
    [
      "identifier", "source", "contactType", "displayName", "namePrefix", "givenName", "middleName",
      "familyName", "nameSuffix", "nickname", "phoneticGivenName", "phoneticMiddleName",
      "phoneticFamilyName", "organizationName", "departmentName", "jobTitle", "role", "birthday", "note",
    ].map { ($0, Node.text) } + [
      ("phoneNumbers", labeled(.text)),
      ("emailAddresses", labeled(.text)),
      ("postalAddresses", labeled(.object(postalAddressFields, asText: true))),
      ("urlAddresses", labeled(.text)),
      ("instantMessageAddresses", labeled(.object(instantMessageFields, asText: true))),
      ("socialProfiles", labeled(.object(socialProfileFields, asText: true))),
      ("contactRelations", labeled(.text)),
      ("dates", labeled(.text)),
      ("groups", .list(.text)),
      ("hasImage", .bool),
    ], asText: false)

  /// Every key of the person object, in its order.
  static var contactKeys: [String] {
    guard case .object(let fields, _) = contact else { return [] }
    return fields.map(\.0)
  }

  /// The property object; `value` is text or, for addresses, IM addresses and social
  /// profiles, an object whose fields can be reached (`value.city`).
  static let property: Node = .object(
    [
      ("key", .text), ("identifier", .text), ("label", .text),
      ("value", .object(postalAddressFields + instantMessageFields + [("urlString", .text)], asText: true)),
    ], asText: false)

  /// Short property keys (`-p`, `--require`) and the full key each stands for.
  static let shortKeys: [String: String] = [
    "email": "emailAddresses", "emails": "emailAddresses", "mail": "emailAddresses",
    "phone": "phoneNumbers", "phones": "phoneNumbers", "tel": "phoneNumbers", "telephone": "phoneNumbers",
    "address": "postalAddresses", "addresses": "postalAddresses", "adr": "postalAddresses",
    "postal": "postalAddresses", "url": "urlAddresses", "urls": "urlAddresses", "web": "urlAddresses",
    "im": "instantMessageAddresses", "impp": "instantMessageAddresses", "chat": "instantMessageAddresses",
    "social": "socialProfiles", "relation": "contactRelations", "relations": "contactRelations",
    "related": "contactRelations", "date": "dates", "anniversary": "dates", "birthday": "birthday",
    "bday": "birthday", "note": "note", "notes": "note", "organization": "organizationName",
    "org": "organizationName", "company": "organizationName",
  ]

  /// The full key for `--require KEY`: a short key or any key of the person object.
  static func fullKey(_ key: String) -> String? {
    if case .object(let fields, _) = contact, fields.contains(where: { $0.0 == key }) { return key }
    return shortKeys[key.lowercased()]
  }

  /// Every key `--require` accepts, for suggestions.
  static var requireKeys: [String] {
    ["email", "phone", "address", "url", "im", "social", "relation", "date", "birthday", "note", "organization"]
      + contactKeys
  }

  /// Checks `path` (as written, e.g. `postalAddresses.value.city` or
  /// `emailAddresses.@count`) against the schema of `kind`.
  static func resolve(
    _ path: String, kind: ContactPredicate.Kind, column: Int
  ) throws(PredicateError) -> PredicateKeyPath {
    let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    var node = kind == .contact ? contact : property
    var isToMany = false
    var components: [String] = []
    for (position, part) in parts.enumerated() {
      if case .list(let element) = node {
        isToMany = true
        node = element
      }
      if part == "@count" {
        guard position == parts.count - 1 else {
          throw PredicateError(column: column, message: L10n.format("'@count' must end the key path '%s'", path))
        }
        guard isToMany else {
          let hint = components.isEmpty ? "" : L10n.format(": '%s' is not a list", components.joined(separator: "."))
          throw PredicateError(
            column: column, message: L10n.format("'@count' counts the values of a list such as emailAddresses%s", hint))
        }
        return PredicateKeyPath(components: components, isToMany: false, type: .count, text: path)
      }
      guard case .object(let fields, _) = node else {
        throw unknown(path, parts: parts, at: position, candidates: [], kind: kind, column: column)
      }
      guard let field = fields.first(where: { $0.0 == part }) else {
        throw unknown(path, parts: parts, at: position, candidates: fields.map(\.0), kind: kind, column: column)
      }
      components.append(part)
      node = field.1
    }
    if case .list(let element) = node {
      isToMany = true
      node = element
    }
    let type: PredicateValueType
    switch node {
    case .text: type = .text
    case .bool: type = .bool
    case .object(_, let asText): type = asText ? .text : .labeledValues
    case .list: type = .labeledValues
    }
    return PredicateKeyPath(components: components, isToMany: isToMany, type: type, text: path)
  }

  private static func unknown(
    _ path: String, parts: [String], at position: Int, candidates: [String], kind: ContactPredicate.Kind,
    column: Int
  ) -> PredicateError {
    var message = L10n.format("unknown key path '%s'", path)
    var replacement = NearestName.nearest(to: parts[position], in: candidates)
    if replacement == nil, position == 0, kind == .contact { replacement = shortKeys[parts[0].lowercased()] }
    if let replacement {
      var fixed = parts
      fixed[position] = replacement
      message += L10n.format(" (did you mean '%s'?)", fixed.joined(separator: "."))
    } else if position > 0, candidates.isEmpty {
      message += L10n.format(" ('%s' has no fields)", parts[..<position].joined(separator: "."))
    } else if position > 0 {
      message += L10n.format(" ('%s' has %s)", parts[..<position].joined(separator: "."), candidates.joined(separator: ", "))
    }
    return PredicateError(column: column, message: message)
  }
}
