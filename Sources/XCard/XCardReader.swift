import Foundation
import CpickSupport
import VCard
import Localization

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads xCard (RFC 6351, vCard in XML) into raw cards through Foundation's streaming
/// XML parser (`XMLParser`, `XCardStream`), a card at a time, so that a `.xml` file of
/// cards works as a source like a `.vcf` file: `<vcards
/// xmlns="urn:ietf:params:xml:ns:vcard-4.0">` with its `<vcard>` elements (or one
/// `<vcard>` alone). The memory it takes beyond the cards read is one card's elements
/// (a document tree of a 100 MB book would be several GB).
///
/// Each property becomes a content line as vCard 4.0 writes it (the same lines
/// `VCardReader` gives for a `.vcf` file, so everything after reading works the
/// same): `<group name="…">` gives its properties' group; each parameter's value
/// elements become its values (`TYPE=work,voice`); a value type other than the
/// property's default becomes `VALUE=`; structured values (`N`, `ADR`, `GENDER`,
/// `CLIENTPIDMAP`) are joined from their named components (a repeated component
/// is a comma list), `ORG` from its `<text>` elements; several value elements are
/// a comma list; text is escaped as 4.0 escapes it. An element in the vCard
/// namespace that is not a standard property (`<x-foo>`) is a property of that
/// name (§5); an element in another namespace is kept whole as an `XML` property
/// (RFC 6350 §6.1.6, RFC 6351 §6). Each card begins with `VERSION:4.0`.
///
/// It lives in a module of its own because Foundation's XML parser brings libxml2
/// and the system's ICU into every start of a program that links it (about 1–2 ms
/// here): `cpick` does not link it and has `cpick-sync xcard` read xCard for it
/// (`XCardInput`); `cpick-sync` links it already for CardDAV.
///
/// External entities are never loaded. Problems become warnings at the line of the
/// XML where the element begins (a document that is not well-formed XML gives the
/// cards the parser read before it stopped — those before the break, and with an
/// unescaped `&` the card it stands in, without it — and a warning with the line where
/// the parser stopped); never throws. A card's
/// lines carry the XML line of their property, the card its `<vcard>`'s lines.
public enum XCardReader {
  /// The cards of an xCard document as vCard 4.0 text (CR LF line ends, folded),
  /// one card after another: what `cpick-sync xcard` prints.
  public static func vCardBytes(_ result: VCardParseResult) -> [UInt8] {
    result.cards.flatMap { vCardBytes($0) }
  }

  /// One card read from xCard as vCard 4.0 text.
  public static func vCardBytes(_ card: RawCard) -> [UInt8] {
    VCardParseResult(cards: [], warnings: []).sourceRecord(of: card).bytes
  }

  /// Reads the cards of an xCard document.
  ///
  /// - Complexity: O(n) in the size of the input.
  public static func read(_ bytes: [UInt8]) -> VCardParseResult {
    read(bytes, limits: .standard)
  }

  /// `read` with other limits (tests use small ones).
  static func read(_ bytes: [UInt8], limits: VCardLimits) -> VCardParseResult {
    var cards: [RawCard] = []
    let outcome = read(bytes, limits: limits) { cards.append($0) }
    return VCardParseResult(cards: cards, warnings: outcome.warnings, bytes: bytes)
  }

  /// What reading a document said, beyond its cards.
  public struct Outcome: Sendable {
    /// The problems met, in document order, each at its XML line.
    public var warnings: [VCardWarning]
    /// Whether the document was read to its end: `false` when it is not well-formed
    /// XML or not xCard (the cards given to `body` until then are those before the
    /// place where it breaks: a download cut short, an `&` not escaped, keeps them).
    public var complete: Bool
  }

  /// Reads the cards of an xCard document, giving each to `body` as soon as its
  /// `</vcard>` is read. The limits of `VCardLimits` hold for each card as vCard 4.0
  /// text: a value over its limit is left out, the values after `cardValues` too, and a
  /// card over `cardBytes` (its elements are let go as soon as it is) — each with a
  /// warning at the card's line, the rest read.
  ///
  /// - Complexity: O(n) in the size of the input; one card's elements held at once.
  public static func read(_ bytes: [UInt8], _ body: @escaping (RawCard) -> Void) -> Outcome {
    read(bytes, limits: .standard, body)
  }

  /// `read(_:_:)` with other limits (tests use small ones), and pieces of `pieceBytes`
  /// (`XMLPieces`: libxml2's push parser refuses a document of more than 10 MB).
  static func read(
    _ bytes: [UInt8], limits: VCardLimits, pieceBytes: Int = XMLPieces.pieceBytes, _ body: @escaping (RawCard) -> Void
  ) -> Outcome {
    if let line = XMLPieces.crowdedTag(bytes) {
      return Outcome(
        warnings: [
          VCardWarning(
            line: line,
            message: L10n.deferredFormat("an XML element with more than %d attributes; xCard not read", XMLPieces.mostAttributes))
        ],
        complete: false)
    }
    let stream = XCardStream(limits: limits, body: body)
    for piece in XMLPieces(bytes, root: "vcards", record: "vcard", pieceBytes: pieceBytes).pieces {
      let parser = XMLParser(data: Data(piece.bytes))
      parser.shouldResolveExternalEntities = false
      parser.shouldProcessNamespaces = true
      stream.lineOffset = piece.lineOffset
      parser.delegate = stream
      let parsed = parser.parse()
      if stream.notXCard {
        return Outcome(
          warnings: [VCardWarning(line: 1, message: L10n.deferred("not an xCard document (no <vcards> element); skipped"))],
          complete: false)
      }
      if !parsed || parser.parserError != nil {
        // The cards' own warnings until then, and where the parser found it broken
        // (libxml2 may tell it later than the bad character: at the end of a document
        // cut short, or of the element an unescaped `&` stands in).
        return Outcome(
          warnings: stream.warnings
            + [VCardWarning(line: parser.lineNumber + piece.lineOffset, message: L10n.deferred("not well-formed xCard XML; skipped"))],
          complete: false)
      }
    }
    guard stream.sawRoot else {
      return Outcome(
        warnings: [VCardWarning(line: 1, message: L10n.deferred("not an xCard document (no <vcards> element); skipped"))], complete: false)
    }
    return Outcome(warnings: stream.warnings, complete: true)
  }

