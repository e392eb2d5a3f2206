import CpickSupport
import Foundation

/// The lossless syntax layer of an abook book (`AbookReader` gives it meaning): the
/// file's lines, each with its exact bytes and line end, and its sections.
///
/// A section runs from its `[name]` header through its last `field=value` line (the
/// comments and other lines between them included) and the blank lines after it; a
/// comment after those belongs to no section (it is kept when the section goes).
/// Its bytes are what a contact's `SourceRecord` holds, so that an edit finds the
/// section again and changes only its own lines (`AbookFileEditor` in ContactStores).
package struct AbookDocument: Sendable {
  /// One line: its content (without the line end and a CR before it) and its whole
  /// extent (with the line end, when the file has one).
  package struct Line: Sendable, Hashable {
    /// The bytes of the content, line end and CR left out.
    package var content: Range<Int>
    /// The bytes of the whole line, line end included.
    package var whole: Range<Int>
  }

  /// A `[name]` section.
  package struct Section: Sendable, Hashable {
    /// The name inside the brackets, trimmed and lower case (`format`, `0`, `12`).
    package var name: String
    /// The indices in `lines` of the header and the lines it spans.
    package var lines: Range<Int>
  }

  /// The file's bytes.
  package let bytes: [UInt8]
  /// The file's lines, in order (line number = index + 1).
  package let lines: [Line]
  /// The sections, in file order.
  package let sections: [Section]
  /// How a line's bytes become its text (`text(_:)`).
  package let decoding: TextDecoding

  /// The document of `bytes` (a byte-order mark already taken off), its lines' text
  /// read by `decoding` (UTF-8 by default).
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  package init(_ bytes: [UInt8], decoding: @escaping TextDecoding = TextDecodings.utf8) {
    self.bytes = bytes
    self.decoding = decoding
    var lines: [Line] = []
    var start = 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: 0x0A)
      let end = newline.map { $0 + 1 } ?? bytes.count
      var contentEnd = newline ?? bytes.count
      if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      lines.append(Line(content: start..<contentEnd, whole: start..<end))
      start = end
    }
    self.lines = lines
    var sections: [Section] = []
    var open: (name: String, header: Int, last: Int)?
    func close(before next: Int) {
      guard let current = open else { return }
      var end = current.last + 1
      while end < next, Self.isBlank(Self.text(bytes, lines[end])) { end += 1 }
      sections.append(Section(name: current.name, lines: current.header..<end))
    }
    for (index, line) in lines.enumerated() {
      let text = Self.text(bytes, line)
      if let name = Self.sectionName(text) {
        close(before: index)
        open = (name, index, index)
      } else if !Self.isBlank(text) && !text.hasPrefix("#") {
        open?.last = index
      }
    }
    close(before: lines.count)
    self.sections = sections
  }

  /// The text of `line` (read by `decoding`), trimmed of white space.
  package func text(_ line: Line) -> String { decoding(bytes[line.content]).trimmingSpaces }

  /// The bytes of `section`, header through its last line end.
  package func range(of section: Section) -> Range<Int> {
    guard let first = lines[safe: section.lines.lowerBound], let last = lines[safe: section.lines.upperBound - 1] else {
      return bytes.count..<bytes.count
    }
    return first.whole.lowerBound..<last.whole.upperBound
  }

  /// The key (trimmed, lower case) and value (trimmed) of a `field=value` line, or
  /// nil for a header, a comment, a blank line or a line without `=`.
  package static func field(_ text: String) -> (key: String, value: String)? {
    guard !text.hasPrefix("#"), !text.hasPrefix("["), let equals = text.firstIndex(of: "=") else { return nil }
    return (
      text[..<equals].trimmingSpaces.lowercased(),
      text[text.index(after: equals)...].trimmingSpaces
    )
  }

  /// The name inside `[…]`, trimmed and lower case, when `line` (trimmed) is a
  /// section header: a line that begins with `[`, as abook's own reader tells one —
  /// a header whose `]` was lost (`[2`), or a number's `[` (`2]`), or both brackets
  /// (a number alone, `{2}`, `(2)`: no line of abook's is one), still begins its
  /// section (`isDamagedHeader`), not one more line of the section before it.
  package static func sectionName(_ line: String) -> String? {
    func isNumber(_ text: Substring) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
    // A number and `]` alone is a numbered header that lost its `[` (`2]`); a number
    // alone, or in other brackets (`2`, `{2}`, `(2)`), one that lost both.
    if !line.hasPrefix("["), line.hasSuffix("]"), isNumber(line.dropLast()) { return String(line.dropLast()) }
    if isNumber(line[...]) { return line }
    if line.count > 2, let first = line.first, let last = line.last, ["{}", "()"].contains(String([first, last])),
      isNumber(line.dropFirst().dropLast())
    {
      return String(line.dropFirst().dropLast())
    }
    guard line.hasPrefix("[") else { return nil }
    let name = (line.hasSuffix("]") ? line.dropFirst().dropLast() : line.dropFirst()).trimmingSpaces.lowercased()
    return name.isEmpty ? nil : name
  }

  /// Whether `line` (trimmed) is a section header that lost a bracket (`[2`, `2]`) or
  /// both (`2`, `{2}`).
  package static func isDamagedHeader(_ line: String) -> Bool {
    !(line.hasPrefix("[") && line.hasSuffix("]")) && sectionName(line) != nil
  }

  private static func text(_ bytes: [UInt8], _ line: Line) -> String {
    String(decoding: bytes[line.content], as: UTF8.self).trimmingSpaces
  }

  private static func isBlank(_ text: String) -> Bool { text.isEmpty }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
