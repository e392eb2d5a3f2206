import Testing

@testable import ContactKit

/// The index follows the language: kana rows in Japanese, initial consonants in
/// Korean, pinyin A–Z in Chinese and everywhere else.
@Suite("The section index in each language")
struct SectionIndexTests {
  static func person(_ family: String, _ given: String, phoneticFamily: String = "") -> Contact {
    var contact = Contact(identifier: family + given, source: "")
    contact.familyName = family
    contact.givenName = given
    contact.phoneticFamilyName = phoneticFamily
    return contact
  }

  static let book = [
    person("佐藤", "花子", phoneticFamily: "さとう"), person("田中", "一郎", phoneticFamily: "たなか"),
    person("伊藤", "健", phoneticFamily: "いとう"), person("김", "민준"), person("박", "서연"), person("꽃", "님"),
    person("Smith", "John"), person("王", "小明"), person("Adams", "Ann"),
  ]

  /// The contacts' sections, in sort order, keyed for `index`.
  static func sections(_ index: SectionIndex) -> [(String, String)] {
    var keys = ContactFormatter.SortKeys(order: .family, index: index)
    return book.map { (keys.key(for: $0), $0.familyName) }.sorted { $0.0 < $1.0 }.map {
      (ContactFormatter.section(forSortKey: $0.0), $0.1)
    }
  }

  @Test("Japanese: kana and kanji names first under their gojūon row, then A–Z")
  func japanese() {
    let sections = Self.sections(.kana)
    #expect(sections.prefix(3).map(\.0) == ["あ", "さ", "た"])
    #expect(sections.prefix(3).map(\.1) == ["伊藤", "佐藤", "田中"])
    #expect(sections.contains { $0 == ("A", "Adams") } && sections.contains { $0 == ("S", "Smith") })
    #expect(sections.last?.1 != "伊藤")
  }

  @Test("Korean: Hangul names first under their initial consonant (ㄲ under ㄱ), then A–Z")
  func korean() {
    let sections = Self.sections(.hangul)
    #expect(sections.prefix(3).map(\.0) == ["ㄱ", "ㄱ", "ㅂ"])
    #expect(Set(sections.prefix(2).map(\.1)) == ["김", "꽃"])
    #expect(sections[3].0 == "A")
  }

  @Test("Chinese and the others: A–Z only, Han under its pinyin (王 under W)")
  func latin() {
    let sections = Self.sections(.latin)
    #expect(sections.allSatisfy { $0.0.count == 1 && ("A"..."Z").contains($0.0) || $0.0 == "#" })
    #expect(sections.contains { $0 == ("W", "王") })
    #expect(sections.contains { $0 == ("S", "佐藤") })
  }

  @Test("every section of every index is stored in one byte and read back as itself")
  func sectionBytes() {
    let all = ["#"] + (65...90).map { String(UnicodeScalar(UInt8($0))) } + SectionIndex.kanaRows.map(String.init)
      + SectionIndex.consonants.map(String.init)
    #expect(all.count == 1 + 26 + 10 + 14)
    let bytes = all.map(SectionIndex.byte(ofSection:))
    #expect(Set(bytes).count == all.count, "one byte each")
    #expect(bytes.map(SectionIndex.section(ofByte:)) == all)
    #expect(SectionIndex.byte(ofSection: "か") == UInt8(ascii: "1"))
    #expect(SectionIndex.byte(ofSection: "ㅎ") == UInt8(ascii: "n"))
    #expect(SectionIndex.byte(ofSection: "é") == UInt8(ascii: "#"))
    #expect(SectionIndex.section(ofByte: 0xE3) == "#")
  }
}
