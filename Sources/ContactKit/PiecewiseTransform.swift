import Foundation

extension String {
  /// The length, in UTF-8 bytes, up to which a text is transformed whole by
  /// `applyingTransformInPieces(_:)`; a longer one is cut in pieces of about this size.
  package static let transformPiece = 2048

  /// `applyingTransform(transform, reverse: false)`, a long text a piece at a time.
  ///
  /// ICU transforms a text in place: each letter whose transliteration is longer or
  /// shorter than itself (`Ж` → `zh`, `ש` → `sh`) moves everything after it, so one
  /// word of *n* such letters costs *n*² (a name of 320,000 took 10 s). A text longer
  /// than `transformPiece` bytes is cut after a space where the piece has one (else
  /// between two characters) and its pieces transformed one by one: linear, and the
  /// same as whole except where a seam falls inside a word — which only a word of
  /// thousands of letters, no name, has.
  ///
  /// - Returns: the transformed text; nil when ICU fails on a piece.
  /// - Complexity: O(n) for a text of n bytes.
  package func applyingTransformInPieces(_ transform: StringTransform) -> String? {
    guard utf8.count > Self.transformPiece else { return self.applyingTransform(transform, reverse: false) }
    var result = ""
    var start = startIndex
    while start < endIndex {
      // The piece's end: about `transformPiece` bytes on, at a character boundary, after
      // the last space in the piece when there is one.
      let limit = utf8.index(start, offsetBy: Self.transformPiece, limitedBy: endIndex) ?? endIndex
      var end = limit == endIndex ? endIndex : index(before: limit)
      if end < endIndex, let space = self[start..<end].lastIndex(of: " ") { end = index(after: space) }
      if end <= start { end = index(after: start) }
      guard let piece = String(self[start..<end]).applyingTransform(transform, reverse: false) else { return nil }
      result += piece
      start = end
    }
    return result
  }
}
