import Foundation

/// The typed readings of a value that the corpus expectations ask for, on text, so
/// that the raw-card and the jCard evaluators read a value the same way.
public enum ExpectedValues {
  /// The bytes of base64 `text` (blanks ignored; a `data:` URI's payload), or `nil`.
  /// Lenient as ez-vcard: a dangling last character is dropped.
  public static func base64(_ text: String) -> [UInt8]? {
    var text = text.filter { !$0.isWhitespace }
    if text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") {
      text = String(text[text.index(after: comma)...])
    }
    while text.hasSuffix("=") { text.removeLast() }
    if text.count % 4 == 1 { text.removeLast() }
    while text.count % 4 != 0 { text += "=" }
    return Data(base64Encoded: text).map { [UInt8]($0) }
  }

  /// The media type of a value: its `MEDIATYPE`, a `data:` URI's type, or
  /// `image/<TYPE>` from a 2.1/3.0 `TYPE=JPEG`; lower-case.
  public static func mediaType(parameter: String?, value: String, firstType: String?) -> String {
    if let parameter { return parameter.lowercased() }
    if value.hasPrefix("data:"), let end = value.firstIndex(where: { $0 == ";" || $0 == "," }) {
      return String(value[value.index(value.startIndex, offsetBy: 5)..<end])
    }
    guard let type = firstType?.lowercased() else { return "" }
    return type.contains("/") ? type : "image/" + type
  }

  /// Latitude and longitude of a `GEO` value (`geo:lat,lon` or 2.1/3.0 `lat;lon`).
  public static func geo(_ text: String) -> (latitude: Double, longitude: Double)? {
    var text = text
    if text.lowercased().hasPrefix("geo:") { text = String(text.dropFirst(4)) }
    let parts = text.split(whereSeparator: { $0 == ";" || $0 == "," }).compactMap { Double($0) }
    return parts.count >= 2 ? (parts[0], parts[1]) : nil
  }
}
