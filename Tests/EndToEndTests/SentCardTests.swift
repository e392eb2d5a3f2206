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

  @Test(
    "a card sent without UID is saved with every line the form does not show as it was sent, the field typed added, and a UID"
  )
  func sentCardKeptWhole() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let book = folder.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    let sent = folder.appendingPathComponent("sent.vcf")
    let lines = [
      "BEGIN:VCARD", "VERSION:4.0", "FN:Rich Two", "N:Two;Rich;;;", "EMAIL;TYPE=work;X-KEPT=yes:rich2@example.net",
      "TZ:Europe/Berlin", "GEO:geo:52.5,13.4", "LANG;PREF=1:de", "RELATED;VALUE=text;TYPE=spouse:Anna",
      "item7.X-CUSTOM:keep me", "KEY:https://example.net/key.asc",
    ]
    try (lines + ["END:VCARD", ""]).joined(separator: "\r\n").write(to: sent, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["new", "--vcard", sent.path, "-s", book.path, "--save-to", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "New Contact", "Rich")
    try SavingTests().focus(pane, on: "job title")
    try pane.type("Curator")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    let saved = try FileManager.default.contentsOfDirectory(atPath: book.path).filter { $0.hasSuffix(".vcf") }
    try #require(saved.count == 1)
    let written = try String(contentsOf: book.appendingPathComponent(saved[0]), encoding: .utf8)
    let writtenLines = written.components(separatedBy: "\r\n")
    // Every line sent, in order, as it was; the title typed and a UID among them.
    #expect(writtenLines.filter { lines.contains($0) } == lines)
    #expect(writtenLines.contains("TITLE:Curator"))
    let uid = try #require(writtenLines.first { $0.hasPrefix("UID:urn:uuid:") })
    #expect(writtenLines.count == lines.count + 4)  // TITLE, UID, END:VCARD and the empty end
    let printed = try JSONDocument.object(pane.stdout)
    #expect(printed["event"] as? String == "didCompleteWithNewPerson")
    #expect((printed["person"] as? [String: Any])?["identifier"] as? String == String(uid.dropFirst(4)))
  }
}
