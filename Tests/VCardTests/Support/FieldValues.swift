import CpickTestSupport
import Foundation

@testable import VCard

/// The typed views of a content line that the corpus expectations ask for.
enum FieldValues {
  /// Structured value split on `;`, a component with an unescaped `,` (in `N` and
  /// `ADR` of vCard 3.0 and 4.0) as a nested list; each part unescaped.
  static func components(_ line: ContentLine, version: String?) -> [Any] {
    let lists = splitsLists(line, version: version)
    return ValueDecoder.split(line.value, separator: ";").map { part -> Any in
      guard lists else { return ValueDecoder.unescape(part) }
      let items = ValueDecoder.split(String(part), separator: ",").map { ValueDecoder.unescape($0) }
      return items.count > 1 ? items : ValueDecoder.unescape(part)
    }
  }

  /// A list value (`CATEGORIES`, `NICKNAME`): split on unescaped commas, unescaped, trimmed.
  static func list(_ line: ContentLine) -> [String] {
    ValueDecoder.split(line.value, separator: ",").map {
      ValueDecoder.unescape($0).trimmingCharacters(in: " \t")
    }
  }

  /// One named component of `N` or `ADR`: a string, or for `N`'s additional names,
  /// prefixes and suffixes a list (split on commas except in vCard 2.1).
  static func structuredField(_ line: ContentLine, key: String, version: String?, listExpected: Bool) -> Any? {
    guard let position = ExpectationPath.componentIndex(key, of: line.name) else { return nil }
    let parts = ValueDecoder.split(line.value, separator: ";")
    let part = position < parts.count ? String(parts[position]) : ""
    guard listExpected else { return ValueDecoder.unescape(part) }
    if part.isEmpty { return [String]() }
    if version == nil || version == "2.1" { return [ValueDecoder.unescape(part)] }
    return ValueDecoder.split(part, separator: ",").map { ValueDecoder.unescape($0) }
  }

  /// `ENCODING=` or a bare 2.1 encoding word, upper-cased, `B` as `BASE64`.
  static func encoding(_ line: ContentLine) -> String {
    var words = line.parameterValues("ENCODING")
    words += line.parameters.filter { $0.name == nil }.flatMap(\.values)
    for word in words.map({ $0.uppercased() }) {
      if word == "B" || word == "BASE64" { return "BASE64" }
      if word == "QUOTED-PRINTABLE" || word == "8BIT" || word == "7BIT" { return word }
    }
    return ""
  }

  /// The bytes of a base64 value (`ExpectedValues.base64`), or `nil`.
  static func base64(_ line: ContentLine) -> [UInt8]? {
    ExpectedValues.base64(line.value)
  }

  /// `ExpectedValues.mediaType` of a line.
  static func mediaType(_ line: ContentLine) -> String {
    ExpectedValues.mediaType(
      parameter: line.parameterValues("MEDIATYPE").first, value: line.value, firstType: line.types.first)
  }

  private static func splitsLists(_ line: ContentLine, version: String?) -> Bool {
    guard line.name == "N" || line.name == "ADR" else { return false }
    return version == "3.0" || version?.hasPrefix("4") == true
  }
}
