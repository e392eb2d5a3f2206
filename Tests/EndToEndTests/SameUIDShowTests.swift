import Foundation
import Testing

/// `cpick show UID` when two books hold the same card (case 10: a vdir and a phone's
/// copy): the first is shown, and stderr says which and where the other is.
@Suite(
  "cpick show with a UID in two books",
  .enabled(if: EndToEnd.sharedIsAvailable && EndToEnd.tmuxIsAvailable, "../shared or tmux is absent"))
struct SameUIDShowTests {
  let uid = "3f9d6a2e-8c41-4b7f-a2d5-61e0c9b4f7aa"

  @Test("the first book's card is shown; stderr names both files")
  func twoBooks() throws {
    let root = EndToEnd.sharedFile("cases/10-duplicate-uid-across-books")
    let personal = root + "/book-personal"
    let phone = root + "/book-phone"
    for (books, shown, other) in [([personal, phone], personal, phone), ([phone, personal], phone, personal)] {
      let pane = try TmuxPane(["show", uid] + books.flatMap { ["-s", $0] })
      defer { pane.close() }
      try pane.waitForScreen(containing: "Marisol Quint")
      try pane.press("Escape")
      #expect(try pane.waitForExit() == 130)
      let stderr = pane.stderrText()
      #expect(stderr.contains("2 contacts have the UID \(uid); showing the one in \(shown)/\(uid).vcf:1"), "\(stderr)")
      #expect(stderr.contains("(also in \(other)/\(uid).vcf:1)"), "\(stderr)")
    }
    // One book: no such line.
    let pane = try TmuxPane(["show", uid, "-s", personal])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Marisol Quint")
    try pane.press("Escape")
    _ = try pane.waitForExit()
    #expect(!pane.stderrText().contains("contacts have the UID"))
  }

  @Test("two cards with one UID in one file: stderr tells them apart by their lines")
  func twiceInOneFile() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = folder.appendingPathComponent("twice.vcf").path
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:dup-1\r\nFN:Mara Dup\r\nEMAIL:mara@home.example\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nUID:dup-1\r\nFN:Mara Dup\r\nEMAIL:mara@work.example\r\nEND:VCARD\r\n"
      .write(toFile: book, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["show", "dup-1", "-s", book])
    defer { pane.close() }
    try pane.waitForScreen(containing: "mara@home.example")
    try pane.press("Escape")
    _ = try pane.waitForExit()
    #expect(pane.stderrText().contains("showing the one in \(book):1 (also in \(book):7)"), "\(pane.stderrText())")
  }
}

