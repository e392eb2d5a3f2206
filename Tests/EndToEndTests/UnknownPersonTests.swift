import Foundation
import Testing

/// `cpick unknown --from-message`: a mail's sender becomes a new contact or a new
/// address of the right person.
@Suite(
  "The unknown-person card in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the card tests need it"))
struct UnknownPersonTests {
  let message = """
    From: =?UTF-8?Q?Marg=C3=A4ret_Thornton?= <maggie.new@example.net>\r
    To: me@example.org\r
    Subject: =?ISO-8859-1?Q?Caf=E9?= tomorrow\r
    \r
    See you.\r

    """

  func book() throws -> (folder: URL, file: URL) {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let file = folder.appendingPathComponent("book.vcf")
    try FileManager.default.copyItem(atPath: EndToEnd.sampleBook, toPath: file.path)
    let mail = folder.appendingPathComponent("message.eml")
    try message.write(to: mail, atomically: true, encoding: .utf8)
    return (folder, file)
  }

  @Test("Add to Existing Contact: pipe a message, pick the person, confirm; the file gains exactly the new address")
  func addToExisting() throws {
    let (folder, file) = try book()
    let before = try String(contentsOf: file, encoding: .utf8)
    let pane = try TmuxPane(
      ["unknown", "--from-message", "-s", file.path], stdinPipeFrom: folder.appendingPathComponent("message.eml").path)
    defer { pane.close() }
    try pane.waitForScreen(containing: "Margäret Thornton", "Subject: Café tomorrow", "Add to Existing Contact")
    try pane.press("a")
    try pane.waitForScreen(containing: "67/67")
    try pane.type("margaret")
    try pane.waitForScreen(containing: "1/67")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "maggie.new@example.net", "Margaret Thornton")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didResolveToPerson")
    let person = try #require(document["person"] as? [String: Any])
    #expect(person["displayName"] as? String == "Margaret Thornton")
    #expect(JSONDocument.values(person, "emailAddresses").contains("maggie.new@example.net"))
    let after = try String(contentsOf: file, encoding: .utf8)
    let added = after.components(separatedBy: "\r\n").filter { !before.components(separatedBy: "\r\n").contains($0) }
    #expect(added == ["EMAIL:maggie.new@example.net"])
    #expect(before.components(separatedBy: "\r\n").filter { !$0.isEmpty }.allSatisfy { after.contains($0) })
  }

  @Test("--skip-known on a known sender prints that person at once, without a terminal")
  func skipKnown() throws {
    let (folder, file) = try book()
    let known = folder.appendingPathComponent("known.eml")
    try "From: Maggie <MAGGIE.THORNTON@example.com>\r\nSubject: hi\r\n\r\nx\r\n".write(to: known, atomically: true, encoding: .utf8)
    let result = try CommandRunner.cpick(["unknown", "--from-message", "--skip-known", "-s", file.path], stdin: known.path)
    #expect(result.status == 0)
    let document = try JSONDocument.object(result.stdout)
    #expect(document["event"] as? String == "didResolveToPerson")
    #expect((document["person"] as? [String: Any])?["displayName"] as? String == "Margaret Thornton")
  }

  @Test("Create New Contact saves the sender as a new card with the name split from the header")
  func createNew() throws {
    let (folder, _) = try book()
    let vdir = folder.appendingPathComponent("vdir")
    try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    let mail = folder.appendingPathComponent("new.eml")
    try "From: \"Lovelace, Ada\" <ada@analytical.example>\r\n\r\nx\r\n".write(to: mail, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["unknown", "--from-message", "-s", vdir.path], stdinPipeFrom: mail.path)
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace", "Create New Contact")
    try pane.press("n")
    try pane.waitForScreen(containing: "New Contact", "ada@analytical.example")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    let person = try #require(try JSONDocument.object(pane.stdout)["person"] as? [String: Any])
    #expect(person["givenName"] as? String == "Ada")
    #expect(person["familyName"] as? String == "Lovelace")
    let listed = try CommandRunner.cpick(["list", "-s", vdir.path, "-f", "mailbox"])
    #expect(listed.stdoutText == "Ada Lovelace <ada@analytical.example>\n")
  }

  @Test("a 15 MB folded From: is left out with a warning at its line; no address is left, so unknown says so (exit 2)")
  func hugeFoldedFrom() throws {
    let (folder, file) = try book()
    let mail = folder.appendingPathComponent("huge.eml")
    let addresses = (0..<400_000).map { "\"Person \($0)\" <p\($0)@example.org>" }.joined(separator: ",\r\n ")
    try ("From: " + addresses + "\r\nSubject: hi\r\n\r\nbody\r\n").write(to: mail, atomically: true, encoding: .utf8)
    #expect(try FileManager.default.attributesOfItem(atPath: mail.path)[.size] as? Int ?? 0 > 15_000_000)
    let result = try CommandRunner.cpick(
      ["unknown", "--from-message", "--skip-known", "-s", file.path], stdin: mail.path, timeout: 60)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let lines = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.contains("-:1: the field From is longer than 1 MiB; left out"))
    #expect(lines.contains { $0.hasSuffix("the header is longer than 8 MiB; the fields from here on are not read") })
    #expect(lines.contains { $0.hasSuffix("--from-message: no address in From") })
  }

  @Test("Esc writes nothing and exits 130")
  func cancel() throws {
    let (folder, file) = try book()
    let before = try Data(contentsOf: file)
    let pane = try TmuxPane(
      ["unknown", "--from-message", "-s", file.path], stdinPipeFrom: folder.appendingPathComponent("message.eml").path)
    defer { pane.close() }
    try pane.waitForScreen(containing: "Create New Contact")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
    #expect(try Data(contentsOf: file) == before)
  }

  @Test("of several addresses, Esc on the chosen one's card goes back to them; Esc there exits 130")
  func backToAddresses() throws {
    let (folder, file) = try book()
    let mail = folder.appendingPathComponent("several.eml")
    try "From: Ann <ann@example.org>, \"Doe, Bob\" <bob@example.org>\r\nCc: carol@example.org\r\n\r\nx\r\n"
      .write(to: mail, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(
      ["unknown", "--from-message", "--header", "From,Cc", "-s", file.path], stdinPipeFrom: mail.path)
    defer { pane.close() }
    try pane.waitForScreen(containing: "3/3", "bob@example.org")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "Create New Contact", "ann@example.org")
    // Before, Esc here ended cpick (130): the wrong sender meant running it again.
    try pane.press("Escape")
    try pane.waitForScreen(containing: "3/3", "bob@example.org", "carol@example.org")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(pane.stdout.isEmpty)
  }
}
