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
  static func find(_ word: [UInt8], in bytes: [UInt8], from: Int, within: Int = .max) -> Int? {
    guard let first = word.first else { return nil }
    var index = from
    let last = min(bytes.count - word.count, from > Int.max - within ? Int.max : from + within)
    while index <= last {
      if bytes[index] == first, bytes[index..<(index + word.count)].elementsEqual(word) { return index }
      index += 1
    }
    return nil
  }
}
