import CpickTestSupport
import Foundation
import Testing
@testable import TerminalKit

@Suite("Frame layout by cell width")
struct FrameTests {
  /// Names from case 23 (invented data), including the five emoji rows.
  static let names = [
    "Ilse Marwood", "Jory Pennick", "Juno \u{2764}\u{FE0F} Farrow", "Kit \u{263A}\u{FE0F} Mallory",
    "Nell 👩‍💻 Orr", "Pip 🇳🇿 Quade", "Ruth \u{2B50} Sayer", "王小明", "Zoe\u{308} Lin",
  ]

  /// The FN values of case 23's `names.vcf` (`Tests/Fixtures/cases`).
  static func caseNames() throws -> [String] {
    let data = try SharedFiles.caseData("23-emoji-vs16-width", "names.vcf")
    return String(decoding: data, as: UTF8.self)
      .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .filter { $0.hasPrefix("FN:") }
      .map { String($0.dropFirst(3)) }
  }

  /// Screen column where `needle` starts in `row`, counting continuation cells.
  static func column(of needle: String, in frame: Frame, row: Int) -> Int? {
    for col in 0..<frame.columns where frame[row, col].text == String(needle.first!) {
      var text = ""
      for c in col..<frame.columns { text += frame[row, c].text }
      if text.hasPrefix(needle) { return col }
    }
    return nil
  }

  static func checkAlignment(_ names: [String]) {
    var frame = Frame(rows: names.count, columns: 40)
    for (row, name) in names.enumerated() {
      let used = frame.put(name, row: row, column: 0, maxWidth: 10)
      #expect(used <= 10, "\(name) took \(used) columns")
      frame.put("c\(row)@widthcheck.example", row: row, column: 10)
    }
    for (row, name) in names.enumerated() {
      #expect(column(of: "c\(row)@", in: frame, row: row) == 10, "email misaligned after \(name)")
      // The cells before the email add up to exactly 10 columns.
      var width = 0
      for col in 0..<10 { width += TerminalText.width(frame[row, col].text) }
      #expect(width == 10, "row \(row) (\(name)) is \(width) columns")
    }
  }

  @Test("Emails start at column 10 in every row, whatever the name's width")
  func alignment() {
    Self.checkAlignment(Self.names)
  }

  @Test("Emails line up for every name of case 23's names.vcf")
  func alignmentCaseFile() throws {
    let names = try Self.caseNames()
    #expect(names.count == 37)
    Self.checkAlignment(names)
  }

  @Test("Wide names are truncated on a cluster boundary with an ellipsis")
  func truncation() {
    var frame = Frame(rows: 1, columns: 20)
    #expect(frame.put("王小明王小明", row: 0, column: 0, maxWidth: 5) == 5)
    #expect(frame.text == "王小…")
    #expect(frame[0, 1].text == "")
    frame = Frame(rows: 1, columns: 20)
    #expect(frame.put("王小明王小明", row: 0, column: 0, maxWidth: 4) == 3)
    #expect(frame.text == "王…")
  }

  @Test("Truncation never leaves a lone ZWJ, VS16 or half a flag")
  func noBrokenClusters() {
    let texts = ["Nell 👩‍💻 Orr", "Juno \u{2764}\u{FE0F} Farrow", "Pip 🇳🇿🇳🇿 Quade", "👩‍💻👩‍💻👩‍💻"]
    for text in texts {
      for limit in 1...12 {
        let parts = TerminalText.layout(text, maxWidth: limit)
        #expect(parts.reduce(0) { $0 + $1.1 } <= limit)
        for (cluster, width) in parts {
          let scalars = Array(cluster.unicodeScalars)
          #expect(scalars.first != "\u{200D}" && scalars.first != "\u{FE0F}", "\(text) at \(limit)")
          #expect(scalars.last != "\u{200D}", "\(text) at \(limit)")
          #expect(width == TerminalText.width(Character(cluster)))
          let indicators = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
          #expect(indicators.count != 1, "half a flag in \(text) at \(limit)")
        }
        if TerminalText.width(text) > limit { #expect(parts.last?.0 == "…") }
      }
    }
    #expect(TerminalText.layout("Nell 👩‍💻 Orr", maxWidth: 7).map(\.0) == ["N", "e", "l", "l", " ", "…"])
    #expect(TerminalText.layout("Nell 👩‍💻 Orr", maxWidth: 8).map(\.0) == ["N", "e", "l", "l", " ", "👩‍💻", "…"])
  }

  @Test("fit pads and truncates to an exact width")
  func fit() {
    #expect(TerminalText.fit("王小明", width: 10) == "王小明    ")
    #expect(TerminalText.width(TerminalText.fit("Juno ❤️ Farrow", width: 10)) == 10)
    #expect(TerminalText.fit("Juno ❤️ Farrow", width: 10) == "Juno ❤️ F…")
    #expect(TerminalText.fit("ab", width: 0) == "")
  }

  @Test("Writing over half of a wide character blanks the other half")
  func overwriteWide() {
    var frame = Frame(rows: 1, columns: 6)
    frame.put("王王王", row: 0, column: 0)
    frame.put("x", row: 0, column: 1)  // right half of the first 王
    #expect(frame[0, 0].text == " ")
    #expect(frame[0, 2].text == "王")
    frame.put("y", row: 0, column: 2)  // left half of the second 王
    #expect(frame[0, 3].text == " ")
    #expect(frame.text == " xy 王")
  }
}
