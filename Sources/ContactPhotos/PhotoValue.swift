import ContactKit
import CpickSupport
import Foundation
import VCard

/// The image bytes of a card's `PHOTO` (RFC 6350 §6.2.4; vCard 3.0 RFC 2426 §3.1.4;
/// vCard 2.1 §2.4.2), read from the card the contact was read from.
///
/// Inline values only: a 4.0 `data:` URI (`data:image/jpeg;base64,…`), or a 2.1/3.0
/// value with `ENCODING=b` / `ENCODING=BASE64`. A `PHOTO` that is a URL (`http:`,
/// `file:`, a `VALUE=uri`) is never fetched: it gives `nil`.
public enum PhotoValue {
  /// The decoded bytes of the first inline `PHOTO` of `contact`'s card (the first
  /// with `PREF` when several), or `nil` when it has none, it is a URL, or its base64
  /// does not decode.
  ///
  /// - Complexity: O(n) in the size of the card (it is parsed again).
  public static func bytes(of contact: Contact) -> [UInt8]? {
    guard contact.hasImage, let record = contact.sourceRecord else { return nil }
    guard let card = VCardReader.read(record.bytes).cards.first else { return nil }
    let photos = card.all("PHOTO") + card.all("X-MS-CARDPICTURE")
    let ordered = photos.sorted { ($0.preference ?? 100) < ($1.preference ?? 100) }
    for line in ordered {
      if let bytes = bytes(of: line) { return bytes }
    }
    return nil
  }

  /// The decoded bytes of one `PHOTO` line, or `nil` for a URL or bad base64.
  public static func bytes(of line: ContentLine) -> [UInt8]? {
    let value = line.value
    if line.transferEncoding == "BASE64" { return base64(value) }
    // `data:[<media type>][;base64],<data>` (RFC 2397).
    guard value.count > 5, value.prefix(5).lowercased() == "data:", let comma = value.firstIndex(of: ",") else {
      return nil
    }
    let head = value[value.index(value.startIndex, offsetBy: 5)..<comma].lowercased()
    guard head.hasSuffix(";base64") else { return nil }
    return base64(String(value[value.index(after: comma)...]))
  }

  /// Base64 with the blanks of folded lines taken out, a dangling last letter dropped
  /// (Android's 2.1 exports end their photos so; ez-vcard reads them the same);
  /// `nil` when it does not decode to any bytes.
  private static func base64(_ text: String) -> [UInt8]? {
    guard let bytes = Base64Text.decode(text, droppingDangling: true), !bytes.isEmpty else { return nil }
    return bytes
  }
}
