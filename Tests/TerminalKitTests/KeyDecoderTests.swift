import CpickTestSupport
import Testing
@testable import TerminalKit

@Suite("KeyDecoder")
struct KeyDecoderTests {
  static func decode(_ text: String) -> [KeyEvent] { KeyDecoder.decode(Array(text.utf8)) }

  @Test("UTF-8 text becomes one character per grapheme cluster")
  func text() {
    #expect(Self.decode("ab王") == [.character("a"), .character("b"), .character("王")])
    #expect(Self.decode("👩‍💻e\u{301}") == [.character("👩‍💻"), .character("e\u{301}")])
    #expect(KeyDecoder.decode([0x61, 0xFF, 0x62]) == [.character("a"), .character("\u{FFFD}"), .character("b")])
  }

  @Test("UTF8Input, which both screens decode with: lead lengths, continuation bytes, U+FFFD for what spells no character")
  func utf8Input() {
    #expect([0x41, 0x80, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF].map(UTF8Input.length(ofLead:))
      == [nil, nil, nil, nil, 2, 2, 3, 3, 4, 4, nil, nil])
    #expect(UTF8Input.isContinuation(0x80) && UTF8Input.isContinuation(0xBF))
    #expect(!UTF8Input.isContinuation(0x7F) && !UTF8Input.isContinuation(0xC0))
    #expect(UTF8Input.scalar(Array("é王👩".utf8).prefix(2)) == "é")
    #expect(UTF8Input.scalar(Array("王".utf8)) == "王" && UTF8Input.scalar(Array("👩".utf8)) == "👩")
    // Cut short, overlong, a surrogate: none is a character.
    for bytes: [UInt8] in [[0xE7, 0x8E], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0x41], []] {
      #expect(UTF8Input.scalar(bytes) == "\u{FFFD}", "\(bytes)")
    }
    #expect(KeyDecoder.decode([0xED, 0xA0, 0x80, 0x62]) == [.character("\u{FFFD}"), .character("b")])
  }

  @Test("Enter, Tab, Backspace and Ctrl letters")
  func controls() {
    #expect(KeyDecoder.decode([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
    #expect(KeyDecoder.decode([0x01, 0x03, 0x15, 0x1A]) == [.control("a"), .control("c"), .control("u"), .control("z")])
  }

  @Test("ESC alone is Escape; CSI and SS3 arrows are arrows")
  func escapeAndArrows() {
    #expect(Self.decode("\u{1B}") == [.escape])
    #expect(Self.decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(Self.decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    #expect(Self.decode("\u{1B}[1;5A") == [.up])
    #expect(Self.decode("\u{1B}\u{1B}[B") == [.escape, .down])
  }

  @Test("Alt-Backspace (ESC DEL, ESC BS) is one key, not Escape and a backspace")
  func altBackspace() {
    #expect(KeyDecoder.decode([0x1B, 0x7F, 0x1B, 0x08, 0x7F]) == [.altBackspace, .altBackspace, .backspace])
  }

  @Test("Home, End, Page Up, Page Down, Delete and Shift-Tab")
  func editingKeys() {
    #expect(Self.decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF")
      == [.home, .end, .home, .end, .home, .end, .home, .end])
    #expect(Self.decode("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z") == [.pageUp, .pageDown, .delete, .backTab])
  }

  @Test("F1 as xterm (SS3 P, CSI 1;2 P), rxvt and VT220 (CSI 11~) send it; F5 as CSI 15~")
  func functionKeys() {
    #expect(Self.decode("\u{1B}OP\u{1B}[1;2P\u{1B}[11~\u{1B}[15~") == [.function(1), .function(1), .function(1), .function(5)])
  }

  @Test("Unknown sequences and terminal replies are dropped whole; SGR mouse reports become mouse events")
  func unknown() {
    #expect(Self.decode("\u{1B}[?2004;1$ya\u{1B}[<2;3;4Mb\u{1B}[99~") == [.character("a"), .character("b")])
    #expect(Self.decode("a\u{1B}[<0;3;4Mb") == [.character("a"), .mouse(MouseEvent(.click, row: 3, column: 2)), .character("b")])
  }

  @Test("An OSC report, ended by BEL or ST, is dropped whole; ESC ] with no end is Alt-]")
  func osc() {
    #expect(Self.decode("a\u{1B}]11;rgb:0000/0000/0000\u{1B}\\b") == [.character("a"), .character("b")])
    #expect(Self.decode("a\u{1B}]11;rgb:ffff/ffff/ffff\u{07}b") == [.character("a"), .character("b")])
    #expect(Self.decode("\u{1B}]x") == [.alt("]"), .character("x")])
    // DCS (XTVERSION's reply) and APC strings too.
    #expect(Self.decode("jo\u{1B}P>|tmux 3.3\u{1B}\\se") == [.character("j"), .character("o"), .character("s"), .character("e")])
    #expect(Self.decode("\u{1B}_Gi=1;OK\u{1B}\\a") == [.character("a")])
    // Fed in pieces, the report waits for its end.
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}]11;rgb:00".utf8)).isEmpty)
    #expect(decoder.feed(Array("00/0000/0000\u{07}z".utf8)) == [.character("z")])
    // A sequence under way is told from a lone ESC or Alt-]: a screen waits longer for it.
    var waiting = KeyDecoder()
    _ = waiting.feed(Array("\u{1B}P>|tm".utf8))
    #expect(waiting.isPendingSequence)
    var lone = KeyDecoder()
    _ = lone.feed([0x1B, UInt8(ascii: "]")])
    #expect(!lone.isPendingSequence && lone.hasPendingInput)
  }

  @Test("Bracketed paste becomes one paste event; CR inside is not Enter")
  func paste() {
    #expect(Self.decode("\u{1B}[200~Ingrid Solberg\u{1B}[201~") == [.paste("Ingrid Solberg")])
    #expect(Self.decode("\u{1B}[200~Ingrid\rSolberg\u{1B}[201~\r") == [.paste("Ingrid\nSolberg"), .enter])
    // An escape sequence inside is no key and no text: left out whole.
    #expect(Self.decode("\u{1B}[200~a\r\nb\u{1B}[A\u{1B}[201~") == [.paste("a\nb")])
    #expect(Self.decode("\u{1B}[200~Ing\u{1B}[2Jrid\u{1B}[201~") == [.paste("Ingrid")])
  }

  @Test("Incremental decoding waits for the end of a sequence")
  func incremental() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed(Array("[B".utf8)) == [.down])
    #expect(decoder.feed(Array("\u{1B}[200~Ingrid".utf8)) == [])
    #expect(decoder.feed(Array(" Solberg\u{1B}[20".utf8)) == [])
    #expect(decoder.feed(Array("1~x".utf8)) == [.paste("Ingrid Solberg"), .character("x")])
    #expect(decoder.feed([0xE7, 0x8E]) == [])
    #expect(decoder.feed([0x8B]) == [.character("王")])
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.finish() == [.escape])
    #expect(!decoder.hasPendingInput)
  }

  @Test("A paste under way, its start marker split after ESC [, is told from a lone ESC")
  func pendingPaste() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingInput && !decoder.isPendingPaste)
    #expect(decoder.feed(Array("[".utf8)) == [])
    #expect(decoder.isPendingPaste)
    #expect(decoder.feed(Array("2".utf8)) == [])
    #expect(decoder.isPendingPaste)
    #expect(decoder.feed(Array("00~Ingrid\r".utf8)) == [])
    #expect(decoder.isPendingPaste)
    #expect(decoder.feed(Array("Solberg\u{1B}[201~".utf8)) == [.paste("Ingrid\nSolberg")])
    #expect(!decoder.hasPendingInput && !decoder.isPendingPaste)
    // Other keys that begin as ESC [ 2 are not a paste.
    #expect(decoder.feed(Array("\u{1B}[24".utf8)) == [])
    #expect(!decoder.isPendingPaste)
    #expect(decoder.feed(Array("~".utf8)) == [.function(12)])
  }

  @Test("Case 25: paste-single-line.bin is one paste of exactly 'Ingrid Solberg'")
  func pasteSingleLineFile() throws {
    let data = try SharedFiles.caseData("25-bracketed-paste-markers", "paste-single-line.bin")
    #expect(KeyDecoder.decode(data) == [.paste("Ingrid Solberg")])
  }

  @Test("Case 25: paste-two-lines.bin is one paste and never Enter")
  func pasteTwoLinesFile() throws {
    let data = try SharedFiles.caseData("25-bracketed-paste-markers", "paste-two-lines.bin")
    let events = KeyDecoder.decode(data)
    #expect(events == [.paste("Ingrid\nSolberg")])
    #expect(!events.contains(.enter))
    // Also when the bytes arrive one at a time.
    var decoder = KeyDecoder()
    var oneByOne: [KeyEvent] = []
    for byte in data { oneByOne += decoder.feed([byte]) }
    oneByOne += decoder.finish()
    #expect(oneByOne == events)
  }
}
