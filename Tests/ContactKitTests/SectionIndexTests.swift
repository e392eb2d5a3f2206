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

  @Test("Japanese: ヴ in the あ row, ん in the わ row; kanji without a reading under # (not a Chinese reading's row)")
  func japaneseRows() {
    var keys = ContactFormatter.SortKeys(order: .family, index: .kana)
    func section(_ family: String, phonetic: String = "") -> String {
      ContactFormatter.section(forSortKey: keys.key(for: Self.person(family, "", phoneticFamily: phonetic)))
    }
    #expect(section("ヴィクトリア") == "あ")
    #expect(section("ウォルフ") == "あ")
    #expect(section("ンジャイ") == "わ")
    #expect(section("ニシ") == "な")
    #expect(section("ニャン") == "な")
    #expect(section("中村") == "#")
    #expect(section("渡辺") == "#")
    #expect(section("中村", phonetic: "なかむら") == "な")
    // Under #, after the Latin names.
    let sorted = [Self.person("中村", ""), Self.person("Adams", "")].map { keys.key(for: $0) }.sorted()
    #expect(sorted.first == keys.key(for: Self.person("Adams", "")))
  }

  @Test("a letter typed to jump goes to the section a name beginning with it is under")
  func typedLetters() {
    #expect(SectionIndex.kana.section(ofTyped: "き") == "か")
    #expect(SectionIndex.kana.section(ofTyped: "し") == "さ")
    #expect(SectionIndex.kana.section(ofTyped: "ぬ") == "な")
    #expect(SectionIndex.kana.section(ofTyped: "ん") == "わ")
    #expect(SectionIndex.kana.section(ofTyped: "タ") == "た")
    #expect(SectionIndex.kana.section(ofTyped: "ヴ") == "あ")
    #expect(SectionIndex.kana.section(ofTyped: "s") == "S")
    #expect(SectionIndex.hangul.section(ofTyped: "ㄲ") == "ㄱ")
    #expect(SectionIndex.hangul.section(ofTyped: "ㅃ") == "ㅂ")
    #expect(SectionIndex.hangul.section(ofTyped: "ㅎ") == "ㅎ")
    #expect(SectionIndex.hangul.section(ofTyped: "박") == "ㅂ")
    #expect(SectionIndex.hangul.section(ofTyped: "하") == "ㅎ")
    #expect(SectionIndex.latin.section(ofTyped: "m") == "M")
    #expect(SectionIndex.latin.section(ofTyped: "#") == "#")
    #expect(SectionIndex.index(of: ["か", "さ", "A"]) == .kana)
    #expect(SectionIndex.index(of: ["ㄱ", "B"]) == .hangul)
    #expect(SectionIndex.index(of: ["A", "#"]) == .latin)
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
