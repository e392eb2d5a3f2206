import CpickSupport
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The XML namespaces of WebDAV (RFC 4918) and CardDAV (RFC 6352).
enum Namespace {
  static let dav = "DAV:"
  static let cardDAV = "urn:ietf:params:xml:ns:carddav"
}

/// An element of a parsed XML answer: its namespace and local name, its child elements and
/// its text (character data and CDATA, entities resolved; not trimmed).
final class DAVElement {
  let namespace: String
  let name: String
  var children: [DAVElement] = []
  var text = ""

  init(namespace: String, name: String) {
    self.namespace = namespace
    self.name = name
  }

  /// Whether it is `name` in `namespace`.
  func `is`(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }

  /// The first child `name` in `namespace`.
  func child(_ namespace: String, _ name: String) -> DAVElement? { children.first { $0.is(namespace, name) } }

  /// Every child `name` in `namespace`, in order.
  func children(_ namespace: String, _ name: String) -> [DAVElement] { children.filter { $0.is(namespace, name) } }

  /// Whether it or any element below it is `name` in `namespace`.
  func contains(_ namespace: String, _ name: String) -> Bool {
    self.is(namespace, name) || children.contains { $0.contains(namespace, name) }
  }

  /// The text, white space around it removed.
  var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Parses `bytes` as namespaced XML (external entities never resolved); `nil` when they
  /// are not well-formed XML, nest elements deeper than `deepest`, or have a tag with
  /// more attributes than `XMLPieces.mostAttributes` (libxml2 takes their square). A multistatus of
  /// more than 4 MB (a sync report of tens of thousands of cards, a multiget of cards
  /// with photos) is parsed a piece of responses at a time (`XMLPieces`: libxml2
  /// refuses a document over 10 MB), the pieces' responses one root's children.
  ///
  /// Control bytes XML forbids, raw in a card a server sends, are read as they are
  /// (`XMLControlBytes`), and so is a card's text longer than libxml2 takes
  /// (`LongXMLText`, over `longestText` bytes).
  static func parse(
    _ bytes: [UInt8], pieceBytes: Int = XMLPieces.pieceBytes, longestText: Int = LongXMLText.longest
  ) -> DAVElement? {
    guard XMLPieces.crowdedTag(bytes) == nil else { return nil }
    let (shorter, long) = LongXMLText.cutting(bytes, longest: longestText)
    let (bytes, marked) = XMLControlBytes.standingIn(shorter)
    let pieces = XMLPieces(bytes, root: "multistatus", record: "response", pieceBytes: pieceBytes).pieces
    guard let root = parseWhole(pieces[0].bytes) else { return nil }
    for piece in pieces.dropFirst() {
      guard let more = parseWhole(piece.bytes), more.is(root.namespace, root.name) else { return nil }
      root.children += more.children
    }
    if marked || !long.texts.isEmpty {
      root.restore { long.restored(marked ? XMLControlBytes.restored($0) : $0) }
    }
    return root
  }

  /// Gives back what was stood in for (`XMLControlBytes`, `LongXMLText`), in this text and below.
  private func restore(_ restored: (String) -> String) {
    text = restored(text)
    for child in children { child.restore(restored) }
  }

  /// The most elements open at once: far more than WebDAV nests, few enough that the
  /// tree is freed without running out of stack (40,000 crashed `cpick-sync`).
  static let deepest = 256

  /// Parses `bytes` as one document (`parse`).
  private static func parseWhole(_ bytes: [UInt8]) -> DAVElement? {
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let builder = TreeBuilder()
    parser.delegate = builder
    guard parser.parse(), builder.stack.isEmpty, !builder.tooDeep else { return nil }
    return builder.root
  }
}

/// Builds the ``DAVElement`` tree from XMLParser's events.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  var root: DAVElement?
  var stack: [DAVElement] = []
  /// Set when elements nested deeper than `DAVElement.deepest`: the parse was stopped.
  var tooDeep = false

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    guard stack.count < DAVElement.deepest else {
      tooDeep = true
      parser.abortParsing()
      return
    }
    let element = DAVElement(namespace: namespaceURI ?? "", name: elementName)
    if let parent = stack.last { parent.children.append(element) } else if root == nil { root = element }
    stack.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    _ = stack.popLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
  }
}

/// One `DAV:response` of a multistatus (RFC 4918 §14.24): its href, its own status (a
/// removed member in a sync report) and the properties found (propstats with a 2xx status).
struct MultistatusResponse {
  var href: String
  var status: Int?
  /// Property elements of the propstats whose status is 2xx.
  var properties: [DAVElement]

  /// The found property `name` in `namespace`.
  func property(_ namespace: String, _ name: String) -> DAVElement? {
    properties.first { $0.is(namespace, name) }
  }
}

/// A `DAV:multistatus` answer (RFC 4918 §13): its responses and, for a sync report, the
/// new `DAV:sync-token` (RFC 6578 §6.4).
struct Multistatus {
  var responses: [MultistatusResponse]
  var syncToken: String?

  /// Reads a multistatus body (in pieces of `pieceBytes` when longer: `DAVElement.parse`);
  /// `nil` when it is not XML or its root is not `DAV:multistatus`.
  init?(_ bytes: [UInt8], pieceBytes: Int = XMLPieces.pieceBytes) {
    guard let root = DAVElement.parse(bytes, pieceBytes: pieceBytes), root.is(Namespace.dav, "multistatus") else {
      return nil
    }
    syncToken = root.child(Namespace.dav, "sync-token")?.trimmedText
    responses = root.children(Namespace.dav, "response").compactMap { response in
      guard let href = response.child(Namespace.dav, "href")?.trimmedText, !href.isEmpty else { return nil }
      let status = response.child(Namespace.dav, "status").flatMap { Self.statusCode($0.trimmedText) }
      var properties: [DAVElement] = []
      for propstat in response.children(Namespace.dav, "propstat") {
        let code = propstat.child(Namespace.dav, "status").flatMap { Self.statusCode($0.trimmedText) } ?? 200
        guard (200..<300).contains(code), let prop = propstat.child(Namespace.dav, "prop") else { continue }
        properties += prop.children
      }
      return MultistatusResponse(href: href, status: status, properties: properties)
    }
  }

  /// The code of a status line (`HTTP/1.1 404 Not Found` → 404).
  static func statusCode(_ line: String) -> Int? {
    let parts = line.split(separator: " ")
    return parts.count >= 2 ? Int(parts[1]) : nil
  }
}

/// Text escaped for XML character data.
func xmlEscaped(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for character in text {
    switch character {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    default: out.append(character)
    }
  }
  return out
}
