import VCard

/// An element inside one `<vcard>`, as `XCardStream` keeps it until the card is read:
/// its names, attributes, the XML line where it begins, and its content (text and
/// elements, in order). What `XCardReader` needs of an `XMLElement`, without a
/// document tree.
final class XCardElement {
  /// The name without a prefix (`fn`, `a`).
  let localName: String
  /// The name as written, prefix included (`xhtml:a`).
  let qualifiedName: String
  /// The namespace URI, or `nil` for none.
  let uri: String?
  /// The attributes by name as written.
  let attributes: [String: String]
  /// The 1-based line of the XML where the element begins.
  let line: Int
  /// Text and elements, in document order.
  private(set) var content: [Content] = []

  /// A piece of an element's content.
  enum Content {
    case text(String)
    case element(XCardElement)
  }

  init(localName: String, qualifiedName: String, uri: String?, attributes: [String: String], line: Int) {
    self.localName = localName
    self.qualifiedName = qualifiedName
    self.uri = uri?.isEmpty == true ? nil : uri
    // Namespace declarations are written from `uri` (`xmlString`), not kept twice.
    self.attributes = attributes.filter { $0.key != "xmlns" && !$0.key.hasPrefix("xmlns:") }
    self.line = line
  }

  /// Appends a piece of content. Text the parser hands over in pieces (around each
  /// entity, each buffer) stays in pieces, read and written one after the other:
  /// joining each to the text before it would copy that text again each time
  /// (a 7.7 MB value of `&amp;`s: 77 s).
  func append(_ piece: Content) {
    content.append(piece)
  }

  /// Whether the element is in the vCard namespace (or in none: a writer that left out
  /// `xmlns` is read leniently).
  var isVCard: Bool { uri == nil || uri == XCardWriter.namespace }

  /// The child elements.
  var elements: [XCardElement] {
    content.compactMap {
      if case .element(let element) = $0 { return element }
      return nil
    }
  }

  /// The text of the element and all its descendants, in order (as `XMLNode.stringValue`).
  var stringValue: String {
    var out = ""
    appendText(to: &out)
    return out
  }

  private func appendText(to out: inout String) {
    for piece in content {
      switch piece {
      case .text(let text): out += text
      case .element(let element): element.appendText(to: &out)
      }
    }
  }

  /// The value of the attribute `name` (with or without a prefix).
  func attribute(_ name: String) -> String? {
    attributes[name] ?? attributes.first { $0.key.split(separator: ":").last.map(String.init) == name }?.value
  }

  /// The element as XML (as `XMLNode.xmlString`): its namespace declared where it
  /// differs from its parent's (`parentURI`), attributes in name order.
  private func xml(parentURI: String?) -> String {
    var out = "<" + qualifiedName
    if let uri, uri != parentURI {
      let prefix = qualifiedName.firstIndex(of: ":").map { ":" + qualifiedName[..<$0] } ?? ""
      out += " xmlns\(prefix)=\"\(Self.escaped(uri, quote: true))\""
    }
    for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
      out += " \(name)=\"\(Self.escaped(value, quote: true))\""
    }
    guard !content.isEmpty else { return out + "/>" }
    out += ">"
    for piece in content {
      switch piece {
      case .text(let text): out += Self.escaped(text, quote: false)
      case .element(let element): out += element.xml(parentURI: uri)
      }
    }
    return out + "</" + qualifiedName + ">"
  }

  /// The element as XML, its namespace declared (as `XMLNode.xmlString`).
  var xmlString: String { xml(parentURI: nil) }

  private static func escaped(_ text: String, quote: Bool) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where quote: out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
