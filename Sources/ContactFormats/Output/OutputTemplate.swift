import ContactKit

/// `--template`: text with `{key}` fields filled from a contact or a property —
/// `{displayName}`, `{givenName}` and every string key of the person JSON,
/// `{email}`, `{phone}` (the preferred ones), `{mailbox}`, and for a property
/// `{value}`, `{label}`, `{key}`, `{identifier}`. `{{` and `}}` are literal braces;
/// `\t`, `\n` and `\\` in the template are a tab, a line break and a backslash (as
/// fzf's and printf's); a field empty for a contact is empty, and `unknownField()`
/// finds a field name no contact has (a typo). Values pass through `PlainText.line`.
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
    var fields = fields(of: contact)
    fields["value"] = contact.displayName
    return fill(fields)
  }

  /// The template filled from `property` and its contact.
  public func render(_ property: ContactProperty) -> String {
    var fields = fields(of: property.contact)
    fields["value"] = property.value.singleLine
    fields["label"] = property.label ?? ""
    fields["key"] = property.key.rawValue
    fields["identifier"] = property.identifier
    if property.key == .emailAddresses {
      fields["mailbox"] = Mailbox.string(for: property.contact, address: property.value.singleLine)
    }
    return fill(fields)
  }

  private func fields(of contact: Contact) -> [String: String] {
    var fields: [String: String] = [:]
    if case .object(let members) = PersonJSON.person(contact, nameOrder: nameOrder) {
      for (key, value) in members {
        if case .string(let text) = value { fields[key] = text }
      }
    }
    fields["email"] = contact.properties(for: .emailAddresses).first?.value.singleLine ?? ""
    fields["phone"] = contact.properties(for: .phoneNumbers).first?.value.singleLine ?? ""
    fields["mailbox"] = Mailbox.string(for: contact, address: fields["email"] ?? "")
    return fields
  }

  private func fill(_ fields: [String: String]) -> String {
    var out = ""
    walk(text: { out.append($0) }, field: { out += PlainText.line(fields[$0] ?? "") })
    return out
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

  /// Every field name a template can use: the person JSON's text keys, `email`,
  /// `phone`, `mailbox`, and a property's `value`, `label`, `key`, `identifier`.
  public static let fieldNames: [String] =
    PredicateKeyPaths.textKeys + ["email", "phone", "mailbox", "value", "label", "key"]

  /// The first `{field}` of the template that no contact or property has (a typo such
  /// as `{emial}`), as a message with the nearest name when there is one
  /// (`unknown field {emial} (did you mean {email}?)`); `nil` when every field is known.
  public func unknownField() -> String? {
    var unknown: String?
    walk(text: { _ in }) { name in
      guard unknown == nil, !Self.fieldNames.contains(name) else { return }
      var message = "unknown field {\(name)}"
      if let near = PredicateSuggestion.nearest(to: name, in: Self.fieldNames) {
        message += " (did you mean {\(near)}?)"
      }
      unknown = message
    }
    return unknown
  }
}
