import ContactKit
import Foundation
import Localization

/// The field options of `cpick new` (ABNewPersonViewController's displayedPerson):
/// `--given-name Ada`, `--email work:ada@example.org` (a `label:` prefix is optional),
/// `--phone mobile:+44 20 7946 0000`, `--address home:street;city;state;postal code;country`,
/// `--birthday 1815-12-10` or `--12-10`, repeatable for multi-values.
enum FieldOptions {
  /// `contact` with the fields applied in order; multi-values are appended.
  static func apply(_ fields: [(String, String)], to contact: inout Contact) throws(UsageError) {
    var counter = 0
    func identifier() -> String {
      counter += 1
      return "\(contact.identifier.isEmpty ? "new" : contact.identifier)/option-\(counter)"
    }
    for (name, rawValue) in fields {
      let (label, value) = split(rawValue, keepingSchemes: name == "--url" || name == "--im")
      switch name {
      case "--given-name": contact.givenName = rawValue
      case "--family-name": contact.familyName = rawValue
      case "--middle-name": contact.middleName = rawValue
      case "--name-prefix": contact.namePrefix = rawValue
      case "--name-suffix": contact.nameSuffix = rawValue
      case "--nickname": contact.nickname = rawValue
      case "--organization": contact.organizationName = rawValue
      case "--department": contact.departmentName = rawValue
      case "--job-title": contact.jobTitle = rawValue
      case "--note": contact.note = rawValue
      case "--email":
        contact.emailAddresses.append(LabeledValue(identifier: identifier(), label: label, value: value))
      case "--phone":
        contact.phoneNumbers.append(LabeledValue(identifier: identifier(), label: label, value: value))
      case "--url":
        contact.urlAddresses.append(LabeledValue(identifier: identifier(), label: label, value: value))
      case "--im":
        let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
        let address = parts.count == 2
          ? InstantMessageAddress(service: parts[0], username: parts[1])
          : InstantMessageAddress(service: "", username: value)
        contact.instantMessageAddresses.append(LabeledValue(identifier: identifier(), label: label, value: address))
      case "--address":
        let parts = value.components(separatedBy: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        let address = PostalAddress(
          street: part(0).replacingOccurrences(of: "\\n", with: "\n"), city: part(1), state: part(2),
          postalCode: part(3), country: part(4))
        contact.postalAddresses.append(LabeledValue(identifier: identifier(), label: label, value: address))
      case "--birthday":
        guard let date = date(rawValue) else {
          throw UsageError(description: L10n.format("--birthday takes YYYY-MM-DD or --MM-DD, not '%s'", rawValue))
        }
        contact.birthday = date
      default:
        break
      }
    }
  }

  /// `work:ada@example.org` → (`work`, `ada@example.org`). A prefix counts as a label
  /// only when it is a word (letters, spaces, `-`), and for URLs and IM addresses not a
  /// scheme such as `https` or `xmpp`.
  static func split(_ text: String, keepingSchemes: Bool) -> (String?, String) {
    guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
    let prefix = String(text[..<colon])
    let rest = String(text[text.index(after: colon)...])
    let isWord = !prefix.isEmpty && prefix.allSatisfy { $0.isLetter || $0 == " " || $0 == "-" }
    guard isWord else { return (nil, text) }
    if keepingSchemes {
      let schemes: Set<String> = ["http", "https", "ftp", "mailto", "xmpp", "sip", "tel", "aim", "skype", "irc", "matrix"]
      if schemes.contains(prefix.lowercased()) || rest.hasPrefix("//") { return (nil, text) }
    }
    return (prefix, rest)
  }

  /// `1815-12-10`, `18151210`, `--12-10`, `12-10`.
  static func date(_ text: String) -> ContactDate? {
    let digits = text.filter(\.isNumber)
    if text.hasPrefix("--") || (digits.count == 4 && text.count <= 5) {
      guard digits.count == 4, let month = Int(digits.prefix(2)), let day = Int(digits.suffix(2)),
        (1...12).contains(month), (1...31).contains(day)
      else { return nil }
      return ContactDate(month: month, day: day)
    }
    guard digits.count == 8, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
      let day = Int(digits.suffix(2)), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    return ContactDate(year: year, month: month, day: day)
  }
}
