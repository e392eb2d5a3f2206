import Foundation

/// Base64 (RFC 4648 §4) as vCards and mail headers carry it: folded (blanks between
/// the letters), with or without its `=` padding.
package enum Base64Text {
  /// The bytes of `text`, blanks and padding ignored; `nil` when it is not base64.
  /// A last letter that cannot make a byte (one more than a multiple of four) makes
  /// the text malformed, unless `droppingDangling`: then it is dropped, as ez-vcard
  /// and Android read the photos of Android's 2.1 exports, which end so.
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func decode(_ text: some StringProtocol, droppingDangling: Bool = false) -> [UInt8]? {
    var letters = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where scalar != "=" && !scalar.properties.isWhitespace {
      letters.append(scalar)
    }
    var cleaned = String(letters)
    if cleaned.utf8.count % 4 == 1 {
      guard droppingDangling else { return nil }
      cleaned.removeLast()
    }
    while cleaned.utf8.count % 4 != 0 { cleaned += "=" }
    return Data(base64Encoded: cleaned).map { Array($0) }
  }
}
