import Testing

@testable import TerminalKit

/// Indic names and emoji ZWJ sequences reach the screen whole (a user trial showed
/// `प्रिया शर्मा` as `पय शर`), in as many columns as the terminal gives them.
@Suite("Grapheme clusters of complex scripts")
struct ComplexScriptTests {
  /// Names from the sample address book and the trial report, with the columns
  /// glibc's `wcswidth` and tmux 3.3 give them (spacing vowel signs, category Mc, take
  /// a column; viramas and other nonspacing marks none).
  static let names: [(String, Int)] = [
    ("प्रिया शर्मा", 10), ("नीलगिरि टेक्सटाइल्स", 16), ("নীলগিরি", 7), ("সৌমিত্র", 6),
    ("தமிழ் செல்வி", 10), ("กำ", 2), ("👨‍👩‍👧‍👦", 2),
  ]

  @Test("A cluster is as wide as its base plus its spacing marks and conjunct consonants")
  func widths() {
    #expect(TerminalText.width(Character("प्रि")) == 3)  // प ् र ि
    #expect(TerminalText.width(Character("र्मा")) == 3)  // र ् म ा
    #expect(TerminalText.width(Character("ழ்")) == 1)  // ழ ்
    #expect(TerminalText.width(Character("மி")) == 2)  // ம ி (U+0BBF is Mc)
    #expect(TerminalText.width(Character("\u{0B9A}\u{0BC0}")) == 1)  // சீ: U+0BC0 is Mn
    #expect(TerminalText.width(Character("क्\u{200D}ष")) == 2)  // a joiner takes no column
    #expect(TerminalText.width(Character("\u{1100}\u{1161}\u{11A8}")) == 2)  // 각 as jamo
    for (name, columns) in Self.names {
      #expect(TerminalText.width(name) == columns, "\(name)")
    }
  }

  @Test("Names are written whole and the column after them lines up")
  func frameKeepsClusters() {
    var frame = Frame(rows: Self.names.count, columns: 40)
    for (row, (name, columns)) in Self.names.enumerated() {
      #expect(frame.put(name, row: row, column: 0, maxWidth: 20) == columns, "\(name)")
      frame.put("|next", row: row, column: 20)
    }
    for (row, (name, columns)) in Self.names.enumerated() {
      let padding = String(repeating: " ", count: 20 - columns)
      #expect(frame.text(row: row) == name + padding + "|next")
      #expect(frame[row, 20].text == "|")
    }
    #expect(frame[0, 0].text == "प्रि" && frame[0, 1].text.isEmpty && frame[0, 2].text.isEmpty)
    #expect(frame[0, 3].text == "या")
    FrameTests.checkAlignment(Self.names.map(\.0) + ["प्रिया शर्मा Kapoor", "தமிழ் செல்வி 👨‍👩‍👧‍👦"])
  }

  @Test("Truncation keeps a conjunct with its vowel sign or leaves it out")
  func truncation() {
    #expect(TerminalText.layout("प्रिया", maxWidth: 4).map(\.0) == ["प्रि", "…"])
    #expect(TerminalText.layout("प्रिया", maxWidth: 3).map(\.0) == ["…"])
    #expect(TerminalText.fit("प्रिया शर्मा", width: 8) == "प्रिया श…")
    #expect(TerminalText.width(TerminalText.fit("தமிழ் செல்வி", width: 7)) == 7)
  }

  @Test("Writing into a 3-column cluster blanks what is left of it")
  func overwriteWideCluster() {
    var frame = Frame(rows: 1, columns: 8)
    frame.put("प्रिप्रि", row: 0, column: 0)
    frame.put("x", row: 0, column: 2)  // last column of the first प्रि
    #expect(frame.text == "  xप्रि")
    frame.put("y", row: 0, column: 3)  // first column of the second प्रि
    #expect(frame.text == "  xy")
    #expect((4..<8).allSatisfy { frame[0, $0].text == " " })
  }

  @Test("The inline renderer sends the clusters whole, and the memory screen keeps them")
  @MainActor func renderers() {
    var frame = Frame(rows: 3, columns: 30)
    frame.put("प्रिया शर्मा", row: 0, column: 0)
    frame.put("তমিল", row: 0, column: 12)
    frame.put("தமிழ் செல்வி", row: 1, column: 0)
    frame.put("👨‍👩‍👧‍👦 family", row: 2, column: 0)
    var renderer = AnsiRenderer(origin: .absolute(top: 1), colorEnabled: false)
    let bytes = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(bytes.contains("प्रिया शर्मा  তমিল"))
    #expect(bytes.contains("தமிழ் செல்வி"))
    #expect(bytes.contains("👨‍👩‍👧‍👦 family"))
    let screen = MemoryScreen(rows: 3, columns: 30)
    screen.present(frame)
    #expect(screen.text == "प्रिया शर्मा  তমিল\nதமிழ் செல்வி\n👨‍👩‍👧‍👦 family")
  }

  @Test("A joiner outside emoji is not sent to the terminal; one between emoji is")
  func joiners() {
    #expect(TerminalText.drawn("क्\u{200D}ष") == "क्ष")
    #expect(TerminalText.drawn("\u{0DC1}\u{0DCA}\u{200D}") == "\u{0DC1}\u{0DCA}")  // ශ් + joiner
    #expect(TerminalText.drawn("👨‍👩‍👧‍👦") == "👨‍👩‍👧‍👦")
    #expect(TerminalText.drawn("👩🏽‍🔬") == "👩🏽‍🔬")
    #expect(TerminalText.drawn("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}") == "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")
    #expect(TerminalText.drawn("प्रि") == "प्रि")
  }
}
