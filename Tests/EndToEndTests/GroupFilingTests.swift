import Foundation
import Testing

/// Groups through the release binary in tmux (issue 21 item 2, "Done when"): file a
/// colleague under "Project X" in the card's edit form and pick the whole group with
/// Ctrl-T; the book's group card gains one MEMBER line, and `cpick groups` and
/// `--group` see it at once through a warm index.
@Suite(
  "Filing a person under a group in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct GroupFilingTests {
  static let ada = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
    + "EMAIL:ada@example.org\r\nEND:VCARD\r\n"
  static let grace = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:grace\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\n"
    + "EMAIL:grace@example.org\r\nX-KEPT;X-P=1:as it was\r\nEND:VCARD\r\n"
  static let charles = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:charles\r\nFN:Charles Babbage\r\n"
    + "EMAIL:charles@example.org\r\nEND:VCARD\r\n"
  static let projectX = "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nUID:urn:uuid:project-x\r\nFN:Project X\r\n"
    + "MEMBER:urn:uuid:ada\r\nREV:20250101T000000Z\r\nEND:VCARD\r\n"

  /// `cpick ARGUMENTS` with the index in `cache`.
  static func cpick(_ arguments: [String], cache: URL) throws -> CommandResult {
    try CommandRunner.shell("XDG_CACHE_HOME=\"$1\"; export XDG_CACHE_HOME; shift; exec \"$0\" \"$@\"", [cache.path] + arguments)
  }

  /// From the picker's list: the only match of `query` (of 3), its card (showing
  /// `card`), `e`, the form's "+ add to group" row.
  static func toAddGroupRow(_ pane: TmuxPane, query: String, card: String) throws {
    try pane.type(query)
    try pane.waitForScreen(containing: "1/3")
    try pane.press("C-o")
    try pane.waitForScreen(containing: card, "e edit")
    try pane.press("e")
    try pane.waitForScreen(containing: "Edit Contact")
    for _ in 0..<20 { try pane.press("NPage") }
    try pane.press("Up")
    try pane.waitForScreen("with + add to group focused") { screen in
      screen.components(separatedBy: "\n").contains { $0.hasPrefix("›") && $0.contains("+ add to group") }
    }
  }

  @Test("file Grace under Project X in the edit form, then Ctrl-T and Tab pick both members' emails")
  func fileAndPickTheGroup() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let book = folder.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    for (name, text) in [("ada", Self.ada), ("grace", Self.grace), ("charles", Self.charles), ("project-x", Self.projectX)] {
      try text.write(to: book.appendingPathComponent(name + ".vcf"), atomically: true, encoding: .utf8)
    }
    let cache = folder.appendingPathComponent("cache")
    // A warm index: the groups as they were.
    #expect(try Self.cpick(["groups", "-s", book.path], cache: cache).stdoutLines == [#"{"name":"Project X","memberCount":1}"#])

    let pane = try TmuxPane(["-m", "-p", "email", "-f", "value", "-s", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Grace Hopper", "Charles Babbage")
    try Self.toAddGroupRow(pane, query: "grace", card: "grace@example.org")
    try pane.type("proj")
    try pane.waitForScreen(containing: "add to group: proj", "› Project X")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "group  Project X")
    try pane.press("C-s")
    try pane.waitForScreen("the card again") { !$0.contains("Edit Contact") && $0.contains("Project X") }
    try pane.press("Escape")
    try pane.press("C-u")
    try pane.waitForScreen(containing: "3/3")
    try pane.press("C-t")
    try pane.waitForScreen("the groups, Project X with 2") { screen in
      screen.contains("Groups") && screen.components(separatedBy: "\n").contains { $0.contains("Project X") && $0.hasSuffix(" 2") }
    }
    try pane.press("Down")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "3/3 (2)")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(Set(pane.stdoutText().split(separator: "\n").map(String.init)) == ["ada@example.org", "grace@example.org"])

    // Only the group card changed, by one line; Grace's card is as it was.
    #expect(try String(contentsOf: book.appendingPathComponent("grace.vcf"), encoding: .utf8) == Self.grace)
    #expect(
      try String(contentsOf: book.appendingPathComponent("project-x.vcf"), encoding: .utf8)
        == Self.projectX.replacingOccurrences(of: "END:VCARD", with: "MEMBER:urn:uuid:grace\r\nEND:VCARD"))
    // The warm index sees it at once.
    #expect(try Self.cpick(["groups", "-s", book.path], cache: cache).stdoutLines == [#"{"name":"Project X","memberCount":2}"#])
    let members = try Self.cpick(["list", "--group", "Project X", "-s", book.path, "-f", "tsv"], cache: cache)
    #expect(Set(members.stdoutLines.map { $0.components(separatedBy: "\t")[0] }) == ["Ada Lovelace", "Grace Hopper"])
  }

  @Test("cpick --group Project X: Ctrl-N files the new contact in Project X (a MEMBER line), and it is listed among the members")
  func newContactInGroupOption() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let book = folder.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    for (name, text) in [("ada", Self.ada), ("grace", Self.grace), ("project-x", Self.projectX)] {
      try text.write(to: book.appendingPathComponent(name + ".vcf"), atomically: true, encoding: .utf8)
    }
    let pane = try TmuxPane(["--group", "Project X", "-s", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace", "1/1")
    try pane.press("C-n")
    try pane.waitForScreen(containing: "New Contact")
    try pane.type("Zora")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "Zora", "2/2")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    // Before, the contact went into no group (and the list, which should show only the
    // group, listed her anyway).
    let group = try String(contentsOf: book.appendingPathComponent("project-x.vcf"), encoding: .utf8)
    #expect(group.components(separatedBy: "\r\n").filter { $0.hasPrefix("MEMBER:") }.count == 2)
    let members = try Self.cpick(["list", "--group", "Project X", "-s", book.path, "-f", "tsv"], cache: folder.appendingPathComponent("cache"))
    #expect(Set(members.stdoutLines.map { $0.components(separatedBy: "\t")[0] }) == ["Ada Lovelace", "Zora"])
  }
}
