import Testing
@testable import TerminalKit

@Suite("Neutralising untrusted text")
struct VisibleTests {
  /// Scalars that must never reach the terminal from address-book data.
  static func hasRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      let v = scalar.value
      return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
        || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
        || v == 0x2028 || v == 0x2029
    }
  }

  @Test("Plain text, CJK, emoji sequences and RTL letters are returned unchanged")
  func plainUnchanged() {
    for text in ["Abel Tansy", "王小明", "Nell 👩‍💻 Orr", "Juno ❤️ Farrow", "🇳🇿", "Zoe\u{308}", "שלום", "سلام"] {
      #expect(TerminalText.visible(text) == text)
    }
  }

  @Test("OSC title, clear-screen and SGR sequences lose their ESC and BEL")
  func escapeSequences() {
    let name = "Rook Salter\u{1B}[2J\u{1B}]0;totally-legit\u{07}"
    let shown = TerminalText.visible(name)
    #expect(shown == "Rook Salter␛[2J␛]0;totally-legit␇")
    #expect(!Self.hasRawControl(shown))
    #expect(TerminalText.visible("rook\u{1B}[31m@salter.example") == "rook␛[31m@salter.example")
    let clip = TerminalText.visible("clip\u{1B}]52;c;Y3BpY2stdGVzdA==\u{07}board")
    #expect(clip == "clip␛]52;c;Y3BpY2stdGVzdA==␇board")
  }

  @Test("Backspaces cannot overwrite Admin")
  func backspaces() {
    let shown = TerminalText.visible("Admin\u{08}\u{08}\u{08}\u{08}\u{08}Guest Quarry")
    #expect(shown == "Admin␈␈␈␈␈Guest Quarry")
    #expect(shown.hasPrefix("Admin"))
  }

  @Test("C1 controls and bidi overrides become code point labels")
  func c1AndBidi() {
    #expect(TerminalText.visible("tove\u{85}lind") == "tove⟨U+0085⟩lind")
    #expect(TerminalText.visible("Bank\u{9B}2JQuay") == "Bank⟨U+009B⟩2JQuay")
    let tove = TerminalText.visible("Tove \u{202E}knil-yruoboR\u{202C} Lind")
    #expect(tove == "Tove ⟨U+202E⟩knil-yruoboR⟨U+202C⟩ Lind")
    #expect(TerminalText.visible("a\u{2066}b\u{2069}\u{200F}\u{61C}") == "a⟨U+2066⟩b⟨U+2069⟩⟨U+200F⟩⟨U+061C⟩")
    #expect(TerminalText.visible("x\u{2028}y") == "x⟨U+2028⟩y")
  }

  @Test("Zero-width and other invisible characters become code point labels")
  func invisibles() {
    #expect(TerminalText.visible("ada@exa\u{200B}mple.org") == "ada@exa⟨U+200B⟩mple.org")
    #expect(TerminalText.visible("\u{FEFF}Ada\u{2060}Lovelace") == "⟨U+FEFF⟩Ada⟨U+2060⟩Lovelace")
    #expect(TerminalText.visible("Love\u{AD}lace\u{180E}") == "Love⟨U+00AD⟩lace⟨U+180E⟩")
    #expect(TerminalText.visible("\u{3164}") == "⟨U+3164⟩")
    // A joiner between Latin letters, or a variation selector after one, does nothing.
    #expect(TerminalText.visible("Ad\u{200D}a Lo\u{200C}ve") == "Ad⟨U+200D⟩a Lo⟨U+200C⟩ve")
    #expect(TerminalText.visible("Ada\u{FE0F}") == "Ada⟨U+FE0F⟩")
    #expect(TerminalText.visible("\u{200D}👩") == "⟨U+200D⟩👩")
    // A run of them is judged by what each follows visibly, not by the one before:
    // a tag after a stray tag, a CGJ after a stray CGJ, a Khmer sign after a stray one.
    #expect(TerminalText.visible("Tag \u{E0041}\u{E0042} x") == "Tag ⟨U+E0041⟩⟨U+E0042⟩ x")
    #expect(TerminalText.visible("A\u{34F}\u{34F}b") == "A⟨U+034F⟩⟨U+034F⟩b")
    #expect(TerminalText.visible("A\u{17B4}\u{17B5}b") == "A⟨U+17B4⟩⟨U+17B5⟩b")
  }

  @Test("Joiners and variation selectors that do a job stay: emoji sequences, Persian, Indic, ideographic variants")
  func legitimateJoiners() {
    for text in [
      "Nell 👩‍💻 Orr", "👨‍👩‍👧", "👍🏽", "❤️", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",  // emoji ZWJ, modifier, VS16, keycap, tag sequences
      "می‌خواهم", "نامه‌ها",  // Persian ZWNJ inside words
      "क्‍ष", "ന്‍", "श्‌र",  // Devanagari and Malayalam ZWJ/ZWNJ
      "അവന്\u{200D} Avan", "न्\u{200D} x",  // a chillu or half form at a word's end
      "葛\u{E0100}", "辻\u{FE00}",  // ideographic variation sequences
    ] {
      #expect(TerminalText.visible(text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test("Tab becomes a space, other C0 controls and DEL become control pictures")
  func c0Pictures() {
    #expect(TerminalText.visible("a\tb") == "a b")
    #expect(TerminalText.visible("a\r\nb") == "a␍␊b")
    #expect(TerminalText.visible("\u{0}\u{7F}") == "␀␡")
  }

  @Test("Frame.put neutralises every byte of the hostile card names")
  func framePut() {
    var frame = Frame(rows: 3, columns: 60)
    frame.put("Rook Salter\u{1B}[2J\u{1B}]0;totally-legit\u{07}", row: 0, column: 0)
    frame.put("Admin\u{08}\u{08}\u{08}\u{08}\u{08}Guest Quarry", row: 1, column: 0)
    frame.put("Tove \u{202E}knil-yruoboR\u{202C} Lind \u{85}\u{9B}", row: 2, column: 0)
    #expect(!Self.hasRawControl(frame.text.replacingNewlines()))
    #expect(frame.text(row: 1).hasPrefix("Admin␈"))
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    String(unicodeScalars.map { $0 == "\n" ? " " : Character($0) })
  }
}
