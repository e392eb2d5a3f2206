import Testing
import TerminalKit

@testable import ContactPicker

/// `LineEditor.visibleRange(width:columns:)`: what a field draws of a long text, found
/// from the cursor outwards instead of by measuring the text again for every
/// character cut (which made a pasted page of text take seconds to draw).
@Suite("Drawing a long line of text")
struct LineEditorVisibleRangeTests {
  /// The first shown character as the fields found it before: the first `start` whose
  /// text up to the cursor takes fewer than `width` columns.
  static func naiveStart(_ editor: LineEditor, width: Int) -> Int {
    var start = 0
    while start < editor.cursor && columns(editor.characters[start..<editor.cursor]) >= width {
      start += 1
    }
    return start
  }

  /// The columns `characters` are drawn in, each as a field draws it (`TerminalText.drawnWidth`).
  static func columns(_ characters: ArraySlice<Character>) -> Int {
    characters.reduce(0) { $0 + TerminalText.drawnWidth($1) }
  }

  @Test("the same first character and cursor column as measuring every cut, for texts of every script and width")
  func sameAsMeasuringEveryCut() {
    let alphabet: [Character] = ["a", "b", " ", "é", "王", "小", "👩‍💻", "❤️", "\u{200D}", "e\u{301}", "ا", "Ж", "1"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<400 {
      let length = Int.random(in: 0...60, using: &generator)
      var editor = LineEditor(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
      for _ in 0..<Int.random(in: 0...length, using: &generator) { _ = editor.handle(.left) }
      let width = Int.random(in: 1...30, using: &generator)
      let (range, column) = editor.visibleRange(width: width)
      let start = Self.naiveStart(editor, width: width)
      #expect(range.lowerBound == start, "\(editor.text) cursor \(editor.cursor) width \(width)")
      #expect(column == Self.columns(editor.characters[start..<editor.cursor]))
      // Either the whole rest is shown, or more than fits: the field cuts it as before.
      let shown = Self.columns(editor.characters[range])
      #expect(range.upperBound == editor.characters.count || shown > width, "\(editor.text) width \(width)")
    }
  }

  @Test("control characters count as the symbols they are drawn as: the cursor stands after them (␛ is one column)")
  func controlCharacters() {
    #expect(TerminalText.drawnWidth("Ann\u{1B}\u{1B}Q") == 6)
    #expect(TerminalText.width("Ann\u{1B}\u{1B}Q") == 4)
    #expect(TerminalText.drawnWidth("a\u{202E}b") == 10)  // ⟨U+202E⟩
    let editor = LineEditor("Ann" + String(repeating: "\u{1B}", count: 6) + "Q")
    #expect(editor.visibleRange(width: 40).cursorColumn == 10)
  }

  @Test("a pasted page of text shows its end with the cursor after it")
  func pastedPage() {
    var editor = LineEditor()
    _ = editor.handle(.paste(String(repeating: "wang ", count: 20_000) + "xiaoming"))
    let (range, column) = editor.visibleRange(width: 40)
    #expect(String(editor.characters[range]).hasSuffix("wang xiaoming"))
    #expect(range.upperBound == editor.characters.count)
    #expect(column == 39)
  }

  @Test("a mark, a skin tone or a second flag letter typed after its base joins it: one step, one Backspace")
  func joinsTypedScalars() {
    var editor = LineEditor()
    for key in ["Z", "o", "e", "\u{0308}"] { _ = editor.handle(.character(Character(key))) }
    #expect(editor.characters == ["Z", "o", "e\u{0308}"])
    _ = editor.handle(.left)
    _ = editor.handle(.character("x"))
    #expect(editor.text == "Zoxe\u{0308}", "the mark stays on its e")
    var emoji = LineEditor("hi ")
    _ = emoji.handle(.character("👍"))
    _ = emoji.handle(.character("\u{1F3FD}"))
    _ = emoji.handle(.character("\u{1F1F3}"))
    _ = emoji.handle(.character("\u{1F1F4}"))
    #expect(emoji.characters.suffix(2) == ["👍🏽", "🇳🇴"])
    _ = emoji.handle(.backspace)
    _ = emoji.handle(.backspace)
    #expect(emoji.text == "hi ")
  }
}
