import Foundation

/// The header fields of an RFC 5322 message (§2.2, §3.6): read from the start of
/// the message up to the first empty line, unfolded (§2.2.3: a line break followed
/// by a space or tab is removed, the white space kept).
///
/// Field names are compared without regard to case. A value is read as UTF-8
/// (RFC 6532) when it is valid UTF-8, otherwise byte by byte as ISO-8859-1, so an
/// 8-bit header from an old mailer still gives text. An mbox `From ` line before the
/// headers, and any line that is not `name: value`, is skipped.
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

  /// The fields in message order.
  public var fields: [Field]

  /// The header fields of `message` (a whole message, or its header block alone).
  public init(message: [UInt8]) {
    fields = Self.parse(message)
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

  private static func parse(_ bytes: [UInt8]) -> [Field] {
    // Split into physical lines (LF or CRLF), stopping at the first empty line.
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
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
    if index >= bytes.endIndex && start < bytes.endIndex {
      var end = bytes.endIndex
      if bytes[end - 1] == 0x0D { end -= 1 }
      if end > start { lines.append(bytes[start..<end]) }
    }

    // Unfold: a line starting with SP or HTAB continues the previous field.
    var raw: [[UInt8]] = []
    for line in lines {
      if let first = line.first, first == 0x20 || first == 0x09 {
        if !raw.isEmpty { raw[raw.count - 1].append(contentsOf: line) }
        continue
      }
      raw.append(Array(line))
    }

    var fields: [Field] = []
    for line in raw {
      guard let colon = line.firstIndex(of: 0x3A), colon > 0 else { continue }
      let nameBytes = line[..<colon]
      // A field name is printable US-ASCII except the colon (§3.6.8), no white space.
      guard nameBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { continue }
      let name = String(decoding: nameBytes, as: UTF8.self)
      var valueBytes = line[(colon + 1)...]
      while let first = valueBytes.first, first == 0x20 || first == 0x09 { valueBytes = valueBytes.dropFirst() }
      fields.append(Field(name: name, value: text(of: valueBytes)))
    }
    return fields
  }

  /// UTF-8 when valid, else ISO-8859-1 byte by byte.
  static func text(of bytes: ArraySlice<UInt8>) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
