import ContactKit
import ContactPicker
import Foundation

/// Formats what cpick prints on stdout (PRODUCT.md "The JSON on stdout", `--format`,
/// `--template`, `--join`).
struct Output {
  var format: Options.Format
  var template: String?
  var join: String?

  /// What to print for a people picker's (or card's) result; `nil` when cancelled.
  func result(_ result: PeoplePickerResult) -> String? {
    if template == nil && format == .json { return PersonJSON.event(result)?.serialized }
    let items: [Item]
    switch result {
    case .selectedPerson(let contact): items = [.person(contact)]
    case .selectedProperty(let property): items = [.property(property)]
    case .selectedPeople(let contacts): items = contacts.map(Item.person)
    case .selectedProperties(let properties): items = properties.map(Item.property)
    case .cancelled: return nil
    }
    return lines(items)
  }

  /// Contacts as lines (`query`, `list`): one per line, or joined with `--join`.
  func contacts(_ contacts: [Contact]) -> String {
    lines(contacts.map(Item.person))
  }

  enum Item {
    case person(Contact)
    case property(ContactProperty)
  }

  private func lines(_ items: [Item]) -> String {
    let rendered = items.map(line)
    if let join, format != .json, format != .jsonl { return rendered.joined(separator: join) }
    return rendered.joined(separator: "\n")
  }

  private func line(_ item: Item) -> String {
    if let template { return Template.render(template, item: item) }
    switch (format, item) {
    case (.json, .person(let contact)), (.jsonl, .person(let contact)):
      return PersonJSON.person(contact).serialized
    case (.json, .property(let property)), (.jsonl, .property(let property)):
      return JSONValue.object([("person", PersonJSON.person(property.contact)), ("property", PersonJSON.property(property))])
        .serialized
    case (.mailbox, .person(let contact)):
      let email = contact.properties(for: .emailAddresses).first?.value.singleLine ?? ""
      return Mailbox.format(name: contact.displayName, address: email)
    case (.mailbox, .property(let property)):
      guard property.key == .emailAddresses else { return Output.plain(property.value.singleLine) }
      return Mailbox.format(name: property.contact.displayName, address: property.value.singleLine)
    case (.value, .person(let contact)):
      return Output.plain(contact.displayName)
    case (.value, .property(let property)):
      return Output.plain(property.value.singleLine)
    case (.tsv, .person(let contact)):
      return [
        contact.displayName, contact.emailAddresses.first?.value ?? "", contact.phoneNumbers.first?.value ?? "",
        contact.organizationName, contact.identifier,
      ].map(Output.plain).joined(separator: "\t")
    case (.tsv, .property(let property)):
      return [
        property.contact.displayName, property.key.rawValue, property.label ?? "", property.value.singleLine,
        property.identifier,
      ].map(Output.plain).joined(separator: "\t")
    }
  }

  /// Text for line-based formats: controls and tabs become spaces so a value can
  /// neither split a line nor reach the terminal as an escape sequence.
  static func plain(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          let v = scalar.value
          let unsafe =
            v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x2028 || v == 0x2029
          return unsafe ? " " : scalar
        }))
  }
}

/// `--template`: `{key}` replaced by the chosen item's values — `{displayName}`,
/// `{givenName}`, any string key of the person JSON, `{email}` and `{phone}` (the
/// preferred ones), and for a property `{value}`, `{label}`, `{key}`, `{identifier}`.
/// `{{` and `}}` give literal braces; an unknown key becomes empty.
enum Template {
  static func render(_ template: String, item: Output.Item) -> String {
    let contact: Contact
    var fields: [String: String] = [:]
    switch item {
    case .person(let person):
      contact = person
      fields["value"] = person.displayName
    case .property(let property):
      contact = property.contact
      fields["value"] = property.value.singleLine
      fields["label"] = property.label ?? ""
      fields["key"] = property.key.rawValue
      fields["identifier"] = property.identifier
    }
    if case .object(let members) = PersonJSON.person(contact) {
      for (key, value) in members where fields[key] == nil {
        if case .string(let text) = value { fields[key] = text }
      }
    }
    fields["email"] = contact.properties(for: .emailAddresses).first?.value.singleLine ?? ""
    fields["phone"] = contact.properties(for: .phoneNumbers).first?.value.singleLine ?? ""
    fields["mailbox"] = Mailbox.format(name: contact.displayName, address: fields["email"] ?? "")
    var out = ""
    var index = template.startIndex
    while index < template.endIndex {
      let character = template[index]
      let next = template.index(after: index)
      if character == "{", next < template.endIndex, template[next] == "{" {
        out.append("{")
        index = template.index(after: next)
      } else if character == "}", next < template.endIndex, template[next] == "}" {
        out.append("}")
        index = template.index(after: next)
      } else if character == "{", let close = template[next...].firstIndex(of: "}") {
        out += Output.plain(fields[String(template[next..<close])] ?? "")
        index = template.index(after: close)
      } else {
        out.append(character)
        index = next
      }
    }
    return out
  }
}

/// RFC 5322 mailboxes: `"Display Name" <addr>`, the name quoted only where needed.
enum Mailbox {
  /// `Name <address>`; the name is a quoted-string (RFC 5322 §3.2.4) when it holds
  /// specials (§3.2.3) such as `,` `"` `(` `.`, with `\` and `"` escaped; non-ASCII
  /// is left as UTF-8 (RFC 6532). Just the address when there is no name, just the
  /// name when there is no address.
  static func format(name rawName: String, address: String) -> String {
    let name = Output.plain(rawName).trimmingCharacters(in: .whitespaces)
    guard !address.isEmpty else { return name }
    guard !name.isEmpty else { return address }
    let specials: Set<Character> = ["(", ")", "<", ">", "[", "]", ":", ";", "@", "\\", ",", ".", "\""]
    let display =
      name.contains(where: { specials.contains($0) })
      ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
      : name
    return "\(display) <\(address)>"
  }
}
