import CpickSupport
import ContactKit
import Localization

/// A condition on a person or on one of its properties, written in a subset of
/// NSPredicate's format syntax (Apple's "Predicate Format String Syntax"): the
/// `--enable-if`, `--select-if` and `--select-property-if` expressions and
/// `--require KEY` (predicateForEnablingContact, predicateForSelectionOfContact,
/// predicateForSelectionOfProperty).
///
/// A `.contact` predicate is evaluated on the person object of PRODUCT.md ("The JSON
/// on stdout", `PersonJSON.person`); a `.property` predicate on the property object
/// `{"key":…,"identifier":…,"label":…,"value":…}`.
///
/// Examples:
///
///     emailAddresses.@count > 0
///     organizationName CONTAINS[cd] "acme" AND NOT hasImage
///     ANY emailAddresses.label == "work"
///     postalAddresses.value.city ==[c] "london" OR "Family" IN groups
///     phoneNumbers.value MATCHES "\+44[0-9 ]+"
///     familyName LIKE[c] "mc*" && birthday BEGINSWITH "19"
///     key == "emailAddresses" AND label IN {"work", "home"}      (.property)
///     value.city BEGINSWITH "Lon"                                 (.property)
///
/// ## Supported
///
/// - **Key paths**: the keys of the person object (`givenName`, `organizationName`,
///   `birthday`, `note`, `contactType`, `hasImage`, `groups`, `emailAddresses`, …),
///   into labeled values (`emailAddresses.value`, `phoneNumbers.label`,
///   `urlAddresses.identifier`) and into structured values
///   (`postalAddresses.value.city`, `instantMessageAddresses.value.service`,
///   `socialProfiles.value.username`); for properties `key`, `identifier`, `label`,
///   `value`, `value.city`, …. `PATH.@count` counts the values of a list
///   (`phoneNumbers.@count`, `groups.@count`). An unknown key path is an error, with a
///   suggestion when it looks like a typo.
/// - **Comparisons** `keypath OP literal` and `literal OP keypath` (a key path on both
///   sides works too): `==` `=` `!=` `<>` `<` `<=` `>` `>=` (`=<` `=>`), `CONTAINS`,
///   `BEGINSWITH`, `ENDSWITH`, `LIKE` (`*` any run, `?` one character, `\` escapes),
///   `MATCHES` (an ICU regular expression through NSRegularExpression that must match
///   the whole text; one that backtracks without end is stopped and is an error), `IN` (a literal list `{"a", "b"}`, a list key path as in
///   `"Family" IN groups`, or text: `"ada" IN givenName` is a substring test).
/// - **Modifiers** after the operator: `[c]` case-insensitive, `[d]`
///   diacritic-insensitive, `[cd]` both (`"José" ==[cd] "jose"`).
/// - **Quantifiers** before a key path with several values: `ANY`/`SOME` (at least
///   one), `ALL` (every one; true for none), `NONE` (not one; true for none).
/// - **Logic**: `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses; NOT binds tighter than
///   AND, AND tighter than OR. `TRUEPREDICATE`, `FALSEPREDICATE`, and a bare boolean
///   key path (`hasImage`, `NOT hasImage`).
/// - **Literals**: strings in double or single quotes with backslash escapes (`\"`
///   `\'` `\\` `\n` `\t` `\r` `\0` `\uXXXX` `\u{X…}`; any other backslash is kept, so
///   `"\d+"` reaches MATCHES as `\d+`), integers (`-3`), `true`/`false`/`YES`/`NO`,
///   `nil`/`NULL`. Keywords are case-insensitive; key paths are not.
///
/// ## How it differs from NSPredicate
///
/// - **Missing means empty.** The JSON leaves empty keys out; here a missing text is
///   `""`, a missing list is empty (`@count` 0), a missing boolean is false. `nil`
///   equals empty text and an empty list: `note == nil`, `emailAddresses == nil`
///   (no emails), `emailAddresses != nil` (at least one).
/// - **A list without a quantifier means ANY**, whatever the operator:
///   `emailAddresses.value CONTAINS "example"` is true when any address contains it
///   (NSPredicate's CONTAINS on an array would test membership). For membership write
///   `"Family" IN groups` or `ANY groups == "Family"`. With no values, an unquantified
///   comparison is false, so `emailAddresses.value != "x"` is false for a person with
///   no emails, while `NOT (emailAddresses.value == "x")` is true.
/// - **Typed at parse time.** Text is compared with text, numbers (`@count`) with
///   numbers, `hasImage` with true/false; `postalCode == 12345` is an error (quote
///   it), as is comparing `emailAddresses` itself (compare `.value` or `.label`, or
///   count it). Numbers are integers only.
/// - **Objects read as text.** A structured value compared as text (a postal address
///   or IM address in `postalAddresses.value` or a property's `value`) is its
///   non-empty fields joined by `, `: `value CONTAINS "London"`.
/// - Dates (`birthday`, `dates.value`) are ISO 8601 text (`1815-12-10`, `--12-10`
///   without a year) and compare as text: `birthday < "1900"`, `birthday ENDSWITH "-12-10"`.
/// - Text ordering (`<`, `>`) is by Unicode scalar values after the modifiers' folding,
///   not by locale collation. Every text CONTAINS, BEGINSWITH and ENDSWITH `""`.
/// - Not supported: `BETWEEN`, `SUBQUERY`, `FUNCTION`, `SELF`, `$VARIABLES`, `%@`
///   format arguments, `FIRST`/`LAST`/`SIZE`, `@sum`/`@avg`/`@min`/`@max`, arithmetic,
///   `[n]`/`[l]` modifiers, floating-point numbers, `#` escapes for reserved words.
public struct ContactPredicate: Sendable, CustomStringConvertible {
  /// What the predicate is evaluated on.
  public enum Kind: Sendable, Hashable {
    /// A person object (`--require`, `--enable-if`, `--select-if`).
    case contact
    /// A property object: `key`, `identifier`, `label`, `value` (`--select-property-if`).
    case property
  }

