import Foundation
import Testing

/// `cpick new --vcard FILE`: the form is filled from the card sent.
@Suite("cpick new --vcard", .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
struct SentCardTests {
  @Test("a file of several cards fills the form with the first and says on stderr that the others are not used")
  func severalCards() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let book = folder.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    let sent = folder.appendingPathComponent("sent.vcf")
    try (1...4).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sent Person\($0)\r\nN:Person\($0);Sent;;;\r\nEND:VCARD\r\n" }
      .joined().write(to: sent, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["new", "--vcard", sent.path, "-s", book.path])
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "New Contact", "Person1")
    #expect(!screen.contains("Person2"))
    #expect(pane.stderrText().contains("holds 4 cards; the first (Sent Person1) is used, the other 3 are not"))
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }
}
