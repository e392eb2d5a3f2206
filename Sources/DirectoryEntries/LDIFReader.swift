import ContactFormats
import Foundation
import Localization

/// Reads an LDIF file (RFC 2849), as `slapcat`, `ldapsearch -LLL` and directory
/// exports write it, into directory entries; `LDAPCardMapping` makes cards of them,
/// as it does of the entries an LDAP search returns.
///
/// - Records are separated by blank lines (a `dn:` line right after an entry's lines
///   begins another, with a warning); a line that begins with one space continues
///   the line before it (the space is dropped); a line that begins with `#` is a comment
///   (with its continuations); `version: 1` may open the file; LF, CR LF or CR CR LF
///   line ends (CR alone: `ReadOnlyFormat` reads those as LF).
/// - `attr: value` is text (the blanks after the colon dropped), `attr:: value` base64
///   (binary values such as `jpegPhoto` stay bytes), `attr:< url` a value to fetch
///   from a URL: not fetched, a warning. Options (`cn;lang-de`) are dropped from the
///   attribute's name; its values are kept with the others.
/// - A change record (`changetype: modify`, `delete`, `modrdn`, `moddn`) is skipped
///   with a warning; `changetype: add` holds a whole entry and is read as one.
///
/// Values are held to `ReadingLimits` (a `jpegPhoto` to the data limit, others to the
/// text limit, an entry to the card limit); what is over is left out with a warning.
/// Each problem is a warning `file:line: why`; the rest is read.
public enum LDIFReader {
  /// Whether `bytes` are LDIF: the first line that is neither blank nor a comment is
  /// `version:` and a number (`version: 1`), `dn:` or `dn::`.
  ///
  /// - Complexity: O(n) in the length of the leading comment lines, at most 4 KiB.
  public static func isLDIF(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    for line in head.split(whereSeparator: \.isNewline) {
      if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") || line.hasPrefix(" ") { continue }
      let lower = line.lowercased()
      guard lower.hasPrefix("version:") else { return lower.hasPrefix("dn:") }
      // `version: 1`, a number: not a vCard's `VERSION:3.0` after a lost BEGIN line.
      let number = lower.dropFirst("version:".count).trimmingCharacters(in: .whitespaces)
      return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
    return false
  }

  /// The entries of LDIF `bytes` in file order, each with the line its record begins
  /// on, and a `source:line: why` warning for each line or record not read; the
  /// bytes' first line is line `linesBefore + 1` of the file (a part of it, `parts`).
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  public static func read(
    _ bytes: [UInt8], source: String, limits: ReadingLimits = .standard, linesBefore: Int = 0
  ) -> (entries: [(line: Int, entry: LDAPEntry)], warnings: [String]) {
    var entries: [(line: Int, entry: LDAPEntry)] = []
    var warnings: [String] = []
    for record in records(bytes, linesBefore: linesBefore) {
      if record.followsWithoutBlankLine {
        warnings.append(
          "\(source):\(record.lines[0].number): "
            + L10n.deferred("an entry begins here with no blank line before it; read as an entry of its own"))
      }
      guard record.size <= limits.cardBytes else {
        warnings.append("\(source):\(record.lines[0].number): \(limits.cardProblem())")
        continue
      }
      var dn: String?
      var attributes: [String: [[UInt8]]] = [:]
      var skipped = false
      for (index, line) in record.lines.enumerated() {
        let problem = { (why: String) in warnings.append("\(source):\(line.number): \(why)") }
        guard let colon = line.text.firstIndex(of: UInt8(ascii: ":")) else {
          problem(L10n.deferred("not an attribute: value line; ignored"))
          continue
        }
        let name = String(decoding: line.text[..<colon], as: UTF8.self)
        let attribute = (name.split(separator: ";").first.map(String.init) ?? name).lowercased()
        guard let value = value(of: line.text[(colon + 1)...]) else {
          problem(L10n.deferredFormat("%s: a value to fetch from a URL (:<) is not fetched; left out", name))
          continue
        }
        guard let bytes = value else {
          problem(L10n.deferredFormat("%s: not valid base64; left out", name))
          continue
        }
        if index == 0 {
          guard attribute == "version" || attribute == "dn" else {
            problem(L10n.deferred("a record that does not begin with dn:; skipped"))
            skipped = true
            break
          }
          if attribute == "version" {
            let version = String(decoding: bytes, as: UTF8.self)
            if version != "1" { problem(L10n.deferredFormat("LDIF version %s, read as version 1", version)) }
            continue
          }
          dn = String(decoding: bytes, as: UTF8.self)
          continue
        }
        if dn == nil, attribute == "dn" {  // after `version: 1` in the same record
          dn = String(decoding: bytes, as: UTF8.self)
          continue
        }
        if attribute == "changetype" {
          let kind = String(decoding: bytes, as: UTF8.self).lowercased()
          if kind == "add" { continue }
          problem(L10n.deferredFormat("a change record (changetype: %s), not an entry; skipped", kind))
          skipped = true
          break
        }
        if attribute == "control" { continue }
        let upper = attribute.uppercased()
        if let why = limits.valueProblem(
          name: upper == "JPEGPHOTO" ? "PHOTO" : upper, mayBeData: false, bytes: bytes.count)
        {
          problem(why)
          continue
        }
        attributes[attribute, default: []].append(bytes)
      }
      if let dn, !skipped { entries.append((record.lines[0].number, LDAPEntry(dn: dn, attributes: attributes))) }
    }
    return (entries, warnings)
  }

  /// A value after the attribute's colon: `.some(bytes)` for text and valid base64,
  /// `.some(nil)` for base64 that is not valid, nil for a URL (`:<`).
  static func value(of rest: ArraySlice<UInt8>) -> [UInt8]?? {
    var rest = rest
    let kind = rest.first
    if kind == UInt8(ascii: ":") || kind == UInt8(ascii: "<") { rest = rest.dropFirst() }
    let text = rest.drop { $0 == 0x20 }
    if kind == UInt8(ascii: "<") { return nil }
    if kind == UInt8(ascii: ":") {
      let clean = text.filter { $0 != 0x20 && $0 != 0x09 }
      guard let data = Data(base64Encoded: Data(clean)) else { return .some(nil) }
      return .some([UInt8](data))
    }
    return .some(Array(text))
  }

  /// One record: its logical lines (continuations joined, comments dropped), each with
  /// the number of its first physical line, and its size in bytes.
  struct Record {
    var lines: [(number: Int, text: [UInt8])] = []
    var size = 0
    /// Whether the record begins with a `dn:` line that came right after another
    /// record's lines, no blank line between (a hand-joined or concatenated file).
    var followsWithoutBlankLine = false
    /// Whether a line of the record is its `dn:`.
    var hasDN = false
  }

  /// The records of `bytes`: runs of lines between blank lines, the first line
  /// numbered `linesBefore + 1`. A `dn:` line in a record that has one already begins
  /// the next record (`Record.followsWithoutBlankLine`): RFC 2849 puts a blank line
  /// between them, and without this the second entry's values were the first's.
  static func records(_ bytes: [UInt8], linesBefore: Int = 0) -> [Record] {
    var records: [Record] = []
    var current = Record()
    var inComment = false
    var number = linesBefore
    var start = bytes.startIndex
    while start < bytes.endIndex {
      number += 1
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
      var line = bytes[start..<end]
      // CR LF, or CR CR LF (a CR LF file saved again through a text mode that adds one).
      while line.last == 0x0D { line = line.dropLast() }
      start = end + 1
      if line.first == 0x20 {  // a continuation
        if !inComment, !current.lines.isEmpty {
          current.lines[current.lines.count - 1].text += line.dropFirst()
          current.size += line.count
        }
        continue
      }
      inComment = line.first == UInt8(ascii: "#")
      if inComment { continue }
      if line.isEmpty {
        if !current.lines.isEmpty { records.append(current) }
        current = Record()
        continue
      }
      if isDNLine(line) {
        if current.hasDN {
          records.append(current)
          current = Record()
          current.followsWithoutBlankLine = true
        }
        current.hasDN = true
      }
      current.lines.append((number, Array(line)))
      current.size += line.count
    }
    if !current.lines.isEmpty { records.append(current) }
    return records
  }

  /// Whether `line` is a `dn:` (or `dn::`) line, the name in any case.
  static func isDNLine(_ line: ArraySlice<UInt8>) -> Bool {
    line.count >= 3 && line[line.startIndex] | 0x20 == UInt8(ascii: "d") && line[line.startIndex + 1] | 0x20 == UInt8(ascii: "n")
      && line[line.startIndex + 2] == UInt8(ascii: ":")
  }

  /// `bytes` cut into parts of whole records, each about `size` bytes (cut at the start
  /// of the line after a blank line), with the number of lines before each.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  public static func parts(_ bytes: [UInt8], size: Int) -> [(range: Range<Int>, linesBefore: Int)] {
    RecordParts.cut(bytes) { start in
      guard size < bytes.count - start else { return bytes.count }
      // The first blank line that starts `size` bytes or more after `start`.
      var lineStart = (bytes[(start + size - 1)...].firstIndex(of: 0x0A) ?? bytes.count) + 1
      while lineStart < bytes.count {
        let newline = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
        if bytes[lineStart..<newline].allSatisfy({ $0 == 0x0D }) {
          return min(newline + 1, bytes.count)
        }
        lineStart = newline + 1
      }
      return bytes.count
    }
  }

  /// Whether `bytes` may name the attribute `name` (lower case ASCII): `name`, in any
  /// case, followed by `:` or `;`, anywhere — also across the folds of RFC 2849 (a line
  /// end and a space), which may cut an attribute's name. Never false when an entry
  /// has the attribute; may be true when none has. (A mismatch starts the word again
  /// at that byte: right for a word none of whose beginnings ends it again, as
  /// `manager`.)
  public static func mayHoldAttribute(_ name: String, _ bytes: [UInt8]) -> Bool {
    let word = Array(name.utf8)
    var matched = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      // A fold: the line end and the space after it are not there.
      if byte == 0x0A, index + 1 < bytes.count, bytes[index + 1] == 0x20 {
        index += 2
        continue
      }
      if byte == 0x0D, index + 2 < bytes.count, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x20 {
        index += 3
        continue
      }
      if matched == word.count {
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") { return true }
        matched = 0
      }
      if byte | 0x20 == word[matched] {
        matched += 1
      } else {
        matched = byte | 0x20 == word[0] ? 1 : 0
      }
      index += 1
    }
    return false
  }
}
