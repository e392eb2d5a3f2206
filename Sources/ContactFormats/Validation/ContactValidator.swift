import ContactKit
import CpickSupport
import Localization

/// Why a value was refused: a short sentence the form shows next to the field.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The message, lower case, without a final period: `missing @`.
  public var message: String

  /// Creates an error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// Checks the values a user types into the new-person form: email addresses, phone
/// numbers, dates, and whether the contact says who it is at all.
///
/// Each check returns `nil` for a valid value or a `ValidationError` whose message
/// names the problem (`missing @`, `29 February 2023 does not exist`). The checks are
/// pragmatic, not pedantic: they refuse what is certainly wrong and accept what
/// real address books hold.
///
/// ```swift
/// ContactValidator.checkEmail("ada@example.org")   // nil
/// ContactValidator.checkEmail("ada example.org")   // "contains a space"
/// try ContactValidator.date(from: "--02-29")       // ContactDate(month: 2, day: 29)
/// ```
public enum ContactValidator {
  /// Where a problem of a whole contact lies (see `check(_:)`).
  public struct Issue: Sendable, Hashable {
    /// The key of the value, or `nil` for the contact as a whole (no name at all).
    public var key: ContactKey?
    /// The labeled value's identifier, or `nil` for a single value.
    public var identifier: String?
    /// What is wrong with the value.
    public var error: ValidationError

    /// Creates an issue.
    public init(key: ContactKey?, identifier: String?, error: ValidationError) {
      self.key = key
      self.identifier = identifier
      self.error = error
    }
  }

  /// The message when a contact has nothing to call it by.
  public static var emptyContactMessage: String { L10n.text("enter a name, an organization, an email or a phone number") }

  // MARK: Email

  /// Characters of an RFC 5322 `atext` besides letters and digits (§3.2.3).
  private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~")

  /// Checks an email address as an RFC 5322 `addr-spec` (§3.4.1), pragmatically:
  /// the local part is a dot-atom (letters, digits and the specials of RFC 5322 `atext`,
  /// dots only between them) or a quoted string (`"john doe"@example.org`); the
  /// domain is host names joined by dots (at least one dot; letters, digits and
  /// hyphens, not at either end of a label), or an address literal in brackets
  /// (`[192.0.2.1]`, `[IPv6:2001:db8::1]`). Non-ASCII letters are accepted (RFC 6532).
  /// No comments, no folding white space, no obsolete syntax.
  ///
  /// - Returns: `nil` when `text` is a valid address, else what is wrong.
  /// - Complexity: O(n) in the length of `text`.
  public static func checkEmail(_ text: String) -> ValidationError? {
    if text.isEmpty { return ValidationError(L10n.text("empty email address")) }
    guard let at = lastAt(in: text) else {
      // An `@` inside a quote that is never closed (`we"ird@example.org`).
      if text.contains("@") { return ValidationError(L10n.text("a quote (\") is not closed")) }
      if text.contains(where: \.isWhitespace) { return ValidationError(L10n.text("contains a space")) }
      return ValidationError(L10n.text("missing @"))
    }
    let local = String(text[..<at])
    let domain = String(text[text.index(after: at)...])
    if local.isEmpty { return ValidationError(L10n.text("nothing before @")) }
    if domain.isEmpty { return ValidationError(L10n.text("nothing after @")) }
    if let problem = checkLocalPart(local) { return problem }
    if local.utf8.count > 64 { return ValidationError(L10n.text("the part before @ is longer than 64 characters")) }
    return checkDomain(domain)
  }

  /// The `@` that separates local part and domain: the last one outside quotes.
  private static func lastAt(in text: String) -> String.Index? {
    var inQuotes = false
    var escaped = false
    var found: String.Index?
    for index in text.indices {
      let character = text[index]
      if escaped {
        escaped = false
      } else if inQuotes && character == "\\" {
        escaped = true
      } else if character == "\"" {
        inQuotes.toggle()
      } else if character == "@" && !inQuotes {
        found = index
      }
    }
    return found
  }

