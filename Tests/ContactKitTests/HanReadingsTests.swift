import Foundation
import Testing

@testable import ContactKit

/// `HanReadings` holds what ICU reads, and sort keys made from it are ICU's.
@Suite struct HanReadingsTests {
  static let transform = ContactFormatter.latinTransform

  /// ICU's reading of `scalar` alone, as the table keeps it: nil when ICU leaves the
  /// character as it is, or when the reading does not fit an entry (longer than
  /// `width` bytes, or with the padding or a line break in it).
  static func icuReading(_ scalar: Unicode.Scalar) -> String? {
    let text = String(scalar)
    guard let latin = text.applyingTransform(transform, reverse: false), latin != text, !latin.isEmpty,
      latin.utf8.count <= HanReadings.width, !latin.utf8.contains(HanReadings.padding), !latin.contains("\n")
    else { return nil }
    return latin
  }

  /// The source of `HanReadingsTable.swift`, made from ICU.
  static func tableSource() -> String {
    var entries: [String] = []
    for block in HanReadings.blocks {
      for value in block {
        let reading = Unicode.Scalar(value).flatMap(icuReading) ?? ""
        entries.append(reading + String(repeating: ".", count: HanReadings.width - reading.utf8.count))
        precondition(entries.last!.utf8.count == HanReadings.width)
      }
    }
    var lines: [String] = []
    var start = 0
    while start < entries.count {
      lines.append("    " + entries[start..<min(start + HanReadings.perLine, entries.count)].joined())
      start += HanReadings.perLine
    }
    return """
      // Generated from ICU (`Any-Latin; Latin-ASCII; Lower`, one character at a time) by
      // HanReadingsTests: CPICK_WRITE_HAN_READINGS=1 swift test --filter HanReadingsTests
      // Do not edit.

      extension HanReadings {
        /// The readings of `blocks`, in order: `width` bytes a character, padded with
        /// `padding`, `perLine` characters a line.
        static let table: StaticString = \"\"\"
      \(lines.joined(separator: "\n"))
          \"\"\"
      }

      """
  }

  @Test("every entry is ICU's reading of its character alone (CPICK_WRITE_HAN_READINGS=1 writes the table)")
  func table() throws {
    if ProcessInfo.processInfo.environment["CPICK_WRITE_HAN_READINGS"] != nil {
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ContactKit/HanReadingsTable.swift").standardized
      try Self.tableSource().write(to: path, atomically: true, encoding: .utf8)
    }
    var read = 0
    var mismatches: [String] = []
    for block in HanReadings.blocks {
      for value in block {
        let scalar = try #require(Unicode.Scalar(value))
        let expected = Self.icuReading(scalar)
        if HanReadings.reading(scalar) != expected || HanReadings.hasReading(scalar) != (expected != nil) {
          mismatches.append("U+\(String(value, radix: 16, uppercase: true)) \(expected ?? "-")")
        }
        if expected != nil { read += 1 }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differ: \(mismatches.prefix(10))")
    // ICU reads all but about a thousand of the 28,545 (unassigned code points, symbols).
    #expect(read > 27_400)
    #expect(HanReadings.reading("王") == "wang" && HanReadings.reading("𠀀") == nil && HanReadings.reading("a") == nil)
    #expect(HanReadings.reading("々") == "⓶" && HanReadings.reading("〇") == "ling" && HanReadings.reading("⼭") == "shan")
  }

  /// The sort-key part ICU gave `name` before the table (`latinKey`): its reading,
  /// syllables run together when it has CJK.
  static func icuKey(_ name: String) -> String {
    let latin = name.applyingTransform(transform, reverse: false)!
    return name.unicodeScalars.contains(where: ContactFormatter.isCJKScalar) ? latin.split(separator: " ").joined() : latin
  }

  @Test("a sort key of Han read from the table is ICU's whole-text key", arguments: [
    "王小明", "欧阳娜娜", "佐々木", "阿部さくら", "田中さくら子", "株式会社北斗物流（株）", "東雲デザイン（株）",
    "王Smith", "Smith王", "王-李", "王 小明", "張偉", "李 Ana", "金민준", "Łukasz王", "曾",
    // ICU's four context readings (重庆 chóng, 藏文 zàng, 沈阳 shěn, 秘鲁 bì).
    "重庆", "重 庆", "重庆银行", "藏文出版社", "藏语", "沈阳", "秘鲁大使馆", "王重", "⼭⽥", "〇山",
  ])
  func tableKeys(_ name: String) {
    let icu = Self.icuKey(name)
    #expect(ContactFormatter.latinKey(name, joiningSyllables: true) == icu)
    #expect(HanReadings.joinedLatin(name, transform: { $0.applyingTransform(Self.transform, reverse: false) }) == icu)
  }

  @Test("Han beside what ICU reads otherwise next to Han keys by ICU, whole", arguments: [
    "山「田", "佐藤「鈴木」", "株式会社「東京」", "山ーア", "田中ルーシー", "山・田", "山〜田", "『山田』", "A〸",
    "䥝ﾞ", "山　田", "王𠀀",
  ])
  func icuKeys(_ name: String) {
    #expect(HanReadings.joinedLatin(name, transform: { $0.applyingTransform(Self.transform, reverse: false) }) == nil)
    #expect(ContactFormatter.latinKey(name, joiningSyllables: true) == Self.icuKey(name))
  }

  @Test("text ICU must read whole is not read from the table")
  func leftToICU() {
    let icu: (String) -> String? = { $0.applyingTransform(Self.transform, reverse: false) }
    #expect(HanReadings.joinedLatin("Жанна", transform: icu) == nil)  // no Han
    #expect(HanReadings.joinedLatin("王𠀀", transform: icu) == nil)  // Extension B
    #expect(HanReadings.joinedLatin("王\u{4DC0}", transform: icu) == nil)  // a symbol in the block
    #expect(HanReadings.joinedLatin("山「田", transform: icu) == nil)  // Han-Spacedhan reads 「 as '
    #expect(HanReadings.joinedLatin("山ーア", transform: icu) == nil)  // a modifier letter
    #expect(HanReadings.joinedLatin("〸", transform: icu) == nil)  // no CJK: not run together
    // Extension B keys as ICU reads it.
    #expect(ContactFormatter.latinKey("王𠀀", joiningSyllables: true) == icu("王𠀀")!.split(separator: " ").joined())
  }

  @Test("the names of the sample books key as ICU keys them whole")
  func generatedNames() throws {
    // Every distinct Han name part of the books shipped with the repository.
    var text = ""
    for book in ["sample-addressbook.vcf", "multiscript-names.vcf"] {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/\(book)").standardized
      text += try String(contentsOf: url, encoding: .utf8)
    }
    var parts = Set<String>()
    for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("N:") || line.hasPrefix("FN:") || line.hasPrefix("ORG:") {
      for part in line.drop(while: { $0 != ":" }).dropFirst().split(whereSeparator: { $0 == ";" || $0 == " " })
      where part.unicodeScalars.contains(where: { HanReadings.hasReading($0) }) {
        parts.insert(String(part))
      }
    }
    #expect(parts.count >= 5)
    for part in parts {
      let icu = part.applyingTransform(Self.transform, reverse: false)!.split(separator: " ").joined()
      #expect(ContactFormatter.latinKey(part, joiningSyllables: true) == icu, "\(part)")
    }
  }
}