  /// The lines of card number `card` under `limits`, measured as the vCard text they
  /// are; `nil` when the card is over `cardBytes`. Each line left out is a warning at
  /// `line`, the card's first line.
  static func withinLimits(
    _ lines: [ContentLine], card: Int, line: Int, limits: VCardLimits, warnings: inout [VCardWarning]
  ) -> [ContentLine]? {
    var kept: [ContentLine] = []
    var bytes = 0
    for contentLine in lines {
      let size = contentLine.text.utf8.count + 2
      bytes += size
      if bytes > limits.cardBytes {
        warnings.append(VCardWarning(line: line, message: L10n.deferredFormat("xCard card %d: %s", card, limits.cardProblem())))
        return nil
      }
      if let problem = limits.valueProblem(name: contentLine.name, mayBeData: !contentLine.parameters.isEmpty, bytes: size) {
        warnings.append(VCardWarning(line: contentLine.lineNumber, message: L10n.deferredFormat("xCard card %d: %s", card, problem)))
      } else if kept.count == limits.cardValues {
        warnings.append(VCardWarning(line: contentLine.lineNumber, message: L10n.deferredFormat("xCard card %d: %s", card, limits.valueCountProblem())))
        return kept
      } else {
        kept.append(contentLine)
      }
    }
    return kept
  }

  /// The content lines of a `<vcard>`'s (or a `<group>`'s) properties.
  static func properties(of element: XCardElement, group: String?, into lines: inout [ContentLine]) {
    for child in element.elements {
      guard child.isVCard else {
        // RFC 6351 §6: an element in another namespace is kept as an XML property.
        lines.append(
          line(group: group, name: "XML", parameters: [], value: VCardSerializer.escape(child.xmlString), at: child.line))
        continue
      }
      let name = child.localName.uppercased()
      if name == "GROUP" {
        let groupName = child.attribute("name")
        properties(of: child, group: groupName.flatMap { $0.isEmpty ? nil : $0 }, into: &lines)
        continue
      }
      guard !name.isEmpty, name != "VERSION" else { continue }
      lines.append(property(child, name: name, group: group))
    }
  }

  /// One property element as a content line.
  static func property(_ element: XCardElement, name: String, group: String?) -> ContentLine {
    var parameters: [VCardParameter] = []
    var values: [XCardElement] = []
    for child in element.elements {
      guard child.localName == "parameters" else {
        values.append(child)
        continue
      }
      for parameter in child.elements {
        let items = parameter.elements
        let texts = items.isEmpty ? [parameter.stringValue] : items.map(\.stringValue)
        parameters.append(VCardParameter(name: parameter.localName.uppercased(), values: texts))
      }
    }
    let value: String
    var type = values.first?.localName.lowercased() ?? "text"
    if let names = XCardWriter.components[name] {
      var parts = names.map { component in
        values.filter { $0.localName == component }.map { VCardSerializer.escape($0.stringValue) }
      }
      // `N` and `ADR` keep every component; `GENDER:M` has no identity.
      if !["N", "ADR"].contains(name) { while parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() } }
      value = parts.map { $0.joined(separator: ",") }.joined(separator: ";")
      type = "text"
    } else if name == "ORG" {
      value = values.map { VCardSerializer.escape($0.stringValue) }.joined(separator: ";")
    } else if values.isEmpty {
      // A value written straight inside the property (lenient).
      value = VCardSerializer.escape(element.stringValue.trimmingCharacters(in: .whitespacesAndNewlines))
    } else {
      value = values.map { item -> String in
        let text = item.stringValue
        switch type {
        case "unknown": return text
        case "uri": return ContactEncoder.escapeURI(text)
        default: return VCardSerializer.escape(text)
        }
      }.joined(separator: ",")
    }
    let standard = XCardWriter.defaultType(name)
    let isDefault =
      type == standard || type == "unknown" || (type == "text" && standard == "unknown")
      || (standard == "date-and-or-time" && ["date", "date-time", "time"].contains(type))
    if !isDefault { parameters.append(VCardParameter(name: "VALUE", values: [type])) }
    return line(group: group, name: name, parameters: parameters, value: value, at: element.line)
  }

  /// A content line with its text as vCard 4.0 writes it, at XML line `at`.
  static func line(group: String?, name: String, parameters: [VCardParameter], value: String, at: Int) -> ContentLine {
    var head = (group.map { $0 + "." } ?? "") + name
    for parameter in parameters { head += ";" + VCardSerializer.parameter(parameter, version: .v40) }
    return ContentLine(
      group: group, name: name, parameters: parameters, value: value, text: head + ":" + value, lineNumber: at)
  }
}
