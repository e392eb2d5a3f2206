import CpickSupport

/// The text of `address-data` elements too long for `XMLParser`: Foundation's parser
/// feeds libxml2, which refuses a text node over 10,000,000 bytes (it is not given
/// `XML_PARSE_HUGE`), so one card of a 12 MB photo on a server would stop its book's
/// sync. Such a text is cut out of the answer before the parse — a stand-in left in
/// its place (U+10FF20, its number in decimal digits, U+10FF21) — and decoded here as
/// XMLParser decodes character data: the five entities, character references, line
/// ends read as LF (XML 1.0 §2.11) but in `CDATA` sections, which are as they are.
struct LongXMLText {
  /// The longest text left to the parser: well under libxml2's 10,000,000 bytes.
  static let longest = 4_000_000

  /// The cut texts, by number.
  private(set) var texts: [String] = []

  /// `bytes` with the text of each `address-data` element longer than `longest`
  /// bytes a stand-in, and the texts; `bytes` as they are when there is none, or when
  /// they hold a stand-in's first or last scalar already (a scalar no server sends).
  static func cutting(_ bytes: [UInt8], longest: Int) -> (bytes: [UInt8], texts: LongXMLText) {
    var cut = LongXMLText()
    guard bytes.count > longest, XMLPieces.find([0xF4, 0x8F, 0xBC, 0xA0], in: bytes, from: 0) == nil,
      XMLPieces.find([0xF4, 0x8F, 0xBC, 0xA1], in: bytes, from: 0) == nil
    else { return (bytes, cut) }
    var out: [UInt8] = []
    var copied = 0
    var index = 0
    while index < bytes.count, let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      index = open + 1
      guard let (name, contentStart) = addressDataStartTag(bytes, at: open),
        let close = XMLPieces.find(Array("</\(name)>".utf8), in: bytes, from: contentStart),
        close - contentStart > longest,
        let text = decoded(bytes, contentStart..<close)
      else { continue }
      out += bytes[copied..<contentStart]
      out += Array("\u{10FF20}\(cut.texts.count)\u{10FF21}".utf8)
      cut.texts.append(text)
      copied = close
      index = close
    }
    guard !cut.texts.isEmpty else { return (bytes, cut) }
    out += bytes[copied...]
    return (out, cut)
  }

  /// `text` with each stand-in the text it stands for.
  func restored(_ text: String) -> String {
    guard !texts.isEmpty, text.unicodeScalars.contains("\u{10FF20}") else { return text }
    var out = ""
    var rest = Substring(text)
    while let start = rest.firstIndex(of: "\u{10FF20}"), let end = rest[start...].firstIndex(of: "\u{10FF21}"),
      let number = Int(rest[rest.index(after: start)..<end]), texts.indices.contains(number)
    {
      out += rest[..<start]
      out += texts[number]
      rest = rest[rest.index(after: end)...]
    }
    return out + rest
  }

  /// The qualified name of the `address-data` start tag at `open` (`C:address-data`,
  /// or without a prefix) and where its content starts; nil for any other tag and for
  /// an empty-element tag.
  private static func addressDataStartTag(_ bytes: [UInt8], at open: Int) -> (String, Int)? {
    var end = open + 1
    while end < bytes.count, !isNameEnd(bytes[end]) { end += 1 }
    let name = String(decoding: bytes[(open + 1)..<end], as: UTF8.self)
    guard name == "address-data" || name.hasSuffix(":address-data"),
      let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")), bytes[close - 1] != UInt8(ascii: "/")
    else { return nil }
    return (name, close + 1)
  }

  private static func isNameEnd(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
  }

  /// Character data as XMLParser gives it; nil when it holds markup other than `CDATA`
  /// sections, or a reference it does not know (the parse then decides, as before).
  static func decoded(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
    let data = bytes[range]
    var out: [UInt8] = []
    out.reserveCapacity(data.count)
    var index = data.startIndex
    let cdata = Array("<![CDATA[".utf8)
    while index < data.endIndex {
      let byte = data[index]
      switch byte {
      case UInt8(ascii: "<"):
        guard data[index...].starts(with: cdata),
          let end = XMLPieces.find(Array("]]>".utf8), in: bytes, from: index + cdata.count, within: range.upperBound - 3 - index - cdata.count)
        else { return nil }
        // As XMLParser gives a CDATA section: its bytes as they are.
        out += data[(index + cdata.count)..<end]
        index = end + 3
      case UInt8(ascii: "&"):
        guard let semicolon = data[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
          let scalar = reference(String(decoding: data[(index + 1)..<semicolon], as: UTF8.self))
        else { return nil }
        out += Array(String(scalar).utf8)
        index = semicolon + 1
      default:
        let next = data[index...].firstIndex { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") } ?? data.endIndex
        appendNormalized(data[index..<next], to: &out)
        index = next
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The scalar of an entity or character reference's name (`amp`, `#38`, `#x26`).
  private static func reference(_ name: String) -> Unicode.Scalar? {
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init)
    }
  }

  /// Appends `bytes` with CR LF and a CR alone as LF (XML 1.0 §2.11).
  private static func appendNormalized(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == 0x0D {
        out.append(0x0A)
        index += 1
        if index < bytes.endIndex, bytes[index] == 0x0A { index += 1 }
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
  }
}
