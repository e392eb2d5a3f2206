/// An XML document of many records under one root cut into documents of about
/// `pieceBytes` each, for `XMLParser`: Foundation's parser feeds libxml2's push parser,
/// which refuses a document of more than 10 MB ("not well-formed" at its end), so a
/// large xCard `<vcards>` or WebDAV `<multistatus>` is parsed as several: each piece
/// is the document's start up to the end of its root start tag (its namespaces
/// declared there), then records cut after a record's end tag (`</vcard>`,
/// `</d:response>`, with the root's prefix), then the root's end tag. Line numbers
/// are mapped back with `lineOffset`.
///
/// A document that cannot be cut so (no root start tag found near its start, no
/// record end tag where a cut should be) is one piece, as it is.
package struct XMLPieces {
  /// The size of a piece: well under libxml2's 10 MB.
  package static let pieceBytes = 4_000_000

  /// A document to parse and what to add to its line numbers.
  package struct Piece {
    /// The piece as a document of its own.
    package let bytes: [UInt8]
    /// The lines of the document before the piece's records, less the root start
    /// tag's lines put before them.
    package let lineOffset: Int
  }

  /// The pieces, in document order.
  package let pieces: [Piece]

  /// `bytes` cut after records `record` (a local name) of the root `root`.
  package init(_ bytes: [UInt8], root: String, record: String, pieceBytes: Int) {
    guard bytes.count > pieceBytes, let head = Self.rootStartTag(bytes, root: root) else {
      pieces = [Piece(bytes: bytes, lineOffset: 0)]
      return
    }
    let prefix = Array(bytes[..<head.end])
    let prefixLines = prefix.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let closing = Array("</\(head.name)>".utf8)
    let cardEnd = Array("</\(head.name.dropLast(root.utf8.count))\(record)>".utf8)
    var pieces: [Piece] = []
    var start = head.end
    var linesBefore = prefixLines
    while start < bytes.count {
      var cut = bytes.count
      if bytes.count - start > pieceBytes, let after = Self.find(cardEnd, in: bytes, from: start + pieceBytes) {
        cut = after + cardEnd.count
      }
      var body = Array(bytes[start..<cut])
      if cut < bytes.count { body += closing }
      pieces.append(Piece(bytes: prefix + body, lineOffset: linesBefore - prefixLines))
      linesBefore += bytes[start..<cut].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      start = cut
    }
    self.pieces = pieces
  }

  /// The end of the root start tag `<root …>` (or `<prefix:root …>`) and the root's
  /// name as written, or `nil`.
  static func rootStartTag(_ bytes: [UInt8], root: String) -> (end: Int, name: String)? {
    guard let at = find(Array(root.utf8), in: bytes, from: 0, within: 4_096) else { return nil }
    var open = at
    while open > 0, bytes[open - 1] != UInt8(ascii: "<") {
      open -= 1
      let byte = bytes[open]
      guard byte != UInt8(ascii: ">"), byte != 0x20, byte != 0x0A, byte != 0x09, byte != 0x0D else { return nil }
    }
    guard open > 0, let close = bytes[at...].firstIndex(of: UInt8(ascii: ">")), bytes[close - 1] != UInt8(ascii: "/") else {
      return nil
    }
    return (close + 1, String(decoding: bytes[open..<(at + root.utf8.count)], as: UTF8.self))
  }

  /// The first place of `word` in `bytes` from `from` (within `within` bytes), or `nil`.
  package static func find(_ word: [UInt8], in bytes: [UInt8], from: Int, within: Int = .max) -> Int? {
    guard let first = word.first else { return nil }
    var index = from
    let last = min(bytes.count - word.count, from > Int.max - within ? Int.max : from + within)
    while index <= last {
      if bytes[index] == first, bytes[index..<(index + word.count)].elementsEqual(word) { return index }
      index += 1
    }
    return nil
  }

  /// The most attributes (namespace declarations included) a start tag may have:
  /// far more than xCard or WebDAV writes (a few namespaces on the root, a `type` or
  /// two), few enough that libxml2's check of each attribute against the earlier ones
  /// of its tag — their square — stays small (160,000 on one tag took 5 s; at this limit
  /// 100 MB of tags takes under a second).
  package static let mostAttributes = 256

  /// The line of the first start tag in `bytes` with more than `most` attributes, or
  /// `nil`. Comments, CDATA sections, processing instructions and the document type are
  /// stepped over; an attribute is an `=` outside quotes in a start tag.
  ///
  /// - Complexity: O(n), one pass.
  package static func crowdedTag(_ bytes: [UInt8], most: Int = mostAttributes) -> Int? {
    bytes.withUnsafeBufferPointer { b -> Int? in
      let n = b.count
      var line = 1
      var i = 0
      /// Whether `word` stands at `i`.
      func starts(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= n else { return false }
        let w = word.utf8Start
        for k in 0..<count where b[i + k] != w[k] { return false }
        return true
      }
      /// Moves past `end` (or to the end of the bytes), counting lines.
      func skip(past end: StaticString) {
        let first = end.utf8Start[0]
        while i < n {
          if b[i] == 0x0A { line += 1 }
          if b[i] == first && starts(end) {
            i += end.utf8CodeUnitCount
            return
          }
          i += 1
        }
      }
      while i < n {
        let byte = b[i]
        if byte == 0x0A { line += 1 }
        guard byte == UInt8(ascii: "<"), i + 1 < n else {
          i += 1
          continue
        }
        switch b[i + 1] {
        case UInt8(ascii: "!"):
          if starts("<!--") {
            skip(past: "-->")
          } else if starts("<![CDATA[") {
            skip(past: "]]>")
          } else {
            skip(past: ">")
          }
        case UInt8(ascii: "?"): skip(past: "?>")
        case UInt8(ascii: "/"): skip(past: ">")
        default:
          let tagLine = line
          var count = 0
          var quote: UInt8 = 0
          i += 1
          while i < n {
            let c = b[i]
            if c == 0x0A { line += 1 }
            if quote != 0 {
              if c == quote { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
              quote = c
            } else if c == UInt8(ascii: "=") {
              count += 1
              if count > most { return tagLine }
            } else if c == UInt8(ascii: ">") {
              break
            }
            i += 1
          }
          i += 1
        }
      }
      return nil
    }
  }
}
