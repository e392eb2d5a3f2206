import CpickTestSupport
import Foundation
import Testing

/// Groups of a CardDAV book through the release binary in tmux (issue 21 item 1): the
/// picker's Ctrl-T renames the server's Apple group card (its `FN`/`N` only), and the
/// edit form files a person under it as one more `X-ADDRESSBOOKSERVER-MEMBER` line on
/// the server — the person's own card untouched.
@Suite(
  "Groups of a server book in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct ServerGroupTests {
  static let team = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:team\r\nFN:Team\r\nN:Team;;;;\r\nX-ADDRESSBOOKSERVER-KIND:group\r\n"
    + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c1\r\nEND:VCARD\r\n"

  /// The card at `name` in the server's book, as another client reads it.
  static func serverCard(_ server: DAVServer, _ name: String) throws -> String {
    try CommandRunner.run("/usr/bin/curl", ["-s", server.url(CardDAVEndToEndTests.book + name)], timeout: 30).stdoutText
  }

  @Test("Ctrl-T Ctrl-R renames the group card on the server; + add to group in the form adds a member line there")
  func renameAndFile() throws {
    let server = try CardDAVEndToEndTests.server()
    defer { server.stop() }
    try server.putRaw(path: CardDAVEndToEndTests.book + "team.vcf", bytes: Array(Self.team.utf8))
    let person3 = try Self.serverCard(server, "c3.vcf")
    let pane = try TmuxPane(["-s", server.url])
    defer { pane.close() }
    // The count replaces "syncing…" once the sync's list is in place: the groups
    // are then the server's.
    try pane.waitForScreen(containing: "Person 1", "Person 3", "3/3", timeout: 60)
    try pane.press("C-t")
    try pane.waitForScreen(containing: "Team")
    try pane.press("Down")
    try pane.press("C-r")
    try pane.press("C-u")
    try pane.type("Crew")
    try pane.press("Enter")
    try pane.waitForScreen("the renamed group") { $0.contains("Crew") && !$0.contains("Team") }
    #expect(try Self.serverCard(server, "team.vcf") == Self.team.replacingOccurrences(of: "FN:Team\r\nN:Team;;;;", with: "FN:Crew\r\nN:Crew;;;;"))

    try pane.press("Escape")
    try pane.waitForScreen("the list again") { !$0.hasPrefix("Groups") && $0.contains("3/3") }
    try GroupFilingTests.toAddGroupRow(pane, query: "person 3", card: "p3@example.org")
    try pane.type("cre")
    try pane.waitForScreen(containing: "› Crew")
    try pane.press("Enter")
    try pane.press("C-s")
    try pane.waitForScreen(timeout: 60, "the card again") { !$0.contains("Edit Contact") && $0.contains("Crew") }
    let team = try Self.serverCard(server, "team.vcf")
    #expect(team.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c1\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:c3\r\nEND:VCARD"))
    #expect(try Self.serverCard(server, "c3.vcf") == person3)
    try pane.press("Escape")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }
}
