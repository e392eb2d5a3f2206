import ContactKit
import CpickSupport
import Localization

/// `--template`: text with `{key}` fields filled from a contact or a property.
///
/// A field is any key of the person JSON (PRODUCT.md's "The JSON on stdout", described
/// once in `PredicateKeyPaths.contact`, the schema the predicates use): `{displayName}`,
/// `{givenName}`, `{birthday}`, `{hasImage}` (`true`/`false`), … A list prints its values
/// joined by `, `: `{groups}`, `{emailAddresses}` (each value as `-f value` prints it,
/// an address on one line); a key path reaches into a list's values as a predicate's does
/// (`{emailAddresses.label}`, `{postalAddresses.value.city}`) and `@count` counts them
/// (`{phoneNumbers.@count}`). Besides: `{email}` (without invisible characters, as
/// `{mailbox}`'s address), `{phone}` (the preferred ones),
/// `{mailbox}` (of the first email that holds an address), and for a property `{value}`, `{label}`, `{key}`, `{identifier}` (the
/// value's). The vCard names are not fields (`{uid}` is `{identifier}`, `{fn}`
/// `{displayName}`: one spelling, the JSON's); `unknownField()` suggests the key.
///
/// `{{` and `}}` are literal braces; `\t`, `\n` and `\\` in the template are a tab, a line
/// break and a backslash (as fzf's and printf's); a field empty for a contact is empty.
/// Values pass through `PlainText.line`.
public struct OutputTemplate: Sendable {
  /// The template as given, with its `{key}` fields.
  public let text: String

  /// The order of name parts in a composed `{displayName}` (`--name-order`).
  public let nameOrder: ContactFormatter.NameOrder

  /// A template; `nameOrder` composes `{displayName}`.
  public init(_ text: String, nameOrder: ContactFormatter.NameOrder = .auto) {
    self.text = text
    self.nameOrder = nameOrder
  }

  /// The template filled from `contact` (`{value}` is the display name).
  public func render(_ contact: Contact) -> String {
    var extras = extras(of: contact)
    extras["value"] = contact.displayName
    return fill(contact, extras)
  }

  /// The template filled from `property` and its contact.
  public func render(_ property: ContactProperty) -> String {
    var extras = extras(of: property.contact)
    // An address as `-f value` prints it: without invisible characters.
    extras["value"] = Mailbox.lineValue(of: property)
    extras["label"] = property.label ?? ""
    extras["key"] = property.key.rawValue
    extras["identifier"] = property.identifier
    if property.key == .emailAddresses {
      extras["mailbox"] = Mailbox.string(for: property.contact, address: property.value.singleLine)
    }
    return fill(property.contact, extras)
  }

  /// The fields that are not keys of the person JSON.
  private func extras(of contact: Contact) -> [String: String] {
    let email = contact.properties(for: .emailAddresses).first?.value.singleLine ?? ""
    return [
      "email": Mailbox.address(inEmailValue: email),
      "phone": contact.properties(for: .phoneNumbers).first?.value.singleLine ?? "",
      "mailbox": Mailbox.mailboxEmail(of: contact).map { Mailbox.string(for: contact, address: $0) } ?? "",
    ]
  }

  private func fill(_ contact: Contact, _ extras: [String: String]) -> String {
    var person: JSONValue?
    var out = ""
    walk(text: { out.append($0) }) { name in
      if let text = extras[name] {
        out += PlainText.line(text)
        return
      }
      if person == nil { person = PersonJSON.person(contact, nameOrder: nameOrder) }
      out += PlainText.line(Self.text(of: name, in: contact, person: person ?? .null))
    }
    return out
  }

  /// The text of the key path `path` of the person JSON: a list's values joined by
  /// `, ` (a list of labeled values by its values, as `-f value` prints each), `@count`
  /// as a number; empty for an unknown path.
  static func text(of path: String, in contact: Contact, person: JSONValue) -> String {
    guard let keyPath = try? PredicateKeyPaths.resolve(path, kind: .contact, column: 1) else { return "" }
    if keyPath.type == .labeledValues, keyPath.components.count == 1,
      let key = ContactKey(rawValue: keyPath.components[0])
    {
      return contact.properties(for: key).map { Mailbox.lineValue($0.value.singleLine, key: key) }.filter { !$0.isEmpty }
        .joined(separator: ", ")
    }
    let leaves = PredicateEvaluator.leaves(keyPath.components[...], in: person)
    if keyPath.type == .count { return String(leaves.count) }
    let key = keyPath.components.last == "value" ? keyPath.components.first.flatMap(ContactKey.init(rawValue:)) : nil
    return leaves.map { Mailbox.lineValue(PredicateEvaluator.text(of: $0), key: key) }.filter { !$0.isEmpty }
      .joined(separator: ", ")
  }

  /// Goes through the template: `text` for each literal character (escapes and `{{ }}`
  /// resolved), `field` for each `{name}`.
  private func walk(text literal: (Character) -> Void, field: (String) -> Void) {
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "\\", next < text.endIndex, "tn\\".contains(text[next]) {
        literal(text[next] == "t" ? "\t" : text[next] == "n" ? "\n" : "\\")
        index = text.index(after: next)
      } else if character == "{", next < text.endIndex, text[next] == "{" {
        literal("{")
        index = text.index(after: next)
      } else if character == "}", next < text.endIndex, text[next] == "}" {
        literal("}")
        index = text.index(after: next)
      } else if character == "{", let close = text[next...].firstIndex(of: "}") {
        field(String(text[next..<close]))
        index = text.index(after: close)
      } else {
        literal(character)
        index = next
      }
    }
  }

  /// The fields a template has besides the keys of the person JSON: `email`, `phone`,
  /// `mailbox`, and a property's `value`, `label`, `key` (`identifier` is a key of both).
  public static let extraFieldNames = ["email", "phone", "mailbox", "value", "label", "key"]

  /// Every field name a template can use without a key path: the person JSON's keys
  /// and `extraFieldNames`.
  public static var fieldNames: [String] { PredicateKeyPaths.contactKeys + extraFieldNames }

  /// vCard property names and the key of the person JSON each is (for suggestions only).
  static let vCardNames: [String: String] = [
    "uid": "identifier", "fn": "displayName", "n": "displayName", "categories": "groups",
    "photo": "hasImage", "title": "jobTitle",
  ]

  /// The first `{field}` of the template that no contact or property has (a typo such
  /// as `{emial}`, a vCard name such as `{uid}`), as a message with the nearest name when
  /// there is one (`unknown field {emial} (did you mean {email}?)`); `nil` when every
  /// field is known.
  public func unknownField() -> String? {
    var unknown: String?
    walk(text: { _ in }) { name in
      guard unknown == nil, !Self.extraFieldNames.contains(name) else { return }
      let problem: String
      do {
        _ = try PredicateKeyPaths.resolve(name, kind: .contact, column: 1)
        return
      } catch {
        problem = (error as? PredicateError)?.message ?? "\(error)"
      }
      var message = L10n.format("unknown field {%s}", name)
      if name.contains(".") {
        // The predicates' explanation, without its own "unknown key path '…'".
        let prefix = L10n.format("unknown key path '%s'", name)
        message += problem.hasPrefix(prefix) ? String(problem.dropFirst(prefix.count)) : " (\(problem))"
      } else if let near = Self.vCardNames[name.lowercased()] ?? PredicateKeyPaths.shortKeys[name.lowercased()]
        ?? NearestName.nearest(to: name, in: Self.fieldNames)
      {
        message += L10n.format(" (did you mean {%s}?)", near)
      }
      unknown = message
    }
    return unknown
  }
}