  /// The format string as given.
  public let format: String
  /// Whether it is evaluated on a person or a property object.
  public let kind: Kind
  let root: PredicateNode

  /// Parses `format`; throws with the column of the first mistake.
  public init(format: String, kind: Kind) throws(PredicateError) {
    self.format = format
    self.kind = kind
    root = try PredicateParser.parse(format, kind: kind)
  }

  /// `--require KEY`: true when the person has at least one value of KEY (a list) or
  /// a non-empty value (text). KEY is a short key (`email`, `phone`, `address`, `url`,
  /// `im`, `social`, `relation`, `date`, `birthday`, `note`, `organization`) or any key
  /// of the person object (`emailAddresses`, `jobTitle`, `hasImage`, …).
  public static func require(_ key: String) throws(PredicateError) -> ContactPredicate {
    guard let full = PredicateKeyPaths.fullKey(key) else {
      var message = L10n.format("unknown property key '%s'", key)
      if let near = NearestName.nearest(to: key, in: PredicateKeyPaths.requireKeys) {
        message += L10n.format(" (did you mean '%s'?)", near)
      }
      throw PredicateError(column: 1, message: message)
    }
    let path = try PredicateKeyPaths.resolve(full, kind: .contact, column: 1)
    switch path.type {
    case .bool: return try ContactPredicate(format: full, kind: .contact)
    case .text where !path.isToMany: return try ContactPredicate(format: "\(full) != nil", kind: .contact)
    default: return try ContactPredicate(format: "\(full).@count > 0", kind: .contact)
    }
  }

  /// Whether the person (or property) object satisfies the predicate.
  ///
  /// - Throws: `PredicateError` at the column of a `MATCHES` whose regular expression
  ///   ran out of steps on one of the values (it backtracks without end, as `(.*)*x`
  ///   does): an error for the command rather than a silent "no match". The budget is
  ///   a million steps and 100 more per character of the value (`PredicateRegexBudget`).
  public func evaluate(_ value: JSONValue) throws(PredicateError) -> Bool {
    try PredicateEvaluator.evaluate(root, value)
  }

  /// Whether the contact satisfies a `.contact` predicate (its person object, its
  /// `displayName` composed in `nameOrder`).
  ///
  /// - Throws: `PredicateError` when a `MATCHES` runs out of steps (see `evaluate(_:)`).
  public func evaluate(_ contact: Contact, nameOrder: ContactFormatter.NameOrder = .auto) throws(PredicateError) -> Bool {
    try evaluate(PersonJSON.person(contact, nameOrder: nameOrder))
  }

  /// Whether the property satisfies a `.property` predicate (its property object).
  ///
  /// - Throws: `PredicateError` when a `MATCHES` runs out of steps (see `evaluate(_:)`).
  public func evaluate(_ property: ContactProperty) throws(PredicateError) -> Bool {
    try evaluate(PersonJSON.property(property))
  }

  /// The format string as given.
  public var description: String { format }
}
