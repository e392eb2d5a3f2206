import Foundation
import Testing

/// Choosing a property (an email, not just a person) in a terminal: `-p`, the card,
/// multi-select, groups, and the mail-client formats.
@Suite(
  "Choosing an email in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct PropertyPickingTests {
  @Test("cpick -p email on a person with two emails opens the card; the second one is printed with its identifier and label")
  func secondEmail() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-p", "email"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.type("vance")
    try pane.waitForScreen(containing: "Vance")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "e.vance@saltmarsh-institute.example", "eleanor.vance@example.org")
    try pane.press("Down")
    try pane.press("Enter")

    #expect(try pane.waitForExit() == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didSelectProperty")
    let property = try #require(document["property"] as? [String: Any])
    #expect(property["key"] as? String == "emailAddresses")
    #expect(property["value"] as? String == "eleanor.vance@example.org")
    #expect(property["label"] as? String == "home")
    let person = try #require(document["person"] as? [String: Any])
    let emails = try #require(person["emailAddresses"] as? [[String: Any]])
    let home = try #require(emails.first { $0["value"] as? String == "eleanor.vance@example.org" })
    #expect(property["identifier"] as? String == home["identifier"] as? String)
  }

  @Test("to=$(cpick -p email -f mailbox) gives the chosen address with a quoted display name")
  func mailboxInScript() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-p", "email", "-f", "mailbox"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.type("vance")
    try pane.waitForScreen(containing: "Vance")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "eleanor.vance@example.org")
    try pane.press("Down")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "\"Dr. Eleanor Vance, PhD\" <eleanor.vance@example.org>\n")
  }

  @Test("-1 with one match that has two emails skips the list: its card shows the emails, Enter prints the mailbox")
  func selectOneOpensTheCard() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-q", "lukasz", "-1", "-f", "mailbox"])
    defer { pane.close() }
    let screen = try pane.waitForScreen(containing: "lukasz.wojcik@example.com", "l.wojcik@poczta.test")
    #expect(!screen.contains("1/67"), "the list was drawn:\n\(screen)")
    try pane.press("Down")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "Łukasz Wójcik <l.wojcik@poczta.test>\n")
  }

  @Test("-p email -1 with a query naming one of the two addresses prints that one at once, no card")
  func selectOneByTheQuery() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-p", "email", "-q", "poczta", "-1", "-f", "value"])
    defer { pane.close() }
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "l.wojcik@poczta.test\n")
  }

  @Test("-p email: the card of a query naming the second address opens on it; Enter prints it")
  func cardOnTheQueriedValue() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-p", "email", "-f", "value"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.type("wojcik poczta")
    try pane.waitForScreen(containing: "1/67")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "lukasz.wojcik@example.com", "l.wojcik@poczta.test")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "l.wojcik@poczta.test\n")
  }

  @Test("multi-select prints the people in the order they were marked")
  func multiOrder() throws {
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-m", "-f", "value"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.type("thornton")
    // The three rows drawn (a capture can catch the query line of a frame before its rows).
    let screen = try pane.waitForScreen(containing: "3/67", "David Thornton", "Ellie Thornton", "Margaret Thornton")
    let order = ["David Thornton", "Ellie Thornton", "Margaret Thornton"].sorted {
      screen.range(of: $0)!.lowerBound < screen.range(of: $1)!.lowerBound
    }
    // Mark the third row, then the first.
    try pane.press("Down")
    try pane.press("Down")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "(1)")
    try pane.press("Up")
    try pane.press("Up")
    try pane.press("Up")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "(2)")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "\(order[2])\n\(order[0])\n")
  }

  @Test("choosing a whole group with -m -p email --join gives a ready To: line")
  func groupToLine() throws {
    let members = try CommandRunner.cpick(["list", "-s", EndToEnd.sampleBook, "--group", "Family", "-f", "value"])
    try #require(members.status == 0)
    let pane = try TmuxPane(["-s", EndToEnd.sampleBook, "-m", "-p", "email", "-f", "mailbox", "--join", ", "])
    defer { pane.close() }
    try pane.waitForScreen(containing: "José Álvarez")
    try pane.press("C-t")
    let screen = try pane.waitForScreen(containing: "Groups", "Family", "All Contacts")
    let groups = screen.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    let familyRow = try #require(groups.firstIndex { $0.contains("Family") })
    let allRow = try #require(groups.firstIndex { $0.contains("All Contacts") })
    for _ in 0..<(familyRow - allRow) { try pane.press("Down") }
    try pane.press("Tab")
    try pane.waitForScreen(containing: "(\(members.stdoutLines.count))")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    let line = pane.stdoutText()
    #expect(line.hasSuffix("\n") && line.split(separator: "\n").count == 1)
    let addresses = line.dropLast().components(separatedBy: ", ").filter { $0.contains("@") }
    #expect(addresses.count == members.stdoutLines.count)
    for name in members.stdoutLines { #expect(line.contains(name), "\(name) missing from \(line)") }
  }

  @Test("cpick show opens the card; Enter on a value prints didSelectProperty")
  func showCard() throws {
    let pane = try TmuxPane(["show", "margaret thornton", "-s", EndToEnd.sampleBook])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Margaret Thornton", "maggie.thornton@example.com")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didSelectProperty")
    let property = try #require(document["property"] as? [String: Any])
    #expect(property["key"] as? String == "phoneNumbers")
  }

  @Test("cpick show with several matches lets the user choose which card to open; Esc on it goes back to the list")
  func showChooses() throws {
    let pane = try TmuxPane(["show", "thornton", "-s", EndToEnd.sampleBook, "-f", "value"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "> thornton", "3/67")
    try pane.press("Down")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "enter choose · esc back")
    try pane.press("Escape")
    try pane.waitForScreen(containing: "> thornton", "3/67")
    // Ctrl-C on a card cancels the whole command, as in the picker.
    try pane.press("Enter")
    try pane.waitForScreen(containing: "enter choose · esc back")
    try pane.press("C-c")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }

  @Test("an unknown key path in --enable-if is exit 2 with the column")
  func predicateError() throws {
    let result = try CommandRunner.cpick(["-s", EndToEnd.sampleBook, "--enable-if", "emailAdresses.@count > 0"])
    #expect(result.status == 2)
    #expect(result.stderrText.contains("--enable-if: column 1"))
    #expect(result.stdout.isEmpty)
  }
}
