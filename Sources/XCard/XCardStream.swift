import Foundation
import VCard
import Localization

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `XMLParser` delegate of `XCardReader.read`: keeps the elements of the `<vcard>`
/// being read (`XCardElement`), and at its `</vcard>` makes its content lines, applies
/// the limits and gives the card on; nothing of a card is kept after it. A card whose
/// text grows past `VCardLimits.cardBytes` is let go at once (its warning at its line),
/// so that one huge card does not fill the memory either.
final class XCardStream: NSObject, XMLParserDelegate {
  let limits: VCardLimits
  let body: (RawCard) -> Void
  private(set) var warnings: [VCardWarning] = []
  /// The root element is not `<vcards>` or `<vcard>` in the vCard namespace.
  private(set) var notXCard = false
  /// A root element was read.
  private(set) var sawRoot = false

  /// What to add to the parser's line numbers: the lines of the document before the
  /// piece being parsed, less those of the root start tag put before it (`XMLPieces`).
  var lineOffset = 0

  /// How deep the parser is: 1 in the root element.
  private var depth = 0
  /// The open elements of the card being read, its `<vcard>` first; empty outside cards.
  private var open: [XCardElement] = []
  /// The depth of the `<vcard>` being read, or of an element passed over; 0: none.
  private var cardDepth = 0
  /// The element at `cardDepth` is passed over (not a card, or a card over its limit).
  private var skipping = false
  /// The cards begun so far (for `xCard card N` in warnings), and the bytes of the
  /// card being read.
  private var cardIndex = 0
  private var cardSize = 0

  /// The most elements open at once in a card: far more than xCard nests (a property,
  /// its parameters and values), few enough that the card is freed without running out
  /// of stack.
  static let deepest = 256

  init(limits: VCardLimits, body: @escaping (RawCard) -> Void) {
    self.limits = limits
    self.body = body
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    depth += 1
    let element = XCardElement(
      localName: elementName, qualifiedName: qualifiedName ?? elementName, uri: namespaceURI, attributes: attributes,
      line: parser.lineNumber + lineOffset)
    if depth == 1 {
      sawRoot = true
      guard element.isVCard, element.localName == "vcards" || element.localName == "vcard" else {
        notXCard = true
        parser.abortParsing()
        return
      }
      if element.localName == "vcard" { begin(element) }
      return
    }
    if cardDepth == 0 {
      // A child of <vcards>: a card, an element of another namespace (passed over),
      // or something else (said, passed over).
      if element.isVCard && element.localName == "vcard" {
        begin(element)
        return
      }
      if element.isVCard {
        warnings.append(
          VCardWarning(line: element.line, message: L10n.deferredFormat("<%s> in <vcards> is not a <vcard>; skipped", element.qualifiedName)))
      }
      cardDepth = depth
      skipping = true
      return
    }
    guard !skipping else { return }
    // A card nested without end (40,000 deep crashed the helper freeing it) is let go.
    guard open.count < Self.deepest else {
      warnings.append(
        VCardWarning(
          line: element.line,
          message: L10n.deferredFormat("xCard card %d: elements nested more than %d deep; left out", cardIndex, Self.deepest)))
      open = []
      skipping = true
      return
    }
    grow(by: element.qualifiedName.utf8.count + attributes.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count })
    guard !skipping, let parent = open.last else { return }
    parent.append(.element(element))
    open.append(element)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text(string)
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    text(String(decoding: CDATABlock, as: UTF8.self))
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    defer { depth -= 1 }
    guard cardDepth != 0 else { return }
    if depth == cardDepth {
      if !skipping, let card = open.first { finish(card, endLine: parser.lineNumber + lineOffset) }
      open = []
      cardDepth = 0
      skipping = false
      return
    }
    if !skipping { open.removeLast() }
  }

  private func begin(_ card: XCardElement) {
    cardIndex += 1
    cardDepth = depth
    cardSize = 0
    skipping = false
    open = [card]
  }

  private func text(_ string: String) {
    guard cardDepth != 0, !skipping, let element = open.last else { return }
    grow(by: string.utf8.count)
    guard !skipping else { return }
    element.append(.text(string))
  }

  /// Counts `bytes` more of the card; past the card limit, lets the card go.
  private func grow(by bytes: Int) {
    cardSize += bytes
    guard cardSize > limits.cardBytes, let card = open.first else { return }
    warnings.append(VCardWarning(line: card.line, message: L10n.deferredFormat("xCard card %d: %s", cardIndex, limits.cardProblem())))
    open = []
    skipping = true
  }

  private func finish(_ card: XCardElement, endLine: Int) {
    var lines = [XCardReader.line(group: nil, name: "VERSION", parameters: [], value: "4.0", at: card.line)]
    XCardReader.properties(of: card, group: nil, into: &lines)
    guard
      let kept = XCardReader.withinLimits(lines, card: cardIndex, line: card.line, limits: limits, warnings: &warnings)
    else { return }
    body(RawCard(lines: kept, beginLine: card.line, endLine: endLine, sourceRange: nil))
  }
}
