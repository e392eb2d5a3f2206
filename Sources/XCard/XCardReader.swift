import Foundation
import VCard
import Localization

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads xCard (RFC 6351, vCard in XML) into raw cards through Foundation's XML
/// parser (`XMLDocument`), so that a `.xml` file of cards works as a source like a
/// `.vcf` file: `<vcards xmlns="urn:ietf:params:xml:ns:vcard-4.0">` with its
/// `<vcard>` elements (or one `<vcard>` alone).
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
/// External entities are never loaded. Problems become warnings (a document that
/// is not well-formed XML gives no cards, and a warning with the line where it
/// breaks); never throws. Line numbers in warnings
/// and on the lines are the card's position (1-based), as XML gives no lines.
public enum XCardReader {
  /// The cards of an xCard document as vCard 4.0 text (CR LF line ends, folded),
  /// one card after another: what `cpick-sync xcard` prints.
  public static func vCardBytes(_ result: VCardParseResult) -> [UInt8] {
    result.cards.flatMap { result.sourceRecord(of: $0).bytes }
  }

  /// Reads the cards of an xCard document.
  ///
  /// - Complexity: O(n) in the size of the input.
  public static func read(_ bytes: [UInt8]) -> VCardParseResult {
    read(bytes, limits: .standard)
  }

  /// `read` with other limits (tests use small ones). The limits of `VCardLimits` hold
  /// for each card as vCard 4.0 text: a value over its limit is left out, the values
  /// after `cardValues` too, and a card over `cardBytes` — each with a warning at the
  /// card's position, the rest read. (The document itself is parsed whole, as
  /// `XMLDocument` does: xCard is read in cpick-sync, for `.xml` sources.)
  static func read(_ bytes: [UInt8], limits: VCardLimits) -> VCardParseResult {
    let data = Data(bytes)
    // Checked first: XMLDocument would read a damaged document as far as it can (and
    // say so on stderr), a guess at what the rest held.
    let check = XMLParser(data: data)
    check.shouldResolveExternalEntities = false
    if !check.parse() || check.parserError != nil {
      return VCardParseResult(
        cards: [], warnings: [VCardWarning(line: check.lineNumber, message: L10n.deferred("not well-formed xCard XML; skipped"))])
    }
    guard let document = try? XMLDocument(data: data, options: [.nodeLoadExternalEntitiesNever]),
      let root = document.rootElement(), isVCard(root), ["vcards", "vcard"].contains(root.localName ?? "")
    else {
      return VCardParseResult(
        cards: [], warnings: [VCardWarning(line: 1, message: L10n.deferred("not an xCard document (no <vcards> element); skipped"))])
    }
    let elements = root.localName == "vcard" ? [root] : Self.elements(of: root).filter { isVCard($0) }
    var cards: [RawCard] = []
    var warnings: [VCardWarning] = []
    for (index, element) in elements.enumerated() {
      guard element.localName == "vcard" else {
        warnings.append(VCardWarning(line: index + 1, message: L10n.deferredFormat("<%s> in <vcards> is not a <vcard>; skipped", element.name ?? "")))
        continue
      }
      var lines = [line(group: nil, name: "VERSION", parameters: [], value: "4.0", card: index + 1)]
      properties(of: element, group: nil, card: index + 1, into: &lines)
      guard let kept = withinLimits(lines, card: index + 1, limits: limits, warnings: &warnings) else { continue }
      cards.append(RawCard(lines: kept, beginLine: index + 1, endLine: index + 1, sourceRange: nil))
    }
    return VCardParseResult(cards: cards, warnings: warnings, bytes: bytes)
  }

