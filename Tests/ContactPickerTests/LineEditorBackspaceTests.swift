import Testing
import TerminalKit

@testable import ContactPicker

/// Backspace in a text field takes what was typed last: a letter's last mark (a
/// wrong vowel sign costs only itself), an emoji sequence whole.
@Suite("Backspace, mark by mark")
struct LineEditorBackspaceTests {
  /// The field after typing `text` scalar by scalar (as a terminal sends an Indic
  /// input method's keys) and pressing Backspace `count` times.
  static func typedThenDeleted(_ text: String, _ count: Int = 1) -> LineEditor {
    var editor = LineEditor()
    for scalar in text.unicodeScalars { _ = editor.handle(.character(Character(scalar))) }
    for _ in 0..<count { _ = editor.handle(.backspace) }
    return editor
  }

  @Test("Devanagari, Bengali and Thai lose their last mark or letter, not the whole conjunct")
  func marks() {
    #expect(Self.typedThenDeleted("शर्मा").text == "शर्म")
    #expect(Self.typedThenDeleted("शर्मा", 2).text == "शर्")
    #expect(Self.typedThenDeleted("शर्मा", 3).text == "शर")
    #expect(Self.typedThenDeleted("ক্ষ্মী").text == "ক্ষ্ম")
    #expect(Self.typedThenDeleted("ประยุทธ์").text == "ประยุทธ")
    #expect(Self.typedThenDeleted("e\u{301}").text == "e")
    // The cursor stays at the end, whatever number of characters the rest makes.
    for text in ["शर्मा", "ক্ষ্মী", "ประยุทธ์", "ab"] {
      let editor = Self.typedThenDeleted(text)
      #expect(editor.cursor == editor.characters.count, "\(text)")
    }
    // Deleting everything leaves nothing.
    #expect(Self.typedThenDeleted("शर्मा", 5).text.isEmpty)
  }

  @Test("an emoji with a skin tone, a flag, a keycap, a ZWJ family go whole")
  func emoji() {
    for text in ["👍🏽", "🇩🇪", "1️⃣", "👨‍👩‍👧‍👦", "❤️"] {
      #expect(Self.typedThenDeleted("a" + text).text == "a", "\(text)")
    }
  }

  @Test("Backspace in the middle takes the mark before the cursor only")
  func middle() {
    var editor = LineEditor("शर्मा x")
    _ = editor.handle(.left)
    _ = editor.handle(.left)
    _ = editor.handle(.backspace)
    #expect(editor.text == "शर्म x")
    #expect(editor.characters[editor.cursor...].map(String.init) == [" ", "x"])
  }
}
