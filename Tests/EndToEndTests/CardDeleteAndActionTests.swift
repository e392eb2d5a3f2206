import Foundation
import Testing

/// The card's Delete Contact row and its actions through the release binary in tmux
/// (issue 21 items 1 and 4): the file without the card, the JSON on stdout, the
/// configured command run with the value as one argument.
@Suite(
  "Deleting and acting on the card in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the card tests need it"))
struct CardDeleteAndActionTests {
  static let grace = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:grace\r\nFN:Grace Hopper\r\nTEL;TYPE=cell:+1 555 010 0142\r\nEND:VCARD\r\n"
  static let ada = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
    + "EMAIL:ada@example.org\r\nX-KEPT;X-P=1:as it was\r\nEND:VCARD\r\n"
  static let team = "BEGIN:VCARD\r\nVERSION:3.0\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nFN:Team\r\nUID:team\r\n"
    + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:grace\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada\r\nEND:VCARD\r\n"

  /// On the card of `name` (from `source`; empty: any book): `e`, to the last row,
  /// Enter, then `y` to the question that names them.
  static func deleteOnCard(
    _ pane: TmuxPane, name: String, source: String, timeout: TimeInterval = TmuxPane.defaultTimeout
  ) throws {
    try pane.waitForScreen(containing: name, "e edit", timeout: timeout)
    try pane.press("e")
    try pane.waitForScreen(containing: "Edit Contact")
    for _ in 0..<20 { try pane.press("NPage") }
    try pane.waitForScreen("with Delete Contact focused") { screen in
      screen.components(separatedBy: "\n").contains { $0.hasPrefix("›") && $0.contains("Delete Contact") }
    }
    try pane.press("Enter")
    try pane.waitForScreen("asking to delete \(name)") { screen in
      ["Delete \(name) from", "y delete"].allSatisfy(screen.contains) && (source.isEmpty || screen.contains(source))
    }
    try pane.press("y")
  }

  @Test("Delete Contact on show --edit cuts the card and its group member line out of the .vcf; stdout says didDeletePerson")
  func deleteFromVCF() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("people.vcf")
    let before = "# exported\r\n" + Self.grace + Self.ada + Self.team
    try before.write(to: file, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["show", "ada lovelace", "--edit", "-s", file.path])
    defer { pane.close() }
    try Self.deleteOnCard(pane, name: "Ada Lovelace", source: file.path)
    #expect(try pane.waitForExit() == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didDeletePerson")
    let person = try #require(document["person"] as? [String: Any])
    #expect(person["displayName"] as? String == "Ada Lovelace")
    #expect(person["identifier"] as? String == "ada")
    #expect(person["groups"] as? [String] == ["Team"])
    let expected = before.replacingOccurrences(of: Self.ada, with: "")
      .replacingOccurrences(of: "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada\r\n", with: "")
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
  }

  @Test("the picker: a duplicate deleted from its card leaves the file with every other byte, the other copy kept")
  func deleteDuplicateInPicker() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("people.vcf")
    // The same person imported twice, the copy with the organization of another export.
    let copy = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada-copy\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
      + "EMAIL:ada@example.org\r\nORG:Analytical Engines\r\nEND:VCARD\r\n"
    let before = Self.ada + Self.grace + copy + Self.team
    try before.write(to: file, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["-s", file.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Grace Hopper", "3/3")
    try pane.type("analytical")
    try pane.waitForScreen(containing: "1/3")
    try pane.press("C-o")
    try Self.deleteOnCard(pane, name: "Ada Lovelace", source: file.path)
    try pane.waitForScreen("the list without the copy") { $0.contains("0/2") }
    try pane.press("C-u")
    try pane.waitForScreen(containing: "Ada Lovelace", "Grace Hopper", "2/2")
    #expect(try String(contentsOf: file, encoding: .utf8) == before.replacingOccurrences(of: copy, with: ""))
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
  }

  @Test("o on a phone number runs action-phone from the config with the number as one argument; the card stays")
  func actionRunsConfiguredCommand() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("people.vcf")
    try (Self.grace + Self.ada).write(to: file, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("argv.txt")
    let script = folder.appendingPathComponent("dial.sh")
    try "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done > \(EndToEnd.shellQuoted(out.path + ".tmp")) && mv \(EndToEnd.shellQuoted(out.path + ".tmp")) \(EndToEnd.shellQuoted(out.path))\n"
      .write(to: script, atomically: true, encoding: .utf8)
    chmod(script.path, 0o755)
    let pane = try TmuxPane(
      ["show", "grace hopper", "-s", file.path], config: "action-phone = \(script.path) --call {}\n")
    defer { pane.close() }
    try pane.waitForScreen(containing: "Grace Hopper", "o open · m message")
    try pane.press("o")
    try pane.waitForScreen(containing: "started: \(script.path) --call +1 555 010 0142")
    let deadline = Date().addingTimeInterval(TmuxPane.defaultTimeout)
    while !FileManager.default.fileExists(atPath: out.path) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(try String(contentsOf: out, encoding: .utf8) == "[--call]\n[+1 555 010 0142]\n")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }
}
