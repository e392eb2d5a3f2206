import Foundation
import Testing

/// A `.vcf` file removed while its card is being edited: the save says so (not that
/// the book cannot be written), writes nothing and leaves the form open.
@Suite(
  "Editing a card whose file was removed", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the form tests need it"))
struct RemovedFileTests {
  @Test("^S after the file was removed: the form says the file is gone, no file is made; the edit is discarded")
  func removedDuringEdit() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("people.vcf")
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nTITLE:Analyst\r\nEND:VCARD\r\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["show", "ada", "-s", file.path, "--edit"], width: 120, height: 30)
    defer { pane.close() }
    try pane.waitForScreen(containing: "Analyst", "e edit")
    try pane.press("e")
    try pane.waitForScreen(containing: "Edit Contact")
    try SavingTests().focus(pane, on: "job title")
    try pane.press("C-u")
    try pane.type("Engineer")
    try pane.waitForScreen(containing: "Engineer")
    try FileManager.default.removeItem(at: file)
    try pane.press("C-s")
    let screen = try pane.waitForScreen("the message that the file is gone") {
      $0.replacingOccurrences(of: "\n", with: " ").contains("no longer there")
    }
    #expect(!screen.contains("stdin or unknown"))
    #expect(screen.contains("Edit Contact"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    try pane.press("Escape")
    try pane.waitForScreen(containing: "Discard your changes? y/n")
    try pane.press("y")
    try pane.waitForScreen(containing: "Analyst", "e edit")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
