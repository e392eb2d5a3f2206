import CpickTestSupport
import Foundation
import Testing

/// abook and cpick sharing one book (issue 25, "Done when"): an abook user runs
/// `cpick -s ~/.abook/addressbook`, picks, adds and edits people, and abook itself
/// (`abook --mutt-query`, `abook --convert`) shows them; a mutt user's alias file
/// takes a new alias from `cpick unknown`, and NeoMutt expands it.
@Suite(
  "abook and mutt alias files written by cpick", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the form tests need it"))
struct AbookSharingTests {
  /// A copy of the book abook wrote (`abook --convert` from vCard) as `addressbook`.
  func abookBook() throws -> (folder: URL, path: String, before: String) {
    let folder = try EndToEnd.makeTemporaryDirectory()
    let path = folder.appendingPathComponent("addressbook").path
    try FileManager.default.copyItem(
      atPath: TestPaths.fixture("books/abook-0.6.1-from-vcard.abook").path, toPath: path)
    return (folder, path, try String(contentsOfFile: path, encoding: .utf8))
  }

  /// `abook --datafile PATH ARGUMENTS…`'s standard output.
  func abook(_ path: String, _ arguments: [String]) throws -> String {
    let result = try CommandRunner.run(try #require(EndToEnd.which("abook")), ["--datafile", path] + arguments)
    #expect(result.status == 0, "\(result.stderrText)")
    return result.stdoutText
  }

  @Test(
    "cpick -s an abook book: pick (JSON on stdout), Ctrl-N adds a person as a new section, and abook shows them",
    .enabled(if: EndToEnd.which("abook") != nil, "abook is not installed (apt-get install abook)"))
  func pickAndAdd() throws {
    let (folder, path, before) = try abookBook()
    defer { try? FileManager.default.removeItem(at: folder) }
    var pane = try TmuxPane(["-s", path])
    try pane.waitForScreen(containing: "Ada Lovelace", "^N new")
    try pane.type("jose")
    try pane.waitForScreen(containing: "1/2")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    let picked = try JSONDocument.object(pane.stdout)
    #expect(picked["event"] as? String == "didSelectPerson")
    #expect((picked["person"] as? [String: Any])?["displayName"] as? String == "José Müller-Ñúñez")
    pane.close()

    pane = try TmuxPane(["-s", path, "-f", "value"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace", "^N new")
    try pane.press("C-n")
    try pane.waitForScreen(containing: "New Contact", "addressbook")
    try SavingTests().focus(pane, on: "first name")
    try pane.type("Grace")
    try SavingTests().focus(pane, on: "last name")
    try pane.type("Hopper")
    try SavingTests().focus(pane, on: "add email")
    try pane.type("grace@navy.example")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "3/3", "Grace Hopper")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "Grace Hopper\n")
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(after == before + "[2]\nname=Grace Hopper\nemail=grace@navy.example\n\n")
    #expect(try abook(path, ["--mutt-query", "grace"]) == "\ngrace@navy.example\tGrace Hopper\t \n")
    let vcard = try abook(path, ["--convert", "--informat", "abook", "--infile", path, "--outformat", "vcard"])
    #expect(vcard.contains("FN:Grace Hopper\r\n") || vcard.contains("FN:Grace Hopper\n"))
  }

  @Test(
    "cpick new --save-to an abook book, then an edit from the picker's card: abook reads both, the rest byte for byte",
    .enabled(if: EndToEnd.which("abook") != nil, "abook is not installed (apt-get install abook)"))
  func newAndEdit() throws {
    let (folder, path, before) = try abookBook()
    defer { try? FileManager.default.removeItem(at: folder) }
    var pane = try TmuxPane([
      "new", "--given-name", "Mary", "--family-name", "Somerville", "--email", "mary@example.org",
      "--phone", "work:+44 20 7946 0100", "--save-to", path,
    ])
    try pane.waitForScreen(containing: "New Contact", "mary@example.org")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.object(pane.stdout)["event"] as? String == "didCompleteWithNewPerson")
    pane.close()
    let added = "[2]\nname=Mary Somerville\nemail=mary@example.org\nworkphone=+44 20 7946 0100\n\n"
    #expect(try String(contentsOfFile: path, encoding: .utf8) == before + added)

    pane = try TmuxPane(["-s", path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace")
    try SavingTests().editFromPicker(pane, query: "jose", count: "1/3", value: "jose@example.org")
    try SavingTests().focus(pane, on: "add email")
    try pane.type("jose@work.example")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "jose@work.example", "e edit")
    try pane.press("Escape")
    try pane.waitForScreen(containing: "1/3")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    let edited = before.replacingOccurrences(
      of: "email=jose@example.org\n", with: "email=jose@example.org,jose@work.example\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == edited + added)
    #expect(
      try abook(path, ["--mutt-query", "jose"])
        == "\njose@example.org\tJosé Müller-Ñúñez\t \njose@work.example\tJosé Müller-Ñúñez\t \n")
    #expect(try abook(path, ["--mutt-query", "mary"]) == "\nmary@example.org\tMary Somerville\t \n")
    // What cpick wrote is what abook itself writes: abook's own round trip (to vCard and back) gives the same bytes.
    let vcard = folder.appendingPathComponent("abook.vcf").path
    let back = folder.appendingPathComponent("back.abook").path
    _ = try abook(path, ["--convert", "--informat", "abook", "--infile", path, "--outformat", "vcard", "--outfile", vcard])
    _ = try abook(path, ["--convert", "--informat", "vcard", "--infile", vcard, "--outformat", "abook", "--outfile", back])
    #expect(try String(contentsOfFile: back, encoding: .utf8) == String(contentsOfFile: path, encoding: .utf8))
  }

  @Test(
    "Delete Contact on an abook person removes its section; abook reads the rest, the other section byte for byte",
    .enabled(if: EndToEnd.which("abook") != nil, "abook is not installed (apt-get install abook)"))
  func deleteSection() throws {
    let (folder, path, before) = try abookBook()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(["show", "jose", "--edit", "-s", path])
    defer { pane.close() }
    try CardDeleteAndActionTests.deleteOnCard(pane, name: "José Müller-Ñúñez", source: path)
    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.object(pane.stdout)["event"] as? String == "didDeletePerson")
    let section = try #require(before.range(of: "[1]\n"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == String(before[..<section.lowerBound]))
    #expect(try abook(path, ["--mutt-query", "ada"]).contains("ada@analytical-engines.example\tAda Lovelace"))
  }

  @Test(
    "cpick unknown: Add to Existing Contact into an abook book adds the address to that section's email line only")
  func unknownAddToExisting() throws {
    let (folder, path, before) = try abookBook()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mail = folder.appendingPathComponent("message.eml")
    try "From: Ada <ada@new.example>\r\nSubject: hi\r\n\r\nx\r\n".write(to: mail, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["unknown", "--from-message", "-s", path], stdinPipeFrom: mail.path)
    defer { pane.close() }
    try pane.waitForScreen(containing: "ada@new.example", "Add to Existing Contact")
    try pane.press("a")
    try pane.waitForScreen(containing: "2/2")
    try pane.type("lovelace")
    try pane.waitForScreen(containing: "1/2")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "ada@new.example", "Ada Lovelace")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.object(pane.stdout)["event"] as? String == "didResolveToPerson")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == before.replacingOccurrences(
          of: "email=ada@analytical-engines.example,countess@lovelace.example\n",
          with: "email=ada@analytical-engines.example,countess@lovelace.example,ada@new.example\n"))
  }

  @Test("cpick unknown: Create New Contact into a mutt alias file appends one alias line, and NeoMutt expands it")
  func unknownIntoAliasFile() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let aliases = folder.appendingPathComponent("aliases").path
    try FileManager.default.copyItem(atPath: TestPaths.fixture("books/mutt-aliases").path, toPath: aliases)
    let before = try Data(contentsOf: URL(fileURLWithPath: aliases))
    let mail = folder.appendingPathComponent("new.eml")
    try "From: \"Kay, Alan\" <alan@kay.example>\r\n\r\nx\r\n".write(to: mail, atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["unknown", "--from-message", "-s", aliases], stdinPipeFrom: mail.path)
    defer { pane.close() }
    try pane.waitForScreen(containing: "Alan Kay", "Create New Contact")
    try pane.press("n")
    try pane.waitForScreen(containing: "New Contact", "alan@kay.example")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0, "\(pane.stderrText())")
    let line = "alias alan2 Alan Kay <alan@kay.example>\n"  // the fixture has an alias alan
    #expect(try Data(contentsOf: URL(fileURLWithPath: aliases)) == before + Data(line.utf8))
    if let neomutt = EndToEnd.which("neomutt") {
      // NeoMutt reads the file as cpick wrote it (the fixture's own broken lines aside).
      let muttrc = folder.appendingPathComponent("muttrc")
      try "source \(aliases)\n".write(to: muttrc, atomically: true, encoding: .utf8)
      let result = try CommandRunner.run(neomutt, ["-n", "-F", muttrc.path, "-A", "alan2", "charles"])
      #expect(result.stdoutText == "Alan Kay <alan@kay.example>\n\"Babbage, Charles\" <charles@difference.example>\n")
    }
  }
}
