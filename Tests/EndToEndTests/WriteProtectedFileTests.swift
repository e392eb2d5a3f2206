import Foundation
import Testing

/// A book file no one may write (`chmod a-w`): cpick saves nothing into it, so its
/// cards offer no edit (as a directory entry's), rather than a form refused at Ctrl-S.
@Suite(
  "A write-protected book in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the card tests need it"))
struct WriteProtectedFileTests {
  @Test("show --edit on a chmod a-w .vcf: the card has no `e edit` and `e` opens nothing; made writable, it edits")
  func noEditOffered() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("people.vcf")
    let text = CardDeleteAndActionTests.grace + CardDeleteAndActionTests.ada
    try text.write(to: file, atomically: true, encoding: .utf8)
    #expect(chmod(file.path, 0o444) == 0)

    let pane = try TmuxPane(["show", "ada lovelace", "--edit", "-s", file.path])
    defer { pane.close() }
    let card = try pane.waitForScreen(containing: "Ada Lovelace", "ada@example.org", "close")
    #expect(!card.contains("e edit"))
    // `e` opens no form: Esc then closes the card itself (a form would stay open).
    try pane.press("e")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
    // Said once the screen is given back.
    #expect(pane.stderrText().contains("--edit: \(file.path) cannot be written"), "\(pane.stderrText())")
    #expect(try String(contentsOf: file, encoding: .utf8) == text)

    #expect(chmod(file.path, 0o644) == 0)
    let writable = try TmuxPane(["show", "ada lovelace", "--edit", "-s", file.path])
    defer { writable.close() }
    try writable.waitForScreen(containing: "Ada Lovelace", "ada@example.org", "e edit")
    try writable.press("Escape")
    #expect(try writable.waitForExit() == 130)
    #expect(!writable.stderrText().contains("cannot be written"))
  }

  @Test("a card read from standard input has no `e edit`: there is no file to write it back to")
  func stdinCardNotEditable() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("people.vcf")
    try (CardDeleteAndActionTests.grace + CardDeleteAndActionTests.ada).write(to: file, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["show", "ada lovelace", "--edit", "-s", "-"], stdinPipeFrom: file.path)
    defer { pane.close() }
    let card = try pane.waitForScreen(containing: "Ada Lovelace", "ada@example.org", "close")
    #expect(!card.contains("e edit"))
    try pane.press("e")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }

  @Test("a vdir card whose file links outside the folder has no `e edit` (a save there is refused); one inside edits")
  func linkOutsideFolder() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let vdir = folder.appendingPathComponent("vd")
    let elsewhere = folder.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try CardDeleteAndActionTests.ada.write(to: elsewhere.appendingPathComponent("ada.vcf"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: vdir.appendingPathComponent("ada.vcf").path, withDestinationPath: "../real/ada.vcf")
    try CardDeleteAndActionTests.grace.write(to: vdir.appendingPathComponent("grace.vcf"), atomically: true, encoding: .utf8)

    let pane = try TmuxPane(["show", "ada lovelace", "--edit", "-s", vdir.path])
    defer { pane.close() }
    let card = try pane.waitForScreen(containing: "Ada Lovelace", "ada@example.org", "close")
    #expect(!card.contains("e edit"))
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)

    let inside = try TmuxPane(["show", "grace", "--edit", "-s", vdir.path])
    defer { inside.close() }
    try inside.waitForScreen(containing: "Grace", "e edit")
    try inside.press("Escape")
    #expect(try inside.waitForExit() == 130)
  }
}
