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

  private static let nKeys = ["family", "given", "additional", "prefixes", "suffixes"]
  private static let adrKeys = ["pobox", "extended", "street", "locality", "region", "postal", "country"]

  /// One named component of `N` or `ADR`: a string, or for `N`'s additional names,
  /// prefixes and suffixes a list (split on commas except in vCard 2.1).
  static func structuredField(_ line: ContentLine, key: String, version: String?, listExpected: Bool) -> Any? {
    let keys = line.name == "N" ? nKeys : line.name == "ADR" ? adrKeys : []
    guard let position = keys.firstIndex(of: key) else { return nil }
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

  /// The bytes of a base64 value (whitespace ignored; a `data:` URI's payload), or `nil`.
  /// Lenient as ez-vcard: a dangling last character is dropped.
  static func base64(_ line: ContentLine) -> [UInt8]? {
    var text = line.value.filter { !$0.isWhitespace }
    if text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") {
      text = String(text[text.index(after: comma)...])
    }
    while text.hasSuffix("=") { text.removeLast() }
    if text.count % 4 == 1 { text.removeLast() }
    while text.count % 4 != 0 { text += "=" }
    return Data(base64Encoded: text).map { [UInt8]($0) }
  }

  /// `MEDIATYPE`, a `data:` URI's type, or `image/<TYPE>` from a 2.1/3.0 `TYPE=JPEG`.
  static func mediaType(_ line: ContentLine) -> String {
    if let type = line.parameterValues("MEDIATYPE").first { return type.lowercased() }
    if line.value.hasPrefix("data:"), let end = line.value.firstIndex(where: { $0 == ";" || $0 == "," }) {
      return String(line.value[line.value.index(line.value.startIndex, offsetBy: 5)..<end])
    }
    guard let type = line.types.first else { return "" }
    return type.contains("/") ? type : "image/" + type
  }

  /// Latitude and longitude of `GEO` (`geo:lat,lon` or 2.1/3.0 `lat;lon`).
  static func geo(_ line: ContentLine) -> (latitude: Double, longitude: Double)? {
    var text = line.value
    if text.lowercased().hasPrefix("geo:") { text = String(text.dropFirst(4)) }
    let parts = text.split(whereSeparator: { $0 == ";" || $0 == "," }).compactMap { Double($0) }
    return parts.count >= 2 ? (parts[0], parts[1]) : nil
  }

  private static func splitsLists(_ line: ContentLine, version: String?) -> Bool {
    guard line.name == "N" || line.name == "ADR" else { return false }
    return version == "3.0" || version?.hasPrefix("4") == true
  }
}
