import Foundation
import Testing

/// What cpick writes straight to a terminal — cards on stdout, warnings on stderr —
/// never carries an address book's escape sequences, controls or bidi overrides raw.
@Suite(
  "Cards and warnings on a terminal",
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
struct TerminalOutputTests {
  /// A card whose name clears the screen, sets the window title and reverses the text.
  static let hostileCard =
    "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Evil\u{1B}[2J\u{1B}]0;PWNED\u{07}Name\u{202E}x\r\nEND:VCARD\r\n"

  @Test("-f vcard on a terminal shows a card's controls as symbols; into a pipe the card is as read")
  func cardsOnATerminal() throws {
    let pane = try IntegrationPane(#"sh -c 'cpick query evil -s "$T/evil.vcf" -f vcard; echo done; sleep 30'"#, width: 100) { folder in
      try Self.hostileCard.write(to: folder.appendingPathComponent("evil.vcf"), atomically: true, encoding: .utf8)
    }
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "done")
    #expect(screen.contains("FN:Evil␛[2J␛]0;PWNED␇Name⟨U+202E⟩x"), "\(screen)")
    #expect(screen.contains("BEGIN:VCARD") && screen.contains("END:VCARD"), "\(screen)")
    // Into a pipe: byte for byte.
    let piped = try CommandRunner.cpick(["query", "evil", "-s", pane.file("evil.vcf").path, "-f", "vcard"])
    #expect(piped.stdoutText == Self.hostileCard)
  }

  @Test("a warning naming a file whose name holds an escape sequence shows it as symbols")
  func warningsOnATerminal() throws {
    let name = "x\u{1B}]0;PWNED\u{07}.vcf"
    let pane = try IntegrationPane(#"sh -c 'cpick list -s "$T/book" -f value; echo done; sleep 30'"#, width: 100) { folder in
      let book = folder.appendingPathComponent("book")
      try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
      try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Xavier\r\nBROKEN LINE\r\nEND:VCARD\r\n"
        .write(to: book.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "done")
    #expect(screen.contains("x␛]0;PWNED␇.vcf:4:"), "\(screen)")
    #expect(screen.contains("Xavier"), "\(screen)")
  }
}
