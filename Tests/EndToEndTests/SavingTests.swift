import Foundation
import Testing

/// Adding and editing through the real binary: the form in tmux, the files on disk.
@Suite(
  "Adding and editing in a terminal", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the form tests need it"))
struct SavingTests {
  /// In the picker: types `query`, waits for `count` (`1/3`), opens the card (Ctrl-O),
  /// waits for `value` on it, and opens the edit form (`e`).
  func editFromPicker(_ pane: TmuxPane, query: String, count: String, value: String) throws {
    try pane.type(query)
    try pane.waitForScreen(containing: count)
    try pane.press("C-o")
    try pane.waitForScreen(containing: value, "e edit")
    try pane.press("e")
    try pane.waitForScreen(containing: "Edit")
  }

  /// Presses Tab until the focused row (marked `›`) is `label`.
  /// Each Tab is pressed only once the form has drawn the move of the one before: the
  /// focused field's label is compared, not its row, whose value may still be drawing
  /// text typed before (a changed value is no move, and a Tab pressed on it skipped one).
  func focus(_ pane: TmuxPane, on label: String) throws {
    func focused(_ screen: String) -> String? {
      guard let row = screen.components(separatedBy: "\n").first(where: { $0.hasPrefix("›") }) else { return nil }
      let text = row.dropFirst().drop { $0 == " " }
      return text.components(separatedBy: "  ").first
    }
    // A capture can catch a frame half drawn, the focus mark taken from one row and not
    // yet drawn on the next: only a screen with a focused row is a state.
    var screen = try pane.waitForScreen("with a focused row") { focused($0) != nil }
    for _ in 0..<40 {
      if let row = focused(screen), row.contains(label) { return }
      let before = focused(screen)
      try pane.press("Tab")
      screen = try pane.waitForScreen("with the focus moved from \(before ?? "nowhere")") { screen in
        focused(screen) != nil && focused(screen) != before
      }
    }
    throw EndToEndError(description: "never reached the field \(label)")
  }

  func files(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return result
  }

  @Test("cpick new -f mailbox prints the new person's mailbox, -f tsv its line, as a chosen person is printed; -p email -f value the address")
  func newWithFormat() throws {
    for (format, expected) in [
      ("mailbox", "Grace Hopper <grace@navy.example>\n"), ("tsv", "Grace Hopper\tgrace@navy.example\t"),
      ("value -p email", "grace@navy.example\n"),
    ] {
      let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("book")
      try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
      let pane = try TmuxPane([
        "new", "--given-name", "Grace", "--family-name", "Hopper", "--email", "work:grace@navy.example", "-f",
      ] + format.split(separator: " ").map(String.init) + ["-s", book.path])
      defer { pane.close() }
      try pane.waitForScreen(containing: "New Contact", "grace@navy.example")
      try pane.press("C-s")
      #expect(try pane.waitForExit() == 0)
      // TSV: name, email, phone, organization, identifier (a new urn:uuid).
      let printed = pane.stdoutText()
      #expect(format == "tsv" ? printed.hasPrefix(expected) && printed.contains("\turn:uuid:") : printed == expected, "\(format)")
      #expect(printed.split(separator: "\n").count == 1)
      #expect(try FileManager.default.contentsOfDirectory(atPath: book.path).count == 1)
    }
  }

  @Test("cpick new saves a card into the vdir; it parses, holds the values, other files are untouched, stdout has the JSON")
  func newIntoVdir() throws {
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:keep-me\r\nFN:Existing Person\r\nEMAIL:existing@example.org\r\nEND:VCARD\r\n"
      .write(to: book.appendingPathComponent("keep-me.vcf"), atomically: true, encoding: .utf8)
    let before = try files(book)
    let pane = try TmuxPane([
      "new", "--given-name", "Grace", "--family-name", "Hopper", "--email", "work:grace@navy.example",
      "--email", "home:grace@example.org", "--phone", "mobile:+1 555 010 0199", "-s", book.path,
    ])
    defer { pane.close() }
    try pane.waitForScreen(containing: "New Contact", "grace@navy.example")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    let document = try JSONDocument.object(pane.stdout)
    #expect(document["event"] as? String == "didCompleteWithNewPerson")
    let person = try #require(document["person"] as? [String: Any])
    #expect(person["displayName"] as? String == "Grace Hopper")
    let after = try files(book)
    #expect(after["keep-me.vcf"] == before["keep-me.vcf"])
    #expect(after.count == 2)
    let listed = try CommandRunner.cpick(["query", "grace hopper", "-s", book.path, "-p", "email", "-f", "value"])
    #expect(listed.stdoutLines == ["grace@navy.example", "grace@example.org"])
    #expect(!after.keys.contains { $0.hasPrefix(".") })
  }

  @Test("cpick new --name-order family-first asks for the family name first and composes the name that way")
  func newFamilyFirst() throws {
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    let pane = try TmuxPane(["new", "--name-order", "family-first", "-s", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "New Contact", "last name")
    // The first name row is the family name's, and it has the focus.
    try pane.type("Hopper")
    try pane.waitForScreen(containing: "New Contact · Hopper")
    try pane.press("Tab")
    try pane.type("Grace")
    try pane.waitForScreen(containing: "New Contact · Hopper Grace")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    let person = try #require(try JSONDocument.object(pane.stdout)["person"] as? [String: Any])
    #expect(person["familyName"] as? String == "Hopper")
    #expect(person["givenName"] as? String == "Grace")
    #expect(person["displayName"] as? String == "Hopper Grace")
  }

  @Test(
    "cpick new -s VDIR with collections (vdirsyncer's personal/, work/) saves into one, the first or the one Ctrl-T chose, never the top"
  )
  func newIntoCollection() throws {
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("contacts")
    for (collection, name) in [("personal", "Ada Lovelace"), ("work", "Grace Hopper")] {
      let folder = book.appendingPathComponent(collection)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(collection)\r\nFN:\(name)\r\nEND:VCARD\r\n"
        .write(to: folder.appendingPathComponent("\(collection).vcf"), atomically: true, encoding: .utf8)
    }
    func cards(_ folder: String) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".vcf") }
    }
    // The first collection by default.
    var pane = try TmuxPane(["new", "--given-name", "Mary", "--family-name", "Somerville", "-s", book.path])
    try pane.waitForScreen(containing: "New Contact", "contacts/personal", "^T book")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    pane.close()
    #expect(try cards("personal").count == 2)
    #expect(try cards("").isEmpty, "a card at the top, where vdirsyncer does not sync it")
    // Ctrl-T: the next one.
    pane = try TmuxPane(["new", "--given-name", "Edith", "--family-name", "Clarke", "-s", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "New Contact", "contacts/personal")
    try pane.press("C-t")
    try pane.waitForScreen(containing: "contacts/work")
    try pane.press("C-s")
    #expect(try pane.waitForExit() == 0)
    #expect(try cards("work").count == 2)
    #expect(try cards("personal").count == 2)
    #expect(try cards("").isEmpty)
  }

  @Test("a new contact with an email already in the book asks first; b goes back, s saves anyway")
  func duplicatePrompt() throws {
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nEMAIL:ADA@example.org\r\nEND:VCARD\r\n"
      .write(to: book.appendingPathComponent("ada.vcf"), atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["new", "--given-name", "Augusta", "--email", "ada@example.org", "-s", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "New Contact")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "Ada Lovelace")
    try pane.press("b")
    try pane.waitForScreen(containing: "New Contact")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "Ada Lovelace")
    try pane.press("s")
    #expect(try pane.waitForExit() == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: book.path).filter { $0.hasSuffix(".vcf") }.count == 2)
  }

  @Test("editing a phone-exported card with unknown properties changes only the edited line (and REV)")
  func editKeepsEverythingElse() throws {
    let original = try Data(contentsOf: URL(fileURLWithPath: EndToEnd.sharedFile("corpus/ez-vcard/John_Doe_EVOLUTION.vcf")))
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    let file = book.appendingPathComponent("john.vcf")
    try original.write(to: file)
    let pane = try TmuxPane(["show", "john doe", "--edit", "-s", book.path])
    defer { pane.close() }
    try pane.waitForScreen(containing: "John", "e edit")
    try pane.press("e")
    try pane.waitForScreen(containing: "Money Counter")
    try focus(pane, on: "job title")
    try pane.press("C-u")
    try pane.type("Treasurer")
    try pane.press("C-s")
    try pane.waitForScreen(containing: "Treasurer", "e edit")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 0)
    #expect(try JSONDocument.object(pane.stdout)["event"] as? String == "didCompleteWithPerson")
    let before = String(decoding: original, as: UTF8.self).components(separatedBy: "\r\n")
    let after = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\r\n")
    let removed = before.filter { !after.contains($0) }
    let added = after.filter { !before.contains($0) }
    #expect(removed.sorted() == ["REV:2012-03-05T13:32:54Z", "TITLE:Money Counter"])
    #expect(added.count == 2)
    #expect(added.contains("TITLE:Treasurer"))
    #expect(added.contains { $0.hasPrefix("REV:") })
  }

  @Test("Ctrl-N in the picker adds a colleague; the new person is selected and Enter chooses them")
  func newFromPicker() throws {
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nEMAIL:ada@example.org\r\nEND:VCARD\r\n"
      .write(to: book.appendingPathComponent("ada.vcf"), atomically: true, encoding: .utf8)
    let pane = try TmuxPane(["-s", book.path, "-f", "value"])
    defer { pane.close() }
    try pane.waitForScreen(containing: "Ada Lovelace", "^N new")
    try addFromPicker(pane, ["first name": "Charles", "last name": "Babbage", "add email": "charles@engine.example"])
    try pane.waitForScreen(containing: "2/2", "Charles Babbage")
    try pane.press("Enter")
    #expect(try pane.waitForExit() == 0)
    #expect(pane.stdoutText() == "Charles Babbage\n")
    let found = try CommandRunner.cpick(["query", "babbage", "-s", book.path, "-f", "mailbox"])
    #expect(found.stdoutText == "Charles Babbage <charles@engine.example>\n")
  }

  @Test("with no address book yet, Ctrl-N adds the first contact; leaving then does not say the book is empty")
  func firstContactIntoEmptyDefaultBook() throws {
    let pane = try TmuxPane([])
    defer { pane.close() }
    try pane.waitForScreen(containing: "no address book yet")
    try addFromPicker(pane, ["first name": "Charles"])
    try pane.waitForScreen(containing: "1/1", "Charles")
    try pane.press("Escape")
    #expect(try pane.waitForExit() == 130)
    #expect(!pane.stderrText().contains("no address book yet"), "stderr: \(pane.stderrText())")
    let saved = try FileManager.default.contentsOfDirectory(atPath: pane.directory.appendingPathComponent("data/cpick/contacts").path)
    #expect(saved.filter { $0.hasSuffix(".vcf") }.count == 1)
  }

  /// Ctrl-N in the picker, `fields` typed on the form's rows (by label, in the form's
  /// order), Ctrl-S.
  func addFromPicker(_ pane: TmuxPane, _ fields: KeyValuePairs<String, String>) throws {
    try pane.press("C-n")
    try pane.waitForScreen(containing: "New Contact")
    for (label, text) in fields {
      try focus(pane, on: label)
      try pane.type(text)
    }
    try pane.press("C-s")
  }
}
