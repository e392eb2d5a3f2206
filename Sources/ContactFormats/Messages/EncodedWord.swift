import CpickSupport
import Foundation

/// RFC 2047 encoded words: `=?charset?encoding?text?=`, encoding `B` (base64) or `Q`
/// (quoted-printable with `_` for a space), charset any IANA name, optionally with
/// an RFC 2231 language (`=?UTF-8*en?Q?…?=`).
///
/// Charsets: UTF-8, US-ASCII and ISO-8859-1 are decoded here; every other charset
/// through iconv (glibc's gconv: windows-125x, ISO-8859-x, KOI8-R, Shift_JIS,
/// ISO-2022-JP, EUC-KR, GB2312/GBK/GB18030, Big5, …), then Foundation's
/// `String.Encoding(ianaName:)`. A word whose charset no decoder knows, or whose
/// text is malformed, is kept as written (RFC 2047 §6.3).
///
/// Adjacent encoded words separated only by white space are joined without that
/// space (§6.2), and their bytes are decoded together when they share a charset, so
/// a character split across two words (as mailers do at 75 octets) comes out whole.
public enum EncodedWord {
  /// One encoded word, not yet decoded: its charset (lower case, language removed)
  /// and its bytes after the `B` or `Q` decoding.
  struct Raw {
    var charset: String
    var bytes: [UInt8]
    /// The words as written, kept for a charset no decoder knows.
    var written: [String]
  }

  /// Parses `word` as one whole encoded word; `nil` when it is not one.
  static func parse(_ word: Substring) -> Raw? {
    guard word.hasPrefix("=?"), word.hasSuffix("?="), word.count >= 8 else { return nil }
    let inner = word.dropFirst(2).dropLast(2)
    let parts = inner.split(separator: "?", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[1].count == 1 else { return nil }
    var charset = parts[0].lowercased()
    if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) }
    let text = parts[2]
    guard !text.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
    let bytes: [UInt8]?
    switch parts[1] {
    case "B", "b": bytes = base64(text)
    case "Q", "q": bytes = quoted(text)
    default: return nil
    }
    guard let bytes else { return nil }
    return Raw(charset: charset, bytes: bytes, written: [String(word)])
  }

  /// Decodes the encoded words of unstructured text (`Subject`, a comment, a
  /// lenient quoted display name): each white-space-separated word that is an
  /// encoded word is decoded; white space between two encoded words is dropped;
  /// other white space runs become one space; the result is trimmed.
  public static func decodeUnstructured(_ text: String) -> String {
    var words: [(text: Substring, space: Bool)] = []
    var current = text.startIndex
    var sawSpace = false
    while current < text.endIndex {
      if text[current].isWhitespace {
        sawSpace = true
        current = text.index(after: current)
        continue
      }
      var end = current
      while end < text.endIndex && !text[end].isWhitespace { end = text.index(after: end) }
      words.append((text[current..<end], sawSpace))
      sawSpace = false
      current = end
    }
    var pieces: [Piece] = []
    for word in words {
      if let raw = parse(word.text) {
        pieces.append(.encoded(raw, spaceBefore: word.space))
      } else {
        pieces.append(.plain(String(word.text), spaceBefore: word.space))
      }
    }
    return join(pieces).trimmingSpaces
  }

  /// A word of a phrase or of unstructured text, before joining.
  enum Piece {
    case plain(String, spaceBefore: Bool)
    case encoded(Raw, spaceBefore: Bool)
  }

  /// Joins pieces: a single space where white space was (none at the start), none
  /// between two encoded words; the bytes of adjacent encoded words in the same
  /// charset are decoded together. Linear in the pieces: the words of a run are
  /// appended in place (60,000 adjacent words of one charset in a `From:` line).
  static func join(_ pieces: [Piece]) -> String {
    var out = ""
    // The run of adjacent encoded words in one charset not yet decoded.
    var run = Raw(charset: "", bytes: [], written: [])
    var inRun = false
    var previousEncoded = false
    for piece in pieces {
      switch piece {
      case .plain(let text, let space):
        flush(&run, &inRun, into: &out)
        if space && !out.isEmpty { out += " " }
        out += text
        previousEncoded = false
      case .encoded(let raw, let space):
        if previousEncoded && inRun && run.charset == raw.charset {
          run.bytes += raw.bytes
          run.written += raw.written
        } else {
          flush(&run, &inRun, into: &out)
          if !previousEncoded && space && !out.isEmpty { out += " " }
          run = raw
          inRun = true
        }
        previousEncoded = true
      }
    }
    flush(&run, &inRun, into: &out)
    return out
  }

  /// Appends the decoded run, if any, to `out`, and ends it.
  private static func flush(_ run: inout Raw, _ inRun: inout Bool, into out: inout String) {
    guard inRun else { return }
    out += decode(run)
    run = Raw(charset: "", bytes: [], written: [])
    inRun = false
  }

  /// The text of `raw`; when no decoder knows the charset or the bytes are invalid
  /// in it, the words as written.
  static func decode(_ raw: Raw) -> String {
    decode(raw.bytes, charset: raw.charset) ?? raw.written.joined(separator: " ")
  }

  /// `bytes` in the charset named `charset` (an IANA name, any case); `nil` when the
  /// charset is unknown or the bytes are not valid in it.
  public static func decode(_ bytes: [UInt8], charset: String) -> String? {
    let name = charset.lowercased()
    switch name {
    case "utf-8", "utf8":
      return String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    case "us-ascii", "ascii":
      // Mislabelled 8-bit text is common; read bytes above 0x7F as Latin-1.
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "l1":
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    default:
      if let text = iconvDecode(bytes, charset: name) { return text }
      if let encoding = String.Encoding(ianaName: name), let text = String(data: Data(bytes), encoding: encoding) {
        return text
      }
      return nil
    }
  }

  /// `bytes` converted to UTF-8 by iconv; `nil` when iconv does not know `charset`
  /// or the bytes are invalid in it.
  static func iconvDecode(_ bytes: [UInt8], charset: String) -> String? {
    CharsetConverter.utf8(bytes, charset: charset).flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// Base64 with or without padding; `nil` when malformed.
  static func base64(_ text: Substring) -> [UInt8]? {
    Base64Text.decode(text)
  }

  /// RFC 2047 §4.2 `Q`: `_` is a space, `=XX` a byte; `nil` when an `=` is not
  /// followed by two hex digits.
  static func quoted(_ text: Substring) -> [UInt8]? {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "_") {
        out.append(0x20)
      } else if byte == UInt8(ascii: "=") {
        guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else {
          return nil
        }
        out.append(high << 4 | low)
        index += 2
      } else {
        out.append(byte)
      }
      index += 1
    }
    return out
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}
