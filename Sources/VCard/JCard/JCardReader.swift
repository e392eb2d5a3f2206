import ContactFormats
import Foundation
import Localization

/// Reads jCard (RFC 7095) into raw cards, so that a `.json` file of cards works as
/// a source like a `.vcf` file: a single `["vcard",[…]]` or an array of them.
///
/// Each property becomes a content line as vCard 4.0 would write it: the `group`
/// parameter becomes the group, a value type other than the property's default
/// becomes `VALUE=`, structured values are joined with `;` and `,`, text is escaped.
/// `unknown` values are taken as written. Problems become warnings; never throws.
public enum JCardReader {
  /// Whether `bytes` look like jCard: the first byte that is not white space is `[`.
  public static func isJCard(_ bytes: [UInt8]) -> Bool {
    for byte in bytes where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
      return byte == UInt8(ascii: "[")
    }
    return false
  }

  /// Reads the cards of a jCard document, with the limits of `VCardLimits.standard`.
  ///
  /// An array of cards is parsed one card at a time (`JCardDocument`), so the memory
  /// it takes beyond the cards read is one card's JSON objects, not the whole
  /// document's (a 15 MB book took 466 MB as one tree of objects). A card or a value
  /// over its `VCardLimits` is left out with a warning at its line; the rest is read.
  ///
  /// - Complexity: O(n) in the size of the input.
  public static func read(_ bytes: [UInt8]) -> VCardParseResult {
    read(bytes, limits: .standard)
  }

  /// `read` with other limits (tests use small ones).
  static func read(_ bytes: [UInt8], limits: VCardLimits) -> VCardParseResult {
    var document = JCardDocument(bytes: bytes, limits: limits)
    guard document.read() else {
      return VCardParseResult(cards: [], warnings: [VCardWarning(line: 1, message: L10n.deferred("not valid jCard JSON; skipped"))])
    }
    return VCardParseResult(cards: document.cards, warnings: document.warnings, bytes: bytes)
  }

  /// Reads a jCard array of cards a part of about `partSize` bytes at a time, as
  /// `VCardReader.read(_:inPartsOf:_:)` reads a `.vcf` file; `false` when it must be
  /// read whole (not an array of cards, or not valid JSON: `read` says so).
  /// A document that may hold group cards (a `kind` or `x-addressbookserver-kind`
  /// property: their members may be in any part) is read whole.
  static func read(_ bytes: [UInt8], inPartsOf partSize: Int, _ body: (VCardParseResult) -> Void) -> Bool {
    guard !mayHoldKind(bytes) else { return false }
    var document = JCardDocument(bytes: bytes, limits: .standard)
    return document.read(inPartsOf: partSize) { cards, warnings in
      body(VCardParseResult(cards: cards, warnings: warnings, bytes: bytes))
    }
  }

  /// Whether `bytes` hold `kind"` (any case) after a `"` or a `-`: a property
  /// named `kind` or `x-addressbookserver-kind`, or a string that looks like one.
  static func mayHoldKind(_ bytes: [UInt8]) -> Bool {
    let word = Array("kind\"".utf8)
    var index = 1
    while index + word.count <= bytes.count {
      if bytes[index] | 0x20 == word[0], bytes[index - 1] == UInt8(ascii: "\"") || bytes[index - 1] == UInt8(ascii: "-") {
        var offset = 1
        while offset < word.count, bytes[index + offset] | (offset < 4 ? 0x20 : 0) == word[offset] { offset += 1 }
        if offset == word.count { return true }
      }
      index += 1
    }
    return false
  }

  static func contentLine(_ property: ParsedJSON, card: Int) -> ContentLine? {
    guard let array = property.array, array.count >= 4, let rawName = array[0].string,
      let params = array[1].members, let type = array[2].string?.lowercased()
    else { return nil }
    let name = rawName.uppercased()
    var group: String? = nil
    var parameters: [VCardParameter] = []
    for key in params.keys.sorted() {
      let values: [String]
      if let list = params[key]?.array { values = list.map(\.text) } else { values = [params[key]?.text ?? ""] }
      if key.lowercased() == "group" {
        group = values.first
        continue
      }
      parameters.append(VCardParameter(name: key.uppercased(), values: values))
    }
    // A type other than the property's default is `VALUE=` (`text` on an `X-` one too,
    // whose default is `unknown`), so that `JCardWriter` writes the same type back.
    if type != "unknown" && type != JCardWriter.defaultType(name, version: .v40) {
      parameters.append(VCardParameter(name: "VALUE", values: [type]))
    }
    let values = Array(array[3...])
    let value: String
    if type == "unknown" {
      value = values.map(\.text).joined(separator: ",")
    } else {
      let isURI = type == "uri"
      func escape(_ text: String) -> String {
        isURI ? ContactEncoder.escapeURI(text) : VCardSerializer.escape(text)
      }
      value = values.map { item -> String in
        if let components = item.array {
          return components.map { component -> String in
            if let list = component.array { return list.map { escape($0.text) }.joined(separator: ",") }
            return escape(component.text)
          }.joined(separator: ";")
        }
        return escape(item.text)
      }.joined(separator: ",")
    }
    var head = (group.map { $0 + "." } ?? "") + name
    for parameter in parameters { head += ";" + VCardSerializer.parameter(parameter, version: .v40) }
    return ContentLine(
      group: group, name: name, parameters: parameters, value: value, text: head + ":" + value, lineNumber: card)
  }
}