  private static func checkLocalPart(_ local: String) -> ValidationError? {
    if local.first == "\"" {
      guard local.count >= 2, local.last == "\"" else { return ValidationError(L10n.text("unclosed quote before @")) }
      var escaped = false
      for character in local.dropFirst().dropLast() {
        if escaped {
          escaped = false
          continue
        }
        if character == "\\" {
          escaped = true
        } else if character == "\"" {
          return ValidationError(L10n.text("a quote inside quotes needs a backslash"))
        } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
          return ValidationError(L10n.text("control character in the address"))
        }
      }
      if escaped { return ValidationError(L10n.text("unclosed quote before @")) }
      return nil
    }
    if local.contains(where: \.isWhitespace) { return ValidationError(L10n.text("contains a space")) }
    if local.hasPrefix(".") { return ValidationError(L10n.text("starts with a dot")) }
    if local.hasSuffix(".") { return ValidationError(L10n.text("dot right before @")) }
    if local.contains("..") { return ValidationError(L10n.text("two dots in a row")) }
    for character in local where character != "." {
      if !isAtext(character) { return ValidationError(L10n.format("“%s” is not allowed before @", String(character))) }
    }
    return nil
  }

  private static func isAtext(_ character: Character) -> Bool {
    if let ascii = character.asciiValue {
      let lower = ascii | 0x20
      return (0x30...0x39).contains(ascii) || (0x61...0x7A).contains(lower) || atextSymbols.contains(character)
    }
    // RFC 6532: UTF-8 in addresses; letters, marks and digits of any script.
    return character.isLetter || character.isNumber
      || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
  }

  private static func checkDomain(_ domain: String) -> ValidationError? {
    if domain.first == "[" {
      guard domain.last == "]" else { return ValidationError(L10n.text("unclosed [ in the domain")) }
      let literal = String(domain.dropFirst().dropLast())
      if literal.lowercased().hasPrefix("ipv6:") {
        return isIPv6(String(literal.dropFirst(5))) ? nil : ValidationError(L10n.text("not an IPv6 address in [ ]"))
      }
      return isIPv4(literal) ? nil : ValidationError(L10n.text("not an IP address in [ ]"))
    }
    if domain.contains(where: \.isWhitespace) { return ValidationError(L10n.text("contains a space")) }
    if domain.contains("@") { return ValidationError(L10n.text("more than one @")) }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    if labels.count < 2 { return ValidationError(L10n.text("the domain needs a dot, as in example.org")) }
    if labels.contains(where: \.isEmpty) {
      return ValidationError(domain.hasSuffix(".") ? "ends with a dot" : "two dots in a row in the domain")
    }
    for label in labels {
      if label.hasPrefix("-") || label.hasSuffix("-") {
        return ValidationError(L10n.text("a part of the domain starts or ends with -"))
      }
      if label.utf8.count > 63 { return ValidationError(L10n.text("a part of the domain is longer than 63 characters")) }
      for character in label where character != "-" {
        if !(character.isLetter || character.isNumber) {
          return ValidationError(L10n.format("“%s” is not allowed in the domain", String(character)))
        }
      }
    }
    if labels.last!.allSatisfy(\.isNumber) { return ValidationError(L10n.text("the domain ends in a number")) }
    if domain.utf8.count > 253 { return ValidationError(L10n.text("the domain is longer than 253 characters")) }
    return nil
  }

  private static func isIPv4(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { part in
      !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
    }
  }

  private static func isIPv6(_ text: String) -> Bool {
    guard text.contains(":"), text.count >= 2 else { return false }
    let groups = text.split(separator: ":", omittingEmptySubsequences: false)
    guard groups.count <= 8, text.components(separatedBy: "::").count <= 2 else { return false }
    return groups.allSatisfy { $0.count <= 4 && $0.allSatisfy(\.isHexDigit) }
      && (groups.count == 8 || text.contains("::"))
  }

  // MARK: Phone

  /// Checks the characters of a phone number: digits, the letters of a keypad
  /// (`1-800-FLOWERS`, counted as the digits they dial), spaces and `+ - . ( ) / * #`,
  /// a pause `,` or a wait `;` (Apple's; Android writes `p` and `w`, letters here);
  /// `+` only at the start; at least three digits; an optional extension at the end
  /// (`;ext=123`, `x123`, `ext 123`, `ext. 123`). An `x` or `ext` with nothing after it
  /// is an extension begun when it follows a digit or a space (`555 1234 x`), and the
  /// end of a word when it follows a letter (`1-800-MYFAX`).
  ///
  /// - Returns: `nil` when `text` is acceptable, else what is wrong.
  public static func checkPhone(_ text: String) -> ValidationError? {
    let trimmed = text.trimmedOfWhitespace
    if trimmed.isEmpty { return ValidationError(L10n.text("empty phone number")) }
    var (number, extensionDigits) = PhoneNumberKey.splitExtension(trimmed)
    if let extensionDigits, extensionDigits.isEmpty {
      guard number.last?.isLetter == true, !trimmed.hasSuffix("=") else {
        return ValidationError(L10n.text("the extension needs digits"))
      }
      number = trimmed
    }
    var digits = 0
    for (offset, character) in number.enumerated() {
      switch character {
      case "0"..."9", "a"..."z", "A"..."Z": digits += 1
      case " ", "-", ".", "(", ")", "/", "*", "#", ",", ";": break
      case "+":
        if offset != 0 { return ValidationError(L10n.text("+ only at the start")) }
      default:
        return ValidationError(L10n.format("“%s” is not allowed in a phone number", String(character)))
      }
    }
    if digits == 0 { return ValidationError(L10n.text("no digits")) }
    if digits < 3 && !number.contains(where: { $0 == "*" || $0 == "#" }) { return ValidationError(L10n.text("too few digits")) }
    return nil
  }

  // MARK: Dates

  /// Reads a date as the form accepts it: `YYYY-MM-DD` (or `YYYYMMDD`), or without a
  /// year `--MM-DD`, `--MMDD` or `MM-DD` (ISO 8601 and RFC 6350 §4.3.1). The day must
  /// exist: 29 February only in leap years of the Gregorian calendar, and always
  /// when there is no year.
  ///
  /// - Throws: `ValidationError` saying what is wrong.
  public static func date(from text: String) throws(ValidationError) -> ContactDate {
    let trimmed = text.trimmedOfWhitespace
    if trimmed.isEmpty { throw ValidationError(L10n.text("empty date")) }
    guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else {
      throw ValidationError(L10n.text("write the date as YYYY-MM-DD, or MM-DD without a year"))
    }
    var year: Int?
    var rest: Substring
    if trimmed.hasPrefix("--") {
      rest = trimmed.dropFirst(2)
    } else if trimmed.count == 5 {
      rest = Substring(trimmed)
    } else if trimmed.count == 8 && !trimmed.contains("-") {
      year = Int(trimmed.prefix(4))
      rest = trimmed.dropFirst(4)
    } else {
      let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4 else {
        throw ValidationError(L10n.text("write the date as YYYY-MM-DD, or MM-DD without a year"))
      }
      year = Int(parts[0])
      rest = parts[1] + "-" + parts[2]
    }
    let monthDay: [Substring]
    if rest.count == 4 && !rest.contains("-") {
      monthDay = [rest.prefix(2), rest.suffix(2)]
    } else {
      monthDay = rest.split(separator: "-", omittingEmptySubsequences: false)
    }
    guard monthDay.count == 2, monthDay.allSatisfy({ $0.count == 2 }),
      let month = Int(monthDay[0]), let day = Int(monthDay[1])
    else { throw ValidationError(L10n.text("write the date as YYYY-MM-DD, or MM-DD without a year")) }
    if let year, year < 1 { throw ValidationError(L10n.text("no year 0")) }
    guard (1...12).contains(month) else { throw ValidationError(L10n.format("no month %d", month)) }
    let length = daysIn(month: month, year: year)
    guard (1...length).contains(day) else {
      if month == 2 && day == 29, let year {
        throw ValidationError(L10n.format("29 February %1$d does not exist: %1$d is not a leap year", year))
      }
      throw ValidationError(
        L10n.format("%s has %d days", LocalizedDate.monthName(month) ?? monthNames[month - 1], length))
    }
    return ContactDate(year: year, month: month, day: day)
  }

  /// Checks a date (see `date(from:)`); `nil` when it is valid.
  public static func checkDate(_ text: String) -> ValidationError? {
    do {
      _ = try date(from: text)
      return nil
    } catch {
      return error
    }
  }

  /// Whether `year` is a leap year of the Gregorian calendar.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  private static func daysIn(month: Int, year: Int?) -> Int {
    switch month {
    case 2: return year.map { isLeapYear($0) ? 29 : 28 } ?? 29
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // MARK: Whole contacts

  /// Whether `contact` has something to call it by: a formatted name (`FN`: a card
  /// of nothing else, as khard and many exports write them), a given, middle or family
  /// name, a nickname, an organization, an email address or a phone number.
  public static func hasIdentity(_ contact: Contact) -> Bool {
    let texts =
      [contact.formattedName, contact.givenName, contact.middleName, contact.familyName, contact.nickname,
        contact.organizationName] + contact.emailAddresses.map(\.value) + contact.phoneNumbers.map(\.value)
    return texts.contains { !$0.trimmedOfWhitespace.isEmpty }
  }

  /// Every problem of `contact`: each email and phone number checked, the birthday
  /// (a date kept only as text), and whether it has a name, an organization, an email
  /// or a phone. Empty for a contact that may be saved.
  ///
  /// - Complexity: O(n) in the total length of the values.
  public static func check(_ contact: Contact) -> [Issue] {
    var issues: [Issue] = []
    if !hasIdentity(contact) {
      issues.append(Issue(key: nil, identifier: nil, error: ValidationError(emptyContactMessage)))
    }
    for value in contact.phoneNumbers {
      if let error = checkPhone(value.value) {
        issues.append(Issue(key: .phoneNumbers, identifier: value.identifier, error: error))
      }
    }
    for value in contact.emailAddresses {
      if let error = checkEmail(value.value) {
        issues.append(Issue(key: .emailAddresses, identifier: value.identifier, error: error))
      }
    }
    if let birthday = contact.birthday {
      if let text = birthday.text, birthday.month == nil, birthday.year == nil {
        if let error = checkDate(text) { issues.append(Issue(key: .birthday, identifier: nil, error: error)) }
      } else if birthday.month != nil, let error = checkDate(birthday.description) {
        issues.append(Issue(key: .birthday, identifier: nil, error: error))
      }
    }
    return issues
  }
}