  /// The lines of card number `card` under `limits`, measured as the vCard text they
  /// are; `nil` when the card is over `cardBytes`. Each line left out is a warning.
  static func withinLimits(
    _ lines: [ContentLine], card: Int, limits: VCardLimits, warnings: inout [VCardWarning]
  ) -> [ContentLine]? {
    var kept: [ContentLine] = []
    var bytes = 0
    for line in lines {
      let size = line.text.utf8.count + 2
      bytes += size
      if bytes > limits.cardBytes {
        warnings.append(VCardWarning(line: card, message: L10n.deferredFormat("xCard card %d: %s", card, limits.cardProblem())))
        return nil
      }
      if let problem = limits.valueProblem(name: line.name, mayBeData: !line.parameters.isEmpty, bytes: size) {
        warnings.append(VCardWarning(line: card, message: L10n.deferredFormat("xCard card %d: %s", card, problem)))
      } else if kept.count == limits.cardValues {
        warnings.append(VCardWarning(line: card, message: L10n.deferredFormat("xCard card %d: %s", card, limits.valueCountProblem())))
        return kept
      } else {
        kept.append(line)
      }
    }
    return kept
  }

  /// Whether `element` is in the vCard namespace (or in none: a writer that left
  /// out `xmlns` is read leniently).
  static func isVCard(_ element: XMLElement) -> Bool {
    element.uri == nil || element.uri == XCardWriter.namespace
  }

  static func elements(of element: XMLElement) -> [XMLElement] {
    (element.children ?? []).compactMap { $0 as? XMLElement }
  }

  /// The content lines of a `<vcard>`'s (or a `<group>`'s) properties.
  static func properties(of element: XMLElement, group: String?, card: Int, into lines: inout [ContentLine]) {
    for child in elements(of: element) {
      guard isVCard(child) else {
        // RFC 6351 §6: an element in another namespace is kept as an XML property.
        lines.append(line(group: group, name: "XML", parameters: [], value: VCardSerializer.escape(child.xmlString), card: card))
        continue
      }
      let name = (child.localName ?? child.name ?? "").uppercased()
      if name == "GROUP" {
        // (`attribute(forName:)` finds nothing on Linux in a default namespace.)
        let groupName = child.attributes?.first { ($0.localName ?? $0.name) == "name" }?.stringValue
        properties(of: child, group: groupName.flatMap { $0.isEmpty ? nil : $0 }, card: card, into: &lines)
        continue
      }
      guard !name.isEmpty, name != "VERSION" else { continue }
      lines.append(property(child, name: name, group: group, card: card))
    }
  }

  /// One property element as a content line.
  static func property(_ element: XMLElement, name: String, group: String?, card: Int) -> ContentLine {
    var parameters: [VCardParameter] = []
    var values: [XMLElement] = []
    for child in elements(of: element) {
      guard child.localName == "parameters" else {
        values.append(child)
        continue
      }
      for parameter in elements(of: child) {
        let items = elements(of: parameter)
        let texts = items.isEmpty ? [parameter.stringValue ?? ""] : items.map { $0.stringValue ?? "" }
        parameters.append(VCardParameter(name: (parameter.localName ?? "").uppercased(), values: texts))
      }
    }
    let value: String
    var type = values.first?.localName?.lowercased() ?? "text"
    if let names = XCardWriter.components[name] {
      var parts = names.map { component in
        values.filter { $0.localName == component }.map { VCardSerializer.escape($0.stringValue ?? "") }
      }
      // `N` and `ADR` keep every component; `GENDER:M` has no identity.
      if !["N", "ADR"].contains(name) { while parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() } }
      value = parts.map { $0.joined(separator: ",") }.joined(separator: ";")
      type = "text"
    } else if name == "ORG" {
      value = values.map { VCardSerializer.escape($0.stringValue ?? "") }.joined(separator: ";")
    } else if values.isEmpty {
      // A value written straight inside the property (lenient).
      value = VCardSerializer.escape(element.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    } else {
      value = values.map { item -> String in
        let text = item.stringValue ?? ""
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
    return line(group: group, name: name, parameters: parameters, value: value, card: card)
  }

  /// A content line with its text as vCard 4.0 writes it.
  static func line(group: String?, name: String, parameters: [VCardParameter], value: String, card: Int) -> ContentLine {
    var head = (group.map { $0 + "." } ?? "") + name
    for parameter in parameters { head += ";" + VCardSerializer.parameter(parameter, version: .v40) }
    return ContentLine(
      group: group, name: name, parameters: parameters, value: value, text: head + ":" + value, lineNumber: card)
  }
}
