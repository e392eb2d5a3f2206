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

  @Test("line breaks: CR LF and CR become LF; an ESC or a part of the marker alone stays text")
  func lineBreaksAndStrayParts() {
    #expect(Self.read("a\r\nb\rc\nd").text == "a\nb\nc\nd")
    #expect(Self.read("a\r\nb\rc\nd").endedAfter == nil)
    #expect(Self.read("x\u{1B}[200~y[201~z~").text == "x\u{1B}[200~y[201~z~")
    #expect(Self.read("x\u{1B}[201~").text == "x")
    #expect(Self.read("\u{1B}[201~").text == "")
    #expect(Self.read("\u{1B}[201~").endedAfter == 6)
  }
}
