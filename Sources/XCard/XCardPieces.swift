/// An xCard document cut into documents of about `pieceBytes` each, for `XMLParser`:
/// Foundation's parser feeds libxml2's push parser, which refuses a document of more
/// than 10 MB ("not well-formed" at its end), so a large `<vcards>` is parsed as
/// several: each piece is the document's start up to the end of its root start tag,
/// then cards cut after a `</vcard>` (with the root's prefix), then the root's end tag. Line numbers are mapped
/// back with `lineOffset`.
///
/// A document that cannot be cut so (no `<vcards>` root start tag found, no `</vcard>`
/// where a cut should be) is one piece, as it is.
struct XCardPieces {
  /// The size of a piece: well under libxml2's 10 MB.
  static let pieceBytes = 4_000_000

  /// A document to parse and what to add to its line numbers.
  struct Piece {
    let bytes: [UInt8]
    let lineOffset: Int
  }

  let pieces: [Piece]

  init(_ bytes: [UInt8], pieceBytes: Int) {
    guard bytes.count > pieceBytes, let head = Self.rootStartTag(bytes) else {
      pieces = [Piece(bytes: bytes, lineOffset: 0)]
      return
    }
    let prefix = Array(bytes[..<head.end])
    let prefixLines = prefix.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let closing = Array("</\(head.name)>".utf8)
    let cardEnd = Array("</\(head.name.dropLast("vcards".count))vcard>".utf8)
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

  /// The end of the root start tag `<vcards …>` (or `<prefix:vcards …>`) and the
  /// root's name as written, or `nil`.
  static func rootStartTag(_ bytes: [UInt8]) -> (end: Int, name: String)? {
    guard let at = find(Array("vcards".utf8), in: bytes, from: 0, within: 4_096) else { return nil }
    var open = at
    while open > 0, bytes[open - 1] != UInt8(ascii: "<") {
      open -= 1
      let byte = bytes[open]
      guard byte != UInt8(ascii: ">"), byte != 0x20, byte != 0x0A, byte != 0x09, byte != 0x0D else { return nil }
    }
    guard open > 0, let close = bytes[at...].firstIndex(of: UInt8(ascii: ">")), bytes[close - 1] != UInt8(ascii: "/") else {
      return nil
    }
    return (close + 1, String(decoding: bytes[open..<(at + 6)], as: UTF8.self))
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
