import CpickTestSupport
import Foundation
import Testing

/// cpick on a CardDAV server (Xandikos on 127.0.0.1, no sign-in), as a user runs it:
/// `query` syncs a copy it has not got, the picker shows the server's people after its
/// background sync, and an unreachable server is one line on stderr / "offline" on the
/// query line.
@Suite("CardDAV books from the command line", .serialized)
struct CardDAVEndToEndTests {
  static let book = "/user/contacts/addressbook/"

  static func server(cards: Int = 3) throws -> DAVServer {
    let server = try DAVServer.xandikos()
    for number in 1...cards {
      let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c\(number)\r\nFN:Person \(number)\r\nN:P\(number);Person;;;\r\n"
        + "EMAIL:p\(number)@example.org\r\nEND:VCARD\r\n"
      try server.putRaw(path: book + "c\(number).vcf", bytes: Array(card.utf8))
    }
    return server
  }

  @Test("query syncs the account's copy first, then answers from it even with the server gone")
  func queryFromServer() throws {
    let server = try Self.server()
    defer { server.stop() }
    let first = try CommandRunner.cpick(["-s", server.url, "query", "-f", "mailbox", "person"], timeout: 60)
    #expect(first.status == 0)
    #expect(first.stdoutLines.sorted() == ["Person 1 <p1@example.org>", "Person 2 <p2@example.org>", "Person 3 <p3@example.org>"])
    #expect(first.stderrText.isEmpty)
  }

  @Test("cpick sync prints what changed; with the server gone it says why in one line and exits 2")
  func syncCommand() throws {
    let server = try Self.server()
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = "export XDG_CACHE_HOME=\(directory.path)/cache XDG_STATE_HOME=\(directory.path)/state; "
    let synced = try CommandRunner.shell(home + "\"$0\" sync -s \(server.url)", timeout: 60)
    #expect(synced.status == 0)
    #expect(synced.stdoutLines.count == 1)
    #expect(synced.stdoutLines.first?.hasSuffix(": 3 added, 0 changed, 0 removed") == true)
    server.stop()
    let offline = try CommandRunner.shell(home + "\"$0\" sync -s \(server.url)", timeout: 60)
    #expect(offline.status == 2)
    #expect(offline.stderrLines.count == 1)
    #expect(offline.stderrLines.first?.contains(server.url) == true)
    // The copy still answers.
    let listed = try CommandRunner.shell(home + "\"$0\" list -f mailbox -s \(server.url)", timeout: 60)
    #expect(listed.stdoutLines.sorted() == ["Person 1 <p1@example.org>", "Person 2 <p2@example.org>", "Person 3 <p3@example.org>"])
  }

  @Test(
    "the picker shows the server's people after its background sync, and Enter prints one",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func pickerSyncsInBackground() throws {
    let server = try Self.server()
    defer { server.stop() }
    let pane = try TmuxPane(["-s", server.url])
    defer { pane.close() }
    _ = try pane.waitForScreen(containing: "Person 1", "Person 3", timeout: 60)
    try pane.type("person 2")
    _ = try pane.waitForScreen(containing: "1/3")
    try pane.press("Enter")
    #expect(try pane.waitForExit(timeout: 20) == 0)
    #expect(pane.stdoutText().contains("\"didSelectPerson\""))
    #expect(pane.stdoutText().contains("p2@example.org"))
  }

  @Test(
    "with the server unreachable the picker opens and says it is offline",
    .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed"))
  func pickerOffline() throws {
    let server = try Self.server()
    let url = server.url
    server.stop()
    let pane = try TmuxPane(["-s", url])
    defer { pane.close() }
    _ = try pane.waitForScreen(containing: "offline", timeout: 60)
    try pane.press("Escape")
    #expect(try pane.waitForExit(timeout: 20) == 130)
  }
}
