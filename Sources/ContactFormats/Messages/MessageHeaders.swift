import Foundation
import Localization

/// The header fields of an RFC 5322 message (§2.2, §3.6): read from the start of
/// the message up to the first empty line, unfolded (§2.2.3: a line break followed
/// by a space or tab is removed, the white space kept).
///
/// Field names are compared without regard to case. A value is read as UTF-8
/// (RFC 6532) when it is valid UTF-8, otherwise byte by byte as ISO-8859-1, so an
/// 8-bit header from an old mailer still gives text. An mbox `From ` line before the
/// headers, and any line that is not `name: value`, is skipped.
///
/// Limits (`fieldBytes`, `headerBytes`): a field of more than 1 MiB unfolded (RFC 5322
/// asks for lines of at most 998 characters; a `To:` of ten thousand recipients has
/// about 400 KB) is left out, and no field is read after the first 8 MiB of the header;
/// each is a warning with its line. A message's body is never read, so a message may
/// be of any size (`cpick unknown --from-message` keeps only its first `headerBytes`).
///
/// ```swift
/// let headers = MessageHeaders(message: Array(rawMessage.utf8))
/// headers.values(named: "From")               // ["Ada Lovelace <ada@example.org>"]
/// headers.unstructured(named: "Subject")      // RFC 2047 words decoded
/// ```
public struct MessageHeaders: Sendable, Hashable {
  /// One header field: its name as written and its unfolded value (leading white
  /// space after the colon removed).
  public struct Field: Sendable, Hashable {
    /// The field name as written, e.g. `From` (RFC 5322 §2.2), without the colon.
    public var name: String
    /// The unfolded field body (RFC 5322 §2.2.3), still encoded (RFC 2047 words not decoded).
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A field or a part of the header that was left out: the 1-based line where it
  /// begins and why, printed `line: why` (a reader prefixes the file name).
  public typealias Warning = LineWarning

  /// The most bytes of one field, unfolded: 1 MiB.
  public static let fieldBytes = 1 << 20
  /// The most bytes of the header block read: 8 MiB.
  public static let headerBytes = 8 << 20

  /// The fields in message order.
  public var fields: [Field]
  /// The fields over `fieldBytes`, and the header cut at `headerBytes`.
  public var warnings: [Warning] = []

  /// The header fields of `message` (a whole message, or its header block alone; a
  /// run of byte-order marks before it, as Windows tools save a message, skipped).
  public init(message: [UInt8]) {
    // Any run of them (a message saved again by such a tool has two).
    var marks = 0
    while message[marks...].starts(with: [0xEF, 0xBB, 0xBF]) { marks += 3 }
    if marks > 0 {
      (fields, warnings) = Self.parse(Array(message.dropFirst(marks)))
    } else {
      (fields, warnings) = Self.parse(message)
    }
  }

  /// The header fields of `message`.
  public init(message: String) {
    self.init(message: Array(message.utf8))
  }

  /// The values of every field named `name` (any case), in message order.
  public func values(named name: String) -> [String] {
    let wanted = name.lowercased()
    return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
  }

  /// The first field named `name` as unstructured text (`Subject`, `Comments`):
  /// RFC 2047 encoded words decoded, white space collapsed; `nil` when absent.
  public func unstructured(named name: String) -> String? {
    values(named: name).first.map { EncodedWord.decodeUnstructured($0) }
  }

  private static func parse(_ bytes: [UInt8]) -> ([Field], [Warning]) {
    // Split into physical lines (LF or CRLF), stopping at the first empty line.
    var warnings: [Warning] = []
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    let stop = min(bytes.endIndex, headerBytes)
    while index < stop {
      if bytes[index] == 0x0A {
        var end = index
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        let line = bytes[start..<end]
        if line.isEmpty { break }
        lines.append(line)
        start = index + 1
      }
      index += 1
    }
    if index >= stop && stop < bytes.endIndex {
      // No empty line within the limit: the header is cut at its last whole line.
      warnings.append(
        Warning(
          line: lines.count + 1,
          message: L10n.deferredFormat(
            "the header is longer than %d MiB; the fields from here on are not read", headerBytes >> 20)))
    } else if index >= bytes.endIndex && start < bytes.endIndex {
      var end = bytes.endIndex
      if bytes[end - 1] == 0x0D { end -= 1 }
      if end > start { lines.append(bytes[start..<end]) }
    }

    // Unfold: a line starting with SP or HTAB continues the previous field. A field
    // over `fieldBytes` is let go as soon as it is over (nil), its line kept.
    var raw: [(line: Int, bytes: [UInt8]?)] = []
    for (number, line) in zip(1..., lines) {
      if let first = line.first, first == 0x20 || first == 0x09 {
        guard !raw.isEmpty, raw[raw.count - 1].bytes != nil else { continue }
        if raw[raw.count - 1].bytes!.count + line.count > fieldBytes {
          raw[raw.count - 1].bytes = nil
        } else {
          raw[raw.count - 1].bytes!.append(contentsOf: line)
        }
        continue
      }
      raw.append((number, line.count > fieldBytes ? nil : Array(line)))
    }

    var fields: [Field] = []
    for (number, line) in raw {
      guard let line else {
        let name = lines[number - 1].prefix { $0 != 0x3A }.prefix(40)
        warnings.append(
          Warning(
            line: number,
            message: L10n.deferredFormat(
              "the field %s is longer than %d MiB; left out", String(decoding: name, as: UTF8.self), fieldBytes >> 20)))
        continue
      }
      guard let colon = line.firstIndex(of: 0x3A), colon > 0 else { continue }
      let nameBytes = line[..<colon]
      // A field name is printable US-ASCII except the colon (§3.6.8), no white space.
      guard nameBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { continue }
      let name = String(decoding: nameBytes, as: UTF8.self)
      var valueBytes = line[(colon + 1)...]
      while let first = valueBytes.first, first == 0x20 || first == 0x09 { valueBytes = valueBytes.dropFirst() }
      fields.append(Field(name: name, value: text(of: valueBytes)))
    }
    return (fields, warnings)
  }

  /// UTF-8 when valid, else ISO-8859-1 byte by byte.
  static func text(of bytes: ArraySlice<UInt8>) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
