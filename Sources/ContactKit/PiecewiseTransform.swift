import Foundation

extension String {
  /// The length, in UTF-8 bytes, up to which a text is transformed whole by
  /// `applyingTransformInPieces(_:)`; a longer one is cut in pieces of about this size.
  package static let transformPiece = 2048

  /// `transform.apply(self)` (Foundation's `applyingTransform(_:reverse:)` of its ID), a
  /// long text a piece at a time.
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
  package func applyingTransformInPieces(_ transform: ICUTransform) -> String? {
    inPieces { transform.apply($0) }
  }

  /// The text in NFC (`precomposedStringWithCanonicalMapping`), a piece at a time
  /// (`inPieces`: pieces end between characters, which canonical composition never
  /// crosses): Foundation's normalizer moves the rest of the text for each mark it
  /// composes (a value of a million decomposed accents: 6 s per MiB).
  ///
  /// The text is made stream-safe first (`streamSafe`): a character of thousands of
  /// marks of two classes is one piece, whose marks Foundation sorts in quadratic time.
  package var precomposedInPieces: String {
    let text = streamSafe
    return text.inPieces { $0.precomposedStringWithCanonicalMapping } ?? text
  }

  /// The text in NFKC then NFC, a piece at a time (see `precomposedInPieces`).
  package var compatibilityPrecomposedInPieces: String {
    let text = streamSafe
    return text.inPieces { $0.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping } ?? text
  }

  /// The text in Unicode's Stream-Safe Text Format (UAX #15 §13): a combining grapheme
  /// joiner (U+034F, a starter that shows nothing) after every 30 non-starters in a
  /// row, so that canonical ordering sorts at most 30 marks at a time (no real text has
  /// more on one letter; 200 KB of `a` and two kinds of accents took 11 s, 1.6 MB
  /// more than two minutes). The text itself when it has no such run (nearly all).
  ///
  /// - Complexity: O(n).
  package var streamSafe: String {
    var run = 0
    var needed = false
    for scalar in unicodeScalars {
      if scalar.value >= 0x300, scalar.properties.canonicalCombiningClass.rawValue != 0 {
        run += 1
        if run > 30 {
          needed = true
          break
        }
      } else {
        run = 0
      }
    }
    guard needed else { return self }
    var out = String.UnicodeScalarView()
    run = 0
    for scalar in unicodeScalars {
      if scalar.value >= 0x300, scalar.properties.canonicalCombiningClass.rawValue != 0 {
        if run == 30 {
          out.append("\u{034F}")
          run = 0
        }
        run += 1
      } else {
        run = 0
      }
      out.append(scalar)
    }
    return String(out)
  }

  /// `body` of the text, or of its pieces one by one when it is longer than
  /// `transformPiece` bytes (see `applyingTransformInPieces(_:)`): for a Foundation
  /// or ICU call that edits a text in place, character by character, and so costs the
  /// square of a long one (`String.folding` removing the marks of a value of a
  /// million combining accents: 6 s per MiB). Pieces end between characters, after a
  /// space where the piece has one.
  ///
  /// - Returns: the pieces' results joined; nil when `body` gives nil for one.
  /// - Complexity: O(n) calls' worth of `body` on pieces of at most about
  ///   `transformPiece` bytes.
  package func inPieces(_ body: (String) -> String?) -> String? {
    guard utf8.count > Self.transformPiece else { return body(self) }
    var result = ""
    var start = startIndex
    while start < endIndex {
      // The piece: whole characters up to `transformPiece` bytes (at least one, however
      // long: a letter with a thousand marks), ended after its last space when it has one.
      var end = start
      var bytes = 0
      var afterSpace: Index?
      while end < endIndex {
        let next = index(after: end)
        let length = utf8.distance(from: end, to: next)
        if bytes > 0 && bytes + length > Self.transformPiece { break }
        bytes += length
        if self[end] == " " { afterSpace = next }
        end = next
      }
      if end < endIndex, let afterSpace { end = afterSpace }
      guard let piece = body(String(self[start..<end])) else { return nil }
      result += piece
      start = end
    }
    return result
  }
}
