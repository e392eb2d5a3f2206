import Testing

@testable import TerminalKit

/// A paste read as characters (the full-screen screen): CR LF and CR become LF, and an
/// end marker whose ESC came alone ends it.
@Suite struct PasteTextTests {
  /// `characters` added one by one: the text, and after how many the paste ended.
  static func read(_ characters: String) -> (text: String, endedAfter: Int?) {
    var paste = PasteText()
    for (count, scalar) in characters.unicodeScalars.enumerated() where paste.add(scalar) {
      return (paste.text, count + 1)
    }
    return (paste.text, nil)
  }

  @Test("an end marker that came as characters ends the paste and is not its text; what follows is not read")
  func endMarkerAsCharacters() {
    let read = Self.read("Ingrid Solberg\u{1B}[201~ing")
    #expect(read.text == "Ingrid Solberg")
    #expect(read.endedAfter == 20)
  }

  @Test("line breaks: CR LF and CR become LF; a part of the marker without its ESC stays text")
  func lineBreaksAndStrayParts() {
    #expect(Self.read("a\r\nb\rc\nd").text == "a\nb\nc\nd")
    #expect(Self.read("a\r\nb\rc\nd").endedAfter == nil)
    #expect(Self.read("x\u{1B}[200~y[201~z~").text == "xy[201~z~", "a start marker inside is a sequence, left out")
    #expect(Self.read("x\u{1B}[201~").text == "x")
    #expect(Self.read("\u{1B}[201~").text == "")
    #expect(Self.read("\u{1B}[201~").endedAfter == 6)
  }

  @Test("escape sequences in a paste (copied terminal output) are left out whole, not their tails")
  func escapeSequences() {
    #expect(Self.read("Ing\u{1B}[2Jrid").text == "Ingrid")
    #expect(Self.read("Ing\u{1B}]0;title\u{07}rid").text == "Ingrid")
    #expect(Self.read("Ing\u{1B}]8;;https://x.example\u{1B}\\rid").text == "Ingrid")
    #expect(Self.read("Ing\u{1B}[1;31mrid\u{1B}[0m").text == "Ingrid")
    #expect(Self.read("Ing\u{1B}Prid\u{1B}\\ S").text == "Ing S")
    #expect(Self.read("Ing\u{1B}[Brid").text == "Ingrid")
    #expect(Self.read("Ing\u{1B}[1;31mrid\u{1B}[201~more").endedAfter == 19)
  }

  @Test("a line break with text right behind it in one read is pasted text; Enter last, or before a key, is Enter")
  func lineBreaksInOneRead() {
    let keys = KeyDecoder.decode(Array("Ingrid\rSolberg".utf8))
    #expect(PasteText.joiningLineBreaks(keys) == Array("Ingrid".map(KeyEvent.character)) + [.paste("\nSolberg")])
    let lines = KeyDecoder.decode(Array("a\r\nb\tc\r\u{1B}[B".utf8))
    #expect(PasteText.joiningLineBreaks(lines) == [.character("a"), .paste("\n\nb\tc\n"), .down])
    // Typeahead ends with its Enter; Enter before a key that is not text stays Enter.
    let typed = KeyDecoder.decode(Array("ada\r".utf8))
    #expect(PasteText.joiningLineBreaks(typed) == typed)
    #expect(PasteText.joiningLineBreaks([.enter, .escape]) == [.enter, .escape])
    #expect(PasteText.joiningLineBreaks([.enter, .down, .character("x")]) == [.enter, .down, .character("x")])
    #expect(PasteText.joiningLineBreaks([.enter]) == [.enter])
  }
}
