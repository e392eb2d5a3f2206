import Testing
@testable import TerminalKit

@Suite("Grapheme cluster widths")
struct WidthTests {
  @Test("Printable ASCII is one column, controls none")
  func ascii() {
    #expect(TerminalText.width(Character("a")) == 1)
    #expect(TerminalText.width(Character(" ")) == 1)
    #expect(TerminalText.width(Character("~")) == 1)
    #expect(TerminalText.width(Character("\u{1B}")) == 0)
    #expect(TerminalText.width(Character("\r\n")) == 0)
    #expect(TerminalText.width("Abel Tansy") == 10)
  }

  @Test("CJK, Hangul, kana and fullwidth forms are two columns")
  func eastAsianWide() {
    #expect(TerminalText.width(Character("王")) == 2)
    #expect(TerminalText.width(Character("한")) == 2)
    #expect(TerminalText.width(Character("カ")) == 2)
    #expect(TerminalText.width(Character("Ａ")) == 2)
    #expect(TerminalText.width(Character("\u{3000}")) == 2)
    #expect(TerminalText.width(Character("\u{20BB7}")) == 2)  // 𠮷, plane 2
    #expect(TerminalText.width("王小明") == 6)
    #expect(TerminalText.width(Character("ｶ")) == 1)  // halfwidth katakana
  }

  @Test("Accented letters are one column, decomposed or not; a lone combining mark is zero")
  func combining() {
    #expect(TerminalText.width(Character("e\u{301}")) == 1)
    #expect(TerminalText.width(Character("\u{E9}")) == 1)
    #expect(TerminalText.width(Character("\u{301}")) == 0)
    #expect(TerminalText.width(Character("\u{200D}")) == 0)
    #expect(TerminalText.width(Character("\u{FE0F}")) == 0)
    #expect(TerminalText.width(Character("\u{200B}")) == 0)
    #expect(TerminalText.width("Zoe\u{308}") == 3)
  }

  @Test("Emoji presentation is two columns, text presentation one")
  func emoji() {
    #expect(TerminalText.width(Character("\u{2764}\u{FE0F}")) == 2)  // ❤️
    #expect(TerminalText.width(Character("\u{263A}\u{FE0F}")) == 2)  // ☺️
    #expect(TerminalText.width(Character("\u{2764}\u{FE0E}")) == 1)  // ❤︎
    #expect(TerminalText.width(Character("\u{2764}")) == 1)  // bare ❤ is text by default
    #expect(TerminalText.width(Character("👩‍💻")) == 2)
    #expect(TerminalText.width(Character("🇳🇿")) == 2)
    #expect(TerminalText.width(Character("\u{2B50}")) == 2)  // ⭐
    #expect(TerminalText.width(Character("1\u{FE0F}\u{20E3}")) == 2)  // 1️⃣
    #expect(TerminalText.width(Character("👍🏽")) == 2)
    #expect(TerminalText.width(Character("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")) == 2)  // 🏳️‍🌈
    #expect(TerminalText.width("Juno \u{2764}\u{FE0F} Farrow") == 14)
  }
}
