import Foundation
import Testing

/// Two `cpick show --edit` on one file, as in the user trial: the second save is
/// refused because the first changed the card, the card is reloaded with the second
/// edit re-applied, and saving again keeps both changes.
@Suite(
  "Two editors of one card", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the form tests need it"),
  .enabled(if: EndToEnd.sharedIsAvailable, "the shared corpus is not checked out"))
struct ConflictReloadTests {
  /// The rows of the form's message (from `not saved:` to the key help), joined by spaces.
  func message(in screen: String) -> String? {
    let rows = screen.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let first = rows.lastIndex(where: { $0.hasPrefix("not saved:") }),
      let help = rows.lastIndex(where: { $0.contains("^S save") }), help > first
    else { return nil }
    return rows[first..<help].filter { !$0.isEmpty }.joined(separator: " ")
  }

  @Test("a job title saved in one pane and a nickname in the other: reloaded, saved again, the file has both")
  func twoPanes() throws {
    let original = try Data(
      contentsOf: URL(fileURLWithPath: EndToEnd.sharedFile("corpus/ez-vcard/John_Doe_MAC_ADDRESS_BOOK.vcf")))
    let file = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("mac2.vcf")
    try original.write(to: file)
    let arguments = ["show", "john", "-s", file.path, "--edit"]
    let first = try TmuxPane(arguments, width: 120, height: 40)
    defer { first.close() }
    let second = try TmuxPane(arguments, width: 120, height: 40)
    defer { second.close() }
    let form = SavingTests()

    for pane in [first, second] {
      try pane.waitForScreen(containing: "Money Counter", "e edit")
      try pane.press("e")
      try pane.waitForScreen(containing: "Edit Contact")
    }
    try form.focus(first, on: "job title")
    try first.press("C-u")
    try first.type("Treasurer")
    try first.press("C-s")
    try first.waitForScreen(containing: "Treasurer · Accounting · IBM", "e edit")

    try form.focus(second, on: "nickname")
    try second.press("C-u")
    try second.type("Jo")
    try second.press("C-s")
    let expected =
      "not saved: Mr. John Richter,James Doe Sr. was changed on disk by another program. Reloaded: the form "
      + "shows the card as it is now with your changes on top of it. Check it and press ^S to save, or Esc to "
      + "leave it as it is on disk."
    // Waits for the whole message: a capture may catch its first lines drawn before the rest.
    let reloaded = try second.waitForScreen("the whole conflict message") {
      $0.contains("was changed on disk by another program") && message(in: $0)?.hasSuffix("on disk.") == true
    }
    #expect(message(in: reloaded) == expected)
    let rows = reloaded.components(separatedBy: "\n")
    #expect(rows.contains { $0.contains("job title") && $0.hasSuffix("Treasurer") })
    #expect(rows.contains { $0.contains("nickname") && $0.hasSuffix("Jo") })
    try second.press("C-s")
    try second.waitForScreen(containing: "“Jo”", "Treasurer · Accounting · IBM", "e edit")

    try second.press("Escape")
    #expect(try second.waitForExit() == 0)
    #expect(try JSONDocument.object(second.stdout)["event"] as? String == "didCompleteWithPerson")
    try first.press("Escape")
    #expect(try first.waitForExit() == 0)

    let lineEnd = String(decoding: original, as: UTF8.self).contains("\r\n") ? "\r\n" : "\n"
    let before = String(decoding: original, as: UTF8.self).components(separatedBy: lineEnd)
    let after = try String(contentsOf: file, encoding: .utf8).components(separatedBy: lineEnd)
    let removed = before.filter { !after.contains($0) }
    let added = after.filter { !before.contains($0) }
    #expect(removed.sorted() == ["NICKNAME:Johny", "TITLE:Money Counter"])
    #expect(added.filter { !$0.hasPrefix("REV:") }.sorted() == ["NICKNAME:Jo", "TITLE:Treasurer"])
  }
}
